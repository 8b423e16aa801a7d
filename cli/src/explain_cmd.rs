//! `puppet-eval explain [--env DIR] FILE:LINE:COL`: what the playground's hover shows at a place of
//! a manifest: the value and type the innermost evaluated expression of that file there had (how
//! many times it ran, its earlier values), and what the engine knows of the name there (a
//! function's signatures, a resource type's attributes).

use std::path::Path;
use std::process::ExitCode;

use puppet_cli::workspace::EnvSource;
use puppet_core::ide::docs_at;
use puppet_core::{
    evaluate, types, value, EvalOptions, Outcome, RecordLimits, RecordedValue, SNIPPET_FILE,
};

use crate::place::{offset_of, parse_place, path_inside};

pub const USAGE: &str = "\
usage: puppet-eval explain [--env DIR] FILE:LINE:COL
       evaluates FILE (as puppet-eval FILE does; with --env, compiles the environment DIR, whose
       file FILE is) and prints what hover shows at line LINE, column COL of FILE (1-based, in
       characters): the value and type of the innermost expression of FILE evaluated there, how
       many times it ran and its earlier values, and the signatures or attributes of the name
       there; exit status 1 when there is nothing to show";

fn shown(recorded: &RecordedValue) -> (String, String) {
    match recorded {
        RecordedValue::Value(v) => (value::programmatic(v), types::infer(v).to_string()),
        RecordedValue::Shown { value, type_ } => (value.clone(), type_.clone()),
    }
}

/// The options of a run that records what each range produced.
fn recording() -> EvalOptions {
    EvalOptions {
        record: Some(RecordLimits::default()),
        now: puppet_cli::clock::now(),
        ..EvalOptions::default()
    }
}

/// The explanation of `text` (a snippet on its own) at byte `offset`, or `None` when there is
/// nothing to show.
pub fn explain(text: &str, offset: usize) -> Option<String> {
    let outcome = evaluate(text, &recording());
    explain_in(&outcome, SNIPPET_FILE, text, offset)
}

/// The explanation at byte `offset` of the file at `path`, whose text is `text`, from `outcome`
/// (a run that recorded): only that file's ranges are looked at.
pub fn explain_in(outcome: &Outcome, path: &str, text: &str, offset: usize) -> Option<String> {
    let mut out = String::new();
    if let Some((span, record)) = outcome.recorded_at(path, offset) {
        let source = text.get(span.start as usize..span.end as usize)?;
        out.push_str(&format!("{source}\n"));
        if let Some((evaluation, last)) = record.last.last() {
            let (value, type_) = shown(last);
            out.push_str(&format!("value: {value}\ntype: {type_}\n"));
            if record.count > 1 {
                let which = if *evaluation == record.count {
                    String::from("the last value shown")
                } else {
                    format!("the value of evaluation {evaluation} shown")
                };
                out.push_str(&format!("evaluated {} times; {which}\n", record.count));
                for (at, earlier) in record.last.iter().rev().skip(1) {
                    out.push_str(&format!("  evaluation {at}: {}\n", shown(earlier).0));
                }
            }
        }
    }
    if let Some((_, _, docs)) = docs_at(&[(path, text)], path, offset) {
        out.push_str(&docs);
        out.push('\n');
    }
    (!out.is_empty()).then_some(out)
}

/// Runs `explain` with the arguments after the word `explain`.
pub fn run(args: &[String]) -> ExitCode {
    let (env, place) = match args {
        [place] => (None, place),
        [flag, dir, place] if flag == "--env" => (Some(Path::new(dir)), place),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Some((file, line, column)) = parse_place(place) else {
        eprintln!("puppet-eval explain: {place} is not FILE:LINE:COL\n{USAGE}");
        return ExitCode::from(2);
    };
    let limit = puppet_cli::bounded_read::file_limit();
    let text = match puppet_cli::bounded_read::read_text(Path::new(file), limit) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("puppet-eval explain: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(offset) = offset_of(&text, line, column) else {
        eprintln!("puppet-eval explain: {file} has no line {line}");
        return ExitCode::from(2);
    };
    let explained = match env {
        None => explain(&text, offset),
        Some(dir) => {
            let Some(path) = path_inside(dir, file) else {
                eprintln!(
                    "puppet-eval explain: {file} is not in the environment {}",
                    dir.display()
                );
                return ExitCode::from(2);
            };
            let source = EnvSource {
                dir: Some(dir.to_path_buf()),
                ..EnvSource::default()
            };
            source.compile(None, &recording(), |outcome| {
                explain_in(outcome, &path, &text, offset)
            })
        }
    };
    match explained {
        Some(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("puppet-eval explain: nothing evaluated or documented at {place}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_of_a_variable_and_of_a_call_in_a_loop() {
        let text = "$x = [1, 2].map |$v| { $v * 2 }\n[1, 2, 3].each |$i| { notice(sprintf('%02d', $i)) }\n";
        let x = explain(text, 1).expect("$x");
        assert_eq!(
            x,
            "$x\nvalue: [2, 4]\ntype: Tuple[Integer[2, 2], Integer[4, 4]]\n"
        );
        let call = explain(text, text.find("sprintf").expect("sprintf")).expect("the call");
        assert!(
            call.starts_with(
                "sprintf('%02d', $i)\nvalue: '03'\ntype: String\nevaluated 3 times; the last value shown\n  evaluation 2: '02'\n  evaluation 1: '01'\n"
            ),
            "{call}"
        );
        assert_eq!(explain("# nothing\n", 3), None);
    }
}
