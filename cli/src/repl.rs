//! The interactive session: line editing (rustyline), multi-line input, and definitions that persist.
//!
//! The session keeps the source of every entry that evaluated without error and re-evaluates the
//! whole session with each new entry, so variables, functions and types defined earlier stay
//! visible; only the new entry's log lines and value are printed. Earlier entries may be plain
//! values (`1 + 2`): Puppet's "has no effect" check is lifted for them.

use std::process::ExitCode;

use puppet_cli::render;
use puppet_core::{evaluate, types, value, EvalOptions, LineIndex};
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

const BANNER: &str =
    "puppet-eval REPL: enter Puppet code; an unfinished entry continues on the next line. \
Ctrl+D quits, Ctrl+C cancels the entry.";

pub fn run(options: &EvalOptions) -> ExitCode {
    let mut editor = match DefaultEditor::new() {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("puppet-eval: cannot start the line editor: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{BANNER}");
    let mut session = String::new();
    let mut logs_shown = 0;
    let mut entry = String::new();
    loop {
        let prompt = if entry.is_empty() { "pp> " } else { "... " };
        match editor.readline(prompt) {
            Ok(line) => {
                entry.push_str(&line);
                entry.push('\n');
                let candidate = format!("{session}{entry}");
                // A Ctrl+C that cancelled the previous entry must not cancel this one.
                if let Some(flag) = &options.cancel {
                    flag.reset();
                }
                let entry_options = EvalOptions {
                    earlier_entries_end: session.len() as u32,
                    now: puppet_cli::clock::now(),
                    ..options.clone()
                };
                let outcome = evaluate(&candidate, &entry_options);
                if let Some(error) = outcome.error() {
                    let at_end = error.span.start as usize >= candidate.trim_end().len();
                    if error.code == "SYNTAX_ERROR" && at_end {
                        continue; // unfinished entry: read more lines
                    }
                    let index = LineIndex::new(&candidate);
                    eprintln!(
                        "{}",
                        render::diagnostic(&candidate, "<repl>", &index, error)
                    );
                } else {
                    for log in outcome.logs.iter().skip(logs_shown) {
                        eprintln!("{}", render::log_line(log));
                    }
                    logs_shown = outcome.logs.len();
                    if let Some(v) = &outcome.value {
                        println!("{}  # {}", value::programmatic(v), types::infer(v));
                    }
                    session = candidate;
                }
                let _ = editor.add_history_entry(entry.trim_end());
                entry.clear();
            }
            Err(ReadlineError::Interrupted) => entry.clear(),
            Err(ReadlineError::Eof) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("puppet-eval: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
}
