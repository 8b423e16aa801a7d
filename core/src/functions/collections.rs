//! Collection functions: `size`/`length`, `empty`, `keys`, `values`, `flatten`, `sort`,
//! `unique`, `dig`, `get`, `getvar`, `compare`, `min`, `max`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::args::{check_arg, deprecation, no_signature, warning_at_line};
use super::declare::{opt, optional_block, rep, req, Call, Def};
use super::expect_args;
use crate::host::{CallSite, Closure, EvalResult, FunctionHost, Unwind, Walk};
use crate::types::{infer, Type};
use crate::value::{Hash, Value};

/// `size(arg)`, `length(arg)` (their parameter checked by their declaration, `declared.rs`).
pub(super) fn size(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let n = match args.first() {
        Some(Value::Array(items)) => items.len(),
        Some(Value::Hash(hash)) => hash.len(),
        Some(Value::String(text)) => text.chars().count(),
        Some(Value::Binary(bytes)) => bytes.len(),
        _ => 0,
    };
    Ok(Value::Integer(n as i64))
}

pub(super) fn empty(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    Ok(Value::Boolean(match &args[0] {
        Value::Array(items) => items.is_empty(),
        Value::Hash(hash) => hash.is_empty(),
        Value::String(text) => text.is_empty(),
        Value::Binary(bytes) => bytes.is_empty(),
        Value::Undef => true,
        Value::Sensitive(inner) if matches!(&**inner, Value::String(_)) => {
            inner.as_str().is_some_and(str::is_empty)
        }
        Value::Integer(_) | Value::Float(_) => {
            warning_at_line(
                host,
                "Calling function empty() with Numeric value is deprecated.",
                site.span,
            );
            false
        }
        _ => return Err(no_signature(site)),
    }))
}

/// `keys(hsh)` (its `Hash` parameter checked by its declaration, `declared.rs`).
pub(super) fn keys(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let Some(Value::Hash(hash)) = args.first() else {
        return Ok(Value::Undef);
    };
    Ok(Value::array(hash.keys().cloned().collect()))
}

/// `values(hsh)` (its `Hash` parameter checked by its declaration, `declared.rs`).
pub(super) fn values(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let Some(Value::Hash(hash)) = args.first() else {
        return Ok(Value::Undef);
    };
    Ok(Value::array(hash.values().cloned().collect()))
}

/// The elements of `value` that are not arrays, in order, however deeply nested (without
/// recursion: the arrays being walked are kept on a list of their own).
fn flatten_into(value: &Value, out: &mut Vec<Value>) {
    let mut pending: Vec<core::slice::Iter<'_, Value>> = Vec::new();
    match value {
        Value::Array(items) => pending.push(items.iter()),
        other => return out.push(other.clone()),
    }
    while let Some(items) = pending.last_mut() {
        match items.next() {
            Some(Value::Array(inner)) => pending.push(inner.iter()),
            Some(other) => out.push(other.clone()),
            None => {
                pending.pop();
            }
        }
    }
}

pub(super) fn flatten(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let mut out = Vec::new();
    for arg in &args {
        flatten_into(arg, &mut out);
    }
    host.check_collection(out.len(), site.span)?;
    Ok(Value::array(out))
}

fn ruby_class(value: &Value) -> String {
    match value {
        Value::Integer(_) => "Integer".to_string(),
        Value::Float(_) => "Float".to_string(),
        Value::String(_) => "String".to_string(),
        Value::Boolean(true) => "TrueClass".to_string(),
        Value::Boolean(false) => "FalseClass".to_string(),
        Value::Undef => "NilClass".to_string(),
        Value::Array(_) => "Array".to_string(),
        Value::Hash(_) => "Hash".to_string(),
        _ => infer(value).generalize().to_string(),
    }
}

/// How Ruby shows the right operand in "comparison of X with Y failed".
fn ruby_operand(value: &Value) -> String {
    match value {
        Value::Boolean(b) => b.to_string(),
        Value::Undef => "nil".to_string(),
        Value::Integer(n) => n.to_string(),
        Value::Float(f) => crate::value::format_float(*f),
        other => ruby_class(other),
    }
}

