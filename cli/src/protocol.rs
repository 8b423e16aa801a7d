//! The JSON protocol shared with the oracle: one case in, `{value, type, generalized, logs, error}` out.

use puppet_core::{
    catalog_text, syntax, types, value, Diagnostic, EvalOptions, MainCode, Outcome, Sources, Stage,
};
use serde::{Deserialize, Serialize};

use crate::workspace::EnvSource;

/// The file name Puppet reports for code that did not come from a file.
pub const SNIPPET_FILE: &str = puppet_core::SNIPPET_FILE;

/// Where a case's global hiera.yaml is read (its data beside it, under `@global/`).
pub const GLOBAL_HIERA: &str = "@global/hiera.yaml";

/// A compiled catalog as the goldens list it: `[("Type[title]", [(parameter, %p)])]`.
pub type Listing = Vec<(String, Vec<(String, String)>)>;

/// One case of a JSON Lines run.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    #[serde(default)]
    pub id: serde_json::Value,
    pub src: String,
    /// The node's facts for this case (a JSON object), instead of the run's.
    #[serde(default)]
    pub facts: Option<serde_json::Value>,
    /// The case's own environment: its files by relative path. With files, an empty `src`
    /// compiles the environment's `manifests/` (as `puppet apply -e ''` does).
    #[serde(default)]
    pub files: Option<serde_json::Map<String, serde_json::Value>>,
    /// The global Hiera layer's hiera.yaml (Puppet's `hiera_config`), and files of its folder
    /// (its data): they are read as `@global/hiera.yaml` and `@global/<path>`.
    #[serde(default)]
    pub global_hiera: Option<String>,
    #[serde(default)]
    pub global_data: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The result of one case, with exactly the fields and meanings of the oracle's output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseResult {
    pub value: Option<String>,
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub generalized: Option<String>,
    pub logs: Vec<String>,
    pub error: Option<String>,
    /// The compiled catalog (null when the compile failed), when it was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<Option<Listing>>,
}

/// Stack for an evaluation thread: the engine's depth limits are sized for this much stack.
pub const EVAL_STACK_BYTES: usize = 256 * 1024 * 1024;

/// Run `work` on a thread with [`EVAL_STACK_BYTES`] of stack (reserved, not committed, memory),
/// so deep programs end with the engine's own limit diagnostics, never a stack overflow.
/// `None` when the thread could not start or the work panicked.
pub fn on_big_stack<T: Send>(work: impl FnOnce() -> T + Send) -> Option<T> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(EVAL_STACK_BYTES)
            .spawn_scoped(scope, work)
            .ok()?
            .join()
            .ok()
    })
}

/// End the process with `status` once what it printed is flushed, from any thread, without
/// unwinding: what is still allocated (an outcome, a big stack) is the system's to take back.
///
/// On Unix the process ends at once (`_exit`), without the C library's exit handlers: the only
/// one with work to do was mimalloc's, which handed the heap's pages back to the system one
/// region at a time (about twenty `madvise` calls after a whole `--env` compile, each making the
/// other core drop its cached mappings) just before the system took them all back anyway.
pub fn exit_now(status: u8) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // A build for profile-guided optimisation (scripts/build-pgo.sh) writes the counts it
    // gathered here: `_exit` skips the exit handler that would write them.
    #[cfg(pgo_training)]
    {
        extern "C" {
            fn __llvm_profile_write_file() -> std::ffi::c_int;
        }
        // SAFETY: LLVM's profiling runtime, linked into such a build, writes its counters to the
        // file it was told of and touches nothing of ours. A thread still running (the read-ahead)
        // may bump a counter as it is read: a count off by one, in a training run only.
        unsafe {
            __llvm_profile_write_file();
        }
    }
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process; it touches no memory of ours. What the program wrote
    // through Rust's streams is flushed above, and it writes nothing through C's.
    unsafe {
        libc::_exit(i32::from(status))
    }
    #[cfg(not(unix))]
    std::process::exit(i32::from(status))
}

