//! The facade in a real browser: `evaluate`, `ast`, `tokens` and `version` return plain JS data with the documented fields.

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("field access")
}

#[wasm_bindgen_test]
fn evaluates_arithmetic_with_precedence() {
    let result = puppet_wasm::evaluate("1 + 2 * 3", JsValue::UNDEFINED).expect("evaluate");
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
    let result = puppet_wasm::evaluate("/* 😀 */ 1 / 0", JsValue::UNDEFINED).expect("evaluate");
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
    let result = puppet_wasm::evaluate("(1 + 2) * 3", JsValue::UNDEFINED).expect("evaluate");
    assert_eq!(field(&result, "value").as_string().as_deref(), Some("9"));
    assert!(js_sys::Array::is_array(&field(&result, "logs")));
}

fn strict(name: &str) -> JsValue {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(
        &options,
        &JsValue::from_str("strict"),
        &JsValue::from_str(name),
    )
    .expect("set strict");
    options.into()
}

#[wasm_bindgen_test]
fn accepts_every_strict_setting_and_keeps_the_fields() {
    for name in ["error", "warning", "off"] {
        let result = puppet_wasm::evaluate("2 * 3", strict(name)).expect("evaluate");
        assert_eq!(field(&result, "value").as_string().as_deref(), Some("6"));
        for key in ["type", "generalized", "logs", "diagnostics", "statements"] {
            assert!(!field(&result, key).is_undefined(), "{key} is present");
        }
    }
}

