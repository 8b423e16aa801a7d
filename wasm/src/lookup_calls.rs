//! The lookups the program made, for the Lookup pane: kind, key, the value's
//! `%p` text (cut; null when not found), and where the call is (its file and UTF-16 offsets).

use puppet_core::{value, LookupCalls};
use serde::Serialize;

use crate::data::{cut, Positions, INLINE_MAX_BYTES};

/// One lookup the program made.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsLookupCall {
    /// `lookup`, `hiera`, `hiera_array`, `hiera_hash`, `hiera_include` or `automatic`.
    pub kind: &'static str,
    /// The name found, else the first asked for (what the pane looks up when the call is clicked).
    pub key: String,
    /// The value found in `%p` form (cut as inline results are), null when nothing was found.
    pub value: Option<String>,
    /// The call (for automatic parameter lookup, the class's declaration): UTF-16 offsets in `file`.
    pub file: String,
    pub start: u32,
    pub end: u32,
}

/// The recorded lookups with their places.
pub(crate) fn lookup_calls(
    calls: &LookupCalls,
    positions: &mut Positions<'_>,
) -> Vec<JsLookupCall> {
    calls
        .calls
        .iter()
        .map(|call| {
            let place = positions.place(call.span);
            JsLookupCall {
                kind: call.kind.as_str(),
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
