//! The methods of Array, Hash and Range that templates call: iteration with blocks, sorting,
//! searching, building and (for arrays and hashes) changing them in place.

use super::RubyHost;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cell::RefCell;
use core::cmp::Ordering;

use super::interp::{arity, BlockArg, Flow, Interp, RResult};
use super::value::{self, RVal};

/// The elements a collection iterates over (a hash's as `[key, value]` pairs).
pub(crate) fn elements<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    value: &RVal,
) -> RResult<Vec<RVal>> {
    Ok(match value {
        RVal::Array(items) => items.borrow().clone(),
        RVal::Hash(entries) => entries
            .borrow()
            .iter()
            .map(|(k, v)| RVal::array(alloc::vec![k.clone(), v.clone()]))
            .collect(),
        RVal::Range(a, b, exclusive) => {
            let end = if *exclusive { *b } else { b.saturating_add(1) };
            let count = end.saturating_sub(*a).max(0) as u64;
            interp.step(count / 8 + 1)?;
            if count > interp.rt.limits().max_collection_len as u64 {
                return Err(Flow::Stop(crate::host::error(
                    "SIZE_LIMIT",
                    "a range in a template is too large",
                    interp.span,
                )));
            }
            (*a..end).map(RVal::Int).collect()
        }
        RVal::Nil => return interp.raise("undefined method `each' for nil:NilClass"),
        other => {
            return interp.unsupported(format!(
                "iterating over a {} is not supported by the playground's ERB",
                other.class_name()
            ))
        }
    })
}

/// Ruby's `<=>` for sorting; an error when the two do not compare.
pub(crate) fn compare<H: RubyHost>(
    interp: &Interp<'_, H>,
    a: &RVal,
    b: &RVal,
    depth: usize,
) -> RResult<Ordering> {
    let fail = || {
        interp.raise(format!(
            "comparison of {} with {} failed",
            a.class_name(),
            value::inspect(b)
        ))
    };
    match (a, b) {
        (RVal::Int(x), RVal::Int(y)) => Ok(x.cmp(y)),
        (RVal::Int(_) | RVal::Float(_), RVal::Int(_) | RVal::Float(_)) => {
            let (x, y) = (num(a), num(b));
            x.partial_cmp(&y).map_or_else(fail, Ok)
        }
        (RVal::Str(x), RVal::Str(y)) | (RVal::Sym(x), RVal::Sym(y)) => {
            Ok(x.as_bytes().cmp(y.as_bytes()))
        }
        (RVal::Array(x), RVal::Array(y)) if depth < 50 => {
            let (x, y) = (x.borrow().clone(), y.borrow().clone());
            for (p, q) in x.iter().zip(y.iter()) {
                let c = compare(interp, p, q, depth + 1)?;
                if c != Ordering::Equal {
                    return Ok(c);
                }
            }
            Ok(x.len().cmp(&y.len()))
        }
        _ => fail(),
    }
}

fn num(v: &RVal) -> f64 {
    match v {
        RVal::Int(n) => *n as f64,
        RVal::Float(f) => *f,
        _ => 0.0,
    }
}

/// Sort with a fallible comparison (the first error wins), charging n log n steps.
fn sort_values<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: &mut [RVal],
    mut cmp: impl FnMut(&mut Interp<'_, H>, &RVal, &RVal) -> RResult<Ordering>,
) -> RResult<()> {
    let n = items.len() as u64;
    interp.step(n * (64 - n.leading_zeros() as u64) / 4 + 1)?;
    let error: RefCell<Option<Flow>> = RefCell::new(None);
    items.sort_by(|a, b| {
        if error.borrow().is_some() {
            return Ordering::Equal;
        }
        match cmp(interp, a, b) {
            Ok(o) => o,
            Err(e) => {
                *error.borrow_mut() = Some(e);
                Ordering::Equal
            }
        }
    });
    match error.into_inner() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn need_block<'b, H: RubyHost>(
    interp: &Interp<'_, H>,
    block: Option<&'b BlockArg>,
) -> RResult<&'b BlockArg> {
    match block {
        Some(b) => Ok(b),
        None => interp.unsupported("an enumerator (a method that takes a block, called without one) is not supported by the playground's ERB"),
    }
}

fn flatten_into<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    out: &mut Vec<RVal>,
    items: &[RVal],
    depth: i64,
    level: usize,
) -> RResult<()> {
    if level > 100 {
        return interp.raise("tried to flatten recursive array");
    }
    for item in items {
        interp.step(1)?;
        match item {
            RVal::Array(inner) if depth != 0 => {
                let inner = inner.borrow().clone();
                flatten_into(interp, out, &inner, depth - 1, level + 1)?;
            }
            other => out.push(other.clone()),
        }
    }
    Ok(())
}

/// `join`: elements' `to_s`, nested arrays joined with the same separator.
fn join<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: &[RVal],
    sep: &str,
    level: usize,
) -> RResult<String> {
    if level > 100 {
        return interp.raise("recursive array join");
    }
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match item {
            RVal::Array(inner) => {
                let inner = inner.borrow().clone();
                out.push_str(&join(interp, &inner, sep, level + 1)?);
            }
            other => out.push_str(&interp.ruby_to_s(other)?),
        }
        interp.check_string(&out)?;
    }
    Ok(out)
}