/// Ruby's `<=>` on the Ruby objects of two values (strings compare bytewise; arrays element by
/// element, then by length: walked without recursion, however deeply they nest).
pub(crate) fn ruby_cmp(a: &Value, b: &Value) -> Result<Ordering, String> {
    // The arrays being compared, with the elements of each left to compare.
    let mut pending: Vec<(core::slice::Iter<'_, Value>, core::slice::Iter<'_, Value>)> = Vec::new();
    let (mut a, mut b) = (a, b);
    loop {
        match (a, b) {
            (Value::Array(x), Value::Array(y)) => pending.push((x.iter(), y.iter())),
            _ => match ruby_cmp_scalars(a, b)? {
                Ordering::Equal => {}
                other => return Ok(other),
            },
        }
        // The next pair of elements, or the lengths of arrays whose elements are all equal.
        loop {
            let Some((xs, ys)) = pending.last_mut() else {
                return Ok(Ordering::Equal);
            };
            match (xs.next(), ys.next()) {
                (Some(x), Some(y)) => {
                    (a, b) = (x, y);
                    break;
                }
                (x, y) => {
                    pending.pop();
                    match (x.is_some(), y.is_some()) {
                        (true, false) => return Ok(Ordering::Greater),
                        (false, true) => return Ok(Ordering::Less),
                        _ => {}
                    }
                }
            }
        }
    }
}

/// [`ruby_cmp`] of two values that are not both arrays.
fn ruby_cmp_scalars(a: &Value, b: &Value) -> Result<Ordering, String> {
    let failed = || {
        format!(
            "comparison of {} with {} failed",
            ruby_class(a),
            ruby_operand(b)
        )
    };
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Ok(x.cmp(y)),
        (Value::Integer(x), Value::Float(y)) => (*x as f64).partial_cmp(y).ok_or_else(failed),
        (Value::Float(x), Value::Integer(y)) => x.partial_cmp(&(*y as f64)).ok_or_else(failed),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y).ok_or_else(failed),
        (Value::String(x), Value::String(y)) => Ok(x.as_bytes().cmp(y.as_bytes())),
        (Value::SemVer(x), Value::SemVer(y)) => Ok(x.cmp(y)),
        (Value::Timespan(x), Value::Timespan(y)) => Ok(x.nanoseconds().cmp(&y.nanoseconds())),
        (Value::Timestamp(x), Value::Timestamp(y)) => Ok(x.nanoseconds().cmp(&y.nanoseconds())),
        _ => Err(failed()),
    }
}

/// Stable merge sort with a fallible comparison (a lambda may fail or break): no comparison is made
/// after the first failure, which is returned.
fn merge_sort(
    mut items: Vec<Value>,
    cmp: &mut dyn FnMut(&Value, &Value) -> EvalResult<Ordering>,
) -> EvalResult<Vec<Value>> {
    let mut failure = None;
    let order = crate::sort::order(items.len(), &mut |a, b| {
        if failure.is_some() {
            return Ordering::Equal;
        }
        cmp(&items[a], &items[b]).unwrap_or_else(|unwind| {
            failure = Some(unwind);
            Ordering::Equal
        })
    });
    if let Some(unwind) = failure {
        return Err(unwind);
    }
    crate::sort::permute(&mut items, order);
    Ok(items)
}

fn lambda_ordering(value: &Value) -> Ordering {
    match value {
        Value::Integer(n) => n.cmp(&0),
        Value::Float(f) => f.partial_cmp(&0.0).unwrap_or(Ordering::Equal),
        _ => Ordering::Equal,
    }
}

