//! Parses every conformance case of every area and checks the parser against real Puppet: where
//! Puppet's error is a syntax or validation error we report an error at the same line and column;
//! otherwise (success, or an evaluation-time error) we parse without error.
//!
//! Cases that cannot agree yet are listed with a reason in `tests/syntax/conformance-exceptions.txt`
//! (`<id> <reason>` per line); the list only shrinks: an entry that agrees again fails the test.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::Path;

use puppet_conformance::cases::{conformance_dir, error_position, read_cases, read_golden};
use puppet_core::syntax::{self, validation_summary};
use puppet_core::{Diagnostic, LineIndex};

/// Wording of errors Puppet raises at evaluation time (or from Ruby), not while parsing.
const RUNTIME_WORDING: &[&str] = &[
    "Evaluation Error:",
    // Ruby's syntax error in an inline ERB template, found when the template is rendered.
    "(erb):",
    "Attempt to redefine entity",
    "from context where this is illegal",
    "is already defined",
    "Could not find",
    "Default already defined",
    "did not find a value",
    "does not represent a valid set of parameters",
    "Compiler failed with error",
    "is already set on",
    "Only subclasses can override",
    "Duplicate parameter",
    // The tag metaparameter's check, made when the resource is added to the catalog.
    "Invalid tag",
];

/// Whether an error is Ruby's for a regex it does not compile (`premature end of char-class: /[/`):
/// Puppet passes it on bare, without a position.
fn is_ruby_regex_error(error: &str) -> bool {
    !error.contains("(file: ") && error.contains(": /") && error.ends_with('/')
}

fn exceptions() -> HashMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("syntax/conformance-exceptions.txt");
    let text = fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (id, reason) = line.split_once(' ').unwrap_or((line, ""));
            (id.to_string(), reason.trim().to_string())
        })
        .collect()
}

/// Why our parse of `src` does not agree with Puppet's `error`, or `None` when it does.
fn disagreement(src: &str, error: Option<&str>, logs: &[String]) -> Option<String> {
    let (_, diagnostics) = syntax::parse(src);
    let first_error = diagnostics.iter().find(|d| d.is_error());
    let describe = |d: &Diagnostic| {
        let at = LineIndex::new(src).line_col(src, d.span.start);
        format!("{} (line {}, column {})", d.message, at.line, at.column)
    };
    // Ruby's regex compiler: at lexing time for regex literals, at evaluation for strings.
    if error.is_some_and(is_ruby_regex_error) {
        return None;
    }
    // Puppet checks a heredoc's text against its syntax tag while parsing, except the text of an
    // interpolating heredoc (`@("END")` with a `$`), which it checks once evaluated.
    let checked_later =
        |e: &str| e.contains("Invalid produced text") && src.contains("@(\"") && src.contains('$');
    let syntactic =
        error.filter(|e| !RUNTIME_WORDING.iter().any(|w| e.contains(w)) && !checked_later(e));
    match (syntactic, first_error) {
        (None, None) => None,
        (None, Some(ours)) => Some(format!("we reject: {}", describe(ours))),
        (Some(want), None) => Some(format!("puppet rejects: {want}")),
        (Some(want), Some(ours)) => {
            if want.contains("Giving up") {
                // Puppet logs each validation error, then gives up: same errors, same order.
                let ours: Vec<String> = diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| format!("err: {}", d.message))
                    .collect();
                let theirs: Vec<&String> = logs.iter().filter(|l| l.starts_with("err: ")).collect();
                let same = validation_summary(&diagnostics).is_some()
                    && ours.len() == theirs.len()
                    && ours.iter().zip(&theirs).all(|(a, b)| a == *b);
                return (!same)
                    .then(|| format!("puppet gives up after {theirs:?}, ours: {ours:?}"));
            }
            match error_position(want) {
                Some((line, column)) => {
                    let at = LineIndex::new(src).line_col(src, ours.span.start);
                    (at.line != line || at.column != column).then(|| {
                        format!(
                            "position differs:\n  puppet: {want}\n  ours:   {}",
                            describe(ours)
                        )
                    })
                }
                None => {
                    let ours_at_end =
                        ours.code == "SYNTAX_ERROR" && ours.span.start as usize >= src.len();
                    let agrees = if want.contains("end of input") {
                        ours_at_end
                    } else {
                        true
                    };
                    (!agrees).then(|| format!("puppet: {want}\n  ours:   {}", describe(ours)))
                }
            }
        }
    }
}

#[test]
fn every_conformance_case_parses_as_puppet_does() {
    let dir = conformance_dir();
    let mut areas: Vec<_> = fs::read_dir(dir.join("cases"))
        .expect("cases folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    areas.sort();
    let exceptions = exceptions();
    let mut per_area: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    for path in &areas {
        let area = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let cases = read_cases(&area, &fs::read_to_string(path).expect("case file"));
        let golden_path = dir.join("golden").join(format!("{area}.jsonl"));
        let golden = read_golden(&fs::read_to_string(&golden_path).unwrap_or_default())
            .expect("golden file");
        let tally = per_area.entry(area.clone()).or_default();
        for case in cases {
            let Some(expected) = golden.get(&case.src) else {
                continue;
            };
            tally.1 += 1;
            let problem = disagreement(
                &case.src,
                expected.result.error.as_deref(),
                &expected.result.logs,
            );
            match (problem, exceptions.contains_key(&case.id)) {
                (None, false) => tally.0 += 1,
                (None, true) => {
                    tally.0 += 1;
                    fixed.push(case.id.clone());
                }
                (Some(_), true) => {}
                (Some(problem), false) => {
                    unexpected.push(format!("{} `{}`: {problem}", case.id, case.src))
                }
            }
        }
    }
    let (mut agree, mut total) = (0, 0);
    println!("parser agreement with real Puppet, per area:");
    for (area, (ok, all)) in &per_area {
        agree += ok;
        total += all;
        println!("  {area:<20} {ok:>5}/{all:<5}");
    }
    println!(
        "  {:<20} {agree:>5}/{total:<5} ({} listed exceptions)",
        "total",
        exceptions.len()
    );
    let mut failures = String::new();
    for problem in unexpected.iter().take(60) {
        failures += &format!("{problem}\n");
    }
    if unexpected.len() > 60 {
        failures += &format!("... and {} more\n", unexpected.len() - 60);
    }
    if !fixed.is_empty() {
        failures += &format!(
            "these exceptions agree now; remove them from tests/syntax/conformance-exceptions.txt: {fixed:?}\n"
        );
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{failures}",
        unexpected.len()
    );
}
