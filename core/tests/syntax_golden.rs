//! Golden tests: the AST dump of every file in `tests/syntax/ast/` (`x.pp` → `x.pp.ast`) and the
//! diagnostics of every source in `tests/syntax/diagnostics.txt` (→ `diagnostics.golden`).
//! `UPDATE_GOLDEN=1 cargo test -p puppet-core --test syntax_golden` rewrites the expectations.

use std::fs;
use std::path::{Path, PathBuf};

use puppet_core::syntax::{dump_ast, parse, parse_epp, validation_summary};
use puppet_core::LineIndex;

fn syntax_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/syntax")
}

fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
}

/// Compares `actual` with the golden file, or rewrites it when updating.
fn golden(path: &Path, actual: &str) -> Option<String> {
    if updating() {
        fs::write(path, actual).expect("write golden file");
        return None;
    }
    let expected = fs::read_to_string(path).unwrap_or_default();
    if expected == actual {
        return None;
    }
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(e, a)| e != a)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Some(format!(
        "{} differs from line {}:\n  expected: {:?}\n  actual:   {:?}",
        path.display(),
        line + 1,
        expected.lines().nth(line).unwrap_or("<end>"),
        actual.lines().nth(line).unwrap_or("<end>")
    ))
}

/// One line per diagnostic: `line:column severity code: message`.
fn render_diagnostics(source: &str, template: bool) -> String {
    let (_, diagnostics) = if template {
        parse_epp(source)
    } else {
        parse(source)
    };
    let index = LineIndex::new(source);
    let mut out = String::new();
    for d in &diagnostics {
        let at = index.line_col(source, d.span.start);
        out += &format!(
            "  {}:{} {} {}: {}\n",
            at.line,
            at.column,
            d.severity.as_str(),
            d.code,
            d.message
        );
    }
    if let Some(summary) = validation_summary(&diagnostics) {
        out += &format!("  => {summary}\n");
    }
    if diagnostics.is_empty() {
        out += "  (no diagnostics)\n";
    }
    out
}

#[test]
fn ast_dumps_match_their_golden_files() {
    let dir = syntax_dir().join("ast");
    let mut sources: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("tests/syntax/ast")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pp" || e == "epp"))
        .collect();
    sources.sort();
    assert!(
        sources.len() >= 5,
        "golden sources missing in {}",
        dir.display()
    );
    let mut problems = Vec::new();
    for source_path in &sources {
        let source = fs::read_to_string(source_path).expect("source");
        let template = source_path.extension().is_some_and(|e| e == "epp");
        let (program, diagnostics) = if template {
            parse_epp(&source)
        } else {
            parse(&source)
        };
        if let Some(d) = diagnostics.iter().find(|d| d.is_error()) {
            problems.push(format!("{}: {}", source_path.display(), d.message));
            continue;
        }
        let mut golden_path = source_path.clone().into_os_string();
        golden_path.push(".ast");
        if let Some(problem) = golden(Path::new(&golden_path), &dump_ast(&program)) {
            problems.push(problem);
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn diagnostics_match_their_golden_file() {
    let dir = syntax_dir();
    let cases = fs::read_to_string(dir.join("diagnostics.txt")).expect("diagnostics.txt");
    let mut actual = String::new();
    for line in cases.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let source = line.replace('\u{21B5}', "\n");
        let template = source.starts_with("<%");
        actual += &format!("{line}\n{}", render_diagnostics(&source, template));
    }
    if let Some(problem) = golden(&dir.join("diagnostics.golden"), &actual) {
        panic!("{problem}");
    }
}
