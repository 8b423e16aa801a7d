//! Functions stdlib 9 added, with no stdlib 8.5 ancestor: `stdlib::crc32` and `stdlib::sha256`
//! (of a value's Ruby `to_s`, a Sensitive one unwrapped), `stdlib::has_function` (whether a call
//! would find a function) and `stdlib::sort_by` (Ruby's `sort_by` over the lambda's keys).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use sha2::{Digest, Sha256};

use crate::functions::declare::{block, req, Call, Def};
use crate::host::{CallSite, EvalResult, Walk};
use crate::value::{Hash, Value};

const HASHABLE: &str = "Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]]";

/// The text stdlib hashes: Ruby's `to_s` of the value, a Sensitive one's content.
fn hashed_text(value: &Value) -> String {
    match value {
        Value::Sensitive(inner) => super::to_s(inner),
        other => super::to_s(other),
    }
}

/// zlib's CRC-32, in lower-case hexadecimal without leading zeros (Ruby's `to_s(16)`).
fn crc32(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let mut crc = !0u32;
    for byte in hashed_text(&args[0]).bytes() {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    Ok(Value::string(&format!("{:x}", !crc)))
}

fn sha256(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let digest = Sha256::digest(hashed_text(&args[0]).as_bytes());
    Ok(Value::string(&super::hashing::hex(&digest)))
}

fn has_function(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let name = super::to_s(&args[0]);
    Ok(Value::Boolean(host.function_exists(&name, site.span)?))
}

/// Ruby's message when two keys do not compare: the second named by `inspect` when it is a
/// number, nil or a boolean, else by its class.
fn cannot_compare(site: &CallSite, a: &Value, b: &Value) -> crate::host::Unwind {
    let second = match b {
        Value::Integer(_) | Value::Float(_) | Value::Undef | Value::Boolean(_) => super::inspect(b),
        other => super::class(other),
    };
    site.fail(format!(
        "comparison of {} with {second} failed",
        super::class(a)
    ))
}

/// Ruby's `<=>` of two keys as `sort_by` compares them (`None`: they do not compare).
fn ruby_order(a: &Value, b: &Value, depth: usize) -> Option<Ordering> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            crate::value::order(a, b).ok()
        }
        (Value::String(x), Value::String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) if depth < 100 => {
            for (p, q) in x.iter().zip(y.iter()) {
                match ruby_order(p, q, depth + 1)? {
                    Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        _ => None,
    }
}

/// `stdlib::sort_by(iterable) |$x| { key }`: the items ordered by their keys (a string's
/// characters joined again, a hash's entries as a hash, each entry handed over as `[key, value]`).
fn sort_by(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let Some(closure) = closure else {
        return Err(site.fail(format!("'{}' expects a block", site.name)));
    };
    let items: Vec<Value> = match &args[0] {
        Value::Array(items) => items.as_slice().to_vec(),
        Value::String(text) => text
            .chars()
            .map(|c| Value::string(c.encode_utf8(&mut [0; 4])))
            .collect(),
        Value::Hash(hash) => hash
            .iter()
            .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()]))
            .collect(),
        _ => return Ok(args[0].clone()),
    };
    let mut keyed = Vec::with_capacity(items.len());
    // Ruby's `sort_by` yields one value: a hash's entry as one `[key, value]`.
    if !items.is_empty() {
        crate::functions::control::lambda_given(closure, 1)?;
    }
    for item in items {
        host.step(1, site.span)?;
        let key = host.call_lambda(closure, alloc::vec![item.clone()], site)?;
        keyed.push((key, item));
    }
    if let Some((first, _)) = keyed.first() {
        for (key, _) in &keyed[1..] {
            if ruby_order(first, key, 0).is_none() {
                return Err(cannot_compare(site, first, key));
            }
        }
    }
    crate::host::charge_walk(host, &args[0], Walk::Reads, site.span)?;
    crate::sort::sort_by(&mut keyed, &|(a, _), (b, _)| {
        ruby_order(a, b, 0).unwrap_or(Ordering::Equal)
    });
    let sorted = keyed.into_iter().map(|(_, item)| item);
    Ok(match &args[0] {
        Value::String(_) => Value::string(&sorted.map(|c| super::to_s(&c)).collect::<String>()),
        Value::Hash(_) => Value::Hash(
            sorted
                .filter_map(|pair| match pair {
                    Value::Array(pair) => Some((pair.get(0)?.clone(), pair.get(1)?.clone())),
                    _ => None,
                })
                .collect::<Hash>(),
        ),
        _ => Value::array(sorted.collect()),
    })
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("stdlib::crc32", crc32).takes(&[&[req("my_data", HASHABLE)]]).checked()
        .walks(Walk::Prints).doc("The CRC-32 of a value's text, in hexadecimal"),
    Def::stdlib("stdlib::sha256", sha256).takes(&[&[req("my_data", HASHABLE)]]).checked()
        .walks(Walk::Prints).doc("The SHA-256 of a value's text, in hexadecimal"),
    Def::stdlib("stdlib::has_function", has_function).takes(&[&[req("function_name", "String[1]")]])
        .checked().doc("Whether a function of that name exists"),
    Def::stdlib("stdlib::sort_by", sort_by)
        .takes(&[
            &[req("ary", "Array"), block(1, 1)],
            &[req("str", "String"), block(1, 1)],
            &[req("hsh", "Hash"), block(1, 2)],
        ])
        .checked().doc("The items ordered by the keys the lambda gives"),
];
