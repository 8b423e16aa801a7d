//! Array's own methods as a table (each Ruby name and the method that runs it): indexing, set
//! operations, building; the ones that change the array in place are in `array_edit.rs`, and an
//! array has Enumerable's (`common.rs`) besides.

use crate::erb::RubyHost;
use alloc::format;
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{arity, Flow, Interp, RResult};
use super::super::methods::no_conversion;
use super::super::value::{self, RVal};
use super::array_edit as edit;
use super::{compare, index_of, rows_of, Items};

/// What runs an Array method (aliases share one).
#[derive(Clone, Copy)]
pub(super) enum A {
    Index,
    Store,
    At,
    Dig,
    Fetch,
    Last,
    Empty,
    Push,
    Unshift,
    Concat,
    Pop,
    Shift,
    Delete,
    DeleteAt,
    Clear,
    Plus,
    SetOp,
    Times,
    Compare,
    InPlace,
    ValuesAt,
    Same,
    Transpose,
    Product,
    Random,
}

/// Array's own methods: each Ruby name (aliases together) and what runs it.
pub(super) fn array_entry(name: &str) -> Option<A> {
    Some(match name {
        "&" | "-" | "difference" | "intersection" | "union" | "|" => A::SetOp,
        "*" => A::Times,
        "+" => A::Plus,
        "<<" | "append" | "push" => A::Push,
        "<=>" => A::Compare,
        "[]" | "slice" => A::Index,
        "[]=" => A::Store,
        "at" => A::At,
        "clear" => A::Clear,
        "collect!" | "compact!" | "delete_if" | "flatten!" | "keep_if" | "map!" | "reject!"
        | "reverse!" | "select!" | "shuffle!" | "sort!" | "sort_by!" | "uniq!" => A::InPlace,
        "concat" => A::Concat,
        "delete" => A::Delete,
        "delete_at" => A::DeleteAt,
        "dig" => A::Dig,
        "empty?" => A::Empty,
        "fetch" => A::Fetch,
        "last" => A::Last,
        "pop" => A::Pop,
        "prepend" | "unshift" => A::Unshift,
        "product" => A::Product,
        "sample" | "shuffle" => A::Random,
        "shift" => A::Shift,
        "to_ary" => A::Same,
        "transpose" => A::Transpose,
        "values_at" => A::ValuesAt,
        _ => return None,
    })
}

/// A method only arrays have (indexing, changing in place, set operations): `op`, named `name`.
pub(super) fn array_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: &Items,
    op: A,
) -> RResult<RVal> {
    let (recv, name, args) = (call.recv, call.name, call.args);
    Ok(match op {
        A::Index => {
            let list = items.borrow();
            index(interp, &list, args)?
        }
        A::Store => return edit::store(interp, items, args),
        A::At => at(&items.borrow(), call.one_int(interp)?),
        A::Dig => {
            let list = items.borrow().clone();
            super::dig(interp, RVal::array(list), args)?
        }
        A::Fetch => {
            let list = items.borrow().clone();
            fetch(interp, call, &list)?
        }
        A::Last => {
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
        A::Empty => RVal::Bool(items.borrow().is_empty()),
        A::Push => return edit::push(interp, call, items),
        A::Unshift => {
            let mut list = items.borrow_mut();
            for (i, a) in args.iter().enumerate() {
                list.insert(i, a.clone());
            }
            recv.clone()
        }
        A::Concat => return edit::concat(interp, call, items),
        A::Pop | A::Shift => {
            let mut list = items.borrow_mut();
            let (len, pop) = (list.len(), matches!(op, A::Pop));
            match args.first() {
                None if len == 0 => RVal::Nil,
                None if pop => list.pop().unwrap_or(RVal::Nil),
                None => list.remove(0),
                // pop(n) and shift(n): the last or first n, as an array.
                Some(RVal::Int(n)) if *n >= 0 => {
                    let n = (*n as usize).min(len);
                    let mut taken = list.split_off(if pop { len - n } else { n });
                    if !pop {
                        core::mem::swap(&mut *list, &mut taken);
                    }
                    RVal::array(taken)
                }
                _ => return interp.raise("negative array size"),
            }
        }
        A::Delete => {
            let x = call.one(interp)?;
            edit::delete(&mut items.borrow_mut(), x)
        }
        A::DeleteAt => {
            let i = call.one(interp)?;
            edit::delete_at(&mut items.borrow_mut(), i)
        }
        A::Clear => {
            items.borrow_mut().clear();
            recv.clone()
        }
        A::Plus => {
            let other = array_arg(interp, call.one(interp)?)?;
            let mut out = items.borrow().clone();
            out.extend(other.borrow().iter().cloned());
            check_len(interp, out.len())?;
            RVal::array(out)
        }
        A::SetOp => return set_op(interp, call, items),
        A::Times => return times(interp, items, args),
        A::Compare => {
            let other = call.one(interp)?;
            match compare(interp, recv, other, 0) {
                Ok(o) => RVal::Int(o as i64),
                Err(_) => RVal::Nil,
            }
        }
        A::InPlace => return edit::in_place(interp, call, items),
        A::ValuesAt => {
            let list = items.borrow();
            let at_arg = |a: &RVal| match a {
                RVal::Int(i) => at(&list, *i),
                _ => RVal::Nil,
            };
            RVal::array(args.iter().map(at_arg).collect())
        }
        A::Same => recv.clone(),
        A::Transpose => {
            let list = items.borrow().clone();
            transpose(interp, &list)?
        }
        A::Product => return product(interp, call, items),
        A::Random => {
            return interp.unsupported(format!(
                "Array#{name} is not supported by the playground's ERB (random)"
            ))
        }
    })
}

/// The error of an array longer than the limit on collections, and a step for the growth.
pub(super) fn check_len<H: RubyHost>(interp: &mut Interp<'_, H>, len: usize) -> RResult<()> {
    if len > interp.rt.limits().max_collection_len {
        return Err(Flow::Stop(crate::host::error(
            "SIZE_LIMIT",
            "an array in a template is too large",
            interp.span,
        )));
    }
    interp.step(1)
}

/// The array argument of `+`, `-`, `&`, `product`...
fn array_arg<'v, H: RubyHost>(interp: &Interp<'_, H>, arg: &'v RVal) -> RResult<&'v Items> {
    match arg {
        RVal::Array(other) => Ok(other),
        other => Err(no_conversion(interp, other.class_name(), "Array")),
    }
}

/// The element at an index (negative from the end), nil outside.
fn at(list: &[RVal], i: i64) -> RVal {
    index_of(list.len(), i)
        .map(|i| list[i].clone())
        .unwrap_or(RVal::Nil)
}

/// `[]`/`slice`: by index, start and length, or range.
fn index<H: RubyHost>(interp: &Interp<'_, H>, list: &[RVal], args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 2)?;
    let len = list.len();
    Ok(match (&args[0], args.get(1)) {
        (RVal::Int(i), None) => at(list, *i),
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
    })
}

/// `fetch(i)`, with a default or a block for an index outside.
fn fetch<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, list: &[RVal]) -> RResult<RVal> {
    let (args, block) = (call.args, call.block);
    arity(interp, args, 1, 2)?;
    let RVal::Int(i) = args[0] else {
        return interp.raise("no implicit conversion into Integer");
    };
    Ok(match index_of(list.len(), i) {
        Some(i) => list[i].clone(),
        None => match (args.get(1), block) {
            (_, Some(b)) => interp.yield_block(b, alloc::vec![args[0].clone()])?,
            (Some(default), None) => default.clone(),
            (None, None) => {
                return interp.raise_as(
                    "IndexError",
                    format!(
                        "index {i} outside of array bounds: {}...{}",
                        -(list.len() as i64),
                        list.len()
                    ),
                )
            }
        },
    })
}