#[wasm_bindgen_test]
fn statements_give_each_top_level_value_with_utf16_spans() {
    let source = "/* 😀 */ 1 + 2";
    let result = puppet_wasm::evaluate(source, JsValue::UNDEFINED).expect("evaluate");
    let statements = js_sys::Array::from(&field(&result, "statements"));
    assert!(statements.length() >= 1);
    let last = statements.get(statements.length() - 1);
    assert_eq!(field(&last, "value").as_string().as_deref(), Some("3"));
    assert_eq!(
        field(&last, "type").as_string().as_deref(),
        Some("Integer[3, 3]")
    );
    // The statement ends at the end of the source: 14 UTF-16 units (the emoji counts two).
    assert_eq!(field(&last, "end").as_f64(), Some(14.0));
    assert_eq!(field(&last, "endLine").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn tokens_are_kind_and_utf16_range() {
    let tokens = js_sys::Array::from(&puppet_wasm::tokens("/* 😀 */ 12 + 3").expect("tokens"));
    assert_eq!(tokens.length(), 4);
    let comment = tokens.get(0);
    assert_eq!(
        field(&comment, "kind").as_string().as_deref(),
        Some("comment")
    );
    assert_eq!(field(&comment, "end").as_f64(), Some(8.0));
    let number = tokens.get(1);
    assert_eq!(
        field(&number, "kind").as_string().as_deref(),
        Some("number")
    );
    // "/* " 3 units, the emoji 2, " */ " 4: `12` is units 9..11.
    assert_eq!(field(&number, "start").as_f64(), Some(9.0));
    assert_eq!(field(&number, "end").as_f64(), Some(11.0));
}

#[wasm_bindgen_test]
fn ast_is_a_dump_with_ranges_and_version_is_set() {
    let dump = puppet_wasm::ast("1 + 2");
    assert!(dump.contains("0..5"), "{dump}");
    assert!(!puppet_wasm::version().is_empty());
}

#[wasm_bindgen_test]
fn runaway_recursion_ends_with_the_engines_diagnostic_not_a_stack_overflow() {
    for source in [
        "function f($n) { f($n + 1) }\nf(0)",
        "function f($n) { if $n >= 0 { [$n].map |$x| { f($x + 1) } } }\nf(0)",
    ] {
        let result = puppet_wasm::evaluate(source, JsValue::UNDEFINED).expect("evaluate");
        let diagnostics = js_sys::Array::from(&field(&result, "diagnostics"));
        assert_eq!(diagnostics.length(), 1, "{source}");
        let message = field(&diagnostics.get(0), "message")
            .as_string()
            .unwrap_or_default();
        assert!(
            message.contains("call depth exceeded") || message.contains("nested deeper than"),
            "{message}"
        );
    }
}

/// The compiled catalog real Puppet gives for this program (catalog_oracle.rb): Notify[😀 a] with
/// message => 'hi', then File[/tmp/x] with require => Notify[😀 a].
#[wasm_bindgen_test]
fn catalog_gives_reference_manifest_text_and_utf16_declaration() {
    let source = "notify { '😀 a': message => 'hi' }\nfile { '/tmp/x': require => Notify['😀 a'] }";
    let result = puppet_wasm::evaluate(source, JsValue::UNDEFINED).expect("evaluate");
    assert_eq!(field(&result, "catalogTotal").as_f64(), Some(2.0));
    let catalog = js_sys::Array::from(&field(&result, "catalog"));
    assert_eq!(catalog.length(), 2);
    let first = catalog.get(0);
    assert_eq!(
        field(&first, "reference").as_string().as_deref(),
        Some("Notify[😀 a]")
    );
    assert_eq!(
        field(&first, "text").as_string().as_deref(),
        Some("notify { '😀 a':\n  message => 'hi',\n}")
    );
    let second = catalog.get(1);
    assert_eq!(
        field(&second, "text").as_string().as_deref(),
        Some("file { '/tmp/x':\n  require => Notify[😀 a],\n}")
    );
    // The second declaration starts on the second line: 35 UTF-16 units in (the emoji is two).
    assert_eq!(field(&second, "start").as_f64(), Some(35.0));
    // A failed program has no catalog.
    let failed =
        puppet_wasm::evaluate("notify { 'a': } fail('no')", JsValue::UNDEFINED).expect("evaluate");
    assert_eq!(js_sys::Array::from(&field(&failed, "catalog")).length(), 0);
}

#[wasm_bindgen_test]
fn a_large_catalog_is_counted_but_only_its_start_is_sent() {
    let source = "Integer[1, 5000].each |$i| { notify { \"n${i}\": } }";
    let result = puppet_wasm::evaluate(source, JsValue::UNDEFINED).expect("evaluate");
    assert_eq!(field(&result, "catalogTotal").as_f64(), Some(5000.0));
    let catalog = js_sys::Array::from(&field(&result, "catalog"));
    assert_eq!(catalog.length(), 1000);
    assert_eq!(
        field(&catalog.get(999), "reference").as_string().as_deref(),
        Some("Notify[n1000]")
    );
}

/// An environment handed over as `files`: the class is autoloaded from its module, and what it
/// declares and logs names that file (the catalog real Puppet compiles for `include app`).
#[wasm_bindgen_test]
fn files_are_an_environment_and_positions_name_their_file() {
    let files = js_sys::Object::new();
    js_sys::Reflect::set(
        &files,
        &"modules/app/manifests/init.pp".into(),
        &"class app {\n  notify { 'hi': }\n  notice('x')\n}\n".into(),
    )
    .expect("set");
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"files".into(), &files).expect("set");
    js_sys::Reflect::set(&options, &"certname".into(), &"playground".into()).expect("set");
    let result = puppet_wasm::evaluate("include app", options.into()).expect("evaluate");
    let catalog = js_sys::Array::from(&field(&result, "catalog"));
    let references: Vec<String> = catalog
        .iter()
        .map(|r| field(&r, "reference").as_string().unwrap_or_default())
        .collect();
    assert_eq!(references, ["Class[App]", "Notify[hi]"]);
    let notify = catalog.get(1);
    assert_eq!(
        field(&notify, "file").as_string().as_deref(),
        Some("modules/app/manifests/init.pp")
    );
    assert_eq!(field(&notify, "start").as_f64(), Some(14.0));
    let log = js_sys::Array::from(&field(&result, "logs")).get(0);
    assert_eq!(field(&log, "line").as_f64(), Some(3.0));
}

/// The page's keystrokes: every file handed over again, the same strings but the edited one's
/// (the engine keeps the texts it read by the strings they came from), or files in another order,
/// fewer or more. Each call answers for the files it was given.
#[wasm_bindgen_test]
fn each_call_answers_for_the_files_it_is_given() {
    let init = JsValue::from_str("class app {\n  include app::a\n  include app::b\n}\n");
    let a = |message: &str| {
        JsValue::from_str(&format!(
            "class app::a {{ notify {{ 'a': message => '{message}' }} }}\n"
        ))
    };
    let b = JsValue::from_str("class app::b { notify { 'b': } }\n");
    let (a1, a2) = (a("one"), a("two"));
    let run = |files: &[(&str, &JsValue)]| {
        let object = js_sys::Object::new();
        for (path, text) in files {
            js_sys::Reflect::set(&object, &JsValue::from_str(path), text).expect("set");
        }
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"files".into(), &object).expect("set");
        let result = puppet_wasm::evaluate("include app", options.into()).expect("evaluate");
        let catalog = js_sys::Array::from(&field(&result, "catalog"));
        catalog
            .iter()
            .map(|r| field(&r, "text").as_string().unwrap_or_default())
            .collect::<Vec<String>>()
            .join(" ")
    };
    let (init_pp, a_pp, b_pp) = (
        "modules/app/manifests/init.pp",
        "modules/app/manifests/a.pp",
        "modules/app/manifests/b.pp",
    );
    let one = "class { 'app': } class { 'app::a': } notify { 'a':\n  message => 'one',\n} class { 'app::b': } notify { 'b': }";
    let two = one.replace("'one'", "'two'");
    assert_eq!(run(&[(init_pp, &init), (a_pp, &a1), (b_pp, &b)]), one);
    assert_eq!(run(&[(init_pp, &init), (a_pp, &a2), (b_pp, &b)]), two);
    // The same texts as new strings, in another order.
    let init_again = JsValue::from_str(&init.as_string().unwrap_or_default());
    assert_eq!(
        run(&[(b_pp, &b), (a_pp, &a("one")), (init_pp, &init_again)]),
        one
    );
    assert_eq!(run(&[(init_pp, &init), (a_pp, &a2), (b_pp, &b)]), two);
    // A file fewer: its class is not found.
    let without_b = run(&[(init_pp, &init), (a_pp, &a2)]);
    assert_eq!(without_b, "");
    assert_eq!(run(&[(init_pp, &init), (a_pp, &a1), (b_pp, &b)]), one);
}