fn uniq<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: Vec<RVal>,
    block: Option<&BlockArg>,
) -> RResult<Vec<RVal>> {
    let mut out: Vec<RVal> = Vec::new();
    let mut keys: Vec<RVal> = Vec::new();
    for item in items {
        interp.step(1 + keys.len() as u64 / 16)?;
        let key = match block {
            Some(b) => interp.yield_block(b, alloc::vec![item.clone()])?,
            None => item.clone(),
        };
        if !keys.iter().any(|k| value::eql(k, &key)) {
            keys.push(key);
            out.push(item);
        }
    }
    Ok(out)
}

fn index_of(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (i >= 0 && (i as usize) < len).then_some(i as usize)
}

/// The methods of Array, Hash and Range.
pub(crate) fn collection_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: RVal,
    name: &str,
    args: &mut [RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    if let RVal::Hash(entries) = &recv {
        if let Some(result) = hash_method(interp, &recv, entries, name, args, block)? {
            return Ok(result);
        }
    }
    if let RVal::Array(items) = &recv {
        if let Some(result) = array_method(interp, &recv, items, name, args, block)? {
            return Ok(result);
        }
    }
    if let RVal::Range(a, b, exclusive) = &recv {
        let last = if *exclusive { b - 1 } else { *b };
        match name {
            "include?" | "member?" | "cover?" | "===" => {
                arity(interp, args, 1, 1)?;
                let x = num(&args[0]);
                return Ok(RVal::Bool(
                    matches!(args[0], RVal::Int(_) | RVal::Float(_))
                        && x >= *a as f64
                        && (if *exclusive {
                            x < *b as f64
                        } else {
                            x <= *b as f64
                        }),
                ));
            }
            "first" | "min" | "begin" if args.is_empty() && block.is_none() => {
                return Ok(if name != "begin" && last < *a {
                    RVal::Nil
                } else {
                    RVal::Int(*a)
                })
            }
            "last" | "max" | "end" if args.is_empty() && block.is_none() => {
                return Ok(if name == "end" {
                    RVal::Int(*b)
                } else if last < *a {
                    RVal::Nil
                } else {
                    RVal::Int(last)
                })
            }
            "size" | "count" | "length" if args.is_empty() && block.is_none() => {
                return Ok(RVal::Int((last - a + 1).max(0)))
            }
            "step" => {
                arity(interp, args, 1, 1)?;
                let step = match &args[0] {
                    RVal::Int(n) if *n > 0 => *n,
                    _ => return interp.raise("step can't be negative or zero"),
                };
                let mut i = *a;
                let Some(block) = block else {
                    let mut out = Vec::new();
                    while i <= last {
                        interp.step(1)?;
                        out.push(RVal::Int(i));
                        i = match i.checked_add(step) {
                            Some(n) => n,
                            None => break,
                        };
                    }
                    return Ok(RVal::array(out));
                };
                while i <= last {
                    interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
                    i = match i.checked_add(step) {
                        Some(n) => n,
                        None => break,
                    };
                }
                return Ok(recv.clone());
            }
            "to_s" | "inspect" => return Ok(RVal::str(&value::inspect(&recv))),
            _ => {}
        }
    }
    let items = elements(interp, &recv)?;
    enumerable_method(interp, &recv, items, name, args, block)
}

