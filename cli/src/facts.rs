//! Facts from JSON (what `puppet facts show` and `facter -j` print) as the Puppet hash literal the
//! engine takes (`EvalOptions::facts`).

use std::fmt::Write;

/// `value` in Puppet syntax: strings single-quoted, `null` as `undef`, objects as hashes.
pub fn json_to_puppet(value: &serde_json::Value) -> String {
    let mut out = String::new();
    write_value(value, &mut out);
    out
}

fn write_value(value: &serde_json::Value, out: &mut String) {
    match value {
        serde_json::Value::Null => out.push_str("undef"),
        serde_json::Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        serde_json::Value::Number(n) => {
            let _ = write!(out, "{n}");
        }
        serde_json::Value::String(text) => quote(text, out),
        serde_json::Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(item, out);
            }
            out.push(']');
        }
        serde_json::Value::Object(entries) => {
            out.push('{');
            for (i, (key, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                quote(key, out);
                out.push_str(" => ");
                write_value(item, out);
            }
            out.push('}');
        }
    }
}

/// A single-quoted Puppet string: only `\` and `'` need escaping.
fn quote(text: &str, out: &mut String) {
    out.push('\'');
    for c in text.chars() {
        if c == '\\' || c == '\'' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
}

/// The facts a JSON text holds, as `EvalOptions::facts` takes them, or why not (an object at the top).
pub fn facts_from_json(text: &str) -> Result<String, String> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value @ serde_json::Value::Object(_)) => Ok(json_to_puppet(&value)),
        Ok(_) => Err("the facts must be a JSON object".into()),
        Err(error) => Err(format!("the facts are not JSON: {error}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_becomes_a_puppet_hash_literal() {
        let text = r#"{"os": {"family": "Debian", "release": {"major": "12"}}, "n": -3, "f": 1.5,
                       "ok": true, "none": null, "list": [1, "it's", "a\\b"]}"#;
        assert_eq!(
            facts_from_json(text).unwrap(),
            "{'os' => {'family' => 'Debian', 'release' => {'major' => '12'}}, 'n' => -3, \
             'f' => 1.5, 'ok' => true, 'none' => undef, 'list' => [1, 'it\\'s', 'a\\\\b']}"
        );
    }

    #[test]
    fn only_an_object_is_facts() {
        assert!(facts_from_json("[1]").is_err());
        assert!(facts_from_json("{").is_err());
    }
}