/// What a run reports besides the oracle's fields.
#[derive(Debug, Clone, Copy, Default)]
pub struct Report {
    /// The compiled catalog, in the goldens' shape.
    pub catalog: bool,
    /// Report as a whole compile does (`env_oracle.rb`, `puppet apply`): the errors of the checks
    /// that finish it count, and the main code's syntax errors say that parsing failed. Without
    /// it, as `pp_oracle.rb` evaluates a program on its own.
    pub compile: bool,
}

/// Evaluate one program and describe the result as the oracle does (on a big stack; an internal
/// failure becomes the case's error).
pub fn run_case(source: &str, file: &str, options: &EvalOptions) -> CaseResult {
    let main = MainCode {
        name: file.into(),
        text: source.into(),
    };
    run_in(
        &EnvSource::default(),
        Some(main),
        options,
        Report::default(),
    )
}

/// Compile `main` (or the environment's `manifests/`) in an environment and describe the result.
pub fn run_in(
    env: &EnvSource,
    main: Option<MainCode>,
    options: &EvalOptions,
    report: Report,
) -> CaseResult {
    on_big_stack(|| env.compile(main, options, |outcome| describe(outcome, report))).unwrap_or_else(
        || CaseResult {
            value: None,
            type_: None,
            generalized: None,
            logs: Vec::new(),
            error: Some("Internal error: the evaluator failed on this case".into()),
            catalog: report.catalog.then_some(None),
        },
    )
}

/// The compiled catalog of an outcome in the goldens' shape.
pub fn listing(outcome: &Outcome) -> Listing {
    outcome
        .catalog
        .iter()
        .map(|resource| {
            let parameters = resource
                .parameters
                .iter()
                .map(|(name, value)| (name.clone(), catalog_text(value)))
                .collect();
            (resource.reference(), parameters)
        })
        .collect()
}

/// An outcome as the oracle describes it.
pub fn describe(outcome: &Outcome, report: Report) -> CaseResult {
    let sources = &outcome.sources;
    let logs = outcome
        .logs
        .iter()
        .map(|entry| format!("{}: {}", entry.level.as_str(), entry.message))
        .collect();
    if let Some(summary) = syntax::validation_summary(&outcome.diagnostics) {
        // Puppet logs each validation finding, then gives up without a position.
        let logs = outcome.diagnostics.iter().map(|d| {
            let level = if d.is_error() { "err" } else { "warning" };
            format!("{level}: {}", d.message)
        });
        let file = outcome
            .diagnostics
            .first()
            .map_or_else(|| SNIPPET_FILE.into(), |d| sources.path_at(d.span.start));
        // A compile names the environment when its main manifest does not validate.
        let in_main = outcome
            .diagnostics
            .first()
            .is_some_and(|d| outcome.is_main_code(d.span));
        let prefix = if report.compile && in_main {
            "Could not parse for environment production: "
        } else {
            ""
        };
        return CaseResult {
            value: None,
            type_: None,
            generalized: None,
            logs: logs.collect(),
            error: Some(format!("{prefix}{summary} (file: {file})")),
            catalog: report.catalog.then_some(None),
        };
    }
    // pp_oracle.rb evaluates a program without finishing its compile (see `evaluation_error`).
    // The oracles compile without applying: dependency cycles are not theirs to report.
    let error = if report.compile {
        outcome.compile_error()
    } else {
        outcome.evaluation_error()
    };
    if let Some(error) = error {
        let mut text = error_text(sources, error);
        let parsing = matches!(error.stage, Stage::Syntax | Stage::Validation);
        if report.compile && parsing && outcome.is_main_code(error.span) {
            text = format!("Could not parse for environment production: {text}");
        }
        return CaseResult {
            value: None,
            type_: None,
            generalized: None,
            logs,
            error: Some(text),
            catalog: report.catalog.then_some(None),
        };
    }
    let catalog = report.catalog.then(|| match outcome.compile_error() {
        None => Some(listing(outcome)),
        Some(_) => None,
    });
    let value = outcome.value.clone().unwrap_or(puppet_core::Value::Undef);
    let inferred = types::infer(&value);
    CaseResult {
        value: Some(value::programmatic(&value)),
        type_: Some(inferred.to_string()),
        generalized: Some(inferred.generalize().to_string()),
        logs,
        error: None,
        catalog,
    }
}

