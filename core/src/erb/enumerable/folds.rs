//! Enumerable's methods that order, group, fold and rebuild a collection's elements: `sort`,
//! `sort_by`, `min`/`max`, `group_by`, `tally`, `sum`, `inject`, `each_slice`, `zip`, `to_h`,
//! `join`, `grep` (the table naming them is in `common.rs`).

use crate::erb::RubyHost;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{BlockArg, Interp, RResult};
use super::super::methods::{comparison_failed, no_conversion};
use super::super::value::{self, RVal};
use super::{compare, need_block, rows_of, sort_values};

/// `sort`, by `<=>` or by the block's answers.
pub(super) fn sort<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    mut items: Vec<RVal>,
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    match block {
        Some(b) => {
            let b = b.clone();
            sort_values(interp, &mut items, &mut |interp, x, y| {
                let c = interp.yield_block(&b, alloc::vec![x.clone(), y.clone()])?;
                match c {
                    RVal::Int(n) => Ok(n.cmp(&0)),
                    _ => Err(comparison_failed(interp, x, y)),
                }
            })?
        }
        None => sort_values(interp, &mut items, &mut |interp, x, y| {
            compare(interp, x, y, 0)
        })?,
    }
    Ok(RVal::array(items))
}

/// `sort_by`, `min_by`, `max_by`: by the keys the block gives.
pub(super) fn sort_by<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    let block = need_block(interp, call.block)?;
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
    sort_values(interp, &mut keyed, &mut |interp, x, y| {
        compare(interp, &key_of(x), &key_of(y), 0)
    })?;
    Ok(match call.name {
        "sort_by" => RVal::array(keyed.iter().map(item_of).collect()),
        "min_by" => keyed.first().map(item_of).unwrap_or(RVal::Nil),
        _ => keyed.last().map(item_of).unwrap_or(RVal::Nil),
    })
}

/// `min`, `max` (of `n` with an argument) and `minmax`.
pub(super) fn min_max<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    mut items: Vec<RVal>,
) -> RResult<RVal> {
    let name = call.name;
    match call.block {
        Some(b) => {
            let b = b.clone();
            sort_values(interp, &mut items, &mut |interp, x, y| match interp
                .yield_block(&b, alloc::vec![x.clone(), y.clone()])?
            {
                RVal::Int(n) => Ok(n.cmp(&0)),
                _ => interp.raise("comparison failed"),
            })?
        }
        None => sort_values(interp, &mut items, &mut |interp, x, y| {
            compare(interp, x, y, 0)
        })?,
    }
    if let Some(RVal::Int(n)) = call.args.first() {
        let n = (*n).max(0) as usize;
        if name == "max" {
            items.reverse();
        }
        return Ok(RVal::array(items.into_iter().take(n).collect()));
    }
    Ok(match name {
        "min" => items.first().cloned().unwrap_or(RVal::Nil),
        "max" => items.last().cloned().unwrap_or(RVal::Nil),
        _ => RVal::array(alloc::vec![
            items.first().cloned().unwrap_or(RVal::Nil),
            items.last().cloned().unwrap_or(RVal::Nil)
        ]),
    })
}

/// `group_by`: a hash of the block's answers to the elements that gave them.
pub(super) fn group_by<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: Vec<RVal>,
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    let block = need_block(interp, block)?;
    let mut groups: Vec<(RVal, RVal)> = Vec::new();
    for item in items {
        let key = interp.yield_block(block, alloc::vec![item.clone()])?;
        match groups.iter().find(|(k, _)| value::eql(k, &key)) {
            Some((_, RVal::Array(list))) => list.borrow_mut().push(item),
            _ => groups.push((key, RVal::array(alloc::vec![item]))),
        }
    }
    Ok(RVal::hash(groups))
}

/// `tally`: a hash of each element to how often it occurs.
pub(super) fn tally<H: RubyHost>(interp: &mut Interp<'_, H>, items: Vec<RVal>) -> RResult<RVal> {
    let mut counts: Vec<(RVal, RVal)> = Vec::new();
    for item in items {
        interp.step(1)?;
        match counts.iter_mut().find(|(k, _)| value::eql(k, &item)) {
            Some((_, RVal::Int(n))) => *n += 1,
            _ => counts.push((item, RVal::Int(1))),
        }
    }
    Ok(RVal::hash(counts))
}

