//! What the Analysis keeps of one file, made once per text: the definitions it holds, the words it
//! spells (to find the few files a query must read), its Hiera keys and its syntax diagnostics.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::named::{definitions_in, Defined, Kind};
use crate::diagnostic::Diagnostic;
use crate::syntax;
use crate::text::TrimBy;

/// A file's index: built from one parse and one pass over its tokens.
#[derive(Debug, Clone, Default)]
pub struct FileIndex {
    /// The classes, defined types, functions and type aliases it defines (qualified names).
    pub(super) definitions: Vec<Defined>,
    /// Every name it spells, lower case: bare names, type names, variables (as `$name` and, for
    /// a qualified one, also `$last`), and the text of plain quoted strings; a query reads only
    /// the files that spell what it looks for. (A set as the keys of the engine's one
    /// `BTreeMap<String, usize>`, values 0: a `BTreeSet<String>` would be another copy of the
    /// B-tree's code in the browser engine.)
    pub(super) words: BTreeMap<String, usize>,
    /// The top-level keys of a data file.
    pub(super) hiera_keys: Vec<super::HieraKey>,
    /// The syntax and validation diagnostics of a manifest (byte spans in its text).
    pub syntax: Vec<Diagnostic>,
}

/// Whether a path is a manifest.
pub(super) fn is_manifest(path: &str) -> bool {
    path.ends_with(".pp")
}

impl FileIndex {
    /// The index of the file `path` with `text`.
    pub(super) fn of(path: &str, text: &str) -> FileIndex {
        let mut index = FileIndex::default();
        if is_manifest(path) {
            // The tree is dropped before the words are read: a large document's tree and its
            // second lexing never live at once.
            let (program, diagnostics) = syntax::parse(text);
            index.definitions = definitions_in(&program.body, "");
            index.syntax = diagnostics;
            drop(program);
            index.words = words(text);
        } else {
            index.hiera_keys = super::hiera_keys(&[(path, text)]);
        }
        index
    }

    /// Whether the file spells `word` (lower case).
    pub(super) fn spells(&self, word: &str) -> bool {
        self.words.contains_key(word)
    }

    /// Whether the file defines `name` (any case, no leading `::`) as one of `kinds`.
    pub(super) fn defines(&self, name: &str, kinds: &[Kind]) -> bool {
        let name = crate::qualified::trim_leading(name, "::");
        self.definitions
            .iter()
            .any(|d| kinds.contains(&d.kind) && d.name.eq_ignore_ascii_case(name))
    }
}

/// The words a manifest spells, lower case (see [`FileIndex::words`]).
fn words(text: &str) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    syntax::for_each_token(text, |kind, span| {
        let Some(word) = text.get(span.start as usize..span.end as usize) else {
            return;
        };
        match kind {
            "name" | "type" => {
                found.insert(
                    crate::qualified::trim_leading(word, "::").to_ascii_lowercase(),
                    0,
                );
            }
            "variable" => {
                let name = crate::qualified::trim_leading(word.trim_start_matches('$'), "::")
                    .to_ascii_lowercase();
                if let Some((_, last)) = crate::qualified::split_last(&name) {
                    found.insert(["$", last].concat(), 0);
                }
                found.insert(["$", &name].concat(), 0);
            }
            "string" => {
                let inner = word.trim_by(&|c| c == '\'' || c == '"');
                if inner.len() < 200 && !inner.contains(['$', '\n']) {
                    found.insert(
                        crate::qualified::trim_leading(inner, "::").to_ascii_lowercase(),
                        0,
                    );
                }
            }
            _ => {}
        }
    });
    found
}

/// The word a name is found under: lower case, no leading `::`.
pub(super) fn word_of(name: &str) -> String {
    crate::qualified::trim_leading(name, "::").to_ascii_lowercase()
}

/// The word of a variable: `$name`, lower case, its last segment when `last` is set.
pub(super) fn variable_word(name: &str, last: bool) -> String {
    let name = crate::qualified::trim_leading(name, "::").to_ascii_lowercase();
    let name = if last {
        crate::qualified::split_last(&name)
            .map_or(name.as_str(), |(_, last)| last)
            .to_string()
    } else {
        name
    };
    ["$", &name].concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_s_definitions_and_words() {
        let text = "class app::web(Integer $port) {\n  include '::Base'\n  notice($app::web::port, \"${x}\")\n  App::Vhost { 'a': }\n}\nfunction app::f() { }\n";
        let index = FileIndex::of("modules/app/manifests/web.pp", text);
        let names: Vec<&str> = index.definitions.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["app::web", "app::f"]);
        assert!(index.defines("::APP::Web", &[Kind::Class]));
        assert!(!index.defines("app::web", &[Kind::Function]));
        for word in [
            "base",
            "app::vhost",
            "$port",
            "$app::web::port",
            "$x",
            "notice",
        ] {
            assert!(index.spells(word), "{word}");
        }
        assert!(!index.spells("Base"));
        assert!(index.syntax.is_empty());
    }

    #[test]
    fn a_data_file_s_keys_and_a_broken_manifest_s_errors() {
        let data = FileIndex::of("data/common.yaml", "---\napp::port: 80\n");
        assert_eq!(data.hiera_keys.len(), 1);
        assert_eq!(data.hiera_keys[0].key, "app::port");
        let broken = FileIndex::of("site.pp", "class { \n");
        assert_eq!(broken.syntax.len(), 1);
        assert!(broken.syntax[0].is_error());
    }

    #[test]
    fn variable_words() {
        assert_eq!(variable_word("::App::Port", false), "$app::port");
        assert_eq!(variable_word("app::port", true), "$port");
        assert_eq!(word_of("::App"), "app");
    }
}
