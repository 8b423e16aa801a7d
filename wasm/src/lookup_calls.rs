//! The lookups the program made, for the Lookup pane: kind, keys, found or not, the value's
//! `%p` text (cut), and where the call is (its file, UTF-16 offsets and line).

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
    pub found: bool,
    /// The value found in `%p` form (cut as inline results are), null when nothing was found.
    pub value: Option<String>,
    /// The call (for automatic parameter lookup, the class's declaration): UTF-16 offsets in `file`.
    pub file: String,
    pub start: u32,
    pub end: u32,
    pub line: u32,
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
            let key = call
                .found_key
                .clone()
                .or_else(|| call.keys.first().cloned())
                .unwrap_or_default();
            JsLookupCall {
                kind: call.kind.as_str(),
                key,
                found: call.value.is_some(),
                value: call
                    .value
                    .as_ref()
                    .map(|v| cut(value::programmatic_prefix(v, INLINE_MAX_BYTES))),
                file: place.file,
                start: place.start,
                end: place.end,
                line: place.line,
            }
        })
        .collect()
}
