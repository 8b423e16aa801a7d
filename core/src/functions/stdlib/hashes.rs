//! stdlib's functions on hashes: `has_key`, `merge`, `deep_merge`, `delete_undef_values`,
//! `delete_values`, `join_keys_to_values`, `stdlib::nested_values`.

use alloc::format;
use alloc::vec::Vec;

use super::{class, counted, hash_arg, inspect, ruby_eq, to_s};
use crate::functions::declare::{block, rep, req, Call, Def};
use crate::functions::iteration::{iterable, Items};
use crate::host::{EvalResult, Walk};
use crate::value::{Hash, Value};

pub(super) fn has_key(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..=2).or_say("has_key(): wrong number of arguments ({}; must be 2)")?;
    let Value::Hash(hash) = &args[0] else {
        return Err(site.fail(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            inspect(&args[0]),
            class(&args[0])
        )));
    };
    Ok(Value::Boolean(hash.contains_key(&args[1])))
}

/// `merge(hashes...)`, or with a block the hashes it returns for each element, merged.
pub(super) fn merge(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let mut merged = Hash::new();
    let Some(closure) = closure else {
        for arg in args {
            if let Value::Hash(hash) = arg {
                merge_into(&mut merged, &hash);
            }
        }
        return Ok(Value::Hash(merged));
    };
    let Some(subject) = args.first() else {
        return Ok(Value::Hash(merged));
    };
    let three = closure.param_count() == 3;
    let calls: Vec<Vec<Value>> = match iterable(host, site, subject)? {
        Items::Entries(entries) if three => entries
            .into_iter()
            .map(|(k, v)| alloc::vec![k, v])
            .collect(),
        Items::Entries(entries) => entries
            .into_iter()
            .map(|(k, v)| alloc::vec![Value::array(alloc::vec![k, v])])
            .collect(),
        Items::Sequence(items) => items
            .into_iter()
            .enumerate()
            .map(|(at, v)| {
                if three {
                    alloc::vec![Value::Integer(at as i64), v]
                } else {
                    alloc::vec![v]
                }
            })
            .collect(),
    };
    for rest in calls {
        host.step(1, site.span)?;
        let mut call = alloc::vec![Value::Hash(merged.clone())];
        call.extend(rest);
        if let Value::Hash(hash) = host.call_lambda(closure, call, site)? {
            merge_into(&mut merged, &hash);
        }
    }
    Ok(Value::Hash(merged))
}

/// Ruby's `Hash#merge!`: later keys win, first keys keep their place.
fn merge_into(target: &mut Hash, from: &Hash) {
    for (key, value) in from.iter() {
        target.insert(key.clone(), value.clone());
    }
}

/// Hashes merged within each other deeper than this are refused (the native stack is small in
/// the browser; Puppet's own nesting limit for evaluation is 4,000 too).
const MAX_MERGE_DEPTH: usize = 4000;

/// Ruby's recursive merge: where both sides hold hashes, they are merged in turn; `false` when
/// that goes deeper than [`MAX_MERGE_DEPTH`].
fn deep_merge_into(target: &mut Hash, from: &Hash, depth: usize) -> bool {
    if depth > MAX_MERGE_DEPTH {
        return false;
    }
    for (key, value) in from.iter() {
        let merged = match (target.get(key), value) {
            (Some(Value::Hash(old)), Value::Hash(new)) => {
                let mut inner = old.clone();
                if !deep_merge_into(&mut inner, new, depth + 1) {
                    return false;
                }
                Value::Hash(inner)
            }
            _ => value.clone(),
        };
        target.insert(key.clone(), merged);
    }
    true
}

pub(super) fn deep_merge(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..)
        .or_say("deep_merge(): wrong number of arguments ({}; must be at least 2)")?;
    let mut merged = Hash::new();
    for arg in &args {
        match arg {
            Value::String(s) if s.is_empty() => {}
            Value::Hash(hash) => {
                if !deep_merge_into(&mut merged, hash, 0) {
                    return Err(site.fail(format!(
                        "deep_merge: the hashes are nested more than {MAX_MERGE_DEPTH} levels deep to merge"
                    )));
                }
            }
            other => {
                return Err(site.fail(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    class(other)
                )))
            }
        }
    }
    Ok(Value::Hash(merged))
}

pub(super) fn delete_undef_values(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.first() {
        None => Err(site.fail("delete_undef_values(): Wrong number of arguments given (0)")),
        Some(Value::Array(items)) => Ok(Value::array(
            items
                .iter()
                .filter(|v| !matches!(v, Value::Undef))
                .cloned()
                .collect(),
        )),
        Some(Value::Hash(hash)) => Ok(Value::Hash(filtered(hash, |_, v| {
            !matches!(v, Value::Undef)
        }))),
        Some(other) => Err(site.fail(format!(
            "delete_undef_values(): expected an array or hash, got {} type  {} ",
            to_s(other),
            class(other)
        ))),
    }
}

