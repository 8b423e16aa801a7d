//! The editor's queries over an environment's files as an editor holds them (`snippet.pp` and
//! the others by path), offsets counted as the caller counts them: what the wasm facade answers
//! with, and what a language server would.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Completions, Knowledge, SignatureHelp, Symbol, Target};
use crate::report::OffsetEncoding;
use crate::sources::SNIPPET_FILE;
use crate::value::Value;

/// What hover says of a name: its range and the text (signatures, attributes, a definition).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Docs {
    pub start: usize,
    pub end: usize,
    pub text: String,
}

/// The main code (`snippet.pp`) and the environment's other files, `(path, text)`, with the
/// encoding the editor counts offsets in.
pub struct EditorFiles<'f, 'e> {
    files: Vec<(&'f str, &'f str)>,
    encoding: &'e mut dyn OffsetEncoding,
}

impl<'f, 'e> EditorFiles<'f, 'e> {
    /// `snippet` is `snippet.pp`; a file of `others` by that name is left out.
    pub fn new(
        snippet: &'f str,
        others: impl IntoIterator<Item = (&'f str, &'f str)>,
        encoding: &'e mut dyn OffsetEncoding,
    ) -> Self {
        let mut files = alloc::vec![(SNIPPET_FILE, snippet)];
        files.extend(others.into_iter().filter(|(p, _)| *p != SNIPPET_FILE));
        EditorFiles { files, encoding }
    }

    fn text(&self, path: &str) -> Option<&'f str> {
        self.files.iter().find(|(p, _)| *p == path).map(|(_, t)| *t)
    }

    /// The byte offset of the editor's `offset` into file `path`, with the file's text.
    fn at(&mut self, path: &str, offset: u32) -> Option<(&'f str, usize)> {
        let text = self.text(path)?;
        Some((text, self.encoding.byte(text, offset)))
    }

    /// A target with its range counted as the editor counts.
    fn encoded(&mut self, target: Target) -> Option<Target> {
        let text = self.text(&target.path)?;
        Some(Target {
            start: self.encoding.offset(text, target.start) as usize,
            end: self.encoding.offset(text, target.end) as usize,
            path: target.path,
        })
    }

    /// What may be typed at `offset` of `snippet.pp`: the node's `facts` (a hash) and the other
    /// files' classes, functions, Hiera keys and manifests are what the engine knows beyond it.
    pub fn complete(&mut self, offset: u32, facts: Option<Value>) -> Completions {
        let others = &self.files[1..];
        let mut known = Knowledge {
            facts: facts.filter(|v| matches!(v, Value::Hash(_))),
            hiera_keys: super::hiera_keys(others),
            manifests: others
                .iter()
                .filter(|(path, _)| path.ends_with(".pp"))
                .map(|(p, t)| (String::from(*p), String::from(*t)))
                .collect(),
            ..Knowledge::default()
        };
        known.add_environment_paths(others.iter().map(|(path, _)| *path));
        let source = self.files[0].1;
        let found = super::complete(source, self.encoding.byte(source, offset), &known);
        Completions {
            from: self.encoding.offset(source, found.from) as usize,
            items: found.items,
        }
    }

    /// Where what is at `offset` of file `path` is defined.
    pub fn definition(&mut self, path: &str, offset: u32) -> Option<Target> {
        let (_, at) = self.at(path, offset)?;
        let target = super::definition(&self.files, path, at)?;
        self.encoded(target)
    }

    /// Every place that names what is at `offset` of file `path`, by path then offset.
    pub fn references(&mut self, path: &str, offset: u32) -> Vec<Target> {
        let Some((_, at)) = self.at(path, offset) else {
            return Vec::new();
        };
        super::references(&self.files, path, at)
            .into_iter()
            .filter_map(|target| self.encoded(target))
            .collect()
    }

    /// What hover says of the name at `offset` of file `path`.
    pub fn docs(&mut self, path: &str, offset: u32) -> Option<Docs> {
        let (text, at) = self.at(path, offset)?;
        let (start, end, docs) = super::docs_at(&self.files, path, at)?;
        Some(Docs {
            start: self.encoding.offset(text, start) as usize,
            end: self.encoding.offset(text, end) as usize,
            text: docs,
        })
    }

    /// Signature help inside a call at `offset` of file `path`: the parameters' ranges are counted
    /// within each signature's label.
    pub fn signature_help(&mut self, path: &str, offset: u32) -> Option<SignatureHelp> {
        let (_, at) = self.at(path, offset)?;
        let mut help = super::signature_help(&self.files, path, at)?;
        for signature in &mut help.signatures {
            for range in &mut signature.parameters {
                *range = (
                    self.encoding.offset(&signature.label, range.0) as usize,
                    self.encoding.offset(&signature.label, range.1) as usize,
                );
            }
        }
        Some(help)
    }
}