#[wasm_bindgen_test]
fn environment_limits_are_given_to_the_page() {
    let limits = puppet_wasm::environment_limits().expect("limits");
    assert_eq!(field(&limits, "maxFiles").as_f64(), Some(2000.0));
    assert_eq!(field(&limits, "maxPathLength").as_f64(), Some(256.0));
}

/// Only the full build (the default features) reads YAML; web/e2e/engine-choice.test.mjs checks the light one.
#[cfg(feature = "yaml")]
#[wasm_bindgen_test]
fn the_full_build_reads_hiera_yaml_without_handing_over() {
    assert!(puppet_wasm::has_yaml());
    let options = js_sys::Object::new();
    let files = js_sys::Object::new();
    for (path, text) in [
        (
            "hiera.yaml",
            "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
        ),
        ("data/common.yaml", "k: 41\n"),
    ] {
        js_sys::Reflect::set(&files, &JsValue::from_str(path), &JsValue::from_str(text))
            .expect("set");
    }
    js_sys::Reflect::set(&options, &JsValue::from_str("files"), &files).expect("set");
    let result = puppet_wasm::evaluate("lookup('k') + 1", options.into()).expect("evaluate");
    assert_eq!(field(&result, "value").as_string().as_deref(), Some("42"));
    assert!(field(&result, "needsFullEngine").is_undefined());
}

/// Facts arrive as JSON text, read by the engine: an integer above 2^53 stays exact (JavaScript's
/// numbers would round 9007199254740993 to ...992), and one beyond 64 bits is the nearest Float
/// (real Puppet keeps it as a Ruby Bignum the engine's 64-bit Integer cannot hold;
/// core/src/facts.rs). Neither breaks the run.
#[wasm_bindgen_test]
fn facts_are_json_text_and_wide_integers_do_not_break_the_run() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(
        &options,
        &"facts".into(),
        &r#"{"a": 9007199254740993, "b": 18446744073709551616, "os": {"family": "Debian"}}"#.into(),
    )
    .expect("set");
    let result = puppet_wasm::evaluate("[$a, $facts['b'], $os['family'], $a + 1]", options.into())
        .expect("evaluate");
    assert_eq!(
        field(&result, "value").as_string().as_deref(),
        Some("[9007199254740993, 1.8446744073709552e+19, 'Debian', 9007199254740994]")
    );
}

/// Options of the wrong shape are refused with a message naming them (the page never sends any).
#[wasm_bindgen_test]
fn options_of_the_wrong_shape_are_refused_with_a_message() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"files".into(), &5.into()).expect("set");
    let error = puppet_wasm::evaluate("1", options.into()).expect_err("refused");
    let message = js_sys::Error::from(JsValue::from(error)).message();
    assert!(String::from(message).starts_with("the options: "));
}

