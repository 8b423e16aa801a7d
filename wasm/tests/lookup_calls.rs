//! The lookups a program made, as `evaluate` returns them in a real browser: kind, keys, value,
//! and the call's place in its own file with UTF-16 offsets; and the global layer's hiera.yaml
//! given by `globalHiera` (the page's `@global/hiera.yaml`). Data in YAML: the full build only.
#![cfg(feature = "yaml")]

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("field access")
}

fn text(object: &JsValue, name: &str) -> Option<String> {
    field(object, name).as_string()
}

fn number(object: &JsValue, name: &str) -> Option<f64> {
    field(object, name).as_f64()
}

fn options(files: &[(&str, &str)]) -> js_sys::Object {
    let object = js_sys::Object::new();
    for (path, content) in files {
        js_sys::Reflect::set(&object, &(*path).into(), &(*content).into()).expect("set");
    }
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"files".into(), &object).expect("set");
    js_sys::Reflect::set(&options, &"certname".into(), &"web01.example.com".into()).expect("set");
    options
}

const HIERA: &str = "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";

#[wasm_bindgen_test]
fn evaluate_lists_the_lookups_with_their_places() {
    let files = [
        ("hiera.yaml", HIERA),
        ("data/common.yaml", "app::port: 8080\ngreeting: '😀 hi'\n"),
        (
            "modules/app/manifests/init.pp",
            "class app(Integer $port, String $host = 'h') {\n  $g = lookup('greeting')\n}\n",
        ),
    ];
    let source = "$s = '😀'\ninclude app\nlookup('absent', undef, undef, 1)";
    let result = puppet_wasm::evaluate(source, options(&files).into()).expect("evaluate");
    assert_eq!(number(&result, "lookupsTotal"), Some(4.0));
    let lookups = js_sys::Array::from(&field(&result, "lookups"));
    assert_eq!(lookups.length(), 4);
    // Automatic parameter lookup: found for $port, not for $host, at the include (after the
    // emoji's two UTF-16 units: "$s = '😀'\n" is 10 units).
    let port = lookups.get(0);
    assert_eq!(text(&port, "kind").as_deref(), Some("automatic"));
    assert_eq!(text(&port, "key").as_deref(), Some("app::port"));
    assert_eq!(text(&port, "value").as_deref(), Some("8080"));
    assert_eq!(text(&port, "file").as_deref(), Some("snippet.pp"));
    // The span is where Puppet reports the include's errors: its name.
    assert_eq!(
        (number(&port, "start"), number(&port, "end")),
        (Some(10.0), Some(17.0))
    );
    let host = lookups.get(1);
    assert_eq!(text(&host, "key").as_deref(), Some("app::host"));
    assert!(field(&host, "value").is_null());
    // lookup() in the class's own file.
    let greeting = lookups.get(2);
    assert_eq!(text(&greeting, "kind").as_deref(), Some("lookup"));
    assert_eq!(text(&greeting, "value").as_deref(), Some("'😀 hi'"));
    assert_eq!(
        text(&greeting, "file").as_deref(),
        Some("modules/app/manifests/init.pp")
    );
    assert_eq!(number(&greeting, "start"), Some(54.0));
    // A default answered this one: not found in the data.
    let absent = lookups.get(3);
    assert!(field(&absent, "value").is_null());
    assert_eq!(text(&absent, "key").as_deref(), Some("absent"));
}

#[wasm_bindgen_test]
fn a_loop_of_lookups_sends_the_first_500_and_the_count() {
    let files = [("hiera.yaml", HIERA), ("data/common.yaml", "k: 1\n")];
    let source = "Integer[1, 1200].each |$i| { lookup('k') }";
    let result = puppet_wasm::evaluate(source, options(&files).into()).expect("evaluate");
    assert_eq!(number(&result, "lookupsTotal"), Some(1200.0));
    assert_eq!(
        js_sys::Array::from(&field(&result, "lookups")).length(),
        500
    );
}

#[wasm_bindgen_test]
fn the_global_layer_is_read_from_global_hiera() {
    let files = [
        ("hiera.yaml", HIERA),
        ("data/common.yaml", "k: environment\n"),
        (
            "@global/hiera.yaml",
            "version: 5\nhierarchy:\n  - name: global\n    path: global.yaml\n",
        ),
        ("@global/data/global.yaml", "k: global\n"),
    ];
    let options = options(&files);
    js_sys::Reflect::set(
        &options,
        &"globalHiera".into(),
        &"@global/hiera.yaml".into(),
    )
    .expect("set");
    let result = puppet_wasm::evaluate("lookup('k')", options.clone().into()).expect("evaluate");
    // The global layer comes first, as in Puppet.
    assert_eq!(text(&result, "value").as_deref(), Some("'global'"));
    let query = js_sys::Object::new();
    js_sys::Reflect::set(&query, &"key".into(), &"k".into()).expect("set");
    let answer = puppet_wasm::lookup(options.into(), query.into()).expect("lookup");
    let explanation = text(&answer, "explanation").unwrap_or_default();
    assert!(
        explanation.contains("Global Data Provider"),
        "{explanation}"
    );
    assert!(
        explanation.contains("@global/data/global.yaml"),
        "{explanation}"
    );
}
