//! What work costs: the steps a walk over a value, a comparison or a type match is charged on any
//! [`Host`], and the size checks of what a program builds.

use alloc::format;

use super::flow::{error, EvalResult};
use super::Host;
use super::Limits;
use crate::span::Span;
use crate::value::{TooLarge, Value};

/// Bytes an element of an array or hash a program builds counts for in the memory budget: an
/// array's element takes a value's size, a hash's entry (key, value, hash and index) about three.
pub const ELEMENT_BYTES: usize = 2 * core::mem::size_of::<Value>();

/// Elements of a collection a program builds that cost one step: copying values is work too, and
/// without a charge `$a + [$x]` in a loop would copy without bound within a few steps.
pub const ELEMENTS_PER_STEP: usize = 8;

/// Bytes of a string a program builds that cost one step (copying bytes is cheaper than values).
pub const BYTES_PER_STEP: usize = 64;

/// The steps that building `len` units costs, at `per_step` units a step.
#[inline]
pub(crate) fn size_steps(len: usize, per_step: usize) -> u64 {
    (len / per_step) as u64
}

/// Fail when a collection or string a program builds would exceed the limits.
/// Inlined: every string and collection built asks; the error is made out of line.
#[inline]
pub(crate) fn check_len(len: usize, max: usize, what: &str, span: Span) -> EvalResult<()> {
    if len > max {
        return Err(too_long(max, what, span));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn too_long(max: usize, what: &str, span: Span) -> super::Unwind {
    error(
        "SIZE_LIMIT",
        format!("{what} would exceed the limit of {max}"),
        span,
    )
}

/// Fail when a result is too large or too deeply nested to print or describe within the limits
/// (a value built by sharing can be far larger than the steps that built it).
pub(crate) fn showable(value: &Value, limits: &Limits, span: Span) -> EvalResult<()> {
    match crate::value::measure(value, limits.max_string_len, limits.max_depth) {
        Ok(()) => Ok(()),
        Err(TooLarge::Bytes(max)) => Err(error(
            "SIZE_LIMIT",
            format!("the result is too large to show (its printed form would exceed {max} bytes)"),
            span,
        )),
        Err(TooLarge::Depth(max)) => Err(error(
            "DEPTH_LIMIT",
            format!("the result is nested more than {max} levels deep to show"),
            span,
        )),
    }
}

/// How a walk over all of a value may end besides within the budget.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walk {
    /// The walk only reads (comparing, hashing): bounded by the step budget alone.
    Reads,
    /// The walk builds something as large as the value (a type, a flattened array): also
    /// refused past the collection limit, counting shared parts each time they occur.
    Builds,
    /// The walk prints the value: its printed form must fit the string limit (which bounds
    /// the elements too), and the elements are charged as for `Reads`.
    Prints,
}

/// Charge as steps a walk over all of `value`, as comparing, hashing, printing, inferring or
/// flattening it does. A value built by sharing (`[$a, $a]` sixty times over) has far more
/// elements than the steps that built it; they are counted each time they occur, at most as
/// many as the budget has left, so this check costs no more than the steps it charges.
#[inline]
pub(crate) fn charge_walk<H: Host + ?Sized>(
    host: &mut H,
    value: &Value,
    walk: Walk,
    span: Span,
) -> EvalResult<()> {
    match value {
        Value::Array(_) | Value::Hash(_) | Value::Sensitive(_) => {
            charge_collection_walk(host, value, walk, span)
        }
        _ => Ok(()),
    }
}

/// [`charge_walk`] of a collection (out of line: scalars, the common case, cost nothing).
#[inline(never)]
fn charge_collection_walk<H: Host + ?Sized>(
    host: &mut H,
    value: &Value,
    walk: Walk,
    span: Span,
) -> EvalResult<()> {
    let steps = collection_walk_steps(
        value,
        walk,
        host.limits(),
        host.steps_left(),
        host.nesting(),
        span,
    )?;
    host.step(steps, span)
}

/// The steps a walk over the collection `value` costs, given the steps `left` in the budget and
/// the evaluation's `nesting` (one code for every kind of host).
fn collection_walk_steps(
    value: &Value,
    walk: Walk,
    limits: &Limits,
    left: u64,
    nesting: usize,
    span: Span,
) -> EvalResult<u64> {
    if walk == Walk::Prints {
        showable(value, limits, span)?;
    }
    let affordable = left.saturating_mul(ELEMENTS_PER_STEP as u64);
    let max_len = limits.max_collection_len as u64;
    let cap = match walk {
        Walk::Reads | Walk::Prints => affordable,
        Walk::Builds => affordable.min(max_len),
    };
    // The walk recurses as deep as the value is nested, on top of the expressions being
    // evaluated: together they must stay within the nesting limit (see [`Limits::max_depth`]).
    let max_depth = limits.max_depth.saturating_sub(nesting);
    // The elements below `value`, visited depth first without recursion, with their depth.
    let mut elements = 0u64;
    let mut pending: alloc::vec::Vec<(&Value, usize)> = alloc::vec![(value, 1)];
    while let Some((next, depth)) = pending.pop() {
        if elements > cap {
            break;
        }
        if depth > max_depth {
            return Err(too_deep(walk, limits.max_depth, span));
        }
        match next {
            Value::Array(items) => {
                elements += items.len() as u64;
                // An element that holds nothing and is within the depth would only be taken
                // from the stack and left: it is not put there.
                let within = depth < max_depth;
                pending.extend(
                    items
                        .iter()
                        .filter(|item| {
                            !within
                                || matches!(
                                    item,
                                    Value::Array(_) | Value::Hash(_) | Value::Sensitive(_)
                                )
                        })
                        .map(|item| (item, depth + 1)),
                );
            }
            Value::Hash(hash) => {
                elements += 2 * hash.len() as u64;
                for (key, item) in hash.iter() {
                    pending.push((key, depth + 1));
                    pending.push((item, depth + 1));
                }
            }
            Value::Sensitive(inner) => {
                elements += 1;
                pending.push((inner, depth + 1));
            }
            _ => {}
        }
    }
    if walk == Walk::Builds && elements > max_len {
        return Err(error(
            "SIZE_LIMIT",
            format!(
                "the value has more than {max_len} elements (shared parts count each time they occur): too large to process"
            ),
            span,
        ));
    }
    if elements > affordable {
        return Ok(left.saturating_add(1));
    }
    Ok(elements / ELEMENTS_PER_STEP as u64)
}

/// The diagnostic of a value too deeply nested for a walk where it is made.
#[cold]
#[inline(never)]
fn too_deep(walk: Walk, max: usize, span: Span) -> super::flow::Unwind {
    let what = match walk {
        Walk::Reads => "compare or hash",
        Walk::Builds => "process",
        Walk::Prints => "print",
    };
    error(
        "DEPTH_LIMIT",
        format!(
            "the value is nested too deeply to {what}: its nesting and the evaluation's together pass the limit of {max} levels"
        ),
        span,
    )
}

/// Charge the walk `==` (or strict key equality) makes over two values: both containers of
/// the same kind and size are compared element by element, anything else at once.
pub(crate) fn charge_compare<H: Host + ?Sized>(
    host: &mut H,
    left: &Value,
    right: &Value,
    span: Span,
) -> EvalResult<()> {
    let same_shape = match (left, right) {
        (Value::Array(a), Value::Array(b)) => a.len() == b.len(),
        (Value::Hash(a), Value::Hash(b)) => a.len() == b.len(),
        (Value::Sensitive(_), Value::Sensitive(_)) => true,
        _ => false,
    };
    if same_shape {
        charge_walk(host, left, Walk::Reads, span)?;
    }
    Ok(())
}

/// `value =~ ty` within the step budget: the values visited are charged as steps, and a value
/// too deep or too large to check is a diagnostic instead of a silent `false`.
pub(crate) fn checked_instance_of<H: Host + ?Sized>(
    host: &mut H,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<bool> {
    // One visit costs no step (visits / ELEMENTS_PER_STEP).
    if let Some(result) = crate::types::instance_of_flat(ty, value) {
        return Ok(result);
    }
    let left = host.steps_left();
    // A few visits cost no step either, while they cannot run out of the budget.
    if left >= crate::types::SMALL_VISITS {
        if let Some(result) = crate::types::instance_of_small(ty, value) {
            return Ok(result);
        }
    }
    match crate::types::instance_of_checked(ty, value, left.max(1)) {
        Ok((result, visits)) => {
            host.step(visits / ELEMENTS_PER_STEP as u64, span)?;
            Ok(result)
        }
        Err(crate::types::MatchLimit::Depth(max)) => Err(error(
            "DEPTH_LIMIT",
            format!("the value is nested more than {max} levels deep to match against a type"),
            span,
        )),
        Err(crate::types::MatchLimit::Visits(_)) => {
            host.step(left.saturating_add(1), span)?;
            Ok(false)
        }
    }
}

/// Why `value` does not match `ty` (`None` when it does), for parameter, return and
/// `assert_type` checks: the match is charged as steps, and describing a mismatch (which infers
/// the value's type) is refused for a value too large to infer.
#[inline]
pub(crate) fn checked_mismatch<H: Host + ?Sized>(
    host: &mut H,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<Option<alloc::string::String>> {
    // One visit costs no step (visits / ELEMENTS_PER_STEP).
    if crate::types::instance_of_flat(ty, value) == Some(true) {
        return Ok(None);
    }
    checked_mismatch_walk(host, ty, value, span)
}

/// [`checked_mismatch`] with the walk that counts the values visited.
#[inline(never)]
fn checked_mismatch_walk<H: Host + ?Sized>(
    host: &mut H,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<Option<alloc::string::String>> {
    if checked_instance_of(host, ty, value, span)? {
        return Ok(None);
    }
    charge_walk(host, value, Walk::Builds, span)?;
    let actual = crate::types::infer(value);
    Ok(Some(crate::types::describe_type_mismatch(ty, &actual)))
}
