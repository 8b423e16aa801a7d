//! Results handed to JavaScript as one JSON text (serde_json's writer) that the browser's own
//! `JSON.parse` turns into objects: one crossing of the boundary per result instead of one per field.

use serde::Serialize;
use wasm_bindgen::{JsError, JsValue};

use crate::js::json_parse;

/// `data` as plain JavaScript data, as JSON has it: `None` and `()` are `null`, structs and maps
/// plain objects (fields in their declared order), sequences arrays, integers numbers; the same data
/// serde-wasm-bindgen's JSON-compatible mode built before. Where the two would differ, the results
/// never go: their integers are offsets, lengths and counts, far below 2^53 (beyond it JSON.parse
/// would round where serde-wasm-bindgen refused), they hold no floats (a NaN or infinity would be
/// `null`, not the number) and no maps (keys that are integers would become their decimal texts).
/// serde_json fails only on a map key of another kind or a `Serialize` that fails, which none of
/// the results has: a fixed message then, so that its error texts stay out of the .wasm.
pub fn to_js<T: Serialize>(data: &T) -> Result<JsValue, JsError> {
    json_to_js(serde_json::to_string(data).ok())
}

/// A result already written as JSON (`None`: it could not be) as plain JavaScript data.
pub fn json_to_js(text: Option<String>) -> Result<JsValue, JsError> {
    match text {
        Some(text) => Ok(json_parse(&text)),
        None => Err(JsError::new(
            "the engine's result could not be written as JSON",
        )),
    }
}