/// `sum` (from 0 or the argument), of the elements or the block's answers.
pub(super) fn sum<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    let mut total = call.args.first().cloned().unwrap_or(RVal::Int(0));
    // Once a Float is added, Ruby compensates the rounding of each addition (Kahan-Babuska):
    // [0.1, 0.2, 0.3].sum is 0.6.
    let mut compensation = 0.0;
    for item in items {
        let item = match call.block {
            Some(b) => interp.yield_block(b, alloc::vec![item])?,
            None => item,
        };
        let (f, x) = (super::num(&total), super::num(&item));
        total = interp.call_method(total, "+", &mut alloc::vec![item], None)?;
        // A Float sum is of two numbers.
        if let RVal::Float(t) = total {
            if t.is_finite() {
                compensation += if f.abs() >= x.abs() {
                    (f - t) + x
                } else {
                    (x - t) + f
                };
            }
        }
    }
    Ok(match total {
        RVal::Float(f) => RVal::Float(f + compensation),
        other => other,
    })
}

/// `inject`/`reduce` with a block or an operator's name, from the first element or a value.
pub(super) fn inject<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    let (args, block) = (call.args, call.block);
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
            return interp
                .unsupported("this form of inject is not supported by the playground's ERB")
        }
    };
    for item in items {
        acc = match (&op, block) {
            (Some(op), _) => interp.call_method(acc, op, &mut alloc::vec![item], None)?,
            (None, Some(b)) => interp.yield_block(b, alloc::vec![acc, item])?,
            _ => acc,
        };
    }
    Ok(acc)
}

/// `each_slice(n)` and `each_cons(n)`: yielded, or their array without a block.
pub(super) fn slices<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    let n = call.one_int(interp)?;
    if n <= 0 {
        return interp.raise("invalid slice size");
    }
    let n = n as usize;
    let groups: Vec<RVal> = if call.name == "each_slice" {
        items.chunks(n).map(|c| RVal::array(c.to_vec())).collect()
    } else {
        items.windows(n).map(|c| RVal::array(c.to_vec())).collect()
    };
    let Some(b) = call.block else {
        return Ok(RVal::array(groups));
    };
    for g in groups {
        interp.yield_block(b, alloc::vec![g])?;
    }
    Ok(RVal::Nil)
}

/// `zip`: rows of each element with the others' at its index (nil past their ends).
pub(super) fn zip(items: Vec<RVal>, args: &[RVal]) -> RVal {
    let others = rows_of(args);
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

/// `to_h`: `[key, value]` pairs (or the block's) as a hash.
pub(super) fn to_h<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: Vec<RVal>,
    block: Option<&BlockArg>,
) -> RResult<RVal> {
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
    Ok(RVal::hash(entries))
}

/// `join(sep)`.
pub(super) fn join<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: &[RVal],
    args: &[RVal],
) -> RResult<RVal> {
    let sep = match args.first() {
        None | Some(RVal::Nil) => String::new(),
        Some(RVal::Str(s)) => s.to_string(),
        Some(other) => return Err(no_conversion(interp, other.class_name(), "String")),
    };
    Ok(RVal::str(&super::join(interp, items, &sep, 0)?))
}

/// `grep` and `grep_v`: the elements the pattern's `===` accepts (or refuses), or the block's
/// answers for them.
pub(super) fn grep<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    let pattern = call.one(interp)?;
    let mut out = Vec::new();
    for item in items {
        let mut a = alloc::vec![item.clone()];
        let hit = interp
            .call_method(pattern.clone(), "===", &mut a, None)?
            .truthy();
        if hit == (call.name == "grep") {
            out.push(match call.block {
                Some(b) => interp.yield_block(b, alloc::vec![item])?,
                None => item,
            });
        }
    }
    Ok(RVal::array(out))
}
