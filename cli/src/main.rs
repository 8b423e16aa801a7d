//! puppet-eval: evaluate Puppet code from a file, `-e` or stdin, a REPL on a terminal; `--json`/`--jsonl` speak the oracle protocol.

mod allocator;
mod ctrl_c;
mod diff_cmd;
mod diff_compile;
mod diff_json;
mod diff_markdown;
mod diff_nodes;
mod diff_text;
mod diff_version;
mod explain_cmd;
mod lint_cmd;
mod lookup_cmd;
mod parse_cmd;
mod place;
mod references_cmd;
mod repl;
mod run;

use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;

use puppet_cli::workspace::EnvSource;
use puppet_cli::{bounded_read, protocol};

/// A faster allocator than the system's for the engine's many small allocations (cli/Cargo.toml,
/// cli/src/allocator.rs).
#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

use puppet_core::{CancelFlag, EvalOptions, MainCode, Strictness};

const USAGE: &str = "\
usage: puppet-eval [OPTIONS] (-e CODE | FILE | -)   evaluate Puppet code (stdin when no code is given)
       puppet-eval [OPTIONS] --env DIR               compile the environment DIR's manifests/
       puppet-eval [OPTIONS] --jsonl < cases.jsonl   one {\"id\",\"src\"} case per line, one result line each
                                                    (a case's \"files\": {path: text} are its own environment)
       puppet-eval parse [--ast] [--tokens] PATH...  parse files and folders (.pp, .epp)
       puppet-eval lint [--fix] [--json] PATH...     puppet-lint's checks and fixes
                                                    (puppet-eval lint --help: its options)
       puppet-eval lookup [OPTIONS] KEY...           look keys up in Hiera as puppet lookup does
                                                    (puppet-eval lookup --help: its options)
       puppet-eval explain [--env DIR] FILE:LINE:COL  what the playground's hover shows there: the value
                                                    and type evaluated there, the name's signatures
       puppet-eval references [--env DIR] FILE:LINE:COL  every place that names what is there
                                                    (its definition included), as PATH:LINE:COL
       puppet-eval diff FROM TO [--nodes DIR]       what a change does to the nodes' catalogs
                                                    (puppet-eval diff --help: its options)
       puppet-eval lsp [--stdio | --tcp PORT]        the language server (LSP 3.17) for editors
                                                    (puppet-eval lsp --help: its settings)
       puppet-eval                                  an interactive session, when started on a terminal

options:
  --env DIR                the environment directory (manifests/, modules/, ...): classes, defined
                           types, functions, type aliases and templates are autoloaded from its
                           modules; -e CODE or FILE replace its manifests/, as with puppet apply
  --modulepath DIR[:DIR]   module directories searched after the environment's own (folders
                           named by module name)
  --hiera_config FILE      the global Hiera layer's hiera.yaml (its datadir is beside it)
  --allow-links-to DIR[:DIR]   directories outside the environment its symbolic links may lead
                           into (links are followed only inside the environment, the module
                           directories given and the modules they link in)
  --certname=NAME          compile for the node NAME as puppet apply does: node definitions are
                           matched against it, $trusted is set (default with --env or
                           --modulepath: playground; otherwise the program is evaluated alone)
  -v, --verbose            also print info log lines (default: notice and above, as puppet apply)
  -d, --debug              also print info and debug log lines
  --type                   also print type(value)
  --catalog                also print the compiled catalog's classes and resources, as a manifest
                           (with --json and --jsonl: a \"catalog\" field, [[\"Type[title]\", [[param, %p]]]])
  --json                   print {\"value\",\"type\",\"generalized\",\"logs\",\"error\"} as the oracle does
  --strict=error|warning|off   Puppet's `strict` setting (default: error, as in Puppet 8)
  --facts=FILE|PRESET      the node's facts, a JSON object (`puppet facts show` prints one), or
                           a preset's name (debian-11, debian-12, ubuntu-20.04, redhat-8, redhat-9,
                           rocky-8, almalinux-8, centos-9, windows-2019: facts/presets/): `$facts`
                           and a top-scope variable per fact (default: no facts, `$facts` is {})
  --stdlib=9.7|8.5         which puppetlabs-stdlib the built-in one follows when the environment has
                           no stdlib module (default: 9.7, as current modules require; 8.5 keeps
                           the validate_* and is_* functions stdlib 9 removed, without warnings)
  --max-steps=N            the step budget (default: 10000000); Ctrl+C cancels a running evaluation
  -V, --version            print the version";

/// The node an environment compiles for unless `--certname` names another.
const DEFAULT_CERTNAME: &str = "playground";

struct Args {
    log_level: puppet_core::LogLevel,
    env: EnvSource,
    code: Option<String>,
    file: Option<String>,
    show_type: bool,
    show_catalog: bool,
    json: bool,
    jsonl: bool,
    options: EvalOptions,
}

fn parse_strictness(text: &str) -> Result<Strictness, String> {
    match text {
        "error" => Ok(Strictness::Error),
        "warning" => Ok(Strictness::Warning),
        "off" => Ok(Strictness::Off),
        other => Err(format!(
            "--strict takes error, warning or off, not '{other}'"
        )),
    }
}

fn parse_args() -> Result<Option<Args>, String> {
    use lexopt::prelude::*;
    let mut args = Args {
        log_level: puppet_core::LogLevel::Notice,
        env: EnvSource::default(),
        code: None,
        file: None,
        show_type: false,
        show_catalog: false,
        json: false,
        jsonl: false,
        options: EvalOptions {
            now: puppet_cli::clock::now(),
            ..EvalOptions::default()
        },
    };
    let mut parser = lexopt::Parser::from_env();
    let text = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(text)? {
        match arg {
            Short('e') | Long("execute") => {
                args.code = Some(parser.value().map_err(text)?.string().map_err(text)?)
            }
            Long("env") => {
                let dir = parser.value().map_err(text)?.string().map_err(text)?;
                let path = std::path::PathBuf::from(&dir);
                if !path.is_dir() {
                    return Err(format!("--env {dir}: not a directory"));
                }
                args.env.dir = Some(path);
            }
            Long("modulepath") => {
                let value = parser.value().map_err(text)?.string().map_err(text)?;
                for dir in value.split(':').filter(|d| !d.is_empty()) {
                    let absolute = std::fs::canonicalize(dir)
                        .map_err(|e| format!("--modulepath {dir}: {e}"))?;
                    args.env.modulepath.push(absolute);
                }
            }
            Long("allow-links-to") => {
                let value = parser.value().map_err(text)?.string().map_err(text)?;
                args.env.link_targets = puppet_cli::workspace::link_targets(&value)?;
            }
            Long("certname") => {
                let name = parser.value().map_err(text)?.string().map_err(text)?;
                if name.is_empty() {
                    return Err("--certname takes a node name".into());
                }
                args.options.certname = Some(name);
            }
            Long("verbose") | Short('v') => {
                if args.log_level != puppet_core::LogLevel::Debug {
                    args.log_level = puppet_core::LogLevel::Info;
                }
            }
            Long("debug") | Short('d') => args.log_level = puppet_core::LogLevel::Debug,
            Long("hiera_config") | Long("hiera-config") => {
                let file = parser.value().map_err(text)?.string().map_err(text)?;
                let absolute = puppet_cli::workspace::global_hiera_path(&file)?;
                args.env.global_hiera = Some(absolute.to_string_lossy().into_owned());
            }
            Long("type") => args.show_type = true,
            Long("catalog") => args.show_catalog = true,
            Long("max-steps") => {
                let value = parser.value().map_err(text)?.string().map_err(text)?;
                args.options.limits.max_steps = value
                    .parse()
                    .map_err(|_| format!("--max-steps takes a number of steps, not '{value}'"))?;
            }
            Long("json") => args.json = true,
            Long("jsonl") => args.jsonl = true,
            Long("facts") => {
                let value = parser.value().map_err(text)?.string().map_err(text)?;
                args.options.facts = Some(puppet_cli::facts_presets::facts_for(&value, |path| {
                    read_text(path, "the facts file")
                })?);
            }
            Long("strict") => {
                let value = parser.value().map_err(text)?.string().map_err(text)?;
                args.options.strict = parse_strictness(&value)?;
            }
            Long("stdlib") => {
                let value = parser.value().map_err(text)?.string().map_err(text)?;
                args.options.stdlib = puppet_core::BuiltinStdlib::parse(&value)
                    .ok_or_else(|| format!("--stdlib takes 9.7 or 8.5, not '{value}'"))?;
            }
            Short('h') | Long("help") => {
                println!("{USAGE}");
                return Ok(None);
            }
            Short('V') | Long("version") => {
                println!("puppet-eval {}", puppet_core::VERSION);
                return Ok(None);
            }
            Value(path) if args.file.is_none() => {
                args.file = Some(
                    path.string()
                        .map_err(|p| format!("path {p:?} is not UTF-8"))?,
                )
            }
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    Ok(Some(args))
}

fn main() -> ExitCode {
    // The whole program runs on a big stack: deep Puppet programs stop at the engine's limits.
    protocol::on_big_stack(real_main).unwrap_or(ExitCode::FAILURE)
}

/// The process's memory in the system's small pages only. mimalloc asks Linux for huge pages
/// (2 MiB, `MADV_HUGEPAGE`) on the region it allocates from; the first touch of each then zeroes
/// all 2 MiB, of which a run of a few milliseconds uses a little: each thread's first allocation
/// cost a huge page (bench/README.md). The setting is the process's own and holds for memory
/// already mapped. It is made as the program is loaded (an `.init_array` entry), before Rust's
/// runtime starts: the runtime allocates before `main`, and that first allocation touched the
/// main thread's region in a huge page (a sixth of `puppet-eval -e 1`'s time, and a slower
/// `--env` after it: tests/small_pages.rs).
#[cfg(any(target_os = "linux", target_os = "android"))]
#[used]
#[link_section = ".init_array"]
static WITHOUT_HUGE_PAGES: extern "C" fn() = without_huge_pages;

/// See [`WITHOUT_HUGE_PAGES`].
#[cfg(any(target_os = "linux", target_os = "android"))]
extern "C" fn without_huge_pages() {
    // SAFETY: a system call with integer arguments only; it reads and writes no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn real_main() -> ExitCode {
    let arguments: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if arguments.first().map(String::as_str) == Some("parse") {
        return parse_cmd::run(&arguments[1..]);
    }
    if arguments.first().map(String::as_str) == Some("lint") {
        return lint_cmd::run(&arguments[1..]);
    }
    if arguments.first().map(String::as_str) == Some("explain") {
        return explain_cmd::run(&arguments[1..]);
    }
    if arguments.first().map(String::as_str) == Some("references") {
        return references_cmd::run(&arguments[1..]);
    }
    if arguments.first().map(String::as_str) == Some("diff") {
        return diff_cmd::run(&arguments[1..]);
    }
    if arguments.first().map(String::as_str) == Some("lsp") {
        return puppet_cli::lsp::run(&arguments[1..]);
    }
    if arguments.first().map(String::as_str) == Some("lookup") {
        return lookup_cmd::run(&arguments[1..]);
    }
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => return ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("puppet-eval: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut args = args;
    args.options.cancel = Some(cancel_on_ctrl_c());
    // Automatic parameter lookups explain themselves in the debug log only where it is read:
    // `--debug`, and the JSON outputs, which carry every log.
    args.options.explain_automatic_lookups =
        args.json || args.jsonl || args.log_level == puppet_core::LogLevel::Debug;
    // With an environment, a program compiles for a node as `puppet apply` does.
    let compile = !args.env.is_empty() || args.options.certname.is_some();
    if compile && args.options.certname.is_none() {
        args.options.certname = Some(DEFAULT_CERTNAME.into());
    }
    let report = protocol::Report {
        catalog: args.show_catalog,
        compile,
    };
    if args.jsonl {
        return run::jsonl(&args.env, &args.options, report);
    }
    let environment_only = args.code.is_none() && args.file.is_none() && args.env.dir.is_some();
    if args.code.is_none() && args.file.is_none() && !environment_only && io::stdin().is_terminal()
    {
        return repl::run(&args.options);
    }
    let main = if environment_only {
        None
    } else {
        match read_source(&args) {
            Ok((text, name)) => Some(MainCode { name, text }),
            Err(message) => {
                eprintln!("puppet-eval: {message}");
                return ExitCode::from(2);
            }
        }
    };
    // One compile, then the process ends: its evaluator is left for the exit to take back.
    args.options.leave_memory_at_end = true;
    if args.json {
        return run::json(&args.env, main, &args.options, report);
    }
    let show = run::Show {
        value_type: args.show_type,
        catalog: args.show_catalog,
        log_level: args.log_level,
    };
    // Printed without `--catalog`, the catalog's final form would be made for nothing.
    args.options.catalog_unread = !args.show_catalog;
    run::plain(&args.env, main, &args.options, show)
}

/// Ctrl+C cancels the running evaluation (it ends with "evaluation was cancelled"); a second
/// Ctrl+C before the program notices, or while it waits for input, ends the process (status 130).
fn cancel_on_ctrl_c() -> CancelFlag {
    let flag = CancelFlag::new();
    if let Err(e) = ctrl_c::cancel_on_ctrl_c(flag.clone()) {
        eprintln!("puppet-eval: Ctrl+C will not cancel evaluations: {e}");
    }
    flag
}

/// Where the code comes from: `-e`, a file, or standard input; and the name to report it under.
fn read_source(args: &Args) -> Result<(String, String), String> {
    if let Some(code) = &args.code {
        return Ok((code.clone(), protocol::SNIPPET_FILE.into()));
    }
    let (bytes, name) = match args.file.as_deref() {
        Some(path) if path != "-" => (
            bounded_read::read_file(Path::new(path), bounded_read::file_limit())
                .map_err(|e| format!("cannot read {path}: {e}"))?,
            path.to_string(),
        ),
        _ => (
            bounded_read::read_stdin(bounded_read::file_limit())
                .map_err(|e| format!("cannot read standard input: {e}"))?,
            "<stdin>".to_string(),
        ),
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name} is not valid UTF-8 (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok((text, name))
}

/// The text of a file the user named (`what` says what it is for the message), through the
/// bounded reader.
pub fn read_text(path: &str, what: &str) -> Result<String, String> {
    bounded_read::read_text(Path::new(path), bounded_read::file_limit())
        .map_err(|e| format!("cannot read {what} {path}: {e}"))
}
