//! Inference: the detailed type of a value, as Puppet's `type(v)` gives it.

use super::Type;
use crate::value::Value;

pub fn infer(value: &Value) -> Type {
    match value {
        Value::Undef => Type::Undef,
        Value::Integer(n) => Type::Integer {
            from: Some(*n),
            to: Some(*n),
        },
    }
}
