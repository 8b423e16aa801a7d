//! Built-in functions are declared once (each family file of `core/src/functions/` declares its
//! own): no other place of `core/`, `wasm/`, `cli/` or `web/src/` keeps a list of their names.
//! The scan reads every source file (tests and generated files aside) for lists of names: one
//! string whose words are built-in names (three or more, three quarters or more of its words),
//! or quoted strings in a row with only commas, `|` and spaces between them, across lines too
//! (an array, `"a" | "b"` alternatives), two or more and three quarters or more of them names.
//! A row followed by `=>` is a `match` arm's pattern: it maps names to behaviour, not a list.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Where names of built-ins stand in lists that are not lists of built-ins, and why: a file (or
/// folder), and the text that marks the line (empty: the whole file).
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "core/src/syntax/parser/statements.rs",
        "",
        "Puppet's grammar: the names a statement call may take without parentheses",
    ),
    (
        "core/src/erb/",
        "",
        "Ruby's own methods (String#split, Hash#keys, Array#join, ...) share Puppet's names",
    ),
    (
        "core/src/lint/",
        "",
        "puppet-lint's checks name the functions and metaparameters they inspect",
    ),
    (
        "wasm/src/typescript.rs",
        "'debug' | 'info'",
        "Puppet's log levels, which the logging functions are named after",
    ),
    (
        "web/src/panes/output.js",
        "const ORDER = ['debug'",
        "Puppet's log levels, which the logging functions are named after",
    ),
    (
        "web/src/share.js",
        "LOG_LEVELS",
        "the log levels the page's filter offers",
    ),
    (
        "core/src/hiera/search.rs",
        "\"yaml_data\" | \"json_data\"",
        "the data providers Hiera runs itself, named as Puppet's functions are",
    ),
    (
        "web/src/examples.js",
        "title: 'puppetlabs-stdlib:",
        "an example's title names the functions it shows",
    ),
];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "generated" && name != "node_modules" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".js") || name.ends_with(".mjs") {
            out.push(path);
        }
    }
}

/// A string literal of a file: where it starts (line, byte) and ends (byte), and its text.
struct Literal<'t> {
    line: usize,
    start: usize,
    end: usize,
    text: &'t str,
}

