//! The non-interactive ways to run: plain output, one `--json` result, and `--jsonl` case streams.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use puppet_cli::protocol::Report;
use puppet_cli::workspace::EnvSource;
use puppet_cli::{bounded_read, protocol, render};
use puppet_core::{types, value, EvalOptions, LogLevel, MainCode};

/// The exit status of an evaluation cancelled by Ctrl+C (128 + SIGINT, as shells report it).
pub const CANCELLED_STATUS: u8 = 130;

/// What `plain` prints besides the value.
#[derive(Debug, Clone, Copy)]
pub struct Show {
    /// `type(value)`, on the line after the value.
    pub value_type: bool,
    /// The compiled catalog as a manifest, after the value (and its type).
    pub catalog: bool,
    /// The least severe log level printed: notice by default, as `puppet apply` prints;
    /// info with `--verbose`, debug with `--debug`.
    pub log_level: LogLevel,
}

/// Whether a log line of `level` is printed when `least` is the least severe level shown.
fn shown(level: LogLevel, least: LogLevel) -> bool {
    let rank = |level: LogLevel| match level {
        LogLevel::Debug => 0,
        LogLevel::Info => 1,
        _ => 2,
    };
    rank(level) >= rank(least)
}

/// Evaluate and print logs (stderr, as Puppet does), diagnostics (stderr) and the value (stdout),
/// then end the process with its status (the outcome is not freed first: nothing follows).
/// `main`: the code to compile, or `None` for the environment's `manifests/`.
pub fn plain(env: &EnvSource, main: Option<MainCode>, options: &EvalOptions, show: Show) -> ! {
    env.compile_and_exit(main, options, |outcome| print_plain(outcome, show))
}

/// The code of the dependency-cycle error.
const CYCLE_CODE: &str = "DEPENDENCY_CYCLE";

/// The dependency-cycle error of a catalog shown without a node (a compile for a node has it).
fn cycles_found(outcome: &puppet_core::Outcome, show: Show) -> Option<puppet_core::Diagnostic> {
    let first = outcome.cycles.first()?;
    let reported = outcome.diagnostics.iter().any(|d| d.code == CYCLE_CODE);
    (show.catalog && !reported).then(|| {
        puppet_core::Diagnostic::error(
            puppet_core::Stage::Compile,
            CYCLE_CODE,
            puppet_core::cycles_message(&outcome.cycles),
            first.span,
        )
    })
}

/// The exit status of a run that failed.
const FAILURE_STATUS: u8 = 1;

/// Print the outcome; its exit status. Each stream is written through one buffer (Rust's own
/// standard output writes at every line's end: a catalog of 2,351 resources took 4,652 system
/// calls), logs and errors first, as before.
fn print_plain(outcome: &puppet_core::Outcome, show: Show) -> u8 {
    let mut err = io::BufWriter::new(io::stderr().lock());
    for entry in outcome
        .logs
        .iter()
        .filter(|e| shown(e.level, show.log_level))
    {
        let _ = writeln!(err, "{}", render::log_line(entry));
    }
    for diagnostic in &outcome.diagnostics {
        let _ = writeln!(err, "{}", render::located(&outcome.sources, diagnostic));
    }
    // A catalog asked for without a node is checked for dependency cycles too, as `puppet apply`
    // checks the catalog it applies (a compile for a node has reported them already).
    let cycles = cycles_found(outcome, show);
    if let Some(diagnostic) = &cycles {
        let _ = writeln!(err, "{}", render::located(&outcome.sources, diagnostic));
    }
    let _ = err.flush();
    drop(err);
    // Dependency cycles fail the run, but the program's value and catalog stand.
    let error = outcome.compile_error();
    let cyclic = cycles.is_some() || outcome.diagnostics.iter().any(|d| d.code == CYCLE_CODE);
    match (&outcome.value, error) {
        (Some(v), None) => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let _ = writeln!(out, "{}", value::programmatic(v));
            if show.value_type {
                let _ = writeln!(out, "{}", types::infer(v));
            }
            if show.catalog {
                for resource in &outcome.catalog {
                    let _ = writeln!(out, "{}", resource.manifest());
                }
            }
            let _ = out.flush();
            if cyclic {
                FAILURE_STATUS
            } else {
                0
            }
        }
        // Interrupted by Ctrl+C: the shell's status for a SIGINT.
        (_, Some(error)) if error.code == "CANCELLED" => CANCELLED_STATUS,
        _ => FAILURE_STATUS,
    }
}

