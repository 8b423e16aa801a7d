//! Iteration functions with a lambda: `each`, `map`, `filter`, `reduce`, `any`, `all`.

use alloc::vec::Vec;

use super::declare::{block, req, Call, Def, Dispatch};
use super::expect_block;
use crate::host::{is_truthy, CallSite, Closure, EvalResult, FunctionHost, Unwind};
use crate::types::iterate_type;
use crate::value::{Hash, Value};

/// What an iteration function walks over.
pub(crate) enum Items {
    /// Array elements (also integers `0..n`, the values of a type, the characters of a string).
    Sequence(Vec<Value>),
    /// Hash entries.
    Entries(Vec<(Value, Value)>),
}

/// The items of an Iterable value, or Puppet's refusal naming the function.
pub(crate) fn iterable(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    value: &Value,
) -> EvalResult<Items> {
    let refused = || super::args::no_signature(site);
    Ok(match value {
        Value::Array(items) => Items::Sequence(items.as_slice().to_vec()),
        Value::Iterator(iterator) => Items::Sequence(iterator.items().as_slice().to_vec()),
        Value::Hash(hash) => {
            Items::Entries(hash.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        }
        Value::Integer(n) if *n >= 0 => {
            host.check_collection(*n as usize, site.span)?;
            Items::Sequence((0..*n).map(Value::Integer).collect())
        }
        Value::String(text) => Items::Sequence(
            text.chars()
                .map(|c| Value::string(c.encode_utf8(&mut [0; 4])))
                .collect(),
        ),
        Value::Type(ty) => {
            let limit = host.limits().max_collection_len;
            match iterate_type(ty, limit) {
                Ok(values) => Items::Sequence(values),
                // Too many values: the engine's own limit, said as such.
                Err(e) if e.message.contains("more than the limit") => {
                    return Err(site.fail(e.message))
                }
                Err(_) => return Err(refused()),
            }
        }
        _ => return Err(refused()),
    })
}

/// The arguments one lambda call gets for item `index`: `(elem)` or `(index, elem)` for
/// sequences, `([key, value])` or `(key, value)` for hashes.
/// They go into `args`, an emptied list from `Host::arg_list` (no allocation per call).
pub(super) fn lambda_args(
    items: &Items,
    index: usize,
    two_params: bool,
    mut args: Vec<Value>,
) -> Vec<Value> {
    match items {
        Items::Sequence(values) => {
            let value = values[index].clone();
            if two_params {
                args.push(Value::Integer(index as i64));
            }
            args.push(value);
        }
        Items::Entries(pairs) => {
            let (key, value) = pairs[index].clone();
            if two_params {
                args.push(key);
                args.push(value);
            } else {
                args.push(Value::array(alloc::vec![key, value]));
            }
        }
    }
    args
}

pub(super) fn len(items: &Items) -> usize {
    match items {
        Items::Sequence(values) => values.len(),
        Items::Entries(pairs) => pairs.len(),
    }
}

/// Call the lambda once per item until it is done or `break()` is called; `visit` sees each
/// item's index and the lambda's value and says whether to go on.
pub(super) fn walk(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: &Closure<'_>,
    items: &Items,
    visit: &mut dyn FnMut(usize, Value) -> bool,
) -> EvalResult<()> {
    // Two or more parameters (or captures-rest) get `(index, elem)` / `(key, value)`.
    let two = closure.param_count() >= 2 || closure.arity().1.is_none();
    for index in 0..len(items) {
        host.step(1, site.span)?;
        let args = lambda_args(items, index, two, host.arg_list());
        if !answer(host, site, closure, args, index, visit)? {
            break;
        }
    }
    Ok(())
}

/// Calls the block with `args` and hands its answer for element `index` to `visit`: whether the
/// walk goes on (not after a `break` in the block, nor where `visit` says stop).
fn answer(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: &Closure<'_>,
    args: Vec<Value>,
    index: usize,
    visit: &mut dyn FnMut(usize, Value) -> bool,
) -> EvalResult<bool> {
    match host.call_lambda(closure, args, site) {
        Ok(value) => Ok(visit(index, value)),
        Err(Unwind::Break(_)) => Ok(false),
        Err(other) => Err(other),
    }
}

/// `each`, `map` and `filter` take an iterator's values one by one (Ruby's `next`): they see
/// only what is left, a `break` leaves the rest, and a nested walk of the same iterator shares
/// its position. Gives the items walked (for `filter`).
fn walk_taking(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: &Closure<'_>,
    receiver: &Value,
    items: Items,
    visit: &mut dyn FnMut(usize, Value) -> bool,
) -> EvalResult<Items> {
    let Value::Iterator(iterator) = receiver else {
        walk(host, site, closure, &items, visit)?;
        return Ok(items);
    };
    let two = closure.param_count() >= 2 || closure.arity().1.is_none();
    let mut taken = Vec::new();
    while let Some(value) = iterator.next_value() {
        host.step(1, site.span)?;
        let index = taken.len();
        taken.push(value.clone());
        let args = if two {
            alloc::vec![Value::Integer(index as i64), value]
        } else {
            alloc::vec![value]
        };
        if !answer(host, site, closure, args, index, visit)? {
            break;
        }
    }
    Ok(Items::Sequence(taken))
}

fn receiver_and_block<'c, 'a>(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    closure: Option<&'c Closure<'a>>,
    min: usize,
    max: usize,
) -> EvalResult<(Items, &'c Closure<'a>)> {
    super::expect_args(site, args, 1, Some(1))?;
    let items = iterable(host, site, &args[0])?;
    let closure = expect_block(site, closure, min, max)?;
    Ok((items, closure))
}

pub(super) fn each(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let (items, closure) = receiver_and_block(host, site, &args, closure, 1, 2)?;
    walk_taking(host, site, closure, &args[0], items, &mut |_, _| true)?;
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}

pub(super) fn map(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let (items, closure) = receiver_and_block(host, site, &args, closure, 1, 2)?;
    let mut mapped = Vec::with_capacity(len(&items));
    walk_taking(host, site, closure, &args[0], items, &mut |_, value| {
        mapped.push(value);
        true
    })?;
    Ok(Value::array(mapped))
}

pub(super) fn filter(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let (items, closure) = receiver_and_block(host, site, &args, closure, 1, 2)?;
    let mut kept = Vec::new();
    let items = walk_taking(host, site, closure, &args[0], items, &mut |index, value| {
        if is_truthy(&value) {
            kept.push(index);
        }
        true
    })?;
    Ok(match items {
        Items::Sequence(values) => {
            Value::array(kept.into_iter().map(|i| values[i].clone()).collect())
        }
        Items::Entries(pairs) => {
            Value::Hash(kept.into_iter().map(|i| pairs[i].clone()).collect::<Hash>())
        }
    })
}

pub(super) fn any(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    stop_at_truthiness(host, site, &args, closure, true)
}

pub(super) fn all(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    stop_at_truthiness(host, site, &args, closure, false)
}

/// `any` (stop at the first truthy answer) and `all` (stop at the first falsy one): the answer
/// is whether iteration stopped that way (`any`) or did not (`all`).
fn stop_at_truthiness(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    closure: Option<&Closure<'_>>,
    stop_when: bool,
) -> EvalResult<Value> {
    let (items, closure) = receiver_and_block(host, site, args, closure, 1, 2)?;
    let mut stopped = false;
    walk(host, site, closure, &items, &mut |_, value| {
        stopped = is_truthy(&value) == stop_when;
        !stopped
    })?;
    Ok(Value::Boolean(stopped == stop_when))
}

/// `reduce(memo?) |$memo, $item| { }`: without a start value the first item is the memo.
pub(super) fn reduce(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    super::expect_args(site, &args, 1, Some(2))?;
    let items = iterable(host, site, &args[0])?;
    let closure = expect_block(site, closure, 2, 2)?;
    let mut values = into_values(items);
    let mut rest = values.drain(..);
    let mut memo = match args.get(1) {
        Some(start) => start.clone(),
        None => match rest.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    // The memo is handed over, not copied, so that `$memo + {...}` can grow it in place; on
    // `break` it comes back from the lambda's first parameter. Two parameters of the same name
    // would bind the item there, so those lambdas get a copy as before.
    let params = closure.params();
    let hand_over = params.len() == 2 && params[0].name.name != params[1].name.name;
    for item in rest {
        host.step(1, site.span)?;
        let result = if hand_over {
            let mut kept = Value::Undef;
            let mut args = host.arg_list();
            args.push(core::mem::replace(&mut memo, Value::Undef));
            args.push(item);
            let result = host.call_lambda_keeping(closure, args, site, Some(&mut kept));
            memo = kept;
            result
        } else {
            host.call_lambda(closure, alloc::vec![memo.clone(), item], site)
        };
        match result {
            Ok(value) => memo = value,
            Err(Unwind::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(memo)
}

/// The items as values: hash entries become `[key, value]` pairs.
pub(crate) fn into_values(items: Items) -> Vec<Value> {
    match items {
        Items::Sequence(values) => values,
        Items::Entries(pairs) => pairs
            .into_iter()
            .map(|(k, v)| Value::array(alloc::vec![k, v]))
            .collect(),
    }
}

/// What most iteration functions take: a hash or an iterable, and a block of one or two
/// parameters (a hash's key and value, or an index and element).
pub(super) const EACH: &[Dispatch] = &[
    &[req("hash", "Hash"), block(1, 2)],
    &[req("collection", "Iterable"), block(1, 2)],
];

/// The iteration functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("all", all).takes(EACH).doc("True when the block is truthy for every element"),
    Def::puppet("any", any).takes(EACH).doc("True when the block is truthy for some element"),
    Def::puppet("each", each).takes(EACH).with_3x()
        .doc("Runs the block for every element; returns the collection"),
    Def::puppet("filter", filter).takes(EACH).with_3x()
        .doc("The elements for which the block is truthy"),
    Def::puppet("map", map).takes(EACH).with_3x()
        .doc("An array of the block's answers for every element"),
    Def::puppet("reduce", reduce)
        .takes(&[
            &[req("collection", "Iterable"), block(2, 2)],
            &[req("collection", "Iterable"), req("start", "Any"), block(2, 2)],
        ])
        .with_3x().doc("The block applied to a memo and every element in turn"),
];
