//! A looked-up value printed as `puppet lookup --render-as FORMAT` prints it: `yaml` (Psych's
//! `to_yaml`, the default), `json` and `pson` (Ruby's compact JSON), `s` (Ruby's `to_s`).

use puppet_core::Value;

/// The value in the format, ending in a newline; `Err`: Puppet's message for an unknown format.
pub fn render(value: &Value, format: &str) -> Result<String, String> {
    let mut text = match format {
        "yaml" => return Ok(crate::ruby_yaml::to_yaml(value)),
        "json" | "pson" => {
            let mut out = String::new();
            json(&mut out, value)?;
            out
        }
        "s" => match value {
            Value::String(text) => text.to_string(),
            Value::Undef => String::new(),
            other => puppet_core::hiera::explain::ruby_inspect(other),
        },
        other => return Err(format!("Unknown rendering format '{other}'")),
    };
    text.push('\n');
    Ok(text)
}

/// Ruby's `JSON.generate`.
fn json(out: &mut String, value: &Value) -> Result<(), String> {
    match value {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(n) => out.push_str(&n.to_string()),
        Value::Float(f) if !f.is_finite() => {
            return Err(format!(
                "{} not allowed in JSON",
                puppet_core::value::interpolate(value)
            ));
        }
        Value::Float(_) => out.push_str(&puppet_core::value::interpolate(value)),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json(out, item)?;
            }
            out.push(']');
        }
        Value::Hash(hash) => {
            out.push('{');
            for (i, (key, item)) in hash.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match key {
                    Value::String(text) => json_string(out, text),
                    other => json_string(out, &puppet_core::value::interpolate(other)),
                }
                out.push(':');
                json(out, item)?;
            }
            out.push('}');
        }
        Value::String(text) => json_string(out, text),
        other => json_string(out, &puppet_core::value::interpolate(other)),
    }
    Ok(())
}

fn json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}
