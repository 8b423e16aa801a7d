//! The facade in a real browser: `evaluate` returns plain JS objects with the documented fields.

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("field access")
}

#[wasm_bindgen_test]
fn evaluates_arithmetic_with_precedence() {
    let result = puppet_wasm::evaluate("1 + 2 * 3").expect("evaluate");
    assert_eq!(field(&result, "value").as_string().as_deref(), Some("7"));
    assert_eq!(
        field(&result, "type").as_string().as_deref(),
        Some("Integer[7, 7]")
    );
    assert_eq!(
        field(&result, "generalized").as_string().as_deref(),
        Some("Integer")
    );
    let diagnostics = js_sys::Array::from(&field(&result, "diagnostics"));
    assert_eq!(diagnostics.length(), 0);
}

#[wasm_bindgen_test]
fn division_by_zero_points_at_the_divisor_in_utf16_units() {
    // The comment holds an astral character (two UTF-16 units, four UTF-8 bytes).
    let result = puppet_wasm::evaluate("/* 😀 */ 1 / 0").expect("evaluate");
    assert!(field(&result, "value").is_null());
    let diagnostics = js_sys::Array::from(&field(&result, "diagnostics"));
    assert_eq!(diagnostics.length(), 1);
    let d = diagnostics.get(0);
    assert_eq!(
        field(&d, "message").as_string().as_deref(),
        Some("Evaluation Error: Division by 0")
    );
    assert_eq!(field(&d, "severity").as_string().as_deref(), Some("error"));
    // Real Puppet reports a division by zero at the divisor. "/* " is 3 units, the emoji 2,
    // " */ 1 / " 8: the divisor `0` is unit 13; its column (in characters) is 13.
    assert_eq!(field(&d, "start").as_f64(), Some(13.0));
    assert_eq!(field(&d, "end").as_f64(), Some(14.0));
    assert_eq!(field(&d, "line").as_f64(), Some(1.0));
    assert_eq!(field(&d, "column").as_f64(), Some(13.0));
}

#[wasm_bindgen_test]
fn logs_is_an_array() {
    let result = puppet_wasm::evaluate("(1 + 2) * 3").expect("evaluate");
    assert_eq!(field(&result, "value").as_string().as_deref(), Some("9"));
    assert!(js_sys::Array::is_array(&field(&result, "logs")));
}
