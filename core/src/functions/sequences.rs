//! More iteration functions: `index`, `group_by`, `partition`, `slice`, `reverse_each`, `step`
//! and `tree_each`.

use alloc::format;
use alloc::vec::Vec;

use super::args::{check_arg, no_signature};
use super::declare::{block, opt, optional_any_block, req, Call, Def};
use super::iteration::{into_values, iterable, walk, Items};
use super::{expect_args, expect_block};
use crate::host::{
    charge_walk, is_truthy, CallSite, Closure, EvalResult, FunctionHost, Unwind, Walk,
};
use crate::types::Type;
use crate::value::{puppet_equals, Hash, Value};

fn key_of(items: &Items, index: usize) -> Value {
    match items {
        Items::Sequence(_) => Value::Integer(index as i64),
        Items::Entries(pairs) => pairs.get(index).map_or(Value::Undef, |(k, _)| k.clone()),
    }
}

pub(super) fn index(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    match (args.as_slice(), closure) {
        ([Value::String(text), needle], None) => {
            let found = match needle {
                Value::String(needle) => text.find(&**needle),
                Value::Regexp(regexp) => host
                    .regex_search(regexp, text, 0, site.span)?
                    .map(|captures| captures.whole().0),
                _ => return Err(no_signature(site)),
            };
            Ok(found.map_or(Value::Undef, |byte| {
                Value::Integer(text[..byte].chars().count() as i64)
            }))
        }
        ([subject, needle], None) => {
            let items = iterable(host, site, subject)?;
            let position = match &items {
                Items::Sequence(values) => values.iter().position(|v| puppet_equals(v, needle)),
                Items::Entries(pairs) => pairs.iter().position(|(_, v)| puppet_equals(v, needle)),
            };
            Ok(position.map_or(Value::Undef, |i| key_of(&items, i)))
        }
        ([subject], Some(closure)) => {
            let items = iterable(host, site, subject)?;
            let closure = expect_block(site, Some(closure), 1, 2)?;
            // A hash with a one-parameter lambda gives it the values only.
            let (items, keys) = match items {
                Items::Entries(pairs) if closure.param_count() < 2 => {
                    let keys: Vec<Value> = pairs.iter().map(|(k, _)| k.clone()).collect();
                    let values = Items::Sequence(pairs.into_iter().map(|(_, v)| v).collect());
                    (values, Some(keys))
                }
                other => (other, None),
            };
            let mut found = None;
            walk(host, site, closure, &items, &mut |i, value| {
                if is_truthy(&value) {
                    found = Some(i);
                    false
                } else {
                    true
                }
            })?;
            Ok(match keys {
                Some(keys) => found
                    .and_then(|i| keys.get(i).cloned())
                    .unwrap_or(Value::Undef),
                None => found.map_or(Value::Undef, |i| key_of(&items, i)),
            })
        }
        _ => Err(no_signature(site)),
    }
}

/// `group_by` and `partition`: the elements of an array or hash (an iterator is not accepted),
/// and the block's answer for each, in order (fewer where a `break` ended the walk).
fn answers(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    closure: Option<&Closure<'_>>,
) -> EvalResult<(Vec<Value>, Vec<Value>)> {
    expect_args(site, args, 1, Some(1))?;
    if matches!(args[0], Value::Iterator(_)) {
        return Err(no_signature(site));
    }
    let items = iterable(host, site, &args[0])?;
    let closure = expect_block(site, closure, 1, 2)?;
    let mut answers = Vec::new();
    walk(host, site, closure, &items, &mut |_, answer| {
        answers.push(answer);
        true
    })?;
    Ok((into_values(items), answers))
}

pub(super) fn group_by(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let (values, keys) = answers(host, site, &args, closure)?;
    // Groups in first-seen order; an index per key keeps this linear.
    let mut index = Hash::new();
    let mut groups: Vec<(Value, Vec<Value>)> = Vec::new();
    for (value, key) in values.into_iter().zip(keys) {
        // Hashing a key walks all of it.
        charge_walk(host, &key, Walk::Reads, site.span)?;
        match index.get(&key) {
            Some(Value::Integer(at)) => {
                if let Some((_, members)) = groups.get_mut(*at as usize) {
                    members.push(value);
                }
            }
            _ => {
                index.insert(key.clone(), Value::Integer(groups.len() as i64));
                groups.push((key, alloc::vec![value]));
            }
        }
    }
    Ok(Value::Hash(
        groups
            .into_iter()
            .map(|(k, v)| (k, Value::array(v)))
            .collect::<Hash>(),
    ))
}