/// Sort with a two-parameter lambda returning a negative, zero or positive number.
fn sort_values(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    items: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Vec<Value>> {
    match closure {
        Some(closure) => {
            let closure = super::expect_block(site, Some(closure), 2, 2)?;
            merge_sort(items, &mut |a, b| {
                host.step(1, site.span)?;
                let result = host.call_lambda(closure, alloc::vec![a.clone(), b.clone()], site)?;
                Ok::<_, Unwind>(lambda_ordering(&result))
            })
        }
        // One error type for both: a single compiled merge sort.
        None => merge_sort(items, &mut |a, b| {
            ruby_cmp(a, b).map_err(|message| site.fail(message))
        }),
    }
}

pub(super) fn sort(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    match &args[0] {
        Value::Array(items) => Ok(Value::array(sort_values(
            host,
            site,
            items.as_slice().to_vec(),
            closure,
        )?)),
        Value::String(text) => {
            let chars: Vec<Value> = text
                .chars()
                .map(|c| Value::string(c.encode_utf8(&mut [0; 4])))
                .collect();
            let sorted = sort_values(host, site, chars, closure)?;
            Ok(Value::string(
                &sorted.iter().filter_map(Value::as_str).collect::<String>(),
            ))
        }
        _ => Err(no_signature(site)),
    }
}

/// The key a value is made unique by: the lambda's value, or the value itself.
fn unique_key(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: Option<&Closure<'_>>,
    value: &Value,
) -> EvalResult<Value> {
    match closure {
        Some(closure) => {
            host.step(1, site.span)?;
            let key = host.call_lambda(closure, alloc::vec![value.clone()], site)?;
            // Hashing a key walks all of it.
            crate::host::charge_walk(host, &key, crate::host::Walk::Reads, site.span)?;
            Ok(key)
        }
        None => Ok(value.clone()),
    }
}

fn unique_values(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: Option<&Closure<'_>>,
    items: impl Iterator<Item = Value>,
) -> EvalResult<Vec<Value>> {
    let mut seen = Hash::new();
    let mut out = Vec::new();
    for item in items {
        host.step(1, site.span)?;
        let key = unique_key(host, site, closure, &item)?;
        if !seen.contains_key(&key) {
            seen.insert(key, Value::Undef);
            out.push(item);
        }
    }
    Ok(out)
}

pub(super) fn unique(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    match &args[0] {
        Value::String(text) => {
            let chars = text
                .chars()
                .map(|c| Value::string(c.encode_utf8(&mut [0; 4])));
            let kept = unique_values(host, site, closure, chars)?;
            Ok(Value::string(
                &kept.iter().filter_map(Value::as_str).collect::<String>(),
            ))
        }
        Value::Array(items) => Ok(Value::array(unique_values(
            host,
            site,
            closure,
            items.iter().cloned(),
        )?)),
        Value::Hash(hash) => {
            // Groups by key, in first-seen order (an index per key keeps this linear).
            let mut index = Hash::new();
            let mut groups: Vec<(Vec<Value>, Vec<Value>)> = Vec::new();
            for (k, v) in hash.iter() {
                host.step(1, site.span)?;
                let key = unique_key(host, site, closure, v)?;
                match index.get(&key) {
                    Some(Value::Integer(at)) => {
                        if let Some((keys, values)) = groups.get_mut(*at as usize) {
                            keys.push(k.clone());
                            values.push(v.clone());
                        }
                    }
                    _ => {
                        index.insert(key, Value::Integer(groups.len() as i64));
                        groups.push((alloc::vec![k.clone()], alloc::vec![v.clone()]));
                    }
                }
            }
            let mut out = Hash::new();
            for (keys, values) in groups {
                let values = unique_values(host, site, None, values.into_iter())?;
                out.insert(Value::array(keys), Value::array(values));
            }
            Ok(Value::Hash(out))
        }
        other => {
            let items = super::iteration::iterable(host, site, other)?;
            let values = super::iteration::into_values(items);
            Ok(Value::array(unique_values(
                host,
                site,
                closure,
                values.into_iter(),
            )?))
        }
    }
}

/// Walk `data` by `keys` as `dig` does; the error is Puppet's message.
fn dig_path(data: &Value, keys: &[Value]) -> Result<Value, String> {
    let mut current = data.clone();
    let mut walked: Vec<Value> = Vec::new();
    for key in keys {
        if current.is_undef() || key.is_undef() {
            return Ok(Value::Undef);
        }
        let path = |walked: &[Value]| -> String {
            let parts: Vec<String> = walked.iter().map(crate::value::ruby_inspect).collect();
            format!("[{}]", crate::text::join(&parts, ", "))
        };
        current = match &current {
            Value::Array(items) => {
                walked.push(key.clone());
                match key {
                    Value::Integer(index) => {
                        let len = items.len() as i64;
                        let at = if *index < 0 { index + len } else { *index };
                        if at < 0 {
                            Value::Undef
                        } else {
                            items.get(at as usize).cloned().unwrap_or(Value::Undef)
                        }
                    }
                    other => {
                        return Err(format!(
                            "The given data requires an Integer index at {}, got '{}'",
                            path(&walked),
                            infer(other).generalize()
                        ))
                    }
                }
            }
            Value::Hash(hash) => {
                walked.push(key.clone());
                hash.get(key).cloned().unwrap_or(Value::Undef)
            }
            other => {
                return Err(format!(
                    "The given data does not contain a Collection at {}, got '{}'",
                    path(&walked),
                    infer(other)
                ))
            }
        };
    }
    Ok(current)
}

/// `dig(data, keys...)` (its parameters checked by its declaration, `declared.rs`).
pub(super) fn dig(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let Some((data, path)) = args.split_first() else {
        return Ok(Value::Undef);
    };
    dig_path(data, path).map_err(|message| site.fail(message))
}

/// Split a dotted navigation string (`a.b."c.d".0`) into keys; numbers become integers.
fn split_navigation(text: &str) -> Option<Vec<Value>> {
    let mut keys = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        let mut key = String::new();
        let mut quoted = false;
        match chars.peek() {
            Some('"') | Some('\'') => {
                let quote = chars.next()?;
                quoted = true;
                loop {
                    let c = chars.next()?;
                    if c == quote {
                        break;
                    }
                    key.push(c);
                }
            }
            _ => {
                while let Some(&c) = chars.peek() {
                    if c == '.' {
                        break;
                    }
                    key.push(c);
                    chars.next();
                }
            }
        }
        if !quoted && !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            keys.push(
                key.parse::<i64>()
                    .map(Value::Integer)
                    .unwrap_or_else(|_| Value::string(&key)),
            );
        } else {
            keys.push(Value::string(&key));
        }
        match chars.next() {
            None => return Some(keys),
            Some('.') => continue,
            Some(_) => return None,
        }
    }
}

