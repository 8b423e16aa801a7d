//! stdlib's functions on arrays: `member`, `prefix`, `suffix`, `concat`, `count`, `delete`, `delete_regex`,
//! `delete_at`, `zip`, `union`, `intersection`, `difference`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::values::string_to_bool;
use super::{class, counted, inspect, ruby_array, ruby_eq, to_s, truthy, wrong_count};
use crate::functions::declare::{Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
use crate::value::{Hash, Value};

pub(super) fn member(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("2")?;
    let Value::Array(array) = &args[0] else {
        return Err(site.fail("member(): Requires array to work with"));
    };
    let wanted: Vec<Value> = match &args[1] {
        Value::String(_) | Value::Integer(_) => alloc::vec![args[1].clone()],
        Value::Array(items) => items.as_slice().to_vec(),
        _ => {
            return Err(site.fail("member(): Item to search for must be a string, fixnum, or array"))
        }
    };
    if wanted.is_empty() {
        return Err(site.fail("member(): You must provide item to search for within array given"));
    }
    Ok(Value::Boolean(
        wanted.iter().all(|w| array.iter().any(|v| v == w)),
    ))
}

/// `prefix` and `suffix`: each element (key) as a string, with the affix on its side.
fn affix(site: &CallSite, args: &[Value], before: bool) -> EvalResult<Value> {
    let Some(subject) = args.first() else {
        return Err(wrong_count(site, 0, "1"));
    };
    if !matches!(subject, Value::Array(_) | Value::Hash(_)) {
        return Err(site.fail(format!(
            "{}(): expected first argument to be an Array or a Hash, got {}",
            site.name,
            inspect(subject)
        )));
    }
    let affix = match args.get(1) {
        Some(Value::String(text)) => String::from(&**text),
        Some(other) if truthy(other) => {
            return Err(site.fail(format!(
                "{}(): expected second argument to be a String, got {}",
                site.name,
                inspect(other)
            )))
        }
        _ => String::new(),
    };
    let join = |v: &Value| {
        let text = to_s(v);
        Value::string(&if before {
            format!("{affix}{text}")
        } else {
            format!("{text}{affix}")
        })
    };
    Ok(match subject {
        Value::Hash(hash) => {
            let mut out = Hash::new();
            for (key, value) in hash.iter() {
                out.insert(join(key), value.clone());
            }
            Value::Hash(out)
        }
        Value::Array(items) => Value::array(items.iter().map(join).collect()),
        _ => Value::Undef,
    })
}

pub(super) fn prefix(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    affix(site, &args, true)
}

pub(super) fn suffix(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    affix(site, &args, false)
}

pub(super) fn concat(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("< 2")?;
    let Value::Array(first) = &args[0] else {
        return Err(site.fail("concat(): Requires array to work with"));
    };
    let mut out = first.as_slice().to_vec();
    for arg in &args[1..] {
        match arg {
            Value::Array(items) => out.extend(items.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    Ok(Value::array(out))
}

pub(super) fn count(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, ..=2).or_say("count(): Wrong number of arguments given {} for 1 or 2.")?;
    let item = args.get(1).filter(|item| truthy(item));
    let counted = |v: &Value| match item {
        Some(item) => ruby_eq(v, item),
        None => !matches!(v, Value::Undef) && !matches!(v, Value::String(s) if s.is_empty()),
    };
    let n = match &args[0] {
        Value::Array(items) => items.iter().filter(|v| counted(v)).count(),
        Value::Hash(hash) => hash
            .iter()
            .filter(|(k, v)| counted(&Value::array(alloc::vec![(*k).clone(), (*v).clone()])))
            .count(),
        other => {
            return Err(site.fail(format!(
                "undefined method `count' for {}:{}",
                inspect(other),
                class(other)
            )))
        }
    };
    Ok(Value::Integer(n as i64))
}

pub(super) fn delete(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..=2).or_say("delete(): Wrong number of arguments given {} for 2")?;
    let mut collection = args[0].clone();
    for item in ruby_array(&args[1]) {
        collection = match collection {
            Value::Array(items) => {
                Value::array(items.iter().filter(|v| !ruby_eq(v, &item)).cloned().collect())
            }
            Value::Hash(hash) => Value::Hash(hash.without(core::slice::from_ref(&item))),
            Value::String(text) => match &item {
                Value::String(gone) if gone.is_empty() => Value::String(text),
                Value::String(gone) => Value::string(&text.replace(&**gone, "")),
                other => {
                    return Err(site.fail(format!(
                        "wrong argument type {} (expected Regexp)",
                        super::type_error_name(other)
                    )))
                }
            },
            other => {
                return Err(site.fail(format!(
                    "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
                    class(&other)
                )))
            }
        };
    }
    Ok(collection)
}

pub(super) fn delete_at(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("2")?;
    let Value::Array(items) = &args[0] else {
        return Err(site.fail("delete_at(): Requires array to work with"));
    };
    let index = match &args[1] {
        Value::String(text)
            if text
                .split('\n')
                .any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())) =>
        {
            crate::functions::fqdn_rand::ruby_to_i(text).unwrap_or(i64::MAX)
        }
        Value::String(_) => {
            return Err(site.fail("delete_at(): You must provide non-negative numeric index"))
        }
        Value::Integer(n) => *n,
        Value::Float(f) if f.is_finite() => *f as i64,
        other => {
            return Err(site.fail(format!(
                "undefined method `to_i' for {}:{}",
                inspect(other),
                class(other)
            )))
        }
    };
    let len = items.len() as i64;
    if index > len - 1 {
        return Err(site.fail("delete_at(): Given index exceeds size of array given"));
    }
    let at = if index < 0 { index + len } else { index };
    let mut out = items.as_slice().to_vec();
    if (0..len).contains(&at) {
        out.remove(at as usize);
    }
    Ok(Value::array(out))
}