/// Methods of Enumerable, over `items` (a hash's pairs, a range's integers).
fn enumerable_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: &RVal,
    items: Vec<RVal>,
    name: &str,
    args: &mut [RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    Ok(match name {
        // Without a block these give an enumerator: here, the array of what they would yield.
        "each" | "each_entry" | "map" | "collect" if block.is_none() => RVal::array(items),
        "each_with_index" if block.is_none() => RVal::array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| RVal::array(alloc::vec![item, RVal::Int(i as i64)]))
                .collect(),
        ),
        "each" | "each_entry" => {
            let block = need_block(interp, block)?;
            for item in items {
                interp.yield_block(block, alloc::vec![item])?;
            }
            recv.clone()
        }
        "each_with_index" | "each_with_object" => {
            let block = need_block(interp, block)?;
            if name == "each_with_object" {
                arity(interp, args, 1, 1)?;
                let memo = args[0].clone();
                for item in items {
                    interp.yield_block(block, alloc::vec![item, memo.clone()])?;
                }
                return Ok(memo);
            }
            for (i, item) in items.into_iter().enumerate() {
                interp.yield_block(block, alloc::vec![item, RVal::Int(i as i64)])?;
            }
            recv.clone()
        }
        "reverse_each" => {
            let block = need_block(interp, block)?;
            for item in items.into_iter().rev() {
                interp.yield_block(block, alloc::vec![item])?;
            }
            recv.clone()
        }
        "map" | "collect" | "flat_map" | "collect_concat" => {
            let block = need_block(interp, block)?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                let v = interp.yield_block(block, alloc::vec![item])?;
                match (&v, name) {
                    (RVal::Array(inner), "flat_map" | "collect_concat") => {
                        out.extend(inner.borrow().iter().cloned())
                    }
                    _ => out.push(v),
                }
            }
            RVal::array(out)
        }
        "select" | "filter" | "reject" | "partition" => {
            let block = need_block(interp, block)?;
            let (mut yes, mut no) = (Vec::new(), Vec::new());
            for item in items {
                if interp
                    .yield_block(block, alloc::vec![item.clone()])?
                    .truthy()
                {
                    yes.push(item);
                } else {
                    no.push(item);
                }
            }
            match name {
                "reject" => RVal::array(no),
                "partition" => RVal::array(alloc::vec![RVal::array(yes), RVal::array(no)]),
                _ => RVal::array(yes),
            }
        }
        "find" | "detect" => {
            let block = need_block(interp, block)?;
            for item in items {
                if interp
                    .yield_block(block, alloc::vec![item.clone()])?
                    .truthy()
                {
                    return Ok(item);
                }
            }
            RVal::Nil
        }
        "find_index" | "index" => {
            for (i, item) in items.into_iter().enumerate() {
                interp.step(1)?;
                let hit = match (args.first(), block) {
                    (Some(x), _) => value::equal(&item, x, 0),
                    (None, Some(b)) => interp.yield_block(b, alloc::vec![item])?.truthy(),
                    (None, None) => {
                        return interp
                            .unsupported("an enumerator is not supported by the playground's ERB")
                    }
                };
                if hit {
                    return Ok(RVal::Int(i as i64));
                }
            }
            RVal::Nil
        }
        "any?" | "all?" | "none?" | "one?" => {
            let mut count = 0usize;
            let total = items.len();
            for item in items {
                let hit = match (args.first(), block) {
                    (Some(pattern), _) => {
                        let mut a = alloc::vec![item];
                        interp
                            .call_method(pattern.clone(), "===", &mut a, None)?
                            .truthy()
                    }
                    (None, Some(b)) => interp.yield_block(b, alloc::vec![item])?.truthy(),
                    (None, None) => item.truthy(),
                };
                if hit {
                    count += 1;
                    if name == "any?" {
                        return Ok(RVal::Bool(true));
                    }
                } else if name == "all?" {
                    return Ok(RVal::Bool(false));
                }
            }
            RVal::Bool(match name {
                "any?" => false,
                "all?" => count == total,
                "none?" => count == 0,
                _ => count == 1,
            })
        }
        "count" => {
            let mut count = 0i64;
            if args.is_empty() && block.is_none() {
                return Ok(RVal::Int(items.len() as i64));
            }
            for item in items {
                let hit = match (args.first(), block) {
                    (Some(x), _) => value::equal(&item, x, 0),
                    (None, Some(b)) => interp.yield_block(b, alloc::vec![item])?.truthy(),
                    _ => true,
                };
                count += hit as i64;
            }
            RVal::Int(count)
        }
        "size" | "length" => RVal::Int(items.len() as i64),
        "to_a" | "entries" => RVal::array(items),
        "include?" | "member?" => {
            arity(interp, args, 1, 1)?;
            interp.step(items.len() as u64 / 8)?;
            RVal::Bool(items.iter().any(|i| value::equal(i, &args[0], 0)))
        }
        "first" | "take" => match args.first() {
            None if name == "first" => items.into_iter().next().unwrap_or(RVal::Nil),
            Some(n) => {
                let RVal::Int(n) = n else {
                    return interp.raise("no implicit conversion into Integer");
                };
                if *n < 0 {
                    return interp.raise("negative array size");
                }
                RVal::array(items.into_iter().take(*n as usize).collect())
            }
            None => return interp.raise("wrong number of arguments (given 0, expected 1)"),
        },
        "drop" => {
            arity(interp, args, 1, 1)?;
            let RVal::Int(n) = args[0] else {
                return interp.raise("no implicit conversion into Integer");
            };
            if n < 0 {
                return interp.raise("attempt to drop negative size");
            }
            RVal::array(items.into_iter().skip(n as usize).collect())
        }
        "take_while" | "drop_while" => {
            let block = need_block(interp, block)?;
            let mut cut = items.len();
            for (i, item) in items.iter().enumerate() {
                if !interp
                    .yield_block(block, alloc::vec![item.clone()])?
                    .truthy()
                {
                    cut = i;
                    break;
                }
            }
            let mut items = items;
            let rest = items.split_off(cut);
            RVal::array(if name == "take_while" { items } else { rest })
        }
        "sort" => {
            let mut items = items;
            match block {
                Some(b) => {
                    let b = b.clone();
                    sort_values(interp, &mut items, |interp, x, y| {
                        let c = interp.yield_block(&b, alloc::vec![x.clone(), y.clone()])?;
                        match c {
                            RVal::Int(n) => Ok(n.cmp(&0)),
                            _ => interp.raise(format!(
                                "comparison of {} with {} failed",
                                x.class_name(),
                                value::inspect(y)
                            )),
                        }
                    })?
                }
                None => sort_values(interp, &mut items, |interp, x, y| compare(interp, x, y, 0))?,
            }
            RVal::array(items)
        }
        "sort_by" | "min_by" | "max_by" | "group_by" | "uniq" | "sum" | "tally" | "each_slice"
        | "each_cons" | "zip" | "inject" | "reduce" | "min" | "max" | "minmax" | "to_h"
        | "flatten" | "reverse" | "join" | "compact" | "chunk_while" | "slice_when" | "grep"
        | "grep_v" | "filter_map" | "each_index" | "uniq_by" | "lazy" | "cycle" => {
            generic_method(interp, recv, items, name, args, block)?
        }
        _ => return interp.no_method(name, recv),
    })
}

