//! A looked-up value printed as `puppet lookup --render-as FORMAT` prints it: `yaml` (Psych's
//! `to_yaml`, the default), `json` (Ruby's compact JSON), `s` (Ruby's `to_s`); `pson` fails as in
//! OpenVox 8, which removed PSON.

use puppet_core::Value;

/// The value in the format, ending in a newline; `Err`: Puppet's message for an unknown format.
pub fn render(value: &Value, format: &str) -> Result<String, String> {
    let mut text = match format {
        "yaml" => return Ok(crate::ruby_yaml::to_yaml(value)),
        "pson" => {
            return Err(format!(
                "{} does not respond to to_pson; can not render instances to text/pson",
                ruby_class(value)
            ))
        }
        "json" => {
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

/// The Ruby class of the value `puppet lookup` would hold.
fn ruby_class(value: &Value) -> &'static str {
    match value {
        Value::Undef => "NilClass",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "String",
    }
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
                    Value::String(text) => puppet_core::value::ruby_json_string(out, text),
                    other => puppet_core::value::ruby_json_string(
                        out,
                        &puppet_core::value::interpolate(other),
                    ),
                }
                out.push(':');
                json(out, item)?;
            }
            out.push('}');
        }
        Value::String(text) => puppet_core::value::ruby_json_string(out, text),
        other => puppet_core::value::ruby_json_string(out, &puppet_core::value::interpolate(other)),
    }
    Ok(())
}