/// The string literals of `text` (`"..."`, `'...'`, `` `...` ``; in Rust a `'` starts a char
/// literal only, lifetimes are passed over), up to a `#[cfg(test)]` line (tests end a Rust
/// file; what they list is checked elsewhere). Comments are passed over.
fn literals(text: &str, rust: bool) -> Vec<Literal<'_>> {
    let end_of_code = text
        .match_indices("#[cfg(test)]")
        .find(|(at, _)| *at == 0 || text.as_bytes()[at - 1] == b'\n')
        .map_or(text.len(), |(at, _)| at);
    let bytes = &text.as_bytes()[..end_of_code];
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => line += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'\''
                if rust
                    && !matches!(bytes.get(i + 2), Some(b'\''))
                    && bytes.get(i + 1) != Some(&b'\\') => {}
            quote @ (b'"' | b'\'' | b'`') => {
                let (first_line, start) = (line, i + 1);
                let mut j = start;
                while j < bytes.len() && bytes[j] != quote {
                    if bytes[j] == b'\n' {
                        line += 1;
                    }
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let j = j.min(bytes.len());
                out.push(Literal {
                    line: first_line,
                    start: i,
                    end: (j + 1).min(bytes.len()),
                    text: &text[start..j],
                });
                i = j + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether `found` names of `of` items make a list of built-ins.
fn mostly_names(found: usize, of: usize, at_least: usize) -> bool {
    found >= at_least && found * 4 >= of * 3
}

/// The places of `text` that hold a list of built-in names: the line and the names.
fn lists_in(text: &str, rust: bool, names: &BTreeSet<&str>) -> Vec<(usize, String)> {
    let is_name = |word: &str| names.contains(word);
    let literals = literals(text, rust);
    let mut found = Vec::new();
    for literal in &literals {
        let words: Vec<&str> = literal
            .text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let named: Vec<&str> = words.iter().copied().filter(|w| is_name(w)).collect();
        if mostly_names(named.len(), words.len(), 3) {
            found.push((literal.line, named.join(" ")));
        }
    }
    // Rows of literals with only separators between them.
    let mut row: Vec<&Literal> = Vec::new();
    let mut flush = |row: &mut Vec<&Literal>, after: &str| {
        let pattern = after.trim_start().starts_with("=>");
        let declared = row.first().is_some_and(|first| {
            let before = text[..first.start].trim_end();
            before.ends_with("Def::puppet(") || before.ends_with("Def::stdlib(")
        });
        let named: Vec<&str> = row.iter().map(|l| l.text).filter(|t| is_name(t)).collect();
        if !pattern && !declared && mostly_names(named.len(), row.len(), 2) {
            found.push((row[0].line, named.join(" ")));
        }
        row.clear();
    };
    for literal in &literals {
        let joined = row.last().is_some_and(|last| {
            text[last.end..literal.start]
                .chars()
                .all(|c| c == ',' || c == '|' || c.is_whitespace())
        });
        if !joined && !row.is_empty() {
            let after = &text[row[row.len() - 1].end..];
            flush(&mut row, after);
        }
        row.push(literal);
    }
    if let Some(last) = row.last() {
        let after = &text[last.end..];
        flush(&mut row, after);
    }
    found.sort();
    found
}

#[test]
fn no_hand_kept_list_of_built_in_names() {
    let functions: Vec<puppet_core::FunctionInfo> = puppet_core::builtin_functions().collect();
    let names: BTreeSet<&str> = functions.iter().map(|f| f.name).collect();
    let root = repository();
    let mut files = Vec::new();
    for dir in ["core/src", "wasm/src", "cli/src", "web/src"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 100,
        "the sources were not found under {}",
        root.display()
    );
    let mut lists = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap_or(file).to_string_lossy();
        let relative = relative.replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        let rust = relative.ends_with(".rs");
        for (line, held) in lists_in(&text, rust, &names) {
            let excepted = EXCEPTIONS.iter().any(|(prefix, marker, _)| {
                relative.starts_with(prefix)
                    && lines.get(line - 1).is_some_and(|l| l.contains(marker))
            });
            if !excepted {
                lists.push(format!("{relative}:{line}: {held}"));
            }
        }
    }
    assert!(
        lists.is_empty(),
        "built-in names kept by hand (read them from the declarations instead):\n{}",
        lists.join("\n")
    );
}

#[test]
fn the_scan_finds_the_lists_it_is_for() {
    let names: BTreeSet<&str> = ["notice", "each", "map", "pick", "merge"].into();
    let found = |text: &str| lists_in(text, true, &names).len();
    assert_eq!(found("const F: &str = \"abs notice each map\";"), 1);
    assert_eq!(found("matches!(name, \"notice\" | \"each\")"), 1);
    assert_eq!(
        found("const L: &[&str] = &[\n    \"pick\",\n    \"merge\",\n    \"map\",\n];"),
        1
    );
    assert_eq!(
        lists_in("const F = new Set(`notice each\n  map`);", false, &names).len(),
        1
    );
    assert_eq!(
        lists_in("const F = ['notice', 'each'];", false, &names).len(),
        1
    );
    assert_eq!(
        found("\"notice\" => LogLevel::Notice,\n\"each\" | \"map\" => 1,"),
        0
    );
    assert_eq!(
        found("let f = \"notice\"; // \"each\" \"map\" in a comment"),
        0
    );
    assert_eq!(found("let b = if min { \"each\" } else { \"map\" };"), 0);
    assert_eq!(found("fail(\"each map but not a list of notice\")"), 0);
    assert_eq!(found("[\"first\", \"merge\", \"hash\", \"deep\"]"), 0);
    assert_eq!(
        found("fn f<'a>(x: &'a str) -> char { 'x' } const G: &[&str] = &[\"pick\", \"map\"];"),
        1
    );
    assert_eq!(
        found("Def::puppet(\"notice\", notice), Def::puppet(\"each\", each)"),
        0
    );
    assert_eq!(
        found("#[cfg(test)]\nconst T: &[&str] = &[\"notice\", \"each\"];"),
        0
    );
}
