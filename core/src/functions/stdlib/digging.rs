//! stdlib's older ways into nested data: `dig44(data, path, default)` and the deprecated
//! `try_get_value(data, 'a/b/0', default, separator)`, which goes through stdlib's 3.x `dig`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{class, counted};
use crate::functions::declare::{Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost, LogLevel};
use crate::value::Value;

/// The warnings Puppet 7 gives when a 3.x function loads another through the old autoloader:
/// `loaded?` and `load` (this one unless the function was called, so loaded, before), each once
/// per compile (Puppet's deprecation warnings are given once per process).
pub(super) fn autoload_warnings(host: &mut dyn FunctionHost, site: &CallSite, function: &str) {
    let text = |method: &str| {
        format!("The method 'Puppet::Parser::Functions.autoloader#{method}(\"{function}\")' is deprecated in favor of using 'Scope#call_function'.\n   (file & line not available)")
    };
    let asked = text("loaded?");
    if !host
        .logs()
        .iter()
        .any(|entry| entry.level == LogLevel::Warning && entry.message == asked)
    {
        host.log(LogLevel::Warning, asked, site.span);
    }
    let known = crate::functions::find(function).map(|def| def.name);
    if known.is_some_and(|name| host.load_3x(name)) {
        host.log(LogLevel::Warning, text("load"), site.span);
    }
}

/// Ruby's `Integer(key)` for an array index: an integer, a float cut, a decimal string.
fn index(key: &Value) -> Option<i64> {
    match key {
        Value::Integer(i) => Some(*i),
        Value::Float(f) if f.is_finite() => Some(*f as i64),
        Value::String(text) => {
            let t = text.trim();
            let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
                return None;
            }
            t.replace('_', "").parse().ok()
        }
        _ => None,
    }
}

/// Walk `path` into `data`: the value found, or `None` where a step finds nothing.
fn dig_path(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    data: &Value,
    path: &[Value],
) -> EvalResult<Option<Value>> {
    let mut current = data.clone();
    for key in path {
        host.step(1, site.span)?;
        let next = match &current {
            Value::Hash(hash) => hash.get(key).cloned(),
            Value::Array(items) => match index(key) {
                Some(i) => {
                    let len = items.len() as i64;
                    let at = if i < 0 { i + len } else { i };
                    (0..len)
                        .contains(&at)
                        .then(|| items.as_slice()[at as usize].clone())
                }
                None => None,
            },
            _ => None,
        };
        match next {
            Some(Value::Undef) | None => return Ok(None),
            Some(value) => current = value,
        }
    }
    Ok(Some(current))
}

pub(super) fn dig44(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("at least 2")?;
    let (data, path) = (&args[0], &args[1]);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) {
        return Err(site.fail(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            class(data)
        )));
    }
    let Value::Array(path) = path else {
        return Err(site.fail(format!(
            "dig44(): second argument must be an array, given {}",
            class(path)
        )));
    };
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    Ok(dig_path(host, site, data, path.as_slice())?.unwrap_or(default))
}

/// Ruby's `String#split(separator)` with a string separator (trailing empty parts dropped; a
/// single space splits on runs of whitespace, as Ruby's awk-like split does).
fn ruby_split(text: &str, separator: &str) -> Vec<String> {
    let mut parts: Vec<String> = if separator == " " {
        text.split_whitespace().map(String::from).collect()
    } else if separator.is_empty() {
        text.chars().map(String::from).collect()
    } else {
        text.split(separator).map(String::from).collect()
    };
    while parts.last().is_some_and(String::is_empty) {
        parts.pop();
    }
    parts
}

pub(super) fn try_get_value(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    host.log(
        LogLevel::Warning,
        String::from(
            "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.",
        ),
        site.span,
    );
    let data = args.first().cloned().unwrap_or(Value::Undef);
    let path = match args.get(1) {
        None | Some(Value::Undef | Value::Boolean(false)) => Value::string(""),
        Some(path) => path.clone(),
    };
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    let empty_path = matches!(&path, Value::String(p) if p.is_empty());
    if !matches!(data, Value::Hash(_) | Value::Array(_)) || empty_path {
        return Ok(if super::truthy(&default) {
            default
        } else {
            data
        });
    }
    let separator = match args.get(3) {
        None | Some(Value::Undef | Value::Boolean(false)) => String::from("/"),
        Some(other) => super::to_s(other),
    };
    let Value::String(path) = &path else {
        return Err(site.fail(format!(
            "undefined method `split' for {}:{}",
            super::inspect(&path),
            class(&path)
        )));
    };
    let keys: Vec<Value> = ruby_split(path, &separator)
        .into_iter()
        .map(|key| {
            if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
                Value::Integer(crate::functions::fqdn_rand::ruby_to_i(&key).unwrap_or(0))
            } else {
                Value::String(key.as_str().into())
            }
        })
        .collect();
    host.log(
        LogLevel::Warning,
        String::from("dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for backwards compatibility or use the new version."),
        site.span,
    );
    autoload_warnings(host, site, "dig44");
    Ok(dig_path(host, site, &data, &keys)?.unwrap_or(default))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("dig44", dig44).removed_in_stdlib9()
        .doc("The value at a path of keys and indexes in nested data, else a default"),
    Def::stdlib("try_get_value", try_get_value).removed_in_stdlib9().arity(-2)
        .doc("Deprecated: the value at a 'a/b/0' path in nested data, else a default"),
];