fn generic_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: &RVal,
    items: Vec<RVal>,
    name: &str,
    args: &mut [RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    Ok(match name {
        "sort_by" | "min_by" | "max_by" => {
            let block = need_block(interp, block)?;
            let mut keyed = Vec::with_capacity(items.len());
            for item in items {
                let key = interp.yield_block(block, alloc::vec![item.clone()])?;
                keyed.push(RVal::array(alloc::vec![key, item]));
            }
            let key_of = |v: &RVal| match v {
                RVal::Array(pair) => pair.borrow().first().cloned().unwrap_or(RVal::Nil),
                _ => RVal::Nil,
            };
            let item_of = |v: &RVal| match v {
                RVal::Array(pair) => pair.borrow().get(1).cloned().unwrap_or(RVal::Nil),
                _ => RVal::Nil,
            };
            sort_values(interp, &mut keyed, |interp, x, y| {
                compare(interp, &key_of(x), &key_of(y), 0)
            })?;
            match name {
                "sort_by" => RVal::array(keyed.iter().map(item_of).collect()),
                "min_by" => keyed.first().map(item_of).unwrap_or(RVal::Nil),
                _ => keyed.last().map(item_of).unwrap_or(RVal::Nil),
            }
        }
        "min" | "max" | "minmax" => {
            let mut items = items;
            match block {
                Some(b) => {
                    let b = b.clone();
                    sort_values(interp, &mut items, |interp, x, y| {
                        match interp.yield_block(&b, alloc::vec![x.clone(), y.clone()])? {
                            RVal::Int(n) => Ok(n.cmp(&0)),
                            _ => interp.raise("comparison failed"),
                        }
                    })?
                }
                None => sort_values(interp, &mut items, |interp, x, y| compare(interp, x, y, 0))?,
            }
            if let Some(RVal::Int(n)) = args.first() {
                let n = (*n).max(0) as usize;
                if name == "max" {
                    items.reverse();
                }
                return Ok(RVal::array(items.into_iter().take(n).collect()));
            }
            match name {
                "min" => items.first().cloned().unwrap_or(RVal::Nil),
                "max" => items.last().cloned().unwrap_or(RVal::Nil),
                _ => RVal::array(alloc::vec![
                    items.first().cloned().unwrap_or(RVal::Nil),
                    items.last().cloned().unwrap_or(RVal::Nil)
                ]),
            }
        }
        "group_by" => {
            let block = need_block(interp, block)?;
            let mut groups: Vec<(RVal, RVal)> = Vec::new();
            for item in items {
                let key = interp.yield_block(block, alloc::vec![item.clone()])?;
                match groups.iter().find(|(k, _)| value::eql(k, &key)) {
                    Some((_, RVal::Array(list))) => list.borrow_mut().push(item),
                    _ => groups.push((key, RVal::array(alloc::vec![item]))),
                }
            }
            RVal::hash(groups)
        }
        "tally" => {
            let mut counts: Vec<(RVal, RVal)> = Vec::new();
            for item in items {
                interp.step(1)?;
                match counts.iter_mut().find(|(k, _)| value::eql(k, &item)) {
                    Some((_, RVal::Int(n))) => *n += 1,
                    _ => counts.push((item, RVal::Int(1))),
                }
            }
            RVal::hash(counts)
        }
        "uniq" => RVal::array(uniq(interp, items, block)?),
        "sum" => {
            let mut total = args.first().cloned().unwrap_or(RVal::Int(0));
            for item in items {
                let item = match block {
                    Some(b) => interp.yield_block(b, alloc::vec![item])?,
                    None => item,
                };
                total = interp.call_method(total, "+", &mut alloc::vec![item], None)?;
            }
            total
        }
        "inject" | "reduce" => {
            let mut items = items.into_iter();
            let (mut acc, op) = match (args.len(), block) {
                (0, Some(_)) => (items.next().unwrap_or(RVal::Nil), None),
                (1, Some(_)) => (args[0].clone(), None),
                (1, None) => (
                    items.next().unwrap_or(RVal::Nil),
                    Some(value::to_s(&args[0])),
                ),
                (2, None) => (args[0].clone(), Some(value::to_s(&args[1]))),
                _ => {
                    return interp.unsupported(
                        "this form of inject is not supported by the playground's ERB",
                    )
                }
            };
            for item in items {
                acc = match (&op, block) {
                    (Some(op), _) => interp.call_method(acc, op, &mut alloc::vec![item], None)?,
                    (None, Some(b)) => interp.yield_block(b, alloc::vec![acc, item])?,
                    _ => acc,
                };
            }
            acc
        }
        "each_slice" | "each_cons" => {
            arity(interp, args, 1, 1)?;
            let RVal::Int(n) = args[0] else {
                return interp.raise("no implicit conversion into Integer");
            };
            if n <= 0 {
                return interp.raise("invalid slice size");
            }
            let n = n as usize;
            let groups: Vec<RVal> = if name == "each_slice" {
                items.chunks(n).map(|c| RVal::array(c.to_vec())).collect()
            } else {
                items.windows(n).map(|c| RVal::array(c.to_vec())).collect()
            };
            match block {
                Some(b) => {
                    for g in groups {
                        interp.yield_block(b, alloc::vec![g])?;
                    }
                    RVal::Nil
                }
                None => RVal::array(groups),
            }
        }
        "zip" => {
            let others: Vec<Vec<RVal>> = args
                .iter()
                .map(|a| match a {
                    RVal::Array(x) => x.borrow().clone(),
                    _ => Vec::new(),
                })
                .collect();
            let rows = items
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    let mut row = alloc::vec![item];
                    for other in &others {
                        row.push(other.get(i).cloned().unwrap_or(RVal::Nil));
                    }
                    RVal::array(row)
                })
                .collect();
            RVal::array(rows)
        }
        "to_h" => {
            let mut entries = Vec::new();
            for item in items {
                let item = match block {
                    Some(b) => interp.yield_block(b, alloc::vec![item])?,
                    None => item,
                };
                match &item {
                    RVal::Array(pair) if pair.borrow().len() == 2 => {
                        let pair = pair.borrow();
                        value::hash_set(&mut entries, pair[0].clone(), pair[1].clone());
                    }
                    other => {
                        return interp.raise(format!(
                            "wrong element type {} (expected array)",
                            other.class_name()
                        ))
                    }
                }
            }
            RVal::hash(entries)
        }
        "flatten" => {
            let depth = match args.first() {
                Some(RVal::Int(n)) => *n,
                _ => -1,
            };
            let mut out = Vec::new();
            flatten_into(interp, &mut out, &items, depth, 0)?;
            RVal::array(out)
        }
        "reverse" => RVal::array(items.into_iter().rev().collect()),
        "join" => {
            let sep = match args.first() {
                None | Some(RVal::Nil) => String::new(),
                Some(RVal::Str(s)) => s.to_string(),
                Some(other) => {
                    return interp.raise(format!(
                        "no implicit conversion of {} into String",
                        other.class_name()
                    ))
                }
            };
            RVal::str(&join(interp, &items, &sep, 0)?)
        }
        "compact" => RVal::array(
            items
                .into_iter()
                .filter(|i| !matches!(i, RVal::Nil))
                .collect(),
        ),
        "grep" | "grep_v" => {
            arity(interp, args, 1, 1)?;
            let mut out = Vec::new();
            for item in items {
                let mut a = alloc::vec![item.clone()];
                let hit = interp
                    .call_method(args[0].clone(), "===", &mut a, None)?
                    .truthy();
                if hit == (name == "grep") {
                    out.push(match block {
                        Some(b) => interp.yield_block(b, alloc::vec![item])?,
                        None => item,
                    });
                }
            }
            RVal::array(out)
        }
        "filter_map" => {
            let block = need_block(interp, block)?;
            let mut out = Vec::new();
            for item in items {
                let v = interp.yield_block(block, alloc::vec![item])?;
                if v.truthy() {
                    out.push(v);
                }
            }
            RVal::array(out)
        }
        "each_index" => {
            let block = need_block(interp, block)?;
            for i in 0..items.len() {
                interp.yield_block(block, alloc::vec![RVal::Int(i as i64)])?;
            }
            recv.clone()
        }
        _ => return interp.no_method(name, recv),
    })
}

