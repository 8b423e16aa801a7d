//! A sample of the conformance suite run through the wasm facade in the browser: native and wasm
//! must agree with real Puppet on the same cases (value, type, generalized type, logs, error).

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The sampled areas: their golden files (from real Puppet) and the known differences.
const GOLDEN: &[(&str, &str)] = &[
    (
        "arithmetic",
        include_str!("../../tests/conformance/golden/arithmetic.jsonl"),
    ),
    (
        "strings",
        include_str!("../../tests/conformance/golden/strings.jsonl"),
    ),
    (
        "type_print",
        include_str!("../../tests/conformance/golden/type_print.jsonl"),
    ),
    (
        "format",
        include_str!("../../tests/conformance/golden/format.jsonl"),
    ),
    (
        "iteration",
        include_str!("../../tests/conformance/golden/iteration.jsonl"),
    ),
];
const KNOWN_DIFFERENCES: &str = include_str!("../../tests/conformance/known-differences.jsonl");

fn field(object: &JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .and_then(|v| v.as_string())
}

#[wasm_bindgen_test]
fn sampled_conformance_cases_agree_with_real_puppet_in_the_browser() {
    let known: Vec<String> = KNOWN_DIFFERENCES
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["id"].as_str().map(String::from))
        .collect();
    let mut compared = 0;
    let mut failures = Vec::new();
    for (area, golden) in GOLDEN {
        for line in golden.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).expect("golden line");
            let id = case["id"].as_str().unwrap_or_default();
            if known.iter().any(|k| k == id) {
                continue;
            }
            let src = case["src"].as_str().unwrap_or_default();
            let result = puppet_wasm::evaluate(src, JsValue::UNDEFINED).expect("evaluate");
            compared += 1;
            let expected_error = case["error"].is_string();
            let diagnostics = js_sys::Reflect::get(&result, &JsValue::from_str("diagnostics"))
                .map(|d| js_sys::Array::from(&d))
                .expect("diagnostics");
            let got_error = diagnostics
                .iter()
                .any(|d| field(&d, "severity").as_deref() == Some("error"));
            if expected_error != got_error {
                failures.push(format!(
                    "{area} {id} `{src}`: error expected {expected_error}"
                ));
                continue;
            }
            if !expected_error {
                for name in ["value", "type", "generalized"] {
                    let want = case[name].as_str().map(String::from);
                    if field(&result, name) != want {
                        failures.push(format!(
                            "{id} `{src}`: {name} {:?} != {want:?}",
                            field(&result, name)
                        ));
                    }
                }
            }
        }
    }
    assert!(compared > 500, "compared only {compared} cases");
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