/// An error as Puppet's first message line: prefix, message and `(file: F, line: L, column: C)`.
pub fn error_text(sources: &Sources, diagnostic: &Diagnostic) -> String {
    puppet_core::puppet_text(sources, diagnostic)
}

/// Run one JSON line (`{"id", "src", "facts", "files"}`) and return the JSON line of its result
/// with `id`, in a fresh environment (the case's `files`, or else the run's); a malformed line or
/// an internal failure becomes that case's `error`.
pub fn run_json_line(line: &str, options: &EvalOptions, env: &EnvSource, report: Report) -> String {
    let (id, result) = match serde_json::from_str::<Case>(line) {
        Ok(case) => {
            let options = match &case.facts {
                Some(facts) => EvalOptions {
                    facts: Some(crate::facts::facts_text(facts)),
                    ..options.clone()
                },
                None => options.clone(),
            };
            let (env, main) = case_environment(&case, env);
            // A case with its own environment compiles as `puppet apply` does, for a node.
            let (options, report) = if case.files.is_some() {
                let options = EvalOptions {
                    certname: options
                        .certname
                        .clone()
                        .or_else(|| Some("playground".into())),
                    ..options
                };
                let report = Report {
                    compile: true,
                    ..report
                };
                (options, report)
            } else {
                (options, report)
            };
            (case.id, run_in(&env, main, &options, report))
        }
        Err(e) => return invalid_line_answer(&e.to_string(), report),
    };
    answer_line(id, &result)
}

/// The answer to a line that is not a case: no id, the error saying why.
pub fn invalid_line_answer(why: &str, report: Report) -> String {
    let result = CaseResult {
        value: None,
        type_: None,
        generalized: None,
        logs: Vec::new(),
        error: Some(format!("Invalid case line: {why}")),
        catalog: report.catalog.then_some(None),
    };
    answer_line(serde_json::Value::Null, &result)
}

/// One answer line: the case's id, then the result's fields.
fn answer_line(id: serde_json::Value, result: &CaseResult) -> String {
    let mut object = serde_json::Map::new();
    object.insert("id".into(), id);
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(result) {
        object.extend(fields);
    }
    serde_json::Value::Object(object).to_string()
}

/// A case's environment and main code: its own files when it has them (an empty `src` then
/// compiles their `manifests/`), else the run's environment with `src` as the main code.
pub fn case_environment(case: &Case, env: &EnvSource) -> (EnvSource, Option<MainCode>) {
    let snippet = || MainCode {
        name: SNIPPET_FILE.into(),
        text: case.src.clone(),
    };
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    match &case.files {
        Some(files) => {
            let mut files: Vec<(String, String)> = files
                .iter()
                .map(|(path, content)| (path.clone(), text(content)))
                .collect();
            let global = case.global_hiera.is_some() || case.global_data.is_some();
            if let Some(config) = &case.global_hiera {
                files.push((GLOBAL_HIERA.into(), config.clone()));
            }
            for (path, content) in case.global_data.iter().flatten() {
                files.push((format!("@global/{path}"), text(content)));
            }
            let main = (!case.src.is_empty()).then(snippet);
            let mut env = env.with_files(files);
            if global {
                env.global_hiera = Some(GLOBAL_HIERA.into());
            }
            (env, main)
        }
        None => (env.clone(), Some(snippet())),
    }
}