/// The entries of `hash` that `keep` keeps, in order.
fn filtered(hash: &Hash, keep: impl Fn(&Value, &Value) -> bool) -> Hash {
    let mut out = Hash::new();
    for (key, value) in hash.iter().filter(|(k, v)| keep(k, v)) {
        out.insert(key.clone(), value.clone());
    }
    out
}

pub(super) fn delete_values(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..=2)
        .or_say("delete_values(): Wrong number of arguments given ({} of 2)")?;
    let hash = hash_arg(
        site,
        &args[0],
        "delete_values(): First argument must be a Hash. Given an argument of class {}.",
    )?;
    Ok(Value::Hash(filtered(hash, |_, v| !ruby_eq(&args[1], v))))
}

pub(super) fn join_keys_to_values(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..=2)
        .or_say("join_keys_to_values(): Takes exactly two arguments, but {} given.")?;
    let hash = hash_arg(
        site,
        &args[0],
        "join_keys_to_values(): The first argument must be a hash, but a {} was given.",
    )?;
    let Value::String(separator) = &args[1] else {
        return Err(site.fail(format!(
            "join_keys_to_values(): The second argument must be a string, but a {} was given.",
            class(&args[1])
        )));
    };
    let mut out = Vec::new();
    for (key, value) in hash.iter() {
        let key = to_s(key);
        match value {
            Value::Array(items) => {
                for item in items.iter() {
                    out.push(Value::string(&format!("{key}{separator}{}", to_s(item))));
                }
            }
            other if to_s(other) == "undef" => out.push(Value::string(&key)),
            other => out.push(Value::string(&format!("{key}{separator}{}", to_s(other)))),
        }
    }
    Ok(Value::array(out))
}

/// `stdlib::nested_values(hash)` (stdlib 9): every value that is not itself a hash, the nested
/// hashes' values in their place, in order. Walked without recursion (a hash may nest deeper
/// than the native stack allows); the walk and the result's size were charged before the call.
pub(super) fn nested_values(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let mut values = Vec::new();
    let Some(Value::Hash(top)) = args.first() else {
        return Ok(Value::array(values));
    };
    let mut open = alloc::vec![top.iter()];
    while let Some(entries) = open.last_mut() {
        match entries.next() {
            Some((_, Value::Hash(inner))) => open.push(inner.iter()),
            Some((_, value)) => values.push(value.clone()),
            None => {
                open.pop();
            }
        }
    }
    Ok(Value::array(values))
}

/// `merge`'s argument type, as stdlib declares it (a hash, or what a 3.x caller passed for none).
const MERGEABLE: &str = "Variant[Hash[Scalar,Any], Undef, String[0,0]]";

/// `merge`'s dispatches (stdlib 8's and stdlib 9's `stdlib::merge` alike).
const MERGE_DISPATCHES: &[crate::functions::declare::Dispatch] = &[
    &[rep("args", MERGEABLE)],
    &[rep("args", "Iterable"), block(3, 3)],
    &[rep("args", "Iterable"), block(2, 2)],
];

/// What `merge` does, in a line.
const MERGE_DOC: &str =
    "Hashes merged left to right (later keys win), or the hashes a block gives per element";

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("has_key", has_key).removed_in_stdlib9()
        .doc("Whether a hash has a key (deprecated: use `in`)"),
    Def::stdlib("merge", merge).takes(MERGE_DISPATCHES).shim_in_stdlib9().checked().with_3x()
        .walks(Walk::Reads).doc(MERGE_DOC),
    // stdlib 9's name for it (its `merge` then only warns and calls this one); 4.x only.
    Def::stdlib("stdlib::merge", merge).takes(MERGE_DISPATCHES).checked().walks(Walk::Reads)
        .doc(MERGE_DOC),
    Def::stdlib("deep_merge", deep_merge).walks(Walk::Reads)
        .doc("Hashes merged recursively, later values winning"),
    Def::stdlib("delete_undef_values", delete_undef_values)
        .doc("An array or hash without its undef values"),
    Def::stdlib("delete_values", delete_values).walks(Walk::Reads)
        .doc("A hash without the entries whose value is the one given"),
    Def::stdlib("join_keys_to_values", join_keys_to_values).walks(Walk::Prints)
        .doc("Each key of a hash joined to its value(s) with a separator"),
    Def::stdlib("stdlib::nested_values", nested_values).takes(&[&[req("hash", "Hash")]]).checked()
        .walks(Walk::Builds)
        .doc("The values of a hash and of the hashes nested in it, in order, as one array"),
];
