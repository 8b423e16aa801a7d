//! The editor's completion and go to definition through the facade: offsets in UTF-16 (the
//! editor's), what the engine knows from the page's options (the node's facts, the environment's
//! files).

use puppet_core::ide::{self, Knowledge};
use puppet_core::{evaluate, EvalOptions, Value};
use serde::Serialize;

use crate::data::Options;
use crate::positions::Utf16Positions;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsCompletions {
    /// Where the completed word starts (UTF-16 offset): the items replace it up to the cursor.
    pub from: u32,
    pub items: Vec<JsCompletion>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsCompletion {
    pub label: String,
    /// `keyword`, `function`, `type`, `resource`, `attribute`, `variable`, `class` or `fact`.
    pub kind: &'static str,
    pub detail: Option<String>,
}

/// The completions of `source` at UTF-16 offset `offset`.
pub fn complete_to_data(source: &str, offset: u32, options: &Options) -> JsCompletions {
    let mut known = Knowledge {
        facts: options.facts.as_deref().and_then(facts_value),
        ..Knowledge::default()
    };
    if let Some(files) = &options.files {
        known.add_environment_paths(files.iter().map(|(path, _)| path.as_str()));
        let texts: Vec<(&str, &str)> = files
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        known.hiera_keys = ide::hiera_keys(&texts);
        known.manifests = files
            .iter()
            .filter(|(path, _)| path.ends_with(".pp"))
            .map(|(p, t)| (p.clone(), t.clone()))
            .collect();
    }
    let found = ide::complete(source, byte_offset(source, offset), &known);
    JsCompletions {
        from: utf16(source, found.from),
        items: found
            .items
            .into_iter()
            .map(|item| JsCompletion {
                label: item.label,
                kind: item.kind.as_str(),
                detail: item.detail,
            })
            .collect(),
    }
}

/// Where a name is defined: a file of the environment and the UTF-16 range of the defining name.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsTarget {
    pub path: String,
    pub start: u32,
    pub end: u32,
}

/// The definition of what is at UTF-16 offset `offset` of file `path` (`snippet.pp` is `source`;
/// the other files are the options' `files`).
pub fn definition_to_data(
    source: &str,
    path: &str,
    offset: u32,
    options: &Options,
) -> Option<JsTarget> {
    let files = environment_files(source, options);
    let text = files.iter().find(|(p, _)| *p == path)?.1;
    let target = ide::definition(&files, path, byte_offset(text, offset))?;
    let target_text = files.iter().find(|(p, _)| *p == target.path)?.1;
    Some(JsTarget {
        start: utf16(target_text, target.start),
        end: utf16(target_text, target.end),
        path: target.path,
    })
}

/// `snippet.pp` (`source`) and the options' other files, `(path, text)`.
pub(crate) fn environment_files<'a>(
    source: &'a str,
    options: &'a Options,
) -> Vec<(&'a str, &'a str)> {
    let mut files: Vec<(&str, &str)> = vec![(puppet_core::SNIPPET_FILE, source)];
    if let Some(others) = &options.files {
        files.extend(
            others
                .iter()
                .filter(|(p, _)| p != puppet_core::SNIPPET_FILE)
                .map(|(p, t)| (p.as_str(), t.as_str())),
        );
    }
    files
}

/// What hover says of the name at UTF-16 offset `offset` of `source`: its UTF-16 range and text.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsDocs {
    pub start: u32,
    pub end: u32,
    pub text: String,
}

/// What hover says at UTF-16 offset `offset` of file `path` (`snippet.pp` is `source`; the other
/// files are the options' `files`, where the environment's definitions are read).
pub fn docs_to_data(source: &str, path: &str, offset: u32, options: &Options) -> Option<JsDocs> {
    let files = environment_files(source, options);
    let text = files.iter().find(|(p, _)| *p == path)?.1;
    let (start, end, docs) = ide::docs_at(&files, path, byte_offset(text, offset))?;
    Some(JsDocs {
        start: utf16(text, start),
        end: utf16(text, end),
        text: docs,
    })
}

/// Signature help inside a call: the signatures, their parameters' UTF-16 ranges within each
/// label, which signature fits and which parameter the cursor is on.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JsSignatureHelp {
    pub name: String,
    pub signatures: Vec<JsSignature>,
    pub active_signature: u32,
    /// The active signature's parameter the cursor is on; null past its last parameter.
    pub active_parameter: Option<u32>,
    pub doc: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsSignature {
    pub label: String,
    pub parameters: Vec<[u32; 2]>,
}

/// The signature help at UTF-16 offset `offset` of file `path` (files as for definitions).
pub fn signature_help_to_data(
    source: &str,
    path: &str,
    offset: u32,
    options: &Options,
) -> Option<JsSignatureHelp> {
    let files = environment_files(source, options);
    let text = files.iter().find(|(p, _)| *p == path)?.1;
    let help = ide::signature_help(&files, path, byte_offset(text, offset))?;
    let active_parameter = help
        .signatures
        .get(help.active_signature)
        .and_then(|s| s.parameter_for(help.active_argument))
        .and_then(|p| u32::try_from(p).ok());
    Some(JsSignatureHelp {
        name: help.name,
        signatures: help
            .signatures
            .into_iter()
            .map(|s| JsSignature {
                parameters: s
                    .parameters
                    .iter()
                    .map(|&(from, to)| [utf16(&s.label, from), utf16(&s.label, to)])
                    .collect(),
                label: s.label,
            })
            .collect(),
        active_signature: u32::try_from(help.active_signature).unwrap_or(0),
        active_parameter,
        doc: help.doc,
    })
}

