//! Results handed to JavaScript as one JSON text (serde_json's writer) that the browser's own
//! `JSON.parse` turns into objects: one crossing of the boundary per result instead of one per field.

use serde::Serialize;
use wasm_bindgen::{JsError, JsValue};

use crate::js::json_parse;

/// `data` as plain JavaScript data, as JSON has it: `None` and `()` are `null`, structs and maps
/// plain objects (fields in their declared order), sequences arrays, integers numbers. The results'
/// integers are offsets, lengths and counts, all far below 2^53, where JSON's numbers are exact; they
/// hold no floats (a NaN or infinity would be `null`) and no maps (a map's keys must be strings or
/// integers, which become their decimal texts; any other key is the error).
pub fn to_js<T: Serialize>(data: &T) -> Result<JsValue, JsError> {
    match serde_json::to_string(data) {
        Ok(text) => Ok(json_parse(&text)),
        Err(error) => Err(JsError::new(&error.to_string())),
    }
}
