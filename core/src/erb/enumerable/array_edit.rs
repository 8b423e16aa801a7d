//! Array's methods that change the array in place (`[]=`, `push`, `concat`, `delete`, the `!`
//! forms of Enumerable's), each within the limit on a collection's length.

use crate::erb::RubyHost;
use alloc::format;

use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{arity, Interp, RResult};
use super::super::value::{self, RVal};
use super::array::check_len;
use super::{index_of, Items};

/// `a[i] = v`, filling with nil up to `i`.
pub(super) fn store<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    items: &Items,
    args: &[RVal],
) -> RResult<RVal> {
    arity(interp, args, 2, 2)?;
    let RVal::Int(i) = args[0] else {
        return interp.unsupported("this Array#[]= is not supported by the playground's ERB");
    };
    let len = items.borrow().len();
    let index = if i < 0 { len as i64 + i } else { i };
    if index < 0 {
        return interp.raise(format!("index {i} too small for array"));
    }
    let index = index as usize;
    check_len(interp, index + 1)?;
    let mut list = items.borrow_mut();
    while list.len() <= index {
        list.push(RVal::Nil);
    }
    list[index] = args[1].clone();
    Ok(args[1].clone())
}

/// `push`, `append`, `<<` (one argument).
pub(super) fn push<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: &Items,
) -> RResult<RVal> {
    let args = call.args;
    if call.name == "<<" {
        arity(interp, args, 1, 1)?;
    }
    let len = items.borrow().len() + args.len();
    check_len(interp, len)?;
    items.borrow_mut().extend(args.iter().cloned());
    Ok(call.recv.clone())
}

/// `concat(other, ...)`: the arrays' elements appended.
pub(super) fn concat<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: &Items,
) -> RResult<RVal> {
    for a in call.args.iter() {
        if let RVal::Array(other) = a {
            let other = other.borrow().clone();
            let len = items.borrow().len() + other.len();
            check_len(interp, len)?;
            items.borrow_mut().extend(other);
        }
    }
    Ok(call.recv.clone())
}

/// `delete(x)`: every element equal to it; `x`, or nil when there was none.
pub(super) fn delete(list: &mut Vec<RVal>, x: &RVal) -> RVal {
    let before = list.len();
    list.retain(|y| !value::equal(y, x, 0));
    if list.len() == before {
        RVal::Nil
    } else {
        x.clone()
    }
}

/// `delete_at(i)`: the element there, or nil.
pub(super) fn delete_at(list: &mut Vec<RVal>, i: &RVal) -> RVal {
    match *i {
        RVal::Int(i) => match index_of(list.len(), i) {
            Some(i) => list.remove(i),
            None => RVal::Nil,
        },
        _ => RVal::Nil,
    }
}

/// The `!` forms of Enumerable's methods (`sort!`, `map!`, `select!`...), with `delete_if` and
/// `keep_if`, which are `reject!` and `select!` that give the array always: Enumerable's method,
/// its result put in place. `uniq!`, `compact!`, `select!` and `reject!` give nil when nothing
/// changed.
pub(super) fn in_place<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    items: &Items,
) -> RResult<RVal> {
    let name = call.name;
    let base = match name {
        "delete_if" => "reject",
        "keep_if" => "select",
        _ => name.trim_end_matches('!'),
    };
    if base == "shuffle" {
        return interp.unsupported("shuffle is not supported by the playground's ERB (random)");
    }
    let list = items.borrow().clone();
    let before = list.len();
    let result = super::common::enumerable_method(interp, call.named(base), list, false)?;
    if let RVal::Array(new) = result {
        let new = new.borrow().clone();
        let changed = new.len() != before;
        *items.borrow_mut() = new;
        if matches!(name, "uniq!" | "compact!" | "select!" | "reject!") && !changed {
            return Ok(RVal::Nil);
        }
    }
    Ok(call.recv.clone())
}
