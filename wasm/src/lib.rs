//! puppet-wasm: the browser facade; `evaluate(source)` returns plain data with UTF-16 positions.

mod positions;

use puppet_core::{types, value, EvalOptions, LineIndex};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use positions::Utf16Positions;

/// One diagnostic, with positions in UTF-16 code units (what the browser editor counts).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JsDiagnostic {
    pub message: String,
    pub severity: &'static str,
    pub code: &'static str,
    /// UTF-16 offsets of the start and end of the span.
    pub start: u32,
    pub end: u32,
    /// 1-based line; 1-based column counted in characters, as Puppet reports it.
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsLog {
    pub level: &'static str,
    pub message: String,
}

/// What `evaluate` returns to JavaScript.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsOutcome {
    /// The value in Puppet's `%p` form, or null when evaluation failed.
    pub value: Option<String>,
    /// `type(value)` as Puppet prints it.
    #[serde(rename = "type")]
    pub type_: Option<String>,
    /// `type(value, 'generalized')`.
    pub generalized: Option<String>,
    pub logs: Vec<JsLog>,
    pub diagnostics: Vec<JsDiagnostic>,
}

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    puppet_core::VERSION.into()
}

/// Evaluate Puppet source and return `{ value, type, generalized, logs, diagnostics }`.
#[wasm_bindgen]
pub fn evaluate(source: &str) -> Result<JsValue, JsError> {
    let outcome = evaluate_to_data(source);
    // JSON-compatible: `None` becomes `null` (not `undefined`) and maps become plain objects.
    outcome
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The plain-data form of an evaluation (testable natively).
pub fn evaluate_to_data(source: &str) -> JsOutcome {
    let outcome = puppet_core::evaluate(source, &EvalOptions::default());
    let index = LineIndex::new(source);
    let utf16 = Utf16Positions::new(source);
    let diagnostics = outcome
        .diagnostics
        .iter()
        .map(|d| {
            let start = index.line_col(source, d.span.start);
            let end = index.line_col(source, d.span.end);
            JsDiagnostic {
                message: format!("{}{}", d.stage.error_prefix(), d.message),
                severity: d.severity.as_str(),
                code: d.code,
                start: utf16.offset(d.span.start),
                end: utf16.offset(d.span.end),
                line: start.line,
                column: start.column,
                end_line: end.line,
                end_column: end.column,
            }
        })
        .collect();
    let logs = outcome
        .logs
        .iter()
        .map(|entry| JsLog {
            level: entry.level.as_str(),
            message: entry.message.clone(),
        })
        .collect();
    let failed = outcome.error().is_some();
    let (value, type_, generalized) = match outcome.value.as_ref().filter(|_| !failed) {
        Some(v) => {
            let inferred = types::infer(v);
            (
                Some(value::programmatic(v)),
                Some(inferred.to_string()),
                Some(inferred.generalize().to_string()),
            )
        }
        None => (None, None, None),
    };
    JsOutcome {
        value,
        type_,
        generalized,
        logs,
        diagnostics,
    }
}
