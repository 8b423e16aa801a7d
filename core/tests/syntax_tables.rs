//! Table tests of the syntax, one file per area in `tests/syntax/tables/` and one line per case
//! (`expectation | source`). The same tables are checked against real Puppet by
//! `tests/syntax/check_with_puppet.py`, so the expectations are Puppet's.

use std::fs;
use std::path::PathBuf;

use puppet_core::syntax::{parse, parse_epp, validation_summary};
use puppet_core::LineIndex;

fn syntax_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/syntax")
}

/// Why our parse disagrees with the expectation, if it does.
fn check(expectation: &str, source: &str, template: bool) -> Option<String> {
    let (_, diagnostics) = if template {
        parse_epp(source)
    } else {
        parse(source)
    };
    let first = diagnostics.iter().find(|d| d.is_error());
    let mut parts = expectation.splitn(3, ' ');
    let kind = parts.next().unwrap_or("");
    let place = parts.next().unwrap_or("");
    let message = parts.next();
    let index = LineIndex::new(source);
    let describe = |d: &puppet_core::Diagnostic| {
        let at = index.line_col(source, d.span.start);
        format!("{}:{} {}", at.line, at.column, d.message)
    };
    match (kind, first) {
        ("ok", None) => None,
        ("ok", Some(d)) => Some(format!("rejected: {}", describe(d))),
        ("err", None) => Some("accepted".into()),
        ("err", Some(d)) => {
            let place_ok = match place {
                "end" => d.code == "SYNTAX_ERROR" && d.span.start as usize >= source.len(),
                "giving-up" => validation_summary(&diagnostics).is_some(),
                "nopos" => true,
                _ => {
                    let at = index.line_col(source, d.span.start);
                    format!("{}:{}", at.line, at.column) == place
                }
            };
            let message_ok = message.is_none_or(|m| m == d.message);
            (!(place_ok && message_ok)).then(|| format!("got {}", describe(d)))
        }
        _ => Some(format!("bad expectation `{expectation}`")),
    }
}

#[test]
fn every_manifest_table_case_agrees() {
    let count = run_tables("tables", false);
    assert!(count > 300, "only {count} table cases found");
}

#[test]
fn every_template_table_case_agrees() {
    let count = run_tables("epp_tables", true);
    assert!(count > 20, "only {count} template cases found");
}

/// Checks every case of the tables in `folder`; returns how many there were.
fn run_tables(folder: &str, template: bool) -> usize {
    let mut tables: Vec<PathBuf> = fs::read_dir(syntax_dir().join(folder))
        .expect("tests/syntax tables")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    tables.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for table in &tables {
        let name = table.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
        let text = fs::read_to_string(table).expect("table");
        for (n, line) in text.split('\n').enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((expectation, source)) = line.split_once(" | ") else {
                failures.push(format!("{name}:{}: no ` | ` in the line", n + 1));
                continue;
            };
            count += 1;
            let source = source.replace('\u{21B5}', "\n");
            if let Some(problem) = check(expectation.trim(), &source, template) {
                failures.push(format!(
                    "{name}:{}: `{expectation}` {source:?}: {problem}",
                    n + 1
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    count
}
