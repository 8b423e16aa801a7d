//! Iteration over types: `Integer[1, 3].each` yields 1, 2, 3 and `Enum[a, b].map` yields the
//! values; unbounded ranges and other types cannot be iterated.

use alloc::format;
use alloc::vec::Vec;

use super::{Type, TypeError};
use crate::value::Value;

/// The values a type yields when iterated, or Puppet's error for a type that cannot be.
/// `limit` caps how many values are produced (the evaluator's collection size limit).
pub fn iterate_type(ty: &Type, limit: usize) -> Result<Vec<Value>, TypeError> {
    match ty.resolved() {
        Type::Integer(range) => match (range.from, range.to) {
            (Some(from), Some(to)) => {
                let count = (to as i128 - from as i128 + 1).max(0);
                if count > limit as i128 {
                    return Err(TypeError::new(format!(
                        "The range {ty} has {count} values, more than the limit of {limit}"
                    )));
                }
                Ok((from..=to).map(Value::Integer).collect())
            }
            _ => Err(TypeError::new(format!(
                "The given type '{ty}' is not iterable: it has no finite range"
            ))),
        },
        Type::Enum(enumeration) => Ok(enumeration
            .values
            .iter()
            .map(|value| Value::String(value.clone()))
            .collect()),
        _ => Err(TypeError::new(format!(
            "The given data type '{ty}' is not iterable"
        ))),
    }
}