/// Methods only arrays have (indexing, changing in place, set operations).
fn array_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: &RVal,
    items: &alloc::rc::Rc<RefCell<Vec<RVal>>>,
    name: &str,
    args: &mut [RVal],
    block: Option<&BlockArg>,
) -> RResult<Option<RVal>> {
    let check_len = |interp: &mut Interp<'_, H>, len: usize| -> RResult<()> {
        if len > interp.rt.limits().max_collection_len {
            return Err(Flow::Stop(crate::host::error(
                "SIZE_LIMIT",
                "an array in a template is too large",
                interp.span,
            )));
        }
        interp.step(1)
    };
    Ok(Some(match name {
        "[]" | "slice" => {
            arity(interp, args, 1, 2)?;
            let list = items.borrow();
            let len = list.len();
            match (&args[0], args.get(1)) {
                (RVal::Int(i), None) => index_of(len, *i)
                    .map(|i| list[i].clone())
                    .unwrap_or(RVal::Nil),
                (RVal::Int(i), Some(RVal::Int(n))) => {
                    let start = if *i < 0 { len as i64 + i } else { *i };
                    if start < 0 || start > len as i64 || *n < 0 {
                        RVal::Nil
                    } else {
                        RVal::array(
                            list[start as usize..]
                                .iter()
                                .take(*n as usize)
                                .cloned()
                                .collect(),
                        )
                    }
                }
                (RVal::Range(a, b, exclusive), None) => {
                    let start = if *a < 0 { len as i64 + a } else { *a };
                    let mut end = if *b < 0 { len as i64 + b } else { *b };
                    if !*exclusive {
                        end += 1;
                    }
                    if start < 0 || start > len as i64 {
                        RVal::Nil
                    } else {
                        let end = end.clamp(start, len as i64);
                        RVal::array(list[start as usize..end as usize].to_vec())
                    }
                }
                _ => return interp.raise("no implicit conversion into Integer"),
            }
        }
        "[]=" => {
            arity(interp, args, 2, 2)?;
            let RVal::Int(i) = args[0] else {
                return interp
                    .unsupported("this Array#[]= is not supported by the playground's ERB");
            };
            let list = items.borrow_mut();
            let len = list.len();
            let index = if i < 0 { len as i64 + i } else { i };
            if index < 0 {
                return interp.raise(format!("index {i} too small for array"));
            }
            let index = index as usize;
            drop(list);
            check_len(interp, index + 1)?;
            let mut list = items.borrow_mut();
            while list.len() <= index {
                list.push(RVal::Nil);
            }
            list[index] = args[1].clone();
            args[1].clone()
        }
        "at" => {
            arity(interp, args, 1, 1)?;
            let list = items.borrow();
            match args[0] {
                RVal::Int(i) => index_of(list.len(), i)
                    .map(|i| list[i].clone())
                    .unwrap_or(RVal::Nil),
                _ => return interp.raise("no implicit conversion into Integer"),
            }
        }
        "dig" => {
            let list = items.borrow().clone();
            dig(interp, RVal::array(list), args)?
        }
        "fetch" => {
            arity(interp, args, 1, 2)?;
            let list = items.borrow().clone();
            let RVal::Int(i) = args[0] else {
                return interp.raise("no implicit conversion into Integer");
            };
            match index_of(list.len(), i) {
                Some(i) => list[i].clone(),
                None => match (args.get(1), block) {
                    (_, Some(b)) => interp.yield_block(b, alloc::vec![args[0].clone()])?,
                    (Some(default), None) => default.clone(),
                    (None, None) => {
                        return interp.raise(format!(
                            "index {i} outside of array bounds: {}...{}",
                            -(list.len() as i64),
                            list.len()
                        ))
                    }
                },
            }
        }
        "last" => {
            let list = items.borrow();
            match args.first() {
                None => list.last().cloned().unwrap_or(RVal::Nil),
                Some(RVal::Int(n)) if *n >= 0 => {
                    let n = (*n as usize).min(list.len());
                    RVal::array(list[list.len() - n..].to_vec())
                }
                _ => return interp.raise("negative array size"),
            }
        }
        "empty?" => RVal::Bool(items.borrow().is_empty()),
        "push" | "<<" | "append" => {
            if name == "<<" {
                arity(interp, args, 1, 1)?;
            }
            let len = items.borrow().len() + args.len();
            check_len(interp, len)?;
            items.borrow_mut().extend(args.iter().cloned());
            recv.clone()
        }
        "unshift" | "prepend" => {
            let mut list = items.borrow_mut();
            for (i, a) in args.iter().enumerate() {
                list.insert(i, a.clone());
            }
            drop(list);
            recv.clone()
        }
        "concat" => {
            for a in args.iter() {
                if let RVal::Array(other) = a {
                    let other = other.borrow().clone();
                    let len = items.borrow().len() + other.len();
                    check_len(interp, len)?;
                    items.borrow_mut().extend(other);
                }
            }
            recv.clone()
        }
        "pop" => items.borrow_mut().pop().unwrap_or(RVal::Nil),
        "shift" => {
            let mut list = items.borrow_mut();
            if list.is_empty() {
                RVal::Nil
            } else {
                list.remove(0)
            }
        }
        "delete" => {
            arity(interp, args, 1, 1)?;
            let mut list = items.borrow_mut();
            let before = list.len();
            list.retain(|x| !value::equal(x, &args[0], 0));
            if list.len() == before {
                RVal::Nil
            } else {
                args[0].clone()
            }
        }
        "delete_at" => {
            arity(interp, args, 1, 1)?;
            let mut list = items.borrow_mut();
            let len = list.len();
            match args[0] {
                RVal::Int(i) => match index_of(len, i) {
                    Some(i) => list.remove(i),
                    None => RVal::Nil,
                },
                _ => RVal::Nil,
            }
        }
        "clear" => {
            items.borrow_mut().clear();
            recv.clone()
        }
        "+" => {
            arity(interp, args, 1, 1)?;
            let RVal::Array(other) = &args[0] else {
                return interp.raise(format!(
                    "no implicit conversion of {} into Array",
                    args[0].class_name()
                ));
            };
            let mut out = items.borrow().clone();
            out.extend(other.borrow().iter().cloned());
            check_len(interp, out.len())?;
            RVal::array(out)
        }
        "-" | "&" | "|" | "difference" | "intersection" | "union" => {
            arity(interp, args, 1, usize::MAX)?;
            let RVal::Array(other) = &args[0] else {
                return interp.raise(format!(
                    "no implicit conversion of {} into Array",
                    args[0].class_name()
                ));
            };
            let mine = items.borrow().clone();
            let theirs = other.borrow().clone();
            interp.step((mine.len() as u64 * theirs.len() as u64) / 16 + 1)?;
            let has = |list: &[RVal], x: &RVal| list.iter().any(|y| value::eql(x, y));
            let out: Vec<RVal> = match name {
                "-" | "difference" => mine.into_iter().filter(|x| !has(&theirs, x)).collect(),
                "&" | "intersection" => uniq(
                    interp,
                    mine.into_iter().filter(|x| has(&theirs, x)).collect(),
                    None,
                )?,
                _ => {
                    let mut all = mine;
                    all.extend(theirs);
                    uniq(interp, all, None)?
                }
            };
            RVal::array(out)
        }
        "*" => {
            arity(interp, args, 1, 1)?;
            match &args[0] {
                RVal::Str(sep) => {
                    let list = items.borrow().clone();
                    RVal::str(&join(interp, &list, sep, 0)?)
                }
                RVal::Int(n) if *n >= 0 => {
                    let list = items.borrow().clone();
                    let total = list.len().saturating_mul(*n as usize);
                    check_len(interp, total)?;
                    interp.step(total as u64 / 8)?;
                    let mut out = Vec::with_capacity(total);
                    for _ in 0..*n {
                        out.extend(list.iter().cloned());
                    }
                    RVal::array(out)
                }
                _ => return interp.raise("negative argument"),
            }
        }
        "<=>" => {
            arity(interp, args, 1, 1)?;
            match compare(interp, recv, &args[0], 0) {
                Ok(o) => RVal::Int(o as i64),
                Err(_) => RVal::Nil,
            }
        }
        "sort!" | "uniq!" | "compact!" | "flatten!" | "reverse!" | "map!" | "collect!"
        | "select!" | "reject!" | "shuffle!" | "sort_by!" | "delete_if" | "keep_if" => {
            // `delete_if` and `keep_if` are `reject!` and `select!` that give the array always.
            let base = match name {
                "delete_if" => "reject",
                "keep_if" => "select",
                _ => name.trim_end_matches('!'),
            };
            if base == "shuffle" {
                return interp
                    .unsupported("shuffle is not supported by the playground's ERB (random)");
            }
            let list = items.borrow().clone();
            let before = list.len();
            let result = enumerable_method(interp, recv, list, base, args, block)?;
            if let RVal::Array(new) = result {
                let new = new.borrow().clone();
                let changed = new.len() != before;
                *items.borrow_mut() = new;
                if matches!(name, "uniq!" | "compact!" | "select!" | "reject!") && !changed {
                    return Ok(Some(RVal::Nil));
                }
            }
            recv.clone()
        }
        "values_at" => {
            let list = items.borrow();
            RVal::array(
                args.iter()
                    .map(|a| match a {
                        RVal::Int(i) => index_of(list.len(), *i)
                            .map(|i| list[i].clone())
                            .unwrap_or(RVal::Nil),
                        _ => RVal::Nil,
                    })
                    .collect(),
            )
        }
        "to_ary" => recv.clone(),
        "transpose" => {
            let list = items.borrow().clone();
            let rows: Vec<Vec<RVal>> = list
                .iter()
                .map(|r| match r {
                    RVal::Array(x) => x.borrow().clone(),
                    _ => Vec::new(),
                })
                .collect();
            let width = rows.first().map_or(0, |r| r.len());
            if rows.iter().any(|r| r.len() != width) {
                return interp.raise("element size differs");
            }
            RVal::array(
                (0..width)
                    .map(|c| RVal::array(rows.iter().map(|r| r[c].clone()).collect()))
                    .collect(),
            )
        }
        // `a.product(b, ...)`: every combination, the receiver's elements varying slowest.
        "product" => {
            let mut rows: Vec<Vec<RVal>> = items
                .borrow()
                .iter()
                .map(|x| alloc::vec![x.clone()])
                .collect();
            for a in args.iter() {
                let RVal::Array(other) = a else {
                    return interp.raise(format!(
                        "no implicit conversion of {} into Array",
                        a.class_name()
                    ));
                };
                let other = other.borrow().clone();
                check_len(interp, rows.len().saturating_mul(other.len()))?;
                rows = rows
                    .iter()
                    .flat_map(|row| {
                        other.iter().map(move |o| {
                            let mut row = row.clone();
                            row.push(o.clone());
                            row
                        })
                    })
                    .collect();
            }
            let rows: Vec<RVal> = rows.into_iter().map(RVal::array).collect();
            match block {
                Some(b) => {
                    for row in rows {
                        interp.yield_block(b, alloc::vec![row])?;
                    }
                    recv.clone()
                }
                None => RVal::array(rows),
            }
        }
        "sample" | "shuffle" => {
            return interp.unsupported(format!(
                "Array#{name} is not supported by the playground's ERB (random)"
            ))
        }
        _ => return Ok(None),
    }))
}

