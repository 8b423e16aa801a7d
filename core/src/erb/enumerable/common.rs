//! Enumerable's methods as a table (each Ruby name, the method that runs it, whether hashes have
//! it through Enumerable), over a collection's elements: iteration with blocks, searching and
//! slicing here; ordering, grouping and folding in `folds.rs`.

use crate::erb::RubyHost;
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{BlockArg, Interp, RResult};
use super::super::value::{self, RVal};
use super::folds;
use super::need_block;

/// What runs an Enumerable method (aliases share one).
#[derive(Clone, Copy)]
pub(super) enum E {
    Each,
    EachWithIndex,
    EachWithObject,
    ReverseEach,
    EachIndex,
    Map,
    FlatMap,
    FilterMap,
    Select,
    Find,
    FindIndex,
    Quantifier,
    Count,
    Size,
    ToA,
    Include,
    First,
    Drop,
    TakeWhile,
    Sort,
    SortBy,
    MinMax,
    GroupBy,
    Tally,
    Uniq,
    Sum,
    Inject,
    Slices,
    Zip,
    ToH,
    Flatten,
    Reverse,
    Join,
    Compact,
    Grep,
}

/// A hash has the method through Enumerable (on its `[key, value]` pairs); a hash's own methods
/// are in `hash.rs`, and it has none of the others.
const HASH: bool = true;
const NO: bool = false;

/// Enumerable's methods: each Ruby name (aliases together) and what runs it.
pub(super) fn enumerable_entry(name: &str) -> Option<(E, bool)> {
    Some(match name {
        "all?" | "any?" | "none?" | "one?" => (E::Quantifier, HASH),
        "collect" | "map" => (E::Map, HASH),
        "collect_concat" => (E::FlatMap, NO),
        "compact" => (E::Compact, NO),
        "count" => (E::Count, HASH),
        "detect" | "find" => (E::Find, HASH),
        "drop" => (E::Drop, HASH),
        "drop_while" | "take_while" => (E::TakeWhile, NO),
        "each" | "each_entry" => (E::Each, NO),
        "each_cons" => (E::Slices, NO),
        "each_index" => (E::EachIndex, NO),
        "each_slice" => (E::Slices, HASH),
        "each_with_index" => (E::EachWithIndex, HASH),
        "each_with_object" => (E::EachWithObject, HASH),
        "entries" | "to_a" => (E::ToA, HASH),
        "filter" | "reject" | "select" => (E::Select, NO),
        "filter_map" => (E::FilterMap, HASH),
        "find_index" | "index" => (E::FindIndex, NO),
        "first" | "take" => (E::First, HASH),
        "flat_map" => (E::FlatMap, HASH),
        "flatten" => (E::Flatten, NO),
        "grep" => (E::Grep, HASH),
        "grep_v" => (E::Grep, NO),
        "group_by" => (E::GroupBy, HASH),
        "include?" | "member?" => (E::Include, NO),
        "inject" | "reduce" => (E::Inject, HASH),
        "join" => (E::Join, NO),
        "length" | "size" => (E::Size, HASH),
        "max" | "min" => (E::MinMax, HASH),
        "max_by" | "min_by" | "sort_by" => (E::SortBy, HASH),
        "minmax" => (E::MinMax, NO),
        "partition" => (E::Select, HASH),
        "reverse" => (E::Reverse, NO),
        "reverse_each" => (E::ReverseEach, HASH),
        "sort" => (E::Sort, HASH),
        "sum" => (E::Sum, HASH),
        "tally" => (E::Tally, NO),
        "to_h" => (E::ToH, HASH),
        "uniq" => (E::Uniq, HASH),
        "zip" => (E::Zip, HASH),
        _ => return None,
    })
}

/// Methods of Enumerable, over `items` (a hash's pairs, a range's integers); `of_hash` keeps a
/// hash to the methods it has.
pub(super) fn enumerable_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
    of_hash: bool,
) -> RResult<RVal> {
    let (recv, name, args, block) = (call.recv, call.name, call.args, call.block);
    let op = match enumerable_entry(name) {
        Some((op, on_hash)) if on_hash || !of_hash => op,
        _ => return interp.no_method(name, recv),
    };
    Ok(match op {
        // Without a block these give an enumerator: here, the array of what they would yield.
        E::Each | E::Map if block.is_none() => RVal::array(items),
        E::EachWithIndex if block.is_none() => RVal::array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| RVal::array(alloc::vec![item, RVal::Int(i as i64)]))
                .collect(),
        ),
        E::Each | E::EachWithIndex | E::ReverseEach | E::EachIndex => {
            each(interp, call, items, op)?
        }
        E::EachWithObject => {
            let block = need_block(interp, block)?;
            let memo = call.one(interp)?.clone();
            for item in items {
                interp.yield_block(block, alloc::vec![item, memo.clone()])?;
            }
            memo
        }
        E::Map | E::FlatMap | E::FilterMap => return map(interp, items, op, block),
        E::Select => return select(interp, call, items),
        E::Find => {
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
        E::FindIndex => return find_index(interp, call, items),
        E::Quantifier => return quantifier(interp, call, items),
        E::Count => return count(interp, call, items),
        E::Size => RVal::Int(items.len() as i64),
        E::ToA => RVal::array(items),
        E::Include => {
            let x = call.one(interp)?;
            interp.step(items.len() as u64 / 8)?;
            RVal::Bool(items.iter().any(|i| value::equal(i, x, 0)))
        }
        E::First => return first(interp, call, items),
        E::Drop => {
            let n = call.one_int(interp)?;
            if n < 0 {
                return interp.raise("attempt to drop negative size");
            }
            RVal::array(items.into_iter().skip(n as usize).collect())
        }
        E::TakeWhile => return take_while(interp, call, items),
        E::Sort => return folds::sort(interp, items, block),
        E::SortBy => return folds::sort_by(interp, call, items),
        E::MinMax => return folds::min_max(interp, call, items),
        E::GroupBy => return folds::group_by(interp, items, block),
        E::Tally => return folds::tally(interp, items),
        E::Uniq => RVal::array(super::uniq(interp, items, block)?),
        E::Sum => return folds::sum(interp, call, items),
        E::Inject => return folds::inject(interp, call, items),
        E::Slices => return folds::slices(interp, call, items),
        E::Zip => folds::zip(items, args),
        E::ToH => return folds::to_h(interp, items, block),
        E::Flatten => {
            let depth = match args.first() {
                Some(RVal::Int(n)) => *n,
                _ => -1,
            };
            let mut out = Vec::new();
            super::flatten_into(interp, &mut out, &items, depth, 0)?;
            RVal::array(out)
        }
        E::Reverse => RVal::array(items.into_iter().rev().collect()),
        E::Join => return folds::join(interp, &items, args),
        E::Compact => RVal::array(
            items
                .into_iter()
                .filter(|i| !matches!(i, RVal::Nil))
                .collect(),
        ),
        E::Grep => return folds::grep(interp, call, items),
    })
}

