//! Hiera as an editor shows it: the lookups a program made (kind, key, the value's `%p` text, the
//! call's place), and the answer to a question asked of the data (`puppet lookup --explain`).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::run::{cut, INLINE_MAX_BYTES};
use super::{DiagnosticReport, LogReport, OffsetEncoding, Places};
use crate::compile::LookupAnswer;
use crate::hiera::calls::{LookupCalls, LookupKind};
use crate::{types, value};

/// One lookup the program made.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "LookupCall"))]
pub struct LookupCallReport {
    pub kind: LookupKind,
    /// The name found, else the first asked for (what to look up when the call is clicked).
    pub key: String,
    /// The value found in `%p` form (cut as inline results are), null when nothing was found.
    pub value: Option<String>,
    /// The call (for automatic parameter lookup, the class's declaration) and its offsets.
    pub file: String,
    pub start: u32,
    pub end: u32,
}

/// The recorded lookups with their places.
pub fn lookup_calls_report(
    calls: &LookupCalls,
    places: &mut Places<'_, '_>,
) -> Vec<LookupCallReport> {
    calls
        .calls
        .iter()
        .map(|call| {
            let place = places.place(call.span);
            LookupCallReport {
                kind: call.kind,
                key: call.key.clone(),
                value: call
                    .value
                    .as_ref()
                    .map(|v| cut(value::programmatic_prefix(v, INLINE_MAX_BYTES))),
                file: place.file,
                start: place.start,
                end: place.end,
            }
        })
        .collect()
}

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