/// `-`/`difference`, `&`/`intersection`, `|`/`union`.
fn set_op<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, items: &Items) -> RResult<RVal> {
    arity(interp, call.args, 1, usize::MAX)?;
    let other = array_arg(interp, &call.args[0])?;
    let mine = items.borrow().clone();
    let theirs = other.borrow().clone();
    interp.step((mine.len() as u64 * theirs.len() as u64) / 16 + 1)?;
    let has = |list: &[RVal], x: &RVal| list.iter().any(|y| value::eql(x, y));
    let out: Vec<RVal> = match call.name {
        "-" | "difference" => mine.into_iter().filter(|x| !has(&theirs, x)).collect(),
        "&" | "intersection" => super::uniq(
            interp,
            mine.into_iter().filter(|x| has(&theirs, x)).collect(),
            None,
        )?,
        _ => {
            let mut all = mine;
            all.extend(theirs);
            super::uniq(interp, all, None)?
        }
    };
    Ok(RVal::array(out))
}

/// `array * sep` (join) and `array * n` (repeat).
fn times<H: RubyHost>(interp: &mut Interp<'_, H>, items: &Items, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    let list = items.borrow().clone();
    Ok(match &args[0] {
        RVal::Str(sep) => RVal::str(&super::join(interp, &list, sep, 0)?),
        RVal::Int(n) if *n >= 0 => {
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
    })
}

fn transpose<H: RubyHost>(interp: &Interp<'_, H>, list: &[RVal]) -> RResult<RVal> {
    let rows = rows_of(list);
    let width = rows.first().map_or(0, |r| r.len());
    if rows.iter().any(|r| r.len() != width) {
        return interp.raise("element size differs");
    }
    Ok(RVal::array(
        (0..width)
            .map(|c| RVal::array(rows.iter().map(|r| r[c].clone()).collect()))
            .collect(),
    ))
}

/// `a.product(b, ...)`: every combination, the receiver's elements varying slowest.
fn product<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, items: &Items) -> RResult<RVal> {
    let mut rows: Vec<Vec<RVal>> = items
        .borrow()
        .iter()
        .map(|x| alloc::vec![x.clone()])
        .collect();
    for a in call.args.iter() {
        let other = array_arg(interp, a)?.borrow().clone();
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
    let Some(b) = call.block else {
        return Ok(RVal::array(rows));
    };
    for row in rows {
        interp.yield_block(b, alloc::vec![row])?;
    }
    Ok(call.recv.clone())
}
