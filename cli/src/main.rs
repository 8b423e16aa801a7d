//! puppet-eval: evaluate Puppet code from a file, `-e` or stdin; `--json` and `--jsonl` speak the oracle protocol.

mod parse_cmd;

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::process::ExitCode;

use puppet_cli::{protocol, render};
use puppet_core::{evaluate, types, value, EvalOptions, LineIndex};

const USAGE: &str = "\
usage: puppet-eval [--type] [--json] (-e CODE | FILE | -)   evaluate Puppet code
       puppet-eval --jsonl < cases.jsonl                   one {\"id\",\"src\"} case per line
       puppet-eval parse [--ast] [--tokens] PATH...        parse files and folders (.pp, .epp)
       puppet-eval --version";

struct Args {
    code: Option<String>,
    file: Option<String>,
    show_type: bool,
    json: bool,
    jsonl: bool,
}

fn parse_args() -> Result<Option<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        code: None,
        file: None,
        show_type: false,
        json: false,
        jsonl: false,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Short('e') | Long("execute") => args.code = Some(parser.value()?.string()?),
            Long("type") => args.show_type = true,
            Long("json") => args.json = true,
            Long("jsonl") => args.jsonl = true,
            Short('h') | Long("help") => {
                println!("{USAGE}");
                return Ok(None);
            }
            Short('V') | Long("version") => {
                println!("puppet-eval {}", puppet_core::VERSION);
                return Ok(None);
            }
            Value(path) if args.file.is_none() => args.file = Some(path.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(Some(args))
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if arguments.first().map(String::as_str) == Some("parse") {
        return parse_cmd::run(&arguments[1..]);
    }
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("puppet-eval: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let options = EvalOptions::default();
    if args.jsonl {
        return run_jsonl(&options);
    }
    let (source, file) = match read_source(&args) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("puppet-eval: {message}");
            return ExitCode::from(2);
        }
    };
    if args.json {
        let result = protocol::run_case(&source, &file, &options);
        let failed = result.error.is_some();
        println!("{}", serde_json::to_string(&result).unwrap_or_default());
        return if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    run_plain(&source, &file, &options, args.show_type)
}

/// Where the code comes from: `-e`, a file, or standard input; and the name to report it under.
fn read_source(args: &Args) -> Result<(String, String), String> {
    if let Some(code) = &args.code {
        return Ok((code.clone(), protocol::SNIPPET_FILE.into()));
    }
    match args.file.as_deref() {
        Some(path) if path != "-" => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                format!(
                    "{path} is not valid UTF-8 (at byte {})",
                    e.utf8_error().valid_up_to()
                )
            })?;
            Ok((text, path.into()))
        }
        _ => {
            if args.file.is_none() && io::stdin().is_terminal() {
                return Err(format!("no code given\n{USAGE}"));
            }
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                format!(
                    "standard input is not valid UTF-8 (at byte {})",
                    e.utf8_error().valid_up_to()
                )
            })?;
            Ok((text, "<stdin>".into()))
        }
    }
}

fn run_plain(source: &str, file: &str, options: &EvalOptions, show_type: bool) -> ExitCode {
    let outcome = evaluate(source, options);
    let stderr = io::stderr();
    let mut err = stderr.lock();
    for entry in &outcome.logs {
        let level = entry.level.as_str();
        let mut chars = level.chars();
        let title: String = chars
            .next()
            .map(|c| c.to_ascii_uppercase())
            .into_iter()
            .chain(chars)
            .collect();
        let _ = writeln!(err, "{title}: {}", entry.message);
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

/// JSON Lines: every case in a fresh evaluation; the run goes on past failing cases.
fn run_jsonl(options: &EvalOptions) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            eprintln!("puppet-eval: standard input is not valid UTF-8 text");
            return ExitCode::from(2);
        };
        if line.trim().is_empty() {
            continue;
        }
        if writeln!(out, "{}", protocol::run_json_line(&line, options)).is_err() {
            return ExitCode::FAILURE;
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}
