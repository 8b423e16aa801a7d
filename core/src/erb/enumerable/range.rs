//! Range's own methods as a table (each Ruby name and the method that runs it): its ends, size,
//! membership and `step`, without making its elements; a range has Enumerable's besides.

use crate::erb::RubyHost;
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{BlockArg, Interp, RResult};
use super::super::value::{self, RVal};
use super::num;

/// What runs a Range method (aliases share one).
#[derive(Clone, Copy)]
pub(super) enum R {
    Include,
    First,
    Last,
    Size,
    Step,
    Inspect,
}

/// Range's own methods: each Ruby name (aliases together) and what runs it.
fn range_entry(name: &str) -> Option<R> {
    Some(match name {
        "===" | "cover?" | "include?" | "member?" => R::Include,
        "begin" | "first" | "min" => R::First,
        "count" | "length" | "size" => R::Size,
        "end" | "last" | "max" => R::Last,
        "inspect" | "to_s" => R::Inspect,
        "step" => R::Step,
        _ => return None,
    })
}

/// The range method `name` is, if it is one of Range's own: `first`, `last`, `min`, `max`,
/// `size`, `count` with an argument or a block are Enumerable's.
pub(super) fn own_method(name: &str, args: &[RVal], block: Option<&BlockArg>) -> Option<R> {
    let plain = args.is_empty() && block.is_none();
    range_entry(name).filter(|op| plain || !matches!(op, R::First | R::Last | R::Size))
}

/// A method of the range `a..b` (`a...b`) that need not make its elements: `op`, named `name`.
pub(super) fn range_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    (a, b, exclusive): (i64, i64, bool),
    op: R,
) -> RResult<RVal> {
    let last = if exclusive { b.wrapping_sub(1) } else { b };
    let name = call.name;
    Ok(match op {
        R::Include => {
            let arg = call.one(interp)?;
            let x = num(arg);
            let below_end = if exclusive {
                x < b as f64
            } else {
                x <= b as f64
            };
            RVal::Bool(matches!(arg, RVal::Int(_) | RVal::Float(_)) && x >= a as f64 && below_end)
        }
        R::First => {
            if name != "begin" && last < a {
                RVal::Nil
            } else {
                RVal::Int(a)
            }
        }
        R::Last => {
            if name == "end" {
                RVal::Int(b)
            } else if last < a {
                RVal::Nil
            } else {
                RVal::Int(last)
            }
        }
        R::Size => RVal::Int((last - a + 1).max(0)),
        R::Step => return step(interp, call, a, last),
        R::Inspect => RVal::str(&value::inspect(call.recv)),
    })
}

/// `step(n)`: every n-th integer from the start, yielded or as an array.
fn step<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, a: i64, last: i64) -> RResult<RVal> {
    let step = match call.one(interp)? {
        RVal::Int(n) if *n > 0 => *n,
        _ => return interp.raise("step can't be negative or zero"),
    };
    let mut i = a;
    let Some(block) = call.block else {
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
    Ok(call.recv.clone())
}