/// The outline of `source`, offsets counted by `encoding`.
pub fn outline_encoded(source: &str, encoding: &mut dyn OffsetEncoding) -> Vec<Symbol> {
    let mut symbols = super::outline(source);
    encode_symbols(&mut symbols, source, encoding);
    symbols
}

fn encode_symbols(symbols: &mut [Symbol], source: &str, encoding: &mut dyn OffsetEncoding) {
    for s in symbols {
        for at in [&mut s.start, &mut s.end, &mut s.name_start, &mut s.name_end] {
            *at = encoding.offset(source, *at) as usize;
        }
        encode_symbols(&mut s.children, source, encoding);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Utf8Bytes;

    const MODULE: (&str, &str) = (
        "modules/app/manifests/init.pp",
        "class app(Integer $port = 80) { }\n",
    );

    /// The other files are what the engine knows beyond the snippet: their classes for
    /// completion, their definitions for go to definition, hover and references.
    #[test]
    fn the_other_files_answer_for_the_snippet() {
        let mut bytes = Utf8Bytes;
        let mut files = EditorFiles::new("include ap", [MODULE], &mut bytes);
        let found = files.complete(10, None);
        assert_eq!(found.from, 8);
        assert!(found.items.iter().any(|c| c.label == "app"));
        let mut files = EditorFiles::new("include app", [MODULE], &mut bytes);
        let target = files.definition(SNIPPET_FILE, 9).expect("app");
        assert_eq!(
            (target.path.as_str(), target.start, target.end),
            (MODULE.0, 6, 9)
        );
        let docs = files.docs(SNIPPET_FILE, 9).expect("docs");
        assert_eq!((docs.start, docs.end), (8, 11));
        let places: Vec<(String, usize)> = files
            .references(SNIPPET_FILE, 9)
            .into_iter()
            .map(|t| (t.path, t.start))
            .collect();
        assert_eq!(places, [(MODULE.0.into(), 6), (SNIPPET_FILE.into(), 8)]);
        assert_eq!(files.definition("nope.pp", 0), None);
    }

    /// The facts given (a hash) complete `$facts['...']`; anything else is no facts.
    #[test]
    fn facts_complete_their_keys() {
        let mut bytes = Utf8Bytes;
        let facts = crate::facts::facts_from_json(r#"{"os": {"family": "Debian"}}"#).ok();
        let mut files = EditorFiles::new("$facts['o", [], &mut bytes);
        let found = files.complete(9, facts);
        assert_eq!(found.items.len(), 1);
        assert_eq!(found.items[0].label, "os");
        assert!(files.complete(9, Some(Value::Integer(1))).items.is_empty());
    }

    /// A snippet's own text wins over a file of the same name among the others.
    #[test]
    fn the_snippet_is_the_main_code() {
        let mut bytes = Utf8Bytes;
        let files = EditorFiles::new("1", [(SNIPPET_FILE, "2"), MODULE], &mut bytes);
        assert_eq!(files.files, [(SNIPPET_FILE, "1"), MODULE]);
    }

    #[test]
    fn signature_help_knows_the_parameter_under_the_cursor() {
        let mut bytes = Utf8Bytes;
        let source = "app::greet('x', ";
        let function = (
            "modules/app/functions/greet.pp",
            "function app::greet(String $s, Integer $n) { }\n",
        );
        let mut files = EditorFiles::new(source, [function], &mut bytes);
        let help = files.signature_help(SNIPPET_FILE, 16).expect("help");
        assert_eq!(help.active_parameter, Some(1));
        assert_eq!(help.signatures[0].parameters, [(11, 20), (22, 32)]);
    }
}
