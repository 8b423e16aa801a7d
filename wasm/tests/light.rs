//! The light build (without the `yaml` feature) in a real browser: it evaluates programs without
//! YAML as the full build does, and answers `{ needsFullEngine: "yaml" }` before evaluating an
//! environment with YAML files or a global hiera.yaml. Run with
//! `wasm-pack test ... -- --no-default-features --test light` (the Makefile's wasm-test does).
#![cfg(not(feature = "yaml"))]

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("field access")
}

fn options(files: &[(&str, &str)], global_hiera: Option<&str>) -> JsValue {
    let object = js_sys::Object::new();
    let map = js_sys::Object::new();
    for (path, text) in files {
        js_sys::Reflect::set(&map, &JsValue::from_str(path), &JsValue::from_str(text))
            .expect("set");
    }
    js_sys::Reflect::set(&object, &JsValue::from_str("files"), &map).expect("set");
    if let Some(path) = global_hiera {
        js_sys::Reflect::set(
            &object,
            &JsValue::from_str("globalHiera"),
            &JsValue::from_str(path),
        )
        .expect("set");
    }
    object.into()
}

#[wasm_bindgen_test]
fn the_light_build_says_so() {
    assert!(!puppet_wasm::has_yaml());
}

#[wasm_bindgen_test]
fn programs_without_yaml_are_evaluated() {
    let env = options(&[("data/common.json", "{\"k\": 1}")], None);
    let result = puppet_wasm::evaluate("lookup('k', undef, undef, 7)", env).expect("evaluate");
    assert_eq!(field(&result, "value").as_string().as_deref(), Some("7"));
    assert!(field(&result, "needsFullEngine").is_undefined());
}

#[wasm_bindgen_test]
fn yaml_files_or_a_global_hiera_yaml_are_handed_to_the_full_engine() {
    for env in [
        options(&[("hiera.yaml", "version: 5\n")], None),
        options(&[("modules/app/data/common.yml", "a: 1\n")], None),
        options(&[], Some("global/hiera.yaml")),
    ] {
        let result = puppet_wasm::evaluate("1", env).expect("evaluate");
        assert_eq!(
            field(&result, "needsFullEngine").as_string().as_deref(),
            Some("yaml")
        );
        assert!(field(&result, "value").is_undefined());
    }
}
