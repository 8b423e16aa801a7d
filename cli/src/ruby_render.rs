//! A looked-up value printed as `puppet lookup --render-as FORMAT` prints it: `yaml` (Psych's
//! `to_yaml`, the default), `json` and `pson` (Ruby's compact JSON, the core's writer that stdlib's
//! `to_json` uses), `s` (Ruby's `to_s`).

use puppet_core::Value;

/// The value in the format, ending in a newline; `Err`: Puppet's message for an unknown format.
pub fn render(value: &Value, format: &str) -> Result<String, String> {
    let mut text = match format {
        "yaml" => return Ok(crate::ruby_yaml::to_yaml(value)),
        "json" | "pson" => puppet_core::ruby_json(value)?,
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