/// The page's options object, read field by field: files keep the object's order, a field left
/// out or `null` is its default, a field of the wrong kind is refused naming it.
#[wasm_bindgen_test]
fn the_options_object_is_read_as_the_page_sends_it() {
    let options: JsValue = js_sys::JSON::parse(
        r#"{"strict": "warning", "facts": "{\"a\": 1}", "certname": null,
            "files": {"b.pp": "B", "a.pp": "A"}, "record": true, "other": 1}"#,
    )
    .expect("json");
    let read = puppet_wasm::Options::from_js(options).expect("options");
    assert_eq!(read.strict.as_deref(), Some("warning"));
    assert_eq!(read.certname, None);
    assert_eq!(
        read.files,
        Some(vec![
            ("b.pp".into(), "B".into()),
            ("a.pp".into(), "A".into())
        ])
    );
    assert_eq!(read.record, Some(true));
    let wrong = js_sys::JSON::parse(r#"{"record": "yes"}"#).expect("json");
    let error = puppet_wasm::Options::from_js(wrong).expect_err("refused");
    let message = js_sys::Error::from(JsValue::from(error)).message();
    assert_eq!(
        String::from(message),
        "the options: `record` must be a boolean"
    );
}

/// The lint options object, read field by field into the core's: `only` keeps one check; a field
/// of the wrong kind is refused naming it.
#[cfg(feature = "lint")]
#[wasm_bindgen_test]
fn the_lint_options_object_is_read_as_the_page_sends_it() {
    let code = "$a = \"x\"\n";
    let only = js_sys::JSON::parse(r#"{"only": ["trailing_whitespace"]}"#).expect("json");
    let findings = puppet_wasm::lint(code, only).expect("lint");
    assert_eq!(js_sys::Array::from(&findings).length(), 0);
    let quoted = js_sys::JSON::parse(r#"{"only": ["double_quoted_strings"]}"#).expect("json");
    let findings = puppet_wasm::lint(code, quoted).expect("lint");
    assert_eq!(js_sys::Array::from(&findings).length(), 1);
    let wrong = js_sys::JSON::parse(r#"{"only": "double_quoted_strings"}"#).expect("json");
    let error = puppet_wasm::lint(code, wrong).expect_err("refused");
    let message = js_sys::Error::from(JsValue::from(error)).message();
    assert_eq!(
        String::from(message),
        "the lint options: `only` must be a list of strings"
    );
}

#[wasm_bindgen_test]
fn timestamp_without_arguments_is_the_browsers_clock() {
    // Puppet's `Timestamp()` is the compile's current time: in the browser, `Date.now()`.
    let now_seconds = (js_sys::Date::now() / 1000.0) as i64;
    let source = "Integer(Timestamp().strftime('%s'))";
    let result = puppet_wasm::evaluate(source, JsValue::UNDEFINED).expect("evaluate");
    let value = field(&result, "value").as_string().expect("a value");
    let seconds: i64 = value.parse().expect("an integer");
    assert!(
        (seconds - now_seconds).abs() <= 5,
        "{seconds} is not near {now_seconds}"
    );
}

#[wasm_bindgen_test]
fn results_are_plain_data_as_json_has_it() {
    // Handed over as JSON text: plain objects and arrays, `null` for what is missing, fields in
    // their declared order, and the same text again through JSON.stringify.
    let result = puppet_wasm::evaluate("1 / 0", JsValue::UNDEFINED).expect("evaluate");
    assert!(field(&result, "value").is_null());
    let plain = js_sys::Object::get_prototype_of(&js_sys::Object::new());
    assert_eq!(js_sys::Object::get_prototype_of(&result), plain);
    let diagnostics = field(&result, "diagnostics");
    assert!(js_sys::Array::is_array(&diagnostics));
    let names = js_sys::Object::keys(&js_sys::Object::from(result.clone()));
    assert_eq!(names.get(0).as_string().as_deref(), Some("value"));
    let text = String::from(js_sys::JSON::stringify(&result).expect("stringify"));
    let again = js_sys::JSON::parse(&text).expect("parse");
    assert_eq!(
        String::from(js_sys::JSON::stringify(&again).expect("stringify")),
        text
    );
}
