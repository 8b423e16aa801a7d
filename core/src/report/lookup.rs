//! The lookups a program made, as an editor shows them: kind, key, the value's `%p` text, the
//! call's place.

use alloc::string::String;
use alloc::vec::Vec;

use super::run::{cut, INLINE_MAX_BYTES};
use super::Places;
use crate::hiera::calls::{LookupCalls, LookupKind};
use crate::value;

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
            let place = places.range(call.span);
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
