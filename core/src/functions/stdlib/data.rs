//! stdlib's functions on data and types: `is_a`, `type_of`, `to_json`, `parsejson`, `parseyaml`
//! (JSON and YAML read as Ruby reads them, by the engine's Hiera readers).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{to_s, truthy};
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::types::{infer, instance_of};
use crate::value::Value;

pub(super) fn is_a(
    _: &mut Evaluator<'_>,
    _: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let matches = match (&args[0], &args[1]) {
        (value, Value::Type(ty)) => instance_of(ty, value),
        _ => false,
    };
    Ok(Value::Boolean(matches))
}

pub(super) fn type_of(
    _: &mut Evaluator<'_>,
    _: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    Ok(Value::from_type(infer(&args[0])))
}

/// Ruby's JSON text of a string: `"`, `\` and control characters escaped, the rest as it is.
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

/// Ruby's `to_json` of the value Puppet hands it (other objects as the JSON string of their
/// `to_s`); `Err` with Ruby's message for what JSON cannot hold.
fn json_into(out: &mut String, value: &Value) -> Result<(), String> {
    match value {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(n) => out.push_str(&format!("{n}")),
        Value::Float(f) if !f.is_finite() => {
            let name = match (f.is_nan(), *f > 0.0) {
                (true, _) => "NaN",
                (false, true) => "Infinity",
                (false, false) => "-Infinity",
            };
            return Err(format!("920: {name} not allowed in JSON"));
        }
        Value::Float(_) => out.push_str(&to_s(value)),
        Value::String(text) => json_string(out, text),
        Value::Array(items) => {
            out.push('[');
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push(',');
                }
                json_into(out, item)?;
            }
            out.push(']');
        }
        Value::Hash(hash) => {
            out.push('{');
            for (at, (key, item)) in hash.iter().enumerate() {
                if at > 0 {
                    out.push(',');
                }
                json_string(out, &to_s(key));
                out.push(':');
                json_into(out, item)?;
            }
            out.push('}');
        }
        Value::Default => json_string(out, "default"),
        Value::Regexp(regexp) => json_string(out, &regexp.ruby_to_s()),
        other => json_string(out, &to_s(other)),
    }
    Ok(())
}

pub(super) fn to_json(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let mut out = String::new();
    json_into(&mut out, &args[0]).map_err(|message| site.fail(message))?;
    ev.check_string(&out, site.span)?;
    Ok(Value::string(&out))
}

/// `parsejson` and `parseyaml`: the text's value, the default for a text that is null or false
/// (or fails, when a default is given), else the reader's error.
fn parse_with(
    site: &CallSite,
    args: &[Value],
    read: &dyn Fn(&str) -> Result<Value, String>,
) -> EvalResult<Value> {
    let Some(first) = args.first() else {
        return Err(site.fail("Wrong number of arguments. 1 or 2 arguments should be provided."));
    };
    let default = args.get(1).cloned().unwrap_or(Value::Undef);
    let parsed = match first {
        Value::String(text) => read(text),
        other => Err(super::no_implicit(other)),
    };
    match parsed {
        Ok(value) if truthy(&value) => Ok(value),
        Ok(_) => Ok(default),
        Err(_) if truthy(&default) => Ok(default),
        Err(message) => Err(site.fail(message)),
    }
}

pub(super) fn parsejson(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    parse_with(site, &args, &|text| crate::hiera::json::load(text))
}

pub(super) fn parseyaml(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    parse_with(site, &args, &|text| match crate::hiera::yaml::load(text) {
        Ok(value) => Ok(value.unwrap_or(Value::Undef)),
        Err(error) => Err(error.psych_text("<unknown>")),
    })
}
