//! Ruby's `to_s` and `inspect` of the Ruby object Puppet hands Ruby for a value: what `sprintf`'s
//! `%s` and `%p`, Hiera's interpolation and explanation, and templates print.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Value;

/// Ruby's `to_s` of the Ruby object Puppet passes for a value.
pub(crate) fn ruby_to_s(value: &Value) -> String {
    match value {
        Value::Undef => String::new(),
        Value::String(text) => String::from(&**text),
        Value::Array(_) | Value::Hash(_) => ruby_inspect(value),
        Value::Regexp(regexp) => regexp.ruby_to_s(),
        Value::Float(f) => super::format_float(*f),
        other => super::interpolate(other),
    }
}

/// Ruby's `inspect` of the Ruby object Puppet passes for a value.
pub(crate) fn ruby_inspect(value: &Value) -> String {
    match value {
        Value::Undef => "nil".to_string(),
        Value::Default => ":default".to_string(),
        Value::String(text) => ruby_string_inspect(text),
        Value::Regexp(regexp) => regexp.with_delimiters(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(ruby_inspect).collect();
            format!("[{}]", crate::text::join(&parts, ", "))
        }
        Value::Hash(hash) => {
            let parts: Vec<String> = hash
                .iter()
                .map(|(k, v)| format!("{}=>{}", ruby_inspect(k), ruby_inspect(v)))
                .collect();
            format!("{{{}}}", crate::text::join(&parts, ", "))
        }
        other => ruby_to_s(other),
    }
}

/// A string as Ruby's `String#inspect` writes it.
pub(crate) fn ruby_string_inspect(text: &str) -> String {
    let mut out = String::new();
    write_ruby_string_inspect(&mut out, text);
    out
}

/// [`ruby_string_inspect`] written at the end of `out`.
pub(crate) fn write_ruby_string_inspect(out: &mut String, text: &str) {
    out.push('"');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\u{:04X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
