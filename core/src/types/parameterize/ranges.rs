//! `Integer`, `Float`, `Timespan` and `Timestamp` parameterized by their ranges.

use alloc::format;

use super::{
    arity_error, base_label, checked_range, integer_bound, ruby_class, timespan_bound,
    timestamp_bound,
};
use crate::types::{FloatRange, Type, TypeError};
use crate::value::Value;

/// `Integer[...]`.
pub(super) fn integer(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if !(1..=2).contains(&flat.len()) {
        return Err(TypeError::new(format!(
            "Integer-Type supports [] with one or two arguments (from, to). Got {}",
            flat.len()
        )));
    }
    for (index, key) in flat.iter().enumerate() {
        if !matches!(key, Value::Integer(_) | Value::Default) {
            return Err(TypeError::at_argument(
                format!(
                    "Integer-Type [] requires all arguments to be integers (or default). Got {}",
                    ruby_class(key)
                ),
                index,
            ));
        }
    }
    let from = integer_bound(&flat[0]);
    let to = flat.get(1).and_then(integer_bound);
    Ok(Type::Integer(checked_range(from, to)?))
}

/// `Float[...]`.
pub(super) fn float(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if !(1..=2).contains(&flat.len()) {
        return Err(TypeError::new(format!(
            "Float-Type supports [] with one or two arguments (from, to). Got {}",
            flat.len()
        )));
    }
    let mut bounds = [None, None];
    for (index, key) in flat.iter().enumerate() {
        bounds[index] = match key {
                Value::Integer(n) => Some(*n as f64),
                Value::Float(f) => Some(*f),
                Value::Default => None,
                other => {
                    return Err(TypeError::at_argument(
                        format!(
                            "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                            ruby_class(other)
                        ),
                        index,
                    ))
                }
            };
    }
    let range = FloatRange {
        from: bounds[0],
        to: bounds[1],
    };
    if range.min() > range.max() {
        return Err(TypeError::in_access(format!(
            "'from' must be less or equal to 'to'. Got ({}, {}",
            crate::value::format_float(range.min()),
            crate::value::format_float(range.max())
        )));
    }
    Ok(Type::Float(range))
}

/// `Timespan[...]`.
pub(super) fn timespan(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    let (from, to) = time_range(base, flat, timespan_bound)?;
    Ok(Type::Timespan(from, to))
}

/// `Timestamp[...]`.
pub(super) fn timestamp(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    let (from, to) = time_range(base, flat, timestamp_bound)?;
    Ok(Type::Timestamp(from, to))
}

/// The `from` and `to` of a Timespan or Timestamp: at most two bounds, each read by `bound`
/// (open when absent or `default`), the first not after the second.
fn time_range<T: PartialOrd + core::fmt::Display>(
    base: &Type,
    flat: &[Value],
    bound: fn(&Value) -> Result<Option<T>, TypeError>,
) -> Result<(Option<T>, Option<T>), TypeError> {
    if flat.len() > 2 {
        return Err(arity_error(&base_label(base), 0, Some(2), flat.len()));
    }
    let from = flat.first().map(bound).transpose()?.flatten();
    let to = flat.get(1).map(bound).transpose()?.flatten();
    if let (Some(from), Some(to)) = (&from, &to) {
        if from > to {
            return Err(TypeError::in_access(format!(
                "'from' must be less or equal to 'to'. Got ({from}, {to}"
            )));
        }
    }
    Ok((from, to))
}