fn get_from(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    value: &Value,
    navigation: &str,
    default: Value,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if value.is_undef() {
        return Ok(default);
    }
    if navigation.is_empty() {
        return Ok(value.clone());
    }
    let Some(keys) = split_navigation(navigation) else {
        return Err(site.fail("Syntax error in dotted-navigation string"));
    };
    match dig_path(value, &keys) {
        Ok(Value::Undef) => Ok(default),
        Ok(found) => Ok(found),
        Err(message) => match closure {
            Some(closure) => {
                let mut error = Hash::new();
                error = error.inserted(Value::string("msg"), Value::string(&message));
                error = error.inserted(Value::string("issue_code"), Value::string("SLICE_ERROR"));
                host.call_lambda(closure, alloc::vec![Value::Hash(error)], site)
            }
            None => Err(site.fail(message)),
        },
    }
}

pub(super) fn get(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(3))?;
    check_arg(site, "dotted_string", &Type::string(), &args[1])?;
    let navigation = args[1].as_str().unwrap_or("");
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    get_from(host, site, &args[0], navigation, default, closure)
}

pub(super) fn getvar(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(2))?;
    check_arg(site, "get_string", &Type::string(), &args[0])?;
    let text = args[0].as_str().unwrap_or("");
    let name_end = text
        .char_indices()
        .find(|(i, c)| {
            !(c.is_alphanumeric()
                || *c == '_'
                || (*c == ':' && text[*i..].starts_with("::"))
                || (*c == ':' && *i > 0 && text[..*i].ends_with(':')))
        })
        .map_or(text.len(), |(i, _)| i);
    let name = &text[..name_end];
    let valid_start = crate::qualified::trim_leading(name, "::")
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    if !valid_start {
        return Err(site.fail("The given string does not start with a valid variable name"));
    }
    let rest = &text[name_end..];
    let navigation = match rest.strip_prefix('.') {
        Some(navigation) => navigation,
        None if rest.is_empty() => "",
        None => {
            return Err(site.fail(format!(
                "First character after var name in get string must be a '.' - got {}",
                rest.chars().next().unwrap_or(' ')
            )))
        }
    };
    let default = args.get(1).cloned().unwrap_or(Value::Undef);
    let lookup = crate::qualified::trim_leading(name, "::");
    let value = match crate::host::numeric_variable(lookup) {
        Some(index) => Some(host.match_variable(index)),
        None => host.variable(lookup),
    };
    match value {
        Some(value) => get_from(host, site, &value, navigation, default, closure),
        None => Ok(default),
    }
}

