//! Case files (`cases/<area>.txt`, one program per line, `↵` for a newline) and their golden results.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use puppet_cli::protocol::CaseResult;
use serde::Deserialize;

/// The character that stands for a newline inside a one-line case.
pub const NEWLINE_MARK: char = '\u{21B5}';

/// The folder holding `cases/`, `golden/` and `known-differences.jsonl`.
pub fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

#[derive(Debug, Clone)]
pub struct Case {
    pub area: String,
    /// `<area>/<N>`, N counting case lines from 1.
    pub id: String,
    pub src: String,
}

/// The cases of one area file, in order.
pub fn read_cases(area: &str, text: &str) -> Vec<Case> {
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .enumerate()
        .map(|(n, line)| Case {
            area: area.to_string(),
            id: format!("{area}/{}", n + 1),
            src: line.replace(NEWLINE_MARK, "\n"),
        })
        .collect()
}

/// One line of a golden file: what real Puppet gave for a case.
#[derive(Debug, Clone, Deserialize)]
pub struct Golden {
    pub id: String,
    pub src: String,
    #[serde(flatten)]
    pub result: CaseResult,
}

/// The golden results of an area, keyed by source text.
pub fn read_golden(text: &str) -> Result<HashMap<String, Golden>, String> {
    let mut map = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let golden: Golden =
            serde_json::from_str(line).map_err(|e| format!("golden line {}: {e}", n + 1))?;
        map.insert(golden.src.clone(), golden);
    }
    Ok(map)
}

/// Line and column from an error text ending in `(file: F, line: L, column: C)`.
pub fn error_position(error: &str) -> Option<(u32, u32)> {
    let start = error.rfind("(file: ")?;
    let tail = &error[start..];
    let line = tail
        .split("line: ")
        .nth(1)?
        .split([',', ')'])
        .next()?
        .trim()
        .parse()
        .ok()?;
    let column = tail
        .split("column: ")
        .nth(1)?
        .split(')')
        .next()?
        .trim()
        .parse()
        .ok()?;
    Some((line, column))
}

/// Why `actual` does not agree with `expected`, or `None` when it does.
pub fn disagreement(expected: &CaseResult, actual: &CaseResult) -> Option<String> {
    match (&expected.error, &actual.error) {
        (Some(want), Some(got)) => {
            if error_position(want) != error_position(got) {
                return Some(format!(
                    "error position differs:\n  puppet: {want}\n  ours:   {got}"
                ));
            }
        }
        (Some(want), None) => {
            return Some(format!(
                "puppet fails but we do not:\n  puppet: {want}\n  ours:   {:?}",
                actual.value
            ))
        }
        (None, Some(got)) => {
            return Some(format!(
                "we fail but puppet does not:\n  puppet: {:?}\n  ours:   {got}",
                expected.value
            ))
        }
        (None, None) => {
            let fields = [
                ("value", &expected.value, &actual.value),
                ("type", &expected.type_, &actual.type_),
                ("generalized", &expected.generalized, &actual.generalized),
            ];
            for (name, want, got) in fields {
                if want != got {
                    return Some(format!(
                        "{name} differs:\n  puppet: {want:?}\n  ours:   {got:?}"
                    ));
                }
            }
        }
    }
    if expected.logs != actual.logs {
        return Some(format!(
            "logs differ:\n  puppet: {:?}\n  ours:   {:?}",
            expected.logs, actual.logs
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_positions_are_read_from_puppet_messages() {
        let text = "Evaluation Error: Division by 0 (file: snippet.pp, line: 1, column: 5)";
        assert_eq!(error_position(text), Some((1, 5)));
        assert_eq!(
            error_position("Syntax error at end of input (file: snippet.pp)"),
            None
        );
    }

    #[test]
    fn newline_marks_become_newlines_and_comments_are_skipped() {
        let cases = read_cases("a", "# comment\n1 +↵2\n\n3\n");
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].src, "1 +\n2");
        assert_eq!(cases[1].id, "a/2");
    }
}