/// One JSON object with the oracle's fields; exit status 1 when the program failed.
pub fn json(
    env: &EnvSource,
    main: Option<MainCode>,
    options: &EvalOptions,
    report: Report,
) -> ExitCode {
    let result = protocol::run_in(env, main, options, report);
    match serde_json::to_string(&result) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("puppet-eval: cannot encode the result: {e}");
            return ExitCode::FAILURE;
        }
    }
    if result
        .error
        .as_deref()
        .is_some_and(|e| e.contains("evaluation was cancelled"))
    {
        ExitCode::from(CANCELLED_STATUS)
    } else if result.error.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The most bytes of one JSON Lines case: twice an environment's byte limit (its files' text,
/// and room for JSON's escapes).
fn max_line_bytes() -> u64 {
    2 * bounded_read::file_limit()
}

/// JSON Lines: every case in a fresh evaluation; the run goes on past failing, malformed or
/// oversized cases.
pub fn jsonl(env: &EnvSource, options: &EvalOptions, report: Report) -> ExitCode {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    let mut input = stdin.lock();
    let limit = max_line_bytes();
    loop {
        let answer = match next_line(&mut input, limit, &mut line) {
            Ok(Line::End) => break,
            Ok(Line::Oversized) => protocol::invalid_line_answer(
                &format!("it is longer than the limit of {limit} bytes"),
                report,
            ),
            Ok(Line::Case) => {
                // Invalid UTF-8 in a line becomes that case's error, not the end of the run.
                let text = String::from_utf8_lossy(&line);
                if text.trim().is_empty() {
                    continue;
                }
                protocol::run_json_line(text.trim_end(), options, env, report)
            }
            Err(e) => {
                eprintln!("puppet-eval: cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
        };
        // Each answer is flushed at once: a client may send the next case after reading it.
        if writeln!(out, "{answer}").is_err() || out.flush().is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// What [`next_line`] read.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// The end of the input.
    End,
    /// A line within the limit, in the buffer.
    Case,
    /// A line past the limit: passed over through its newline, never held whole.
    Oversized,
}

/// Read the next line into `line` (cleared first), holding at most `limit` bytes of it.
fn next_line(input: &mut impl BufRead, limit: u64, line: &mut Vec<u8>) -> io::Result<Line> {
    line.clear();
    if input.take(limit + 1).read_until(b'\n', line)? == 0 {
        return Ok(Line::End);
    }
    if line.len() as u64 > limit && !line.ends_with(b"\n") {
        skip_line(input)?;
        line.clear();
        return Ok(Line::Oversized);
    }
    Ok(Line::Case)
}

/// Pass over the rest of a line (through its newline) without holding it.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_limit_is_passed_over_and_the_next_is_read() {
        let mut input = &b"12345\n1234567890abc\n123\n123456"[..];
        let mut line = Vec::new();
        assert_eq!(next_line(&mut input, 6, &mut line).ok(), Some(Line::Case));
        assert_eq!(line, b"12345\n");
        assert_eq!(
            next_line(&mut input, 6, &mut line).ok(),
            Some(Line::Oversized)
        );
        assert!(line.is_empty());
        assert_eq!(next_line(&mut input, 6, &mut line).ok(), Some(Line::Case));
        assert_eq!(line, b"123\n");
        // Six bytes and no newline: within the limit, the last line.
        assert_eq!(next_line(&mut input, 6, &mut line).ok(), Some(Line::Case));
        assert_eq!(line, b"123456");
        assert_eq!(next_line(&mut input, 6, &mut line).ok(), Some(Line::End));
    }
}
