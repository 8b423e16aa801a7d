//! The Lookup pane's `lookup` in a real browser, against real `puppet lookup --explain`: the
//! goldens of tests/conformance/golden-hiera/explain.jsonl that explain one key in the environment
//! and module layers (the page has no global layer of its own), run through the facade.
//! Only in the full build (the `yaml` feature): the light one has no `lookup`.
#![cfg(feature = "yaml")]

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const GOLDEN: &str = include_str!("../../tests/conformance/golden-hiera/explain.jsonl");

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("field access")
}

fn set(object: &js_sys::Object, name: &str, value: &JsValue) {
    js_sys::Reflect::set(object, &JsValue::from_str(name), value).expect("set");
}

#[wasm_bindgen_test]
fn the_lookup_pane_explains_as_puppet_lookup_does() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in GOLDEN.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let args: Vec<&str> = case["args"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_str())
            .collect();
        let [flag, key] = args.as_slice() else {
            continue;
        };
        if *flag != "--explain"
            || case.get("global_hiera").is_some()
            || case.get("global_data").is_some()
        {
            continue;
        }
        if case["status"].as_i64() != Some(0)
            || !case["stderr"].as_str().unwrap_or_default().is_empty()
        {
            continue;
        }
        let files = js_sys::Object::new();
        for (path, text) in case["files"].as_object().into_iter().flatten() {
            set(
                &files,
                path,
                &JsValue::from_str(text.as_str().unwrap_or_default()),
            );
        }
        let options = js_sys::Object::new();
        set(&options, "files", &files);
        set(&options, "certname", &"playground".into());
        // The facts as the page's Facts pane sends them: the text of a JSON object.
        set(&options, "facts", &case["facts"].to_string().into());
        let query = js_sys::Object::new();
        set(&query, "key", &JsValue::from_str(key));
        let answer = puppet_wasm::lookup(options.into(), query.into()).expect("lookup");
        let explanation = field(&answer, "explanation")
            .as_string()
            .unwrap_or_default();
        checked += 1;
        if explanation != case["stdout"].as_str().unwrap_or_default() {
            failures.push(case["id"].to_string());
        }
    }
    assert!(checked >= 20, "only {checked} goldens checked");
    assert!(failures.is_empty(), "explanations differ: {failures:?}");
}

/// A found value comes with its `%p` form and type; a missing key with Puppet's failure.
#[wasm_bindgen_test]
fn the_lookup_pane_gets_the_value_and_its_type() {
    let files = js_sys::Object::new();
    set(
        &files,
        "hiera.yaml",
        &"version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n".into(),
    );
    set(&files, "data/common.yaml", &"ports: [80, 443]\n".into());
    let options = js_sys::Object::new();
    set(&options, "files", &files);
    let query = js_sys::Object::new();
    set(&query, "key", &"ports".into());
    let answer = puppet_wasm::lookup(options.clone().into(), query.into()).expect("lookup");
    assert_eq!(field(&answer, "found").as_bool(), Some(true));
    assert_eq!(
        field(&answer, "value").as_string().as_deref(),
        Some("[80, 443]")
    );
    assert_eq!(
        field(&answer, "type").as_string().as_deref(),
        Some("Tuple[Integer[80, 80], Integer[443, 443]]")
    );
    let query = js_sys::Object::new();
    set(&query, "key", &"nope".into());
    let answer = puppet_wasm::lookup(options.into(), query.into()).expect("lookup");
    assert_eq!(field(&answer, "found").as_bool(), Some(false));
    assert_eq!(
        field(&answer, "failure").as_string().as_deref(),
        Some("Function lookup() did not find a value for the name 'nope'")
    );
}
