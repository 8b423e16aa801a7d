//! The non-interactive ways to run: plain output, one `--json` result, and `--jsonl` case streams.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use puppet_cli::{protocol, render};
use puppet_core::{evaluate, types, value, EvalOptions, LineIndex};

/// Evaluate and print logs (stderr, as Puppet does), diagnostics (stderr) and the value (stdout).
pub fn plain(source: &str, file: &str, options: &EvalOptions, show_type: bool) -> ExitCode {
    let outcome = evaluate(source, options);
    let mut err = io::stderr().lock();
    for entry in &outcome.logs {
        let _ = writeln!(err, "{}", render::log_line(entry));
    }
    let index = LineIndex::new(source);
    for diagnostic in &outcome.diagnostics {
        let _ = writeln!(
            err,
            "{}",
            render::diagnostic(source, file, &index, diagnostic)
        );
    }
    match (&outcome.value, outcome.error()) {
        (Some(v), None) => {
            println!("{}", value::programmatic(v));
            if show_type {
                println!("{}", types::infer(v));
            }
            ExitCode::SUCCESS
        }
        _ => ExitCode::FAILURE,
    }
}

/// One JSON object with the oracle's fields; exit status 1 when the program failed.
pub fn json(source: &str, file: &str, options: &EvalOptions) -> ExitCode {
    let result = protocol::run_case(source, file, options);
    match serde_json::to_string(&result) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("puppet-eval: cannot encode the result: {e}");
            return ExitCode::FAILURE;
        }
    }
    if result.error.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// JSON Lines: every case in a fresh evaluation; the run goes on past failing or malformed cases.
pub fn jsonl(options: &EvalOptions) -> ExitCode {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("puppet-eval: cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
        }
        // Invalid UTF-8 in a line becomes that case's error, not the end of the run.
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        if writeln!(out, "{}", protocol::run_json_line(text.trim_end(), options)).is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
