//! A looked-up value printed as `puppet lookup --render-as FORMAT` prints it: `yaml` (Psych's
//! `to_yaml`, the default), `json` (Ruby's compact JSON: the core's writer, which stdlib's `to_json`
//! uses), `s` (Ruby's `to_s`); `pson` fails as in OpenVox 8, which removed PSON.

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
        "json" => puppet_core::ruby_json(value)?,
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