/// The facts the page sends (a Puppet hash literal), as a value.
fn facts_value(literal: &str) -> Option<Value> {
    evaluate(literal, &EvalOptions::default())
        .value
        .filter(|v| matches!(v, Value::Hash(_)))
}

/// The byte offset of UTF-16 offset `offset` (the end for one past it; a character's start for
/// an offset inside a surrogate pair).
pub(crate) fn byte_offset(source: &str, offset: u32) -> usize {
    let mut units = 0u32;
    for (at, c) in source.char_indices() {
        if units >= offset {
            return at;
        }
        units += c.len_utf16() as u32;
        if units > offset {
            return at;
        }
    }
    source.len()
}

/// The UTF-16 offset of byte offset `at` of `text` (the facade's one conversion).
pub(crate) fn utf16(text: &str, at: usize) -> u32 {
    Utf16Positions::new(text).offset(u32::try_from(at).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_utf16_both_ways() {
        // `'😀'` is four UTF-16 units before the second line.
        let source = "$a = '😀'\n$fa";
        let cursor = utf16(source, source.len());
        let found = complete_to_data(source, cursor, &Options::default());
        assert_eq!(found.from, cursor - 2);
        assert!(found
            .items
            .iter()
            .any(|c| c.label == "facts" && c.kind == "variable"));
    }

    #[test]
    fn facts_keys_come_from_the_options_facts() {
        let options = Options {
            facts: Some("{'os' => {'family' => 'Debian'}}".into()),
            ..Options::default()
        };
        let found = complete_to_data("$facts['os']['", 14, &options);
        assert_eq!(found.from, 14);
        assert_eq!(found.items.len(), 1);
        assert_eq!(found.items[0].label, "family");
        assert_eq!(found.items[0].detail.as_deref(), Some("'Debian'"));
    }

    #[test]
    fn a_definition_in_another_file_in_utf16() {
        let options = Options {
            files: Some(vec![(
                "modules/app/manifests/init.pp".into(),
                "# é😀\nclass app { }\n".into(),
            )]),
            ..Options::default()
        };
        // `include app` after an emoji line: the cursor is on `app`.
        let source = "$x = '😀'\ninclude app";
        let cursor = utf16(source, source.len()) - 1;
        let target = definition_to_data(source, "snippet.pp", cursor, &options).expect("app");
        assert_eq!(target.path, "modules/app/manifests/init.pp");
        // `# é😀\n` is 6 UTF-16 units, `class ` 6 more.
        assert_eq!((target.start, target.end), (12, 15));
        assert_eq!(definition_to_data(source, "nope.pp", 0, &options), None);
    }

    #[test]
    fn hiera_keys_from_the_data_files_in_the_options() {
        let options = Options {
            files: Some(vec![("data/common.yaml".into(), "app::port: 80\n".into())]),
            ..Options::default()
        };
        let found = complete_to_data("lookup('app", 11, &options);
        assert_eq!(found.from, 8);
        assert_eq!(found.items.len(), 1);
        assert_eq!(
            (found.items[0].label.as_str(), found.items[0].kind),
            ("app::port", "hiera")
        );
    }

    #[test]
    fn docs_of_a_resource_type_in_utf16() {
        let source = "$é = 1\nservice { 'web': }";
        let none = Options::default();
        let docs = docs_to_data(source, "snippet.pp", 9, &none).expect("service");
        assert_eq!((docs.start, docs.end), (7, 14));
        assert!(docs.text.starts_with("resource type service\n"));
        assert_eq!(docs_to_data(source, "snippet.pp", 0, &none), None);
    }

    #[test]
    fn docs_of_a_class_in_another_file() {
        let options = Options {
            files: Some(vec![(
                "modules/app/manifests/init.pp".into(),
                "class app(Integer $port = 80) { }\n".into(),
            )]),
            ..Options::default()
        };
        let docs = docs_to_data("include app", "snippet.pp", 9, &options).expect("app");
        assert_eq!(
            docs.text,
            "class app(\n  Integer $port = 80,\n)\nmodules/app/manifests/init.pp:1"
        );
    }

    #[test]
    fn signature_help_with_utf16_parameter_ranges() {
        let options = Options {
            files: Some(vec![(
                "modules/app/functions/greet.pp".into(),
                "function app::greet(String $s = '😀', Integer $n) { }\n".into(),
            )]),
            ..Options::default()
        };
        let source = "app::greet('😀', ";
        let cursor = utf16(source, source.len());
        let help =
            signature_help_to_data(source, "snippet.pp", cursor, &options).expect("app::greet");
        assert_eq!(help.active_parameter, Some(1));
        let label = &help.signatures[0].label;
        assert_eq!(label, "app::greet(String $s = '😀', Integer $n)");
        // `app::greet(` is 11 units; `String $s = '😀'` 16 (the emoji is two), then `, `.
        assert_eq!(help.signatures[0].parameters, [[11, 27], [29, 39]]);
        assert_eq!(
            signature_help_to_data("$x = 1", "snippet.pp", 3, &options),
            None
        );
    }

    #[test]
    fn offsets_past_the_end_or_inside_a_pair_are_safe() {
        let source = "😀x";
        assert_eq!(byte_offset(source, 1), 0);
        assert_eq!(byte_offset(source, 2), 4);
        assert_eq!(byte_offset(source, 99), source.len());
    }
}