pub(super) fn zip(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("2")?;
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return Err(site.fail("zip(): Requires array to work with"));
    };
    let flat = match args.get(2).filter(|v| truthy(v)) {
        Some(flag) => string_to_bool(flag).map_err(|message| site.fail(message))?,
        None => false,
    };
    let pairs = a.iter().enumerate().map(|(at, x)| {
        Value::array(alloc::vec![
            x.clone(),
            b.get(at).cloned().unwrap_or(Value::Undef)
        ])
    });
    let mut out = Vec::new();
    for pair in pairs {
        if flat {
            out.extend(super::flattened(&pair, false));
        } else {
            out.push(pair);
        }
    }
    Ok(Value::array(out))
}

/// Ruby's `uniq`: the first of each value, in order.
fn push_unique(out: &mut Vec<Value>, value: &Value) {
    if !out.contains(value) {
        out.push(value.clone());
    }
}

pub(super) fn union(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("< 2")?;
    let mut out = Vec::new();
    for arg in &args {
        let Value::Array(items) = arg else {
            return Err(site.fail("union(): Every parameter must be an array"));
        };
        items.iter().for_each(|v| push_unique(&mut out, v));
    }
    Ok(Value::array(out))
}

/// The two arrays of `intersection` and `difference`, or stdlib's messages.
fn two_arrays<'a>(
    site: &CallSite,
    args: &'a [Value],
    refusal: &dyn Fn(&Value, &Value) -> String,
) -> EvalResult<(&'a [Value], &'a [Value])> {
    counted(site, args, 2..=2).or_usual("2")?;
    match (&args[0], &args[1]) {
        (Value::Array(a), Value::Array(b)) => Ok((a.as_slice(), b.as_slice())),
        (a, b) => Err(site.fail(refusal(a, b))),
    }
}

pub(super) fn intersection(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let (a, b) = two_arrays(site, &args, &|a, b| {
        format!(
            "intersection(): Requires 2 arrays, got {} and {}",
            class(a),
            class(b)
        )
    })?;
    let mut out = Vec::new();
    a.iter()
        .filter(|v| b.contains(v))
        .for_each(|v| push_unique(&mut out, v));
    Ok(Value::array(out))
}

pub(super) fn difference(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let (a, b) = two_arrays(site, &args, &|_, _| {
        "difference(): Requires 2 arrays".into()
    })?;
    Ok(Value::array(
        a.iter().filter(|v| !b.contains(v)).cloned().collect(),
    ))
}

/// `delete_regex(collection, pattern(s))`: the array's elements (the hash's keys) that a
/// pattern matches as a whole word (`\b<pattern>\b`) taken out.
pub(super) fn delete_regex(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..=2)
        .or_say("delete_regex(): Wrong number of arguments given {} for 2")?;
    let patterns = ruby_array(&args[1]);
    let mut collection = args[0].clone();
    for pattern in &patterns {
        let source = format!("\\b{}\\b", super::to_s(pattern));
        let regexp = crate::functions::strings::compile(site, &source)?;
        let matches = |host: &mut dyn FunctionHost, item: &Value| -> EvalResult<bool> {
            Ok(match item {
                Value::String(text) => host.regex_search(&regexp, text, 0, site.span)?.is_some(),
                _ => false,
            })
        };
        collection = match &collection {
            Value::Array(items) => {
                let mut kept = Vec::new();
                for item in items.iter() {
                    if !matches(host, item)? {
                        kept.push(item.clone());
                    }
                }
                Value::array(kept)
            }
            Value::Hash(hash) => {
                let mut kept = crate::value::Hash::new();
                for (k, v) in hash.iter() {
                    if !matches(host, k)? {
                        kept.insert(k.clone(), v.clone());
                    }
                }
                Value::Hash(kept)
            }
            Value::String(_) => {
                return Err(site.fail(format!(
                    "undefined method `reject!' for {}:String",
                    super::inspect(&collection)
                )))
            }
            other => {
                return Err(site.fail(format!(
                    "delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class {}.",
                    super::class(other)
                )))
            }
        };
    }
    Ok(collection)
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("member", member).walks(Walk::Reads)
        .doc("Whether an array holds a value (or all of an array's values)"),
    Def::stdlib("prefix", prefix).walks(Walk::Prints)
        .doc("Each element of an array (key of a hash) with a prefix"),
    Def::stdlib("suffix", suffix).walks(Walk::Prints)
        .doc("Each element of an array (key of a hash) with a suffix"),
    Def::stdlib("concat", concat).doc("An array with arrays or values appended"),
    Def::stdlib("count", count).arity(-2).walks(Walk::Reads)
        .doc("How many elements are not undef or empty, or equal the one given"),
    Def::stdlib("delete", delete).walks(Walk::Reads)
        .doc("An array, hash or string without the given element(s), key(s) or substring(s)"),
    Def::stdlib("delete_at", delete_at).doc("An array without the element at an index"),
    Def::stdlib("zip", zip).doc("Two arrays paired element by element (optionally flattened)"),
    Def::stdlib("union", union).walks(Walk::Reads).doc("The elements of all the arrays, each once"),
    Def::stdlib("intersection", intersection).walks(Walk::Reads)
        .doc("The elements found in both arrays, each once"),
    Def::stdlib("difference", difference).walks(Walk::Reads)
        .doc("The elements of the first array that the second lacks"),
    Def::stdlib("delete_regex", delete_regex)
        .doc("An array or hash without the elements (keys) a pattern matches"),
];
