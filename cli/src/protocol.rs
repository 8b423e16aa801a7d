//! The JSON protocol shared with the oracle: one case in, `{value, type, generalized, logs, error}` out.

use puppet_core::{evaluate, syntax, types, value, Diagnostic, EvalOptions, LineIndex};
use serde::{Deserialize, Serialize};

/// The file name Puppet reports for code that did not come from a file.
pub const SNIPPET_FILE: &str = "snippet.pp";

/// One case of a JSON Lines run.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    #[serde(default)]
    pub id: serde_json::Value,
    pub src: String,
    /// The node's facts for this case (a JSON object), instead of the run's.
    #[serde(default)]
    pub facts: Option<serde_json::Value>,
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

/// Evaluate one program and describe the result as the oracle does (on a big stack; an internal
/// failure becomes the case's error).
pub fn run_case(source: &str, file: &str, options: &EvalOptions) -> CaseResult {
    on_big_stack(|| describe(source, file, options)).unwrap_or_else(|| CaseResult {
        value: None,
        type_: None,
        generalized: None,
        logs: Vec::new(),
        error: Some("Internal error: the evaluator failed on this case".into()),
    })
}

fn describe(source: &str, file: &str, options: &EvalOptions) -> CaseResult {
    let outcome = evaluate(source, options);
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
        return CaseResult {
            value: None,
            type_: None,
            generalized: None,
            logs: logs.collect(),
            error: Some(format!("{summary} (file: {file})")),
        };
    }
    // The oracle evaluates a program without finishing its compile (see `evaluation_error`).
    if let Some(error) = outcome.evaluation_error() {
        return CaseResult {
            value: None,
            type_: None,
            generalized: None,
            logs,
            error: Some(error_text(source, file, error)),
        };
    }
    let value = outcome.value.unwrap_or(puppet_core::Value::Undef);
    let inferred = types::infer(&value);
    CaseResult {
        value: Some(value::programmatic(&value)),
        type_: Some(inferred.to_string()),
        generalized: Some(inferred.generalize().to_string()),
        logs,
        error: None,
    }
}

/// Diagnostics whose position Puppet gives as a line without a column.
const LINE_ONLY_CODES: &[&str] = &[
    "ILLEGAL_CONTROL_FLOW",
    "DEFINE_INSTANCE",
    "CLASS_REDEFINED",
    "NODE_REDEFINED",
    "PARENT_NOT_FOUND",
    "DEFAULT_REDEFINED",
    "PARAMETER_REDEFINED",
    "OVERRIDE_NOT_ALLOWED",
    "DUPLICATE_OVERRIDE",
    "UNKNOWN_ATTRIBUTE",
    "OVERRIDE_EVALUATED",
];

/// An error as Puppet's first message line: prefix, message and `(file: F, line: L, column: C)`.
/// Like Puppet, a syntax error at the end of the input names only the file.
pub fn error_text(source: &str, file: &str, diagnostic: &Diagnostic) -> String {
    let prefix = diagnostic.stage.error_prefix();
    // Puppet's first line only, as the oracle keeps it.
    let message = diagnostic.message.lines().next().unwrap_or_default();
    if diagnostic.message.contains('\n') {
        // Puppet puts the position at the end of a multi-line message: the first line has none.
        return format!("{prefix}{message}");
    }
    if let Some(at) = diagnostic.template_at {
        return format!(
            "{prefix}{message} (file: inlined-epp-text, line: {}, column: {})",
            at.line, at.column
        );
    }
    let at_end = diagnostic.span.start as usize >= source.len();
    if at_end && diagnostic.code == "SYNTAX_ERROR" {
        return format!("{prefix}{message} (file: {file})");
    }
    if matches!(
        diagnostic.code,
        "BAD_REFERENCE"
            | "REDEFINE"
            | "LOOKUP_NOT_FOUND"
            | "RELATIONSHIP_NOT_FOUND"
            | "INSTANCE_INVALID"
            | "INVALID_REGEX"
    ) {
        // Puppet's compiler reports a bad reference given to `realize`, a chain arrow's missing
        // resource and an invalid instance it finds when it finishes, its loaders a redefined
        // function or type, and `lookup` a missing value, without a position; Ruby's error for a
        // pattern it does not compile (a literal when the manifest is parsed, `Regexp['(']`) goes
        // through bare.
        return message.to_string();
    }
    let position = LineIndex::new(source).line_col(source, diagnostic.span.start);
    if LINE_ONLY_CODES.contains(&diagnostic.code) {
        // Puppet knows only the line of these (a break/next/return that escaped, a defined type's
        // instance, a redefined class).
        return format!("{prefix}{message} (file: {file}, line: {})", position.line);
    }
    format!(
        "{prefix}{message} (file: {file}, line: {}, column: {})",
        position.line, position.column
    )
}

/// Run one JSON line (`{"id", "src"}`) and return the JSON line of its result with `id`, in a fresh
/// environment; a malformed line or an internal failure becomes that case's `error`.
pub fn run_json_line(line: &str, options: &EvalOptions) -> String {
    let (id, result) = match serde_json::from_str::<Case>(line) {
        Ok(Case {
            id,
            src,
            facts: Some(facts),
        }) => {
            let options = EvalOptions {
                facts: Some(crate::facts::json_to_puppet(&facts)),
                ..options.clone()
            };
            (id, run_case(&src, SNIPPET_FILE, &options))
        }
        Ok(case) => (case.id, run_case(&case.src, SNIPPET_FILE, options)),
        Err(e) => (
            serde_json::Value::Null,
            CaseResult {
                value: None,
                type_: None,
                generalized: None,
                logs: Vec::new(),
                error: Some(format!("Invalid case line: {e}")),
            },
        ),
    };
    let mut object = serde_json::Map::new();
    object.insert("id".into(), id);
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(&result) {
        object.extend(fields);
    }
    serde_json::Value::Object(object).to_string()
}
