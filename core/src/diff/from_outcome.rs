//! The diff's view of a compile's outcome, read from its public result only (the catalog listing,
//! the graph's relationship edges, the cycles, the compile error): a [`NodeCatalog`] that no
//! longer needs the compile (no shared pointers: it may cross threads).

use alloc::collections::BTreeSet;
use alloc::string::{String, ToString};

use super::catalog::{Edge, NodeCatalog, Position, Resource};
use super::data::Data;
use crate::catalog::{catalog_text, EdgeKind};
use crate::compile::Outcome;
use crate::sources::Sources;
use crate::span::Span;
use crate::value::{programmatic, Value};

/// The relationship metaparameters: they are edges of the catalog, not parameters to compare.
pub const RELATIONSHIP_METAPARAMETERS: [&str; 4] = ["before", "require", "notify", "subscribe"];

/// Most values (and 64-byte pieces of strings) one catalog's parameters are read into; past it a
/// value is [`TOO_LARGE`] (a value built by sharing, `$b = [$a, $a]` repeated, is cheap to build
/// and exponentially large to copy).
const MAX_UNITS: usize = 1_000_000;

/// Deepest nesting of a parameter's value that is read.
const MAX_DEPTH: usize = 64;

/// What a value past those bounds is compared and shown as.
pub const TOO_LARGE: &str = "(a value too large to compare)";

/// The catalog a compile gave, or its error (Puppet's first line of it) when it failed.
pub fn catalog_of(outcome: &Outcome) -> NodeCatalog {
    if let Some(error) = outcome.compile_error() {
        return NodeCatalog::failed(crate::puppet_text(&outcome.sources, error));
    }
    let mut budget = MAX_UNITS;
    let resources = outcome
        .catalog
        .iter()
        .map(|resource| Resource {
            type_name: resource.type_name.clone(),
            title: resource.title.clone(),
            parameters: resource
                .parameters
                .iter()
                .filter(|(name, _)| !RELATIONSHIP_METAPARAMETERS.contains(&name.as_str()))
                .map(|(name, value)| (name.clone(), to_data(value, 0, &mut budget)))
                .collect(),
            position: position(&outcome.sources, resource.span),
        })
        .collect();
    let graph = &outcome.graph;
    let edges: BTreeSet<Edge> = graph
        .edges
        .iter()
        .filter(|edge| edge.kind.is_relationship())
        .filter_map(|edge| {
            Some(Edge {
                source: graph.nodes.get(edge.source)?.reference.clone(),
                target: graph.nodes.get(edge.target)?.reference.clone(),
                refresh: matches!(edge.kind, EdgeKind::Notify | EdgeKind::Subscribe),
            })
        })
        .collect();
    // An ordering edge beside a refreshing one between the same resources adds nothing.
    let edges = edges
        .iter()
        .filter(|edge| {
            edge.refresh
                || !edges.contains(&Edge {
                    refresh: true,
                    ..(*edge).clone()
                })
        })
        .cloned()
        .collect();
    NodeCatalog {
        resources,
        edges,
        cycles: outcome
            .cycles
            .iter()
            .map(|cycle| cycle.path.clone())
            .collect(),
        error: None,
    }
}

fn position(sources: &Sources, span: Span) -> Option<Position> {
    sources.file_at(span.start)?;
    let location = sources.locate(span.start);
    Some(Position {
        file: location.file.to_string(),
        line: location.line,
    })
}

/// `value` as data: a resource reference as the text Puppet's catalog has (`Notify[x]`), a
/// Sensitive as a digest of its content, other non-data values as their `%p` text.
fn to_data(value: &Value, depth: usize, budget: &mut usize) -> Data {
    if *budget == 0 || depth > MAX_DEPTH {
        *budget = 0;
        return Data::Other(TOO_LARGE.into());
    }
    *budget -= 1;
    match value {
        Value::Undef => Data::Null,
        Value::Boolean(b) => Data::Boolean(*b),
        Value::Integer(n) => Data::Integer(*n),
        Value::Float(f) => Data::Float(*f),
        Value::String(text) => {
            *budget = budget.saturating_sub(text.len() / 64);
            Data::String(text.to_string())
        }
        Value::Array(items) => Data::Array(
            items
                .iter()
                .map(|item| to_data(item, depth + 1, budget))
                .collect(),
        ),
        Value::Hash(entries) => Data::Hash(
            entries
                .iter()
                .map(|(key, item)| {
                    (
                        to_data(key, depth + 1, budget),
                        to_data(item, depth + 1, budget),
                    )
                })
                .collect(),
        ),
        Value::Sensitive(inner) => {
            let content = to_data(inner, depth + 1, budget).text();
            Data::Sensitive(md5_hex(content.as_bytes()))
        }
        Value::Type(_) => {
            // A class or resource reference prints as the catalog names it; a data type as %p.
            let text = catalog_text(value);
            if text == programmatic(value) {
                Data::Other(text)
            } else {
                Data::String(text)
            }
        }
        _ => Data::Other(programmatic(value)),
    }
}