pub(super) fn partition(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    let (values, verdicts) = answers(host, site, &args, closure)?;
    for (value, answer) in values.into_iter().zip(verdicts) {
        if is_truthy(&answer) {
            yes.push(value);
        } else {
            no.push(value);
        }
    }
    Ok(Value::array(alloc::vec![
        Value::array(yes),
        Value::array(no)
    ]))
}

pub(super) fn slice(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(2))?;
    let size = match &args[1] {
        Value::Integer(n) if *n >= 1 => *n as usize,
        _ => return Err(no_signature(site)),
    };
    let items = iterable(host, site, &args[0])?;
    let values = into_values(items);
    let chunks: Vec<Vec<Value>> = values.chunks(size).map(<[Value]>::to_vec).collect();
    let Some(closure) = closure else {
        return Ok(Value::array(chunks.into_iter().map(Value::array).collect()));
    };
    let (_, max) = closure.arity();
    let serving = match max {
        None => size,
        Some(n) => n,
    };
    if serving == 0 {
        return Err(site.fail("slice(): block must define at least one parameter. Block has 0."));
    }
    if serving != 1 && serving != size {
        return Err(site.fail(format!("slice(): block must define one parameter, or the same number of parameters as the given size of the slice ({size}). Block has {serving}")));
    }
    for chunk in chunks {
        host.step(1, site.span)?;
        let call_args = if serving == 1 {
            alloc::vec![Value::array(chunk)]
        } else {
            let mut chunk = chunk;
            chunk.resize(serving, Value::Undef);
            chunk
        };
        match host.call_lambda(closure, call_args, site) {
            Ok(_) => {}
            Err(Unwind::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(args.into_iter().next().unwrap_or(Value::Undef))
}

/// Call a one-parameter lambda for each value (until `break()`).
fn each_value(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: &Closure<'_>,
    values: Vec<Value>,
) -> EvalResult<()> {
    for value in values {
        host.step(1, site.span)?;
        match host.call_lambda(closure, alloc::vec![value], site) {
            Ok(_) => {}
            Err(Unwind::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(())
}

/// `reverse_each` and `step`: the block run on each value (answering undef), or without a block
/// the values as an iterator over `receiver`'s.
fn each_or_iterator(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    closure: Option<&Closure<'_>>,
    receiver: &Value,
    values: Vec<Value>,
) -> EvalResult<Value> {
    match closure {
        Some(closure) => {
            let closure = expect_block(site, Some(closure), 1, 1)?;
            each_value(host, site, closure, values)?;
            Ok(Value::Undef)
        }
        None => Ok(super::iterator_value(receiver, values)),
    }
}

pub(super) fn reverse_each(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    check_arg(site, "iterable", &Type::Iterable(None), &args[0])?;
    let items = iterable(host, site, &args[0])?;
    let mut values = into_values(items);
    values.reverse();
    each_or_iterator(host, site, closure, &args[0], values)
}

pub(super) fn step(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(2))?;
    check_arg(site, "iterable", &Type::Iterable(None), &args[0])?;
    let items = iterable(host, site, &args[0])?;
    check_arg(site, "step", &Type::integer(Some(1), None), &args[1])?;
    let step = match &args[1] {
        Value::Integer(n) => *n as usize,
        _ => 1,
    };
    let values: Vec<Value> = into_values(items)
        .into_iter()
        .step_by(step.max(1))
        .collect();
    each_or_iterator(host, site, closure, &args[0], values)
}

struct TreeOptions {
    include_root: bool,
    include_containers: bool,
    include_values: bool,
    depth_first: bool,
}

fn tree_children(value: &Value) -> Option<Vec<(Value, Value)>> {
    match value {
        Value::Array(items) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| (Value::Integer(i as i64), v.clone()))
                .collect(),
        ),
        Value::Hash(hash) => Some(hash.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        _ => None,
    }
}

/// The `[path, value]` pairs a tree walk visits, in order.
fn tree_walk(root: &Value, options: &TreeOptions, limit: usize) -> Vec<(Vec<Value>, Value)> {
    let mut out = Vec::new();
    let wanted = |value: &Value, path: &[Value]| {
        let container = tree_children(value).is_some();
        if path.is_empty() && !options.include_root {
            return false;
        }
        if container {
            options.include_containers
        } else {
            options.include_values
        }
    };
    // Depth first takes the last pending node (its children pushed in reverse, the first on
    // top); breadth first the oldest.
    let mut pending = alloc::collections::VecDeque::new();
    pending.push_back((Vec::new(), root.clone()));
    loop {
        let next = if options.depth_first {
            pending.pop_back()
        } else {
            pending.pop_front()
        };
        let Some((path, value)) = next else {
            break;
        };
        if out.len() > limit {
            break;
        }
        if wanted(&value, &path) {
            out.push((path.clone(), value.clone()));
        }
        if let Some(mut children) = tree_children(&value) {
            if options.depth_first {
                children.reverse();
            }
            for (key, child) in children {
                let mut child_path = path.clone();
                child_path.push(key);
                pending.push_back((child_path, child));
            }
        }
    }
    out
}

pub(super) fn tree_each(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(2))?;
    if !matches!(&args[0], Value::Array(_) | Value::Hash(_)) {
        return Err(no_signature(site));
    }
    let mut options = TreeOptions {
        include_root: true,
        include_containers: true,
        include_values: true,
        depth_first: true,
    };
    if let Some(given) = args.get(1) {
        let Value::Hash(hash) = given else {
            return Err(no_signature(site));
        };
        for (key, value) in hash.iter() {
            match (key.as_str(), value) {
                (Some("include_root"), Value::Boolean(b)) => options.include_root = *b,
                (Some("include_containers"), Value::Boolean(b)) => options.include_containers = *b,
                (Some("include_values"), Value::Boolean(b)) => options.include_values = *b,
                (Some("include_refs"), Value::Boolean(_)) | (Some("container_type"), _) => {}
                (Some("order"), Value::String(order)) if &**order == "depth_first" => {}
                (Some("order"), Value::String(order)) if &**order == "breadth_first" => {
                    options.depth_first = false
                }
                _ => return Err(no_signature(site)),
            }
        }
    }
    let limit = host.limits().max_collection_len;
    let visits = tree_walk(&args[0], &options, limit);
    host.check_collection(visits.len(), site.span)?;
    match closure {
        // Puppet gives a Runtime tree iterator object; its values as an array stand in for it.
        None => Ok(Value::array(
            visits
                .into_iter()
                .map(|(path, value)| Value::array(alloc::vec![Value::array(path), value]))
                .collect(),
        )),
        Some(closure) => {
            let closure = expect_block(site, Some(closure), 1, 2)?;
            let two = closure.param_count() >= 2;
            for (path, value) in visits {
                host.step(1, site.span)?;
                let call_args = if two {
                    alloc::vec![Value::array(path), value]
                } else {
                    alloc::vec![value]
                };
                match host.call_lambda(closure, call_args, site) {
                    Ok(_) => {}
                    Err(Unwind::Break(_)) => break,
                    Err(other) => return Err(other),
                }
            }
            Ok(args.into_iter().next().unwrap_or(Value::Undef))
        }
    }
}

/// The functions over sequences, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("group_by", group_by).takes(&[&[req("collection", "Iterable"), block(1, 2)]])
        .walks(Walk::Reads).doc("A hash of the elements grouped by the block's answer"),
    Def::puppet("index", index)
        .takes(&[
            &[req("collection", "Iterable"), req("value", "Any")],
            &[req("string", "String"), req("substring", "String")],
            &[req("collection", "Iterable"), block(1, 2)],
        ])
        .walks(Walk::Reads).doc("The index or key of the first match, or undef"),
    Def::puppet("partition", partition).takes(super::iteration::EACH)
        .doc("Two arrays: the elements for which the block is truthy, and the rest"),
    Def::puppet("reverse_each", reverse_each)
        .takes(&[&[req("collection", "Iterable"), block(1, 1)]]).with_3x()
        .doc("The elements in reverse order, or the block run on them"),
    Def::puppet("slice", slice)
        .takes(&[&[req("collection", "Iterable"), req("size", "Integer[1]"), optional_any_block()]])
        .with_3x().doc("The elements in slices of the size"),
    Def::puppet("step", step)
        .takes(&[&[req("collection", "Iterable"), req("step", "Integer[1]"), block(1, 1)]])
        .with_3x().doc("Every step-th element"),
    Def::puppet("tree_each", tree_each)
        .takes(&[&[
            req("tree", "Variant[Iterator, Array, Hash, Object]"), opt("options", "Hash"),
            block(1, 2),
        ]])
        .walks(Walk::Builds).doc("Runs the block for every node of a nested structure"),
];
