//! `puppet-eval lookup`: keys looked up in an environment's Hiera data for a node's facts, printed
//! as `puppet lookup` prints them (the value as YAML, or with `--explain` how it was found).

use std::process::ExitCode;
use std::time::Instant;

use puppet_cli::workspace::EnvSource;
use puppet_core::{EvalOptions, LogLevel};
use puppet_core::{LookupQuery, QueryProblem};

pub const USAGE: &str = "\
usage: puppet-eval lookup [OPTIONS] KEY...
       looks the keys up in Hiera (the global, environment and module layers) as `puppet lookup`
       does and prints the first value found, as YAML; exit status 1 when none is found

options:
  --env DIR                the environment directory (default: the current directory)
  --modulepath DIR[:DIR]   module directories searched after the environment's own
  --hiera_config FILE      the global Hiera layer's hiera.yaml
  --allow-links-to DIR[:DIR]   directories outside the environment its symbolic links may lead into
  --facts FILE|PRESET      the node's facts, a JSON object (as `puppet facts show` prints), or a
                           preset's name (debian-12, redhat-9, ...: facts/presets/)
  --node NAME              the node's certname, in $trusted (default: playground)
  --explain                print how the value was found (or not) instead of the value
  --explain-options        print how the keys' lookup_options were found
  --merge STRATEGY         first, unique, hash or deep (default: the keys' lookup_options, else first)
  --knock-out-prefix TEXT  deep merge: values starting with TEXT remove what they name
  --sort-merged-arrays     deep merge: sort merged arrays
  --merge-hash-arrays      deep merge: merge hashes inside arrays
  --type TYPE              the type the value must have (a Puppet type: 'Array[String]')
  --default VALUE          the value when no key is found
  --render-as FORMAT       yaml (default), json, pson or s
  --time                   also print how long the lookup took, on standard error";

struct Options {
    env: EnvSource,
    eval: EvalOptions,
    query: LookupQuery,
    render_as: Option<String>,
    time: bool,
}

fn parse_options(args: &[String]) -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        env: EnvSource::default(),
        eval: EvalOptions {
            now: puppet_cli::clock::now(),
            ..EvalOptions::default()
        },
        query: LookupQuery::default(),
        render_as: None,
        time: false,
    };
    let mut parser = lexopt::Parser::from_args(args.iter().cloned());
    let text = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(text)? {
        match arg {
            Long("env") => {
                let dir = value(&mut parser)?;
                let path = std::path::PathBuf::from(&dir);
                if !path.is_dir() {
                    return Err(format!("--env {dir}: not a directory"));
                }
                options.env.dir = Some(path);
            }
            Long("modulepath") => {
                for dir in value(&mut parser)?.split(':').filter(|d| !d.is_empty()) {
                    let absolute = std::fs::canonicalize(dir)
                        .map_err(|e| format!("--modulepath {dir}: {e}"))?;
                    options.env.modulepath.push(absolute);
                }
            }
            Long("allow-links-to") => {
                options.env.link_targets =
                    puppet_cli::workspace::link_targets(&value(&mut parser)?)?;
            }
            Long("hiera_config") | Long("hiera-config") => {
                let file = value(&mut parser)?;
                let absolute = puppet_cli::workspace::global_hiera_path(&file)?;
                options.env.global_hiera = Some(absolute.to_string_lossy().into_owned());
            }
            Long("facts") => {
                let value = value(&mut parser)?;
                options.eval.facts = Some(puppet_cli::facts_presets::facts_for(&value, |path| {
                    crate::read_text(path, "the facts file")
                })?);
            }
            Long("node") | Long("certname") => options.eval.certname = Some(value(&mut parser)?),
            Long("explain") => options.query.explain = true,
            Long("explain-options") => options.query.explain_options = true,
            Long("merge") => options.query.merge = Some(value(&mut parser)?),
            Long("knock-out-prefix") => options.query.knockout_prefix = Some(value(&mut parser)?),
            Long("sort-merged-arrays") => options.query.sort_merged_arrays = true,
            Long("merge-hash-arrays") => options.query.merge_hash_arrays = true,
            Long("type") => options.query.value_type = Some(value(&mut parser)?),
            Long("default") => {
                options.query.default = Some(puppet_core::Value::string(&value(&mut parser)?))
            }
            Long("render-as") => options.render_as = Some(value(&mut parser)?),
            Long("time") => options.time = true,
            Short('h') | Long("help") => {
                println!("{USAGE}");
                return Ok(None);
            }
            Value(key) => options.query.keys.push(
                key.string()
                    .map_err(|k| format!("key {k:?} is not UTF-8"))?,
            ),
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    if options.env.dir.is_none() {
        options.env.dir = Some(std::path::PathBuf::from("."));
    }
    Ok(Some(options))
}

/// The value an option takes.
fn value(parser: &mut lexopt::Parser) -> Result<String, String> {
    use lexopt::ValueExt;
    let text = |e: lexopt::Error| e.to_string();
    parser.value().map_err(text)?.string().map_err(text)
}

/// Runs `lookup` with the arguments after the word `lookup`.
pub fn run(args: &[String]) -> ExitCode {
    let options = match parse_options(args) {
        Ok(Some(options)) => options,
        Ok(None) => return ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("puppet-eval lookup: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // Puppet's checks of the options come first, with a pointer to the help.
    if let Err(problem) = options.query.check() {
        let help = match problem {
            QueryProblem::NoKeys => "",
            _ => "\nRun 'puppet-eval lookup --help' for more details",
        };
        eprintln!("Error: Could not run: {}{help}", problem.message());
        return ExitCode::FAILURE;
    }
    let explaining = options.query.explain || options.query.explain_options;
    let format = options
        .render_as
        .as_deref()
        .unwrap_or(if explaining { "s" } else { "yaml" });
    if !matches!(format, "yaml" | "json" | "pson" | "s") {
        eprintln!("Error: Could not run: Unknown rendering format '{format}'");
        return ExitCode::FAILURE;
    }
    if explaining && format != "s" {
        eprintln!("puppet-eval lookup: --explain prints its text form only (--render-as s)");
        return ExitCode::from(2);
    }
    let started = Instant::now();
    let (answer, notes) = options
        .env
        .with_environment_noted(None, &options.eval, |env| {
            puppet_core::lookup(env, &options.eval, &options.query)
        });
    let elapsed = started.elapsed();
    let reported: Vec<String> = answer.error.iter().map(|e| e.message.clone()).collect();
    notes.print(&reported);
    // A file the directories left out that the answer does not name: the lookup did not see the
    // environment whole.
    let incomplete = notes.left_out(&reported);
    for entry in &answer.logs {
        if matches!(entry.level, LogLevel::Debug | LogLevel::Info) {
            continue;
        }
        eprintln!("{}", puppet_cli::render::log_line(entry));
    }
    if options.time {
        eprintln!("lookup: {:.3} ms", elapsed.as_secs_f64() * 1000.0);
    }
    if let Some(error) = &answer.error {
        eprintln!("Error: Could not run: {}", error.message);
        return ExitCode::FAILURE;
    }
    if incomplete {
        eprintln!(
            "Error: Could not run: files of the environment were refused or left out (above)"
        );
        return ExitCode::FAILURE;
    }
    if explaining {
        print!("{}", answer.explanation.as_deref().unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    let Some(value) = &answer.value else {
        return ExitCode::FAILURE;
    };
    match puppet_cli::ruby_render::render(value, format) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("Error: Could not run: {message}");
            ExitCode::FAILURE
        }
    }
}
