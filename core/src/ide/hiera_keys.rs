//! The Hiera keys an environment's data files define (read from their text: a key at the start of a
//! line of a YAML file, `"key":` at the top of a JSON one), for completion inside `lookup('` and go
//! to definition from a looked-up key.

use crate::text::TrimBy;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A key and where it is: the data file and the byte range of the key in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HieraKey {
    pub key: String,
    pub path: String,
    pub start: usize,
    pub end: usize,
}

/// Whether `path` is one of the environment's data files: under a `data/` folder (the
/// environment's or a module's), YAML or JSON.
fn is_data_file(path: &str) -> bool {
    let in_data = path.starts_with("data/") || path.contains("/data/");
    in_data
        && [".yaml", ".yml", ".json"]
            .iter()
            .any(|ext| path.ends_with(ext))
}

/// The top-level keys of the data files among `files` (`(path, text)`), in file order.
pub fn hiera_keys(files: &[(&str, &str)]) -> Vec<HieraKey> {
    let mut keys = Vec::new();
    for (path, text) in files.iter().filter(|(p, _)| is_data_file(p)) {
        let json = path.ends_with(".json");
        let mut at = 0usize;
        for line in text.split_inclusive('\n') {
            if let Some((start, end)) = key_in_line(line, json) {
                keys.push(HieraKey {
                    key: line[start..end].to_string(),
                    path: path.to_string(),
                    start: at + start,
                    end: at + end,
                });
            }
            at += line.len();
        }
    }
    keys
}

/// The byte range of a top-level key in one line: `key:` or `'key':` / `"key":` at the line's
/// start for YAML, `"key":` after two spaces at most for JSON.
fn key_in_line(line: &str, json: bool) -> Option<(usize, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if (json && indent > 2) || (!json && indent > 0) {
        return None;
    }
    let rest = &line[indent..];
    let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"');
    let (start, end) = match quote {
        Some(q) => {
            let close = rest[1..].find(q)? + 1;
            (indent + 1, indent + close)
        }
        None if json => return None,
        // The first `:` that ends the key (one inside `app::port` does not).
        None => {
            let colon = rest.match_indices(':').map(|(i, _)| i).find(|&i| {
                matches!(rest[i + 1..].chars().next(), None | Some(' ' | '\n' | '\r'))
            })?;
            (indent, indent + colon)
        }
    };
    let after = line[end..].trim_start_by(&|c| matches!(c, '\'' | '"'));
    let is_key =
        after.starts_with(':') && after[1..].starts_with([' ', '\n', '\r']) || after == ":";
    let key = &line[start..end];
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_:-.".contains(c));
    (is_key && plain && key != "---").then_some((start, end))
}

/// Inside the quotes of `lookup('...` (or `hiera('`, `lookup("`): the key typed so far.
pub fn lookup_key_prefix(before: &str) -> Option<&str> {
    let quote_at = before.rfind(['\'', '"'])?;
    let typed = &before[quote_at + 1..];
    if typed.contains(['\n', ')', ',', '\'', '"']) {
        return None;
    }
    let call = before[..quote_at].trim_end().strip_suffix('(')?.trim_end();
    let is_lookup = crate::functions::lookup_functions().any(|f| {
        call.ends_with(f)
            && !call[..call.len() - f.len()]
                .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    });
    is_lookup.then_some(typed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMON: &str = "---\napp::port: 8080\n'app::name': web\nlist:\n  - nested: no\n# comment: no\nurl: http://x\n";

    #[test]
    fn top_level_keys_of_yaml_and_json_data_files() {
        let files = [
            ("data/common.yaml", COMMON),
            (
                "modules/app/data/common.json",
                "{\n  \"app::debug\": true,\n  \"deep\": {\"inner\": 1}\n}\n",
            ),
            ("manifests/site.pp", "app::port: 1\n"),
        ];
        let keys = hiera_keys(&files);
        let names: Vec<&str> = keys.iter().map(|k| k.key.as_str()).collect();
        assert_eq!(
            names,
            [
                "app::port",
                "app::name",
                "list",
                "url",
                "app::debug",
                "deep"
            ]
        );
        let port = &keys[0];
        assert_eq!(&COMMON[port.start..port.end], "app::port");
    }

    #[test]
    fn the_key_being_typed_inside_lookup() {
        assert_eq!(lookup_key_prefix("$p = lookup('app::p"), Some("app::p"));
        assert_eq!(lookup_key_prefix("lookup( \""), Some(""));
        assert_eq!(lookup_key_prefix("hiera('x"), Some("x"));
        assert_eq!(lookup_key_prefix("notice('app::p"), None);
        assert_eq!(lookup_key_prefix("mylookup('x"), None);
        assert_eq!(lookup_key_prefix("lookup('a', 'b"), None);
        assert_eq!(lookup_key_prefix("lookup('a') + f('"), None);
    }
}
