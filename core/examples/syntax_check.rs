//! Reads programs from standard input, one per line (`↵` stands for a newline), and prints for
//! each the parser's verdict: `ok`, `L:C message`, `end message` or `giving-up N`. Used by
//! `tests/syntax/differential.py` to compare the parser with real Puppet on generated programs.

use std::io::{self, BufRead, Write};

use puppet_core::syntax::{parse, validation_summary};
use puppet_core::LineIndex;

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let source = line.replace('\u{21B5}', "\n");
        let (_, diagnostics) = parse(&source);
        let verdict = match diagnostics.iter().find(|d| d.is_error()) {
            None => "ok".to_string(),
            Some(_) if validation_summary(&diagnostics).is_some() => {
                let errors = diagnostics.iter().filter(|d| d.is_error()).count();
                format!("giving-up {errors}")
            }
            Some(d) if d.code == "SYNTAX_ERROR" && d.span.start as usize >= source.len() => {
                format!("end {}", d.message)
            }
            Some(d) => {
                let at = LineIndex::new(&source).line_col(&source, d.span.start);
                format!("{}:{} {}", at.line, at.column, d.message)
            }
        };
        // One line per verdict: messages can quote source text with newlines.
        let _ = writeln!(out, "{}", verdict.replace('\n', "\u{21B5}"));
    }
}
