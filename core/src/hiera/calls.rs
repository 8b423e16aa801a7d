//! The record of the Hiera lookups an evaluation made (`lookup()`, `hiera*`, automatic parameter
//! lookup), for the page's Lookup pane: which keys, where, found or not and the value; bounded,
//! and without explanations (the pane asks for a key's trace when the user wants it).

use alloc::string::String;
use alloc::vec::Vec;

use crate::span::Span;
use crate::value::Value;

/// Most lookups recorded per evaluation; the rest are only counted.
pub const MAX_LOOKUPS_RECORDED: usize = 500;

/// What made a lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename_all = "snake_case")
)]
pub enum LookupKind {
    Lookup,
    Hiera,
    HieraArray,
    HieraHash,
    HieraInclude,
    /// Automatic parameter lookup of a class parameter (`<class>::<param>`).
    Automatic,
}

impl LookupKind {
    /// The function's name, or `automatic` for automatic parameter lookup.
    pub fn as_str(self) -> &'static str {
        match self {
            LookupKind::Lookup => "lookup",
            LookupKind::Hiera => "hiera",
            LookupKind::HieraArray => "hiera_array",
            LookupKind::HieraHash => "hiera_hash",
            LookupKind::HieraInclude => "hiera_include",
            LookupKind::Automatic => "automatic",
        }
    }

    /// The kind of a call of the function `name` (`lookup` for any other name).
    pub fn of_function(name: &str) -> LookupKind {
        match name {
            "hiera" => LookupKind::Hiera,
            "hiera_array" => LookupKind::HieraArray,
            "hiera_hash" => LookupKind::HieraHash,
            "hiera_include" => LookupKind::HieraInclude,
            _ => LookupKind::Lookup,
        }
    }
}

crate::serialize_as_str!(LookupKind);

/// One lookup the program made.
#[derive(Debug, Clone)]
pub struct LookupCall {
    pub kind: LookupKind,
    /// The name whose value was found (in the data, the override or the default values hash),
    /// else the first name asked for.
    pub key: String,
    /// The call; for automatic parameter lookup, the class's declaration (or `include`).
    pub span: Span,
    /// The value found, `None` when no name was found (a default or default block may still
    /// have given the call its value).
    pub value: Option<Value>,
}

/// The lookups of one evaluation: the first `MAX_LOOKUPS_RECORDED`, and how many more were made.
#[derive(Debug, Clone, Default)]
pub struct LookupCalls {
    pub calls: Vec<LookupCall>,
    pub omitted: usize,
}

impl LookupCalls {
    /// Record a lookup (only counted past the limit: a loop of lookups costs nothing more). Not
    /// inlined: one copy for its three callers keeps the .wasm small.
    #[inline(never)]
    pub(crate) fn record(
        &mut self,
        kind: LookupKind,
        key: &str,
        span: Span,
        value: Option<&Value>,
    ) {
        if self.calls.len() >= MAX_LOOKUPS_RECORDED {
            self.omitted += 1;
            return;
        }
        self.calls.push(LookupCall {
            kind,
            key: key.into(),
            span,
            value: value.cloned(),
        });
    }

    /// How many lookups were made in all.
    pub fn total(&self) -> usize {
        self.calls.len() + self.omitted
    }
}

// The environments here have YAML data: a build without the YAML reader cannot run them.
#[cfg(all(test, feature = "yaml"))]
mod tests {
    use super::*;
    use crate::compile::test_env::compile_in_memory;
    use crate::EvalOptions;

    fn compile(files: &[(&str, &str)], main: &str) -> crate::Outcome {
        let options = EvalOptions {
            certname: Some("web01.example.com".into()),
            facts: Some(r#"{"os": {"family": "RedHat"}}"#.into()),
            ..EvalOptions::default()
        };
        compile_in_memory(files, "snippet.pp", main, &options)
    }

    const HIERA: &str = "version: 5\nhierarchy:\n  - name: os\n    path: 'os/%{facts.os.family}.yaml'\n  - name: common\n    path: common.yaml\n";

    #[test]
    fn every_kind_of_lookup_is_recorded_with_its_place_and_value() {
        let main = "class app(String $port = '80') { }\ninclude app\n$a = lookup('greeting')\n$b = lookup(['nope', 'greeting'])\n$c = lookup('missing', undef, undef, 'dflt')\n$d = hiera_array('list')\n";
        let outcome = compile(
            &[
                ("hiera.yaml", HIERA),
                ("data/common.yaml", "greeting: hello\nlist: [b]\n"),
                ("data/os/RedHat.yaml", "app::port: '8080'\nlist: [a]\n"),
            ],
            main,
        );
        assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
        let calls = &outcome.lookups.calls;
        let shown: Vec<(&str, &str, Option<String>)> = calls
            .iter()
            .map(|c| {
                (
                    c.kind.as_str(),
                    c.key.as_str(),
                    c.value.as_ref().map(crate::value::programmatic),
                )
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("automatic", "app::port", Some("'8080'".into())),
                ("lookup", "greeting", Some("'hello'".into())),
                // The name found, of those asked for.
                ("lookup", "greeting", Some("'hello'".into())),
                ("lookup", "missing", None),
                ("hiera_array", "list", Some("['a', 'b']".into())),
            ]
        );
        // Each is placed where Puppet reports its errors: the automatic lookup at the include, the
        // others at the function name of their call.
        let at = |c: &LookupCall| &main[c.span.start as usize..c.span.end as usize];
        assert_eq!(at(&calls[0]), "include");
        assert_eq!(at(&calls[1]), "lookup");
        assert_eq!(
            calls[1].span.start as usize,
            main.find("lookup('greeting')").unwrap_or(0)
        );
        assert_eq!(outcome.lookups.omitted, 0);
    }

    #[test]
    fn a_loop_of_lookups_records_the_first_ones_and_counts_the_rest() {
        let outcome = compile(
            &[("hiera.yaml", HIERA), ("data/common.yaml", "k: 1\n")],
            "Integer[1, 2000].each |$i| { lookup('k') }",
        );
        assert!(outcome.error().is_none(), "{:?}", outcome.diagnostics);
        assert_eq!(outcome.lookups.calls.len(), MAX_LOOKUPS_RECORDED);
        assert_eq!(outcome.lookups.total(), 2000);
    }

    #[test]
    fn a_failed_lookup_is_recorded_before_its_error() {
        let outcome = compile(&[], "lookup('absent')");
        assert!(outcome.error().is_some());
        let call = &outcome.lookups.calls[0];
        assert_eq!((call.key.as_str(), call.value.is_none()), ("absent", true));
    }
}
