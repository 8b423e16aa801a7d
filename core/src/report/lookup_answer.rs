//! The answer to a question asked of an environment's Hiera data (`puppet lookup --explain`), as
//! an editor shows it (the full engine's: the light one reads no YAML).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{DiagnosticReport, LogReport, OffsetEncoding, Places};
use crate::compile::LookupAnswer;
use crate::{types, value};

/// The answer to a lookup asked of an environment's data.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "LookupAnswer"))]
pub struct LookupReport {
    /// Whether a value was found (or the default given).
    pub found: bool,
    /// The value in Puppet's `%p` form, and its type.
    pub value: Option<String>,
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub type_: Option<String>,
    /// The explanation as `puppet lookup --explain` prints it.
    pub explanation: Option<String>,
    /// Why nothing was found, or why the lookup failed as lookups fail (a data file's syntax).
    pub failure: Option<String>,
    /// An error that stops the lookup (a wrong hiera.yaml, a value of the wrong type).
    pub error: Option<DiagnosticReport>,
    pub logs: Vec<LogReport>,
}

/// The report of a lookup's answer, offsets counted by `encoding`.
pub fn lookup_report(answer: &LookupAnswer, encoding: &mut dyn OffsetEncoding) -> LookupReport {
    let mut places = Places::new(&answer.sources, encoding);
    LookupReport {
        found: answer.value.is_some(),
        value: answer.value.as_ref().map(value::programmatic),
        type_: answer.value.as_ref().map(|v| types::infer(v).to_string()),
        explanation: answer.explanation.clone(),
        failure: answer.lookup_failure.clone(),
        error: answer.error.as_ref().map(|d| places.diagnostic(d)),
        logs: answer.logs.iter().map(|entry| places.log(entry)).collect(),
    }
}
