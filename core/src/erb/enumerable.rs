//! The methods of Array, Hash and Range that templates call: each class's table is in
//! `enumerable/` (`array.rs`, `hash.rs`, `range.rs`, and Enumerable's in `common.rs`), with what
//! they share here: a collection's elements, Ruby's `<=>`, sorting, joining, flattening.

mod array;
mod array_edit;
mod common;
mod folds;
mod hash;
pub(crate) use hash::hash_from_pairs;
mod range;

use crate::erb::RubyHost;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;
use core::cmp::Ordering;

use super::call::Call;
use super::interp::{BlockArg, Flow, Interp, RResult};
use super::methods::comparison_failed;
use super::value::{self, RVal};

/// Whether `name` is one of the Array, Hash or Enumerable methods the interpreter carries.
pub(crate) fn is_collection_method(name: &str) -> bool {
    array::array_entry(name).is_some()
        || hash::hash_entry(name).is_some()
        || common::enumerable_entry(name).is_some()
}

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
    let fail = || Err(comparison_failed(interp, a, b));
    match (a, b) {
        (RVal::Int(x), RVal::Int(y)) => Ok(x.cmp(y)),
        (RVal::Int(_) | RVal::Big(_), RVal::Int(_) | RVal::Big(_)) => {
            let big = super::methods::big::big_of;
            let zero = || crate::erb::bigint::Big::from_i64(0);
            Ok(big(a)
                .unwrap_or_else(zero)
                .cmp(&big(b).unwrap_or_else(zero)))
        }
        (
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_),
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_),
        ) => {
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
        RVal::Big(n) => n.to_f64(),
        RVal::Float(f) => *f,
        _ => 0.0,
    }
}

/// A fallible comparison of two Ruby values.
type Compare<'c, 'i, H> = dyn FnMut(&mut Interp<'i, H>, &RVal, &RVal) -> RResult<Ordering> + 'c;

/// Sort with a fallible comparison (the first error wins), charging n log n steps. Through the
/// shared stable sort (`crate::sort`), which asks whether the later item is less, as the standard
/// one does: `cmp` sees the pair in the same order.
fn sort_values<'i, H: RubyHost>(
    interp: &mut Interp<'i, H>,
    items: &mut [RVal],
    cmp: &mut Compare<'_, 'i, H>,
) -> RResult<()> {
    let n = items.len() as u64;
    interp.step(n * (64 - n.leading_zeros() as u64) / 4 + 1)?;
    let mut error: Option<Flow> = None;
    let order = crate::sort::order(items.len(), &mut |a, b| {
        if error.is_some() {
            return Ordering::Equal;
        }
        let (Some(a), Some(b)) = (items.get(a), items.get(b)) else {
            return Ordering::Equal;
        };
        match cmp(interp, b, a) {
            Ok(o) => o.reverse(),
            Err(e) => {
                error = Some(e);
                Ordering::Equal
            }
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    crate::sort::permute(items, order);
    Ok(())
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

/// The elements of each of `values` that is an array (none for the others): the rows `zip` and
/// `transpose` read.
fn rows_of(values: &[RVal]) -> Vec<Vec<RVal>> {
    values
        .iter()
        .map(|v| match v {
            RVal::Array(x) => x.borrow().clone(),
            _ => Vec::new(),
        })
        .collect()
}

fn index_of(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (i >= 0 && (i as usize) < len).then_some(i as usize)
}

/// An array's elements, shared and changed in place.
type Items = alloc::rc::Rc<RefCell<Vec<RVal>>>;

/// The methods of Array, Hash and Range: the class's own, then Enumerable's (those of them a hash
/// has, for a hash).
pub(crate) fn collection_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
) -> RResult<RVal> {
    let (recv, name, args, block) = (call.recv, call.name, call.args, call.block);
    match recv {
        RVal::Hash(entries) => {
            if let Some(op) = hash::own_method(name, block) {
                return hash::hash_method(interp, call, entries, op);
            }
        }
        RVal::Array(items) => {
            if let Some(op) = array::array_entry(name) {
                return array::array_method(interp, call, items, op);
            }
        }
        RVal::Range(a, b, exclusive) => {
            if let Some(op) = range::own_method(name, args, block) {
                return range::range_method(interp, call, (*a, *b, *exclusive), op);
            }
        }
        _ => {}
    }
    let items = elements(interp, recv)?;
    let of_hash = matches!(recv, RVal::Hash(_));
    common::enumerable_method(interp, call, items, of_hash)
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
