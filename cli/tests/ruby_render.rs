//! Lookup values printed as Ruby prints them (`puppet lookup --render-as yaml|json|s`): the
//! goldens in data/ruby_render.json come from Ruby itself (data/ruby_render.rb).

use puppet_core::value::Hash;
use puppet_core::Value;

fn value(json: &serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        serde_json::Value::String(s) => Value::string(s),
        serde_json::Value::Array(items) => Value::array(items.iter().map(value).collect()),
        serde_json::Value::Object(map) => {
            let mut hash = Hash::new();
            for (k, v) in map {
                hash.insert(Value::string(k), value(v));
            }
            Value::Hash(hash)
        }
    }
}

#[test]
fn values_render_as_ruby_renders_them() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ruby_render.json"
    ))
    .expect("the goldens");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON");
    let mut failures = Vec::new();
    for case in &cases {
        let v = value(&case["value"]);
        for format in ["yaml", "json", "s"] {
            let expected = case[format].as_str().unwrap_or_default();
            let expected = if format == "yaml" {
                expected.to_string()
            } else {
                format!("{expected}\n")
            };
            let ours = puppet_cli::ruby_render::render(&v, format).unwrap_or_else(|e| e);
            if ours != expected {
                failures.push(format!(
                    "{format} of {}:\n  ruby: {expected:?}\n  ours: {ours:?}",
                    case["value"]
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} renderings differ:\n{}",
        failures.len(),
        cases.len() * 3,
        failures.join("\n")
    );
}