/// The hex MD5 digest of `bytes`.
pub(super) fn md5_hex(bytes: &[u8]) -> String {
    use md5::Digest;
    let digest = md5::Md5::digest(bytes);
    let mut out = String::with_capacity(32);
    for byte in digest {
        for nibble in [byte >> 4, byte & 0xf] {
            out.push(char::from_digit(u32::from(nibble), 16).unwrap_or('0'));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{evaluate, EvalOptions};

    fn compile(code: &str) -> NodeCatalog {
        let options = EvalOptions {
            certname: Some("web01".into()),
            ..EvalOptions::default()
        };
        catalog_of(&evaluate(code, &options))
    }

    #[test]
    fn resources_parameters_and_positions() {
        // A Sensitive parameter's value is unwrapped in the catalog (as in Puppet's); one inside a
        // value stays Sensitive and is compared by its digest.
        let catalog = compile("class a { file { '/x': mode => '0644' } notify { 'n': message => [Sensitive('s')] } }\ninclude a");
        let file = catalog
            .resources
            .iter()
            .find(|r| r.type_name == "File")
            .expect("the file");
        assert_eq!(file.title, "/x");
        assert_eq!(
            file.parameters[0],
            ("mode".into(), Data::String("0644".into()))
        );
        let notify = catalog
            .resources
            .iter()
            .find(|r| r.type_name == "Notify")
            .expect("the notify");
        assert!(
            matches!(&notify.parameters[0].1, Data::Array(items) if matches!(&items[0], Data::Sensitive(d) if d.len() == 32)),
            "{:?}",
            notify.parameters
        );
        let position = file.position.as_ref().expect("a position");
        assert_eq!((position.file.as_str(), position.line), ("snippet.pp", 1));
        assert!(catalog
            .resources
            .iter()
            .any(|r| r.reference() == "Class[A]"));
    }

    #[test]
    fn metaparameters_and_arrows_make_the_same_edges() {
        let by_arrow = compile("notify { 'a': } -> notify { 'b': } ~> notify { 'c': }");
        let by_parameter = compile(
            "notify { 'a': before => Notify['b'] }\nnotify { 'b': }\nnotify { 'c': subscribe => Notify['b'] }",
        );
        let expected = [
            Edge {
                source: "Notify[a]".into(),
                target: "Notify[b]".into(),
                refresh: false,
            },
            Edge {
                source: "Notify[b]".into(),
                target: "Notify[c]".into(),
                refresh: true,
            },
        ];
        assert_eq!(by_arrow.edges, expected);
        assert_eq!(by_parameter.edges, expected);
        // The metaparameters are not parameters of the diff.
        assert!(by_parameter
            .resources
            .iter()
            .all(|r| r.parameters.is_empty()));
    }

    #[test]
    fn references_are_catalog_text() {
        let catalog =
            compile("notify { 'z': }\nnotify { 'a': message => [Notify['z'], Integer[1, 2]] }");
        let a = &catalog.resources[1];
        assert_eq!(
            a.parameters[0].1,
            Data::Array(alloc::vec![
                Data::String("Notify[z]".into()),
                Data::Other("Integer[1, 2]".into())
            ])
        );
    }

    #[test]
    fn a_failed_compile_is_its_error() {
        let catalog = compile("notify { 'a': }\nfail('no')");
        assert_eq!(catalog.resources, alloc::vec![]);
        let error = catalog.error.expect("an error");
        assert!(
            error.starts_with("Evaluation Error: Error while evaluating a Function Call, no"),
            "{error}"
        );
    }

    #[test]
    fn cycles_are_their_paths() {
        let catalog = compile("notify { 'a': } -> notify { 'b': } -> Notify['a']");
        assert_eq!(catalog.cycles.len(), 1);
        assert!(catalog.cycles[0].contains(&"Notify[a]".to_string()));
    }

    #[test]
    fn values_built_by_sharing_stop_at_the_budget() {
        let code = "$a0 = ['x']\n$a1 = [$a0, $a0]\n$a2 = [$a1, $a1]\n$a3 = [$a2, $a2]\n$a4 = [$a3, $a3]\n\
                    $a5 = [$a4, $a4]\n$a6 = [$a5, $a5]\n$a7 = [$a6, $a6]\n$a8 = [$a7, $a7]\n$a9 = [$a8, $a8]\n\
                    $b0 = [$a9, $a9]\n$b1 = [$b0, $b0]\n$b2 = [$b1, $b1]\n$b3 = [$b2, $b2]\n$b4 = [$b3, $b3]\n\
                    $b5 = [$b4, $b4]\n$b6 = [$b5, $b5]\n$b7 = [$b6, $b6]\n$b8 = [$b7, $b7]\n$b9 = [$b8, $b8]\n\
                    $c0 = [$b9, $b9]\n$c1 = [$c0, $c0]\nnotify { 'big': message => $c1 }";
        let catalog = compile(code);
        // The compile itself now refuses the parameter (2^22 elements counted through the
        // sharing, past the collection limit); were it let through, the diff's own walk stops.
        if let Some(error) = &catalog.error {
            assert!(error.contains("too large to process"), "{error}");
            return;
        }
        let text = catalog.resources[0].parameters[0].1.text();
        assert!(text.contains(TOO_LARGE), "{}", &text[..200.min(text.len())]);
    }
}