/// `dig(key, ...)` through arrays and hashes.
fn dig<H: RubyHost>(interp: &mut Interp<'_, H>, start: RVal, keys: &[RVal]) -> RResult<RVal> {
    let mut current = start;
    for key in keys {
        interp.step(1)?;
        current = match (&current, key) {
            (RVal::Nil, _) => return Ok(RVal::Nil),
            (RVal::Array(items), RVal::Int(i)) => {
                let list = items.borrow();
                index_of(list.len(), *i)
                    .map(|i| list[i].clone())
                    .unwrap_or(RVal::Nil)
            }
            (RVal::Hash(entries), k) => value::hash_get(&entries.borrow(), k).unwrap_or(RVal::Nil),
            (other, _) => {
                return interp.raise(format!("{} does not have #dig method", other.class_name()))
            }
        };
    }
    Ok(current)
}

/// Methods only hashes have (or that answer differently for a hash: `map` yields key and value).
fn hash_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: &RVal,
    entries: &alloc::rc::Rc<RefCell<Vec<(RVal, RVal)>>>,
    name: &str,
    args: &mut [RVal],
    block: Option<&BlockArg>,
) -> RResult<Option<RVal>> {
    let snapshot = || entries.borrow().clone();
    Ok(Some(match name {
        "[]" => {
            arity(interp, args, 1, 1)?;
            value::hash_get(&entries.borrow(), &args[0]).unwrap_or(RVal::Nil)
        }
        "clear" => {
            arity(interp, args, 0, 0)?;
            entries.borrow_mut().clear();
            recv.clone()
        }
        "[]=" | "store" => {
            arity(interp, args, 2, 2)?;
            let key = args[0].clone();
            if entries.borrow().len() >= interp.rt.limits().max_collection_len {
                return Err(Flow::Stop(crate::host::error(
                    "SIZE_LIMIT",
                    "a hash in a template is too large",
                    interp.span,
                )));
            }
            interp.step(1 + entries.borrow().len() as u64 / 16)?;
            value::hash_set(&mut entries.borrow_mut(), key, args[1].clone());
            args[1].clone()
        }
        "fetch" => {
            arity(interp, args, 1, 2)?;
            match value::hash_get(&entries.borrow(), &args[0]) {
                Some(v) => v,
                None => match (args.get(1), block) {
                    (_, Some(b)) => interp.yield_block(b, alloc::vec![args[0].clone()])?,
                    (Some(default), None) => default.clone(),
                    (None, None) => {
                        return interp.raise(format!("key not found: {}", value::inspect(&args[0])))
                    }
                },
            }
        }
        "dig" => dig(interp, recv.clone(), args)?,
        "key?" | "has_key?" | "include?" | "member?" => {
            arity(interp, args, 1, 1)?;
            RVal::Bool(value::hash_get(&entries.borrow(), &args[0]).is_some())
        }
        "value?" | "has_value?" => {
            arity(interp, args, 1, 1)?;
            RVal::Bool(
                entries
                    .borrow()
                    .iter()
                    .any(|(_, v)| value::equal(v, &args[0], 0)),
            )
        }
        "key" => {
            arity(interp, args, 1, 1)?;
            entries
                .borrow()
                .iter()
                .find(|(_, v)| value::equal(v, &args[0], 0))
                .map(|(k, _)| k.clone())
                .unwrap_or(RVal::Nil)
        }
        "keys" => RVal::array(entries.borrow().iter().map(|(k, _)| k.clone()).collect()),
        "values" => RVal::array(entries.borrow().iter().map(|(_, v)| v.clone()).collect()),
        "values_at" => RVal::array(
            args.iter()
                .map(|k| value::hash_get(&entries.borrow(), k).unwrap_or(RVal::Nil))
                .collect(),
        ),
        "empty?" => RVal::Bool(entries.borrow().is_empty()),
        "size" | "length" if args.is_empty() => RVal::Int(entries.borrow().len() as i64),
        "to_h" | "to_hash" if block.is_none() => recv.clone(),
        "each" | "each_pair" => {
            let block = need_block(interp, block)?;
            for (k, v) in snapshot() {
                interp.yield_block(block, alloc::vec![RVal::array(alloc::vec![k, v])])?;
            }
            recv.clone()
        }
        "each_key" | "each_value" => {
            let block = need_block(interp, block)?;
            for (k, v) in snapshot() {
                interp.yield_block(block, alloc::vec![if name == "each_key" { k } else { v }])?;
            }
            recv.clone()
        }
        "select" | "filter" | "reject" => {
            let block = need_block(interp, block)?;
            let mut out = Vec::new();
            for (k, v) in snapshot() {
                let hit = interp
                    .yield_block(block, alloc::vec![k.clone(), v.clone()])?
                    .truthy();
                if hit == (name != "reject") {
                    out.push((k, v));
                }
            }
            RVal::hash(out)
        }
        "merge" | "update" | "merge!" => {
            let mut out = if name == "merge" {
                snapshot()
            } else {
                Vec::new()
            };
            if name != "merge" {
                out = snapshot();
            }
            for other in args.iter() {
                let RVal::Hash(other) = other else {
                    return interp.raise(format!(
                        "no implicit conversion of {} into Hash",
                        other.class_name()
                    ));
                };
                for (k, v) in other.borrow().clone() {
                    interp.step(1 + out.len() as u64 / 16)?;
                    let v = match (block, value::hash_get(&out, &k)) {
                        (Some(b), Some(old)) => {
                            interp.yield_block(b, alloc::vec![k.clone(), old, v])?
                        }
                        _ => v,
                    };
                    value::hash_set(&mut out, k, v);
                }
            }
            if name == "merge" {
                RVal::hash(out)
            } else {
                *entries.borrow_mut() = out;
                recv.clone()
            }
        }
        "delete" => {
            arity(interp, args, 1, 1)?;
            let mut list = entries.borrow_mut();
            match list.iter().position(|(k, _)| value::eql(k, &args[0])) {
                Some(i) => list.remove(i).1,
                None => RVal::Nil,
            }
        }
        "invert" => RVal::hash(
            entries
                .borrow()
                .iter()
                .map(|(k, v)| (v.clone(), k.clone()))
                .collect(),
        ),
        "transform_values" | "transform_keys" => {
            let block = need_block(interp, block)?;
            let mut out = Vec::new();
            for (k, v) in snapshot() {
                if name == "transform_values" {
                    let v = interp.yield_block(block, alloc::vec![v])?;
                    out.push((k, v));
                } else {
                    let k = interp.yield_block(block, alloc::vec![k])?;
                    value::hash_set(&mut out, k, v);
                }
            }
            RVal::hash(out)
        }
        "compact" => RVal::hash(
            snapshot()
                .into_iter()
                .filter(|(_, v)| !matches!(v, RVal::Nil))
                .collect(),
        ),
        "sort" | "min_by" | "max_by" | "sort_by" | "map" | "collect" | "flat_map" | "to_a"
        | "first" | "count" | "find" | "detect" | "any?" | "all?" | "none?" | "each_with_index"
        | "each_with_object" | "inject" | "reduce" | "group_by" | "partition" | "sum" | "to_h"
        | "find_all" | "filter_map" | "size" | "length" | "zip" | "uniq" | "min" | "max"
        | "each_slice" | "entries" | "one?" | "take" | "drop" | "reverse_each" | "grep" => {
            return Ok(None);
        }
        "default" => RVal::Nil,
        "dup" | "clone" => RVal::hash(snapshot()),
        _ => return interp.no_method(name, recv),
    }))
}