pub(super) fn compare(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(3))?;
    let comparable = |v: &Value| {
        matches!(
            v,
            Value::Integer(_)
                | Value::Float(_)
                | Value::String(_)
                | Value::SemVer(_)
                | Value::Timespan(_)
                | Value::Timestamp(_)
        )
    };
    let (a, b) = (&args[0], &args[1]);
    if !comparable(a) || !comparable(b) {
        return Err(site.fail("'compare' compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got"));
    }
    let number = |v: &Value| match v {
        Value::Integer(n) => Some(*n as f64),
        Value::Float(f) => Some(*f),
        Value::Timespan(t) => Some(t.as_seconds_f64()),
        Value::Timestamp(t) => Some(t.as_seconds_f64()),
        _ => None,
    };
    let ordering = match (a, b) {
        (Value::String(x), Value::String(y)) => {
            if matches!(args.get(2), Some(Value::Boolean(false))) {
                x.as_bytes().cmp(y.as_bytes())
            } else {
                crate::value::case::downcase(x).cmp(&crate::value::case::downcase(y))
            }
        }
        (Value::SemVer(x), Value::SemVer(y)) => x.cmp(y),
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        (Value::Timespan(_), Value::Timestamp(_)) | (Value::Timestamp(_), Value::Timespan(_)) => {
            return Err(site.fail("'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got"))
        }
        _ => match (number(a), number(b)) {
            (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            _ => return Err(site.fail("'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got")),
        },
    };
    Ok(Value::Integer(match ordering {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

fn numeric_text(text: &str) -> bool {
    let body = text.strip_prefix('-').unwrap_or(text);
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let rest = &body[digits..];
    if rest.is_empty() {
        return true;
    }
    let mut chars = rest.chars();
    matches!(chars.next(), Some('.' | '_' | 'e' | 'E'))
        && !chars.as_str().is_empty()
        && chars.as_str().bytes().all(|b| b.is_ascii_digit())
}

fn extreme(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
    want: Ordering,
) -> EvalResult<Value> {
    let name = site.name.to_string();
    let values: Vec<Value> = match args.as_slice() {
        [Value::Array(items)] => items.as_slice().to_vec(),
        _ => args,
    };
    if values.is_empty() {
        return Err(site.fail(format!(
            "{name}(): Wrong number of arguments need at least one"
        )));
    }
    let all_numeric = values
        .iter()
        .all(|v| matches!(v, Value::Integer(_) | Value::Float(_)));
    let all_strings = values.iter().all(|v| matches!(v, Value::String(_)));
    let mut best = values[0].clone();
    for value in values.iter().skip(1) {
        let ordering = if let Some(closure) = closure {
            host.step(1, site.span)?;
            let result =
                host.call_lambda(closure, alloc::vec![value.clone(), best.clone()], site)?;
            lambda_ordering(&result)
        } else if all_numeric {
            ruby_cmp(value, &best).map_err(|m| site.fail(m))?
        } else if all_strings {
            let (x, y) = (value.as_str().unwrap_or(""), best.as_str().unwrap_or(""));
            if numeric_text(x) && numeric_text(y) {
                deprecation(host, &format!("The {name}() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda"));
                let f = |s: &str| crate::value::parse_f64(&s.replace('_', "")).unwrap_or(0.0);
                f(x).partial_cmp(&f(y)).unwrap_or(Ordering::Equal)
            } else {
                x.as_bytes().cmp(y.as_bytes())
            }
        } else {
            // Mixed kinds compare as numbers when both strings are numeric, else as strings.
            let x = crate::value::ruby_to_s(value);
            let y = crate::value::ruby_to_s(&best);
            if numeric_text(&x) && numeric_text(&y) {
                deprecation(host, &format!("The {name}() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda"));
                let f = |s: &str| crate::value::parse_f64(&s.replace('_', "")).unwrap_or(0.0);
                f(&x).partial_cmp(&f(&y)).unwrap_or(Ordering::Equal)
            } else {
                deprecation(host, &format!("The {name}() function's auto conversion of Any to String is deprecated - change to convert input before calling, or use lambda"));
                x.as_bytes().cmp(y.as_bytes())
            }
        };
        if ordering == want {
            best = value.clone();
        }
    }
    Ok(best)
}

pub(super) fn max(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    extreme(host, site, args, closure, Ordering::Greater)
}

pub(super) fn min(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    extreme(host, site, args, closure, Ordering::Less)
}

/// The functions over collections, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("compare", compare)
        .takes(&[
            &[req("a", "Any"), req("b", "Any")],
            &[req("a", "String"), req("b", "String"), req("ignore_case", "Boolean")],
        ])
        .walks(Walk::Reads).doc("-1, 0 or 1 as the first value is smaller, equal or greater"),
    Def::puppet("dig", dig).takes(&[&[req("data", "Optional[Collection]"), rep("args", "Any")]])
        .checked().with_3x().stdlib_3x()
        .doc("The value at a path of keys and indexes in nested data, undef where it stops"),
    Def::puppet("empty", empty)
        .takes(&[&[req("value", "Variant[Collection, String, Binary, Numeric, Undef]")]])
        .stdlib_3x().doc("Whether the value has no elements or characters"),
    Def::puppet("flatten", flatten).takes(&[&[rep("values", "Any")]]).stdlib_3x()
        .walks(Walk::Builds).doc("An array of the values with nested arrays flattened"),
    Def::puppet("get", get)
        .takes(&[&[
            req("value", "Any"), req("path", "String"), opt("default", "Any"), optional_block(1, 1),
        ]])
        .doc("The value at a dotted path into the value"),
    Def::puppet("getvar", getvar).takes(&[&[req("name", "String"), opt("default", "Any")]])
        .stdlib_3x().reaches_scope()
        .doc("The value of a variable named by a string, with a dotted path"),
    Def::puppet("keys", keys).takes(&[&[req("hsh", "Hash")]]).checked().stdlib_3x()
        .doc("A hash's keys"),
    Def::puppet("length", size).takes(&[&[req("arg", "Variant[Collection, String, Binary]")]])
        .checked().doc("The number of elements, entries, characters or bytes"),
    Def::puppet("max", max).takes(&[&[rep("values", "Any"), optional_block(2, 2)]]).stdlib_3x()
        .walks(Walk::Reads).doc("The greatest value"),
    Def::puppet("min", min).takes(&[&[rep("values", "Any"), optional_block(2, 2)]]).stdlib_3x()
        .walks(Walk::Reads).doc("The smallest value"),
    Def::puppet("size", size).takes(&[&[req("arg", "Variant[Collection, String, Binary]")]])
        .checked().stdlib_3x().doc("The number of elements, entries, characters or bytes"),
    Def::puppet("sort", sort)
        .takes(&[&[req("values", "Variant[String, Array]"), optional_block(2, 2)]]).stdlib_3x()
        .walks(Walk::Reads).doc("The values sorted, by the block when given"),
    Def::puppet("unique", unique).takes(&[&[req("values", "Iterable"), optional_block(1, 1)]])
        .stdlib_3x().walks(Walk::Reads).doc("The values without repeats"),
    Def::puppet("values", values).takes(&[&[req("hsh", "Hash")]]).checked().stdlib_3x()
        .doc("A hash's values"),
];
