//! Inputs the fuzz targets once failed on (fuzz/regressions/<target>/), run the way the targets
//! run them: each must end normally, with no panic.

use std::path::Path;

use puppet_core::{evaluate, syntax, types, value, EvalOptions, Limits};

fn small_limits() -> EvalOptions {
    EvalOptions {
        limits: Limits {
            max_steps: 20_000,
            max_call_depth: 50,
            max_depth: 200,
            max_collection_len: 10_000,
            max_string_len: 100_000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    }
}

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target);
    let mut found: Vec<_> = std::fs::read_dir(&folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_name() != ".gitkeep")
                .filter_map(|e| {
                    Some((
                        e.file_name().to_string_lossy().into_owned(),
                        std::fs::read(e.path()).ok()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

#[test]
fn parse_regressions() {
    for (name, data) in inputs("parse") {
        let source = String::from_utf8_lossy(&data);
        let _ = syntax::parse(&source);
        let _ = syntax::parse_epp(&source);
        eprintln!("parse/{name}: ok");
    }
}

#[test]
fn eval_regressions() {
    let options = small_limits();
    for (name, data) in inputs("eval") {
        let Ok(source) = std::str::from_utf8(&data) else {
            continue;
        };
        let outcome = evaluate(source, &options);
        if let Some(v) = &outcome.value {
            let _ = value::programmatic(v);
            let _ = types::infer(v).generalize().to_string();
        }
        eprintln!("eval/{name}: ok");
    }
}

#[test]
fn protocol_regressions() {
    let options = small_limits();
    for (name, data) in inputs("protocol") {
        let answer = puppet_cli::protocol::run_json_line(
            &String::from_utf8_lossy(&data),
            &options,
            &Default::default(),
            Default::default(),
        );
        assert!(
            answer.starts_with('{') && answer.ends_with('}'),
            "protocol/{name}: {answer}"
        );
        // A panic is caught on the evaluation thread and reported as an internal error.
        assert!(
            !answer.contains("Internal error"),
            "protocol/{name}: {answer}"
        );
    }
}

/// Compile an environment of `files` on a big stack: its diagnostics as Puppet prints them (a
/// panic fails the test).
fn diagnostics_of(
    main: Option<puppet_core::MainCode>,
    files: Vec<(String, String)>,
    options: &EvalOptions,
) -> Vec<String> {
    let env = puppet_cli::workspace::EnvSource::default().with_files(files);
    puppet_cli::protocol::on_big_stack(|| {
        env.compile(main, options, |outcome| {
            outcome
                .diagnostics
                .iter()
                .map(|d| puppet_core::puppet_text(&outcome.sources, d))
                .collect::<Vec<_>>()
        })
    })
    .expect("the compile ends without a panic")
}

/// Environments (`==> path` files) the environment target once failed on, and hostile ones:
/// each compiles to an outcome with printable diagnostics, never a panic or a hang.
#[test]
fn environment_regressions() {
    let mut options = small_limits();
    options.limits.max_env_files = 50;
    options.limits.max_env_bytes = 200_000;
    options.certname = Some("playground".into());
    for (name, data) in inputs("environment") {
        let (main, files) =
            puppet_cli::workspace::environment_listing(&String::from_utf8_lossy(&data));
        let texts = diagnostics_of(main, files, &options);
        eprintln!("environment/{name}: {texts:?}");
    }
}

/// Ruby texts the parser's target (`ruby_parse`) once failed on, and the Ruby target's: each
/// parses or is refused with a message and a line inside the text, never a panic or an overflow.
#[test]
fn ruby_parse_regressions() {
    for (name, data) in inputs("ruby_parse").into_iter().chain(inputs("ruby")) {
        let text = String::from_utf8_lossy(&data);
        let error = puppet_core::ruby_syntax_error(&text);
        if let Some((_, line)) = &error {
            assert!(
                *line as usize <= text.lines().count() + 1,
                "ruby_parse/{name}: line {line}"
            );
        }
        // The hostile nestings and chains are refused, not parsed into trees too deep to walk.
        if (name.starts_with("deep-") || name.starts_with("long-")) && name != "long-unary-plus-run"
        {
            assert!(error.is_some(), "ruby_parse/{name} parsed");
        }
        eprintln!("ruby_parse/{name}: {error:?}");
    }
}

/// Ruby texts (a module's function files and a template) the Ruby target once failed on, and
/// hostile ones: each compiles to an outcome, never a panic or a hang.
#[test]
fn ruby_regressions() {
    let mut options = small_limits();
    options.certname = Some("playground".into());
    // Templates and Ruby functions count 500 levels, as the Ruby target allows for.
    options.limits.max_depth = 1_000;
    for (name, data) in inputs("ruby").into_iter().chain(inputs("ruby_parse")) {
        for (main, files) in
            puppet_cli::workspace::ruby_environments(&String::from_utf8_lossy(&data))
        {
            let texts = diagnostics_of(main, files, &options);
            eprintln!("ruby/{name}: {texts:?}");
        }
    }
}

#[test]
fn regex_regressions() {
    use puppet_core::regex::Regex;
    for (name, data) in inputs("regex") {
        let (pattern, text) = match data.iter().position(|&b| b == 0) {
            Some(at) => (&data[..at], &data[at + 1..]),
            None => (&data[..], &b"abc\nab\xc3\xa9 12"[..]),
        };
        let pattern = String::from_utf8_lossy(pattern);
        let text = String::from_utf8_lossy(text);
        if let Ok(regex) = Regex::new(&pattern) {
            let mut budget = 200_000u64;
            let mut from = Some(0);
            while let Some(start) = from {
                let Ok(Some(captures)) = regex.search(&text, start, &mut budget) else {
                    break;
                };
                from = Regex::next_start(&text, captures.whole());
            }
        }
        eprintln!("regex/{name}: ok");
    }
}

/// HOCON texts the reader's target (`hocon`) once failed on: each reads to data or an error within
/// the target's 200,000 steps, never a panic or a hang.
#[test]
fn hocon_regressions() {
    for (name, data) in inputs("hocon") {
        let read = puppet_core::hocon_data(&String::from_utf8_lossy(&data), 200_000);
        eprintln!("hocon/{name}: {:?}", read.map(|_| "data"));
    }
}