/// `each`, `each_with_index`, `reverse_each`, `each_index` with a block: the receiver.
fn each<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
    op: E,
) -> RResult<RVal> {
    let block = need_block(interp, call.block)?;
    match op {
        E::EachWithIndex => {
            for (i, item) in items.into_iter().enumerate() {
                interp.yield_block(block, alloc::vec![item, RVal::Int(i as i64)])?;
            }
        }
        E::ReverseEach => {
            for item in items.into_iter().rev() {
                interp.yield_block(block, alloc::vec![item])?;
            }
        }
        E::EachIndex => {
            for i in 0..items.len() {
                interp.yield_block(block, alloc::vec![RVal::Int(i as i64)])?;
            }
        }
        _ => {
            for item in items {
                interp.yield_block(block, alloc::vec![item])?;
            }
        }
    }
    Ok(call.recv.clone())
}

/// `map` (with a block), `flat_map` (arrays the block gives joined), `filter_map` (the truthy).
fn map<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: Vec<RVal>,
    op: E,
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    let block = need_block(interp, block)?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let v = interp.yield_block(block, alloc::vec![item])?;
        match (&v, op) {
            (RVal::Array(inner), E::FlatMap) => out.extend(inner.borrow().iter().cloned()),
            (_, E::FilterMap) if !v.truthy() => {}
            _ => out.push(v),
        }
    }
    Ok(RVal::array(out))
}

/// `select`/`filter`, `reject` and `partition` (both).
fn select<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, items: Vec<RVal>) -> RResult<RVal> {
    let block = need_block(interp, call.block)?;
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
    Ok(match call.name {
        "reject" => RVal::array(no),
        "partition" => RVal::array(alloc::vec![RVal::array(yes), RVal::array(no)]),
        _ => RVal::array(yes),
    })
}

/// `find_index`/`index` of a value or of the first element the block accepts.
fn find_index<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    for (i, item) in items.into_iter().enumerate() {
        interp.step(1)?;
        let hit = match (call.args.first(), call.block) {
            (Some(x), _) => value::equal(&item, x, 0),
            (None, Some(b)) => interp.yield_block(b, alloc::vec![item])?.truthy(),
            (None, None) => {
                return interp.unsupported("an enumerator is not supported by the playground's ERB")
            }
        };
        if hit {
            return Ok(RVal::Int(i as i64));
        }
    }
    Ok(RVal::Nil)
}

/// `any?`, `all?`, `none?`, `one?`: with a pattern (`===`), a block, or the elements' truth.
fn quantifier<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: Vec<RVal>,
) -> RResult<RVal> {
    let (name, args, block) = (call.name, call.args, call.block);
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
    Ok(RVal::Bool(match name {
        "any?" => false,
        "all?" => count == total,
        "none?" => count == 0,
        _ => count == 1,
    }))
}

/// `count`, `count(x)`, `count { ... }`.
fn count<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, items: Vec<RVal>) -> RResult<RVal> {
    let (args, block) = (call.args, call.block);
    if args.is_empty() && block.is_none() {
        return Ok(RVal::Int(items.len() as i64));
    }
    let mut count = 0i64;
    for item in items {
        let hit = match (args.first(), block) {
            (Some(x), _) => value::equal(&item, x, 0),
            (None, Some(b)) => interp.yield_block(b, alloc::vec![item])?.truthy(),
            _ => true,
        };
        count += hit as i64;
    }
    Ok(RVal::Int(count))
}

/// `first`, `first(n)`, `take(n)`.
fn first<H: RubyHost>(interp: &Interp<'_, H>, call: Call, items: Vec<RVal>) -> RResult<RVal> {
    Ok(match call.args.first() {
        None if call.name == "first" => items.into_iter().next().unwrap_or(RVal::Nil),
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
    })
}

/// `take_while` and `drop_while`.
fn take_while<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    mut items: Vec<RVal>,
) -> RResult<RVal> {
    let block = need_block(interp, call.block)?;
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
    let rest = items.split_off(cut);
    Ok(RVal::array(if call.name == "take_while" {
        items
    } else {
        rest
    }))
}
