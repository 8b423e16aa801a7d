//! Strict equality and hashing of values, as hash keys need them (`1` ≠ `1.0`, `'a'` ≠ `'A'`).

use core::hash::{Hash as StdHash, Hasher};
use core::mem::discriminant;

use alloc::rc::Rc;

use super::Value;

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Boolean(a), Value::Boolean(b)) => a == b,
            (Value::Integer(a), Value::Integer(b)) => a == b,
            // Ruby's `eql?`: 0.0 and -0.0 are the same key; NaN equals itself so keys stay findable.
            (Value::Float(a), Value::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Regexp(a), Value::Regexp(b)) => a.source() == b.source(),
            (Value::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x == y)
            }
            (Value::Hash(a), Value::Hash(b)) => a == b,
            (Value::Type(a), Value::Type(b)) => a == b,
            (Value::Sensitive(a), Value::Sensitive(b)) => a == b,
            (Value::SemVer(a), Value::SemVer(b)) => a == b,
            (Value::SemVerRange(a), Value::SemVerRange(b)) => a == b,
            (Value::Timespan(a), Value::Timespan(b)) => a == b,
            (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            (Value::Binary(a), Value::Binary(b)) => a == b,
            (Value::Uri(a), Value::Uri(b)) => a == b,
            (Value::Runtime(a), Value::Runtime(b)) => alloc::rc::Rc::ptr_eq(a, b),
            (Value::Iterator(a), Value::Iterator(b)) => Rc::ptr_eq(a, b),
            (Value::Error(a), Value::Error(b)) => a.same_as(b, |x, y| x == y),
            (Value::Deferred(a), Value::Deferred(b)) => {
                Rc::ptr_eq(a, b)
                    || a.name == b.name
                        && match (&a.arguments, &b.arguments) {
                            (Some(x), Some(y)) => {
                                x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| p == q)
                            }
                            (x, y) => x.is_none() && y.is_none(),
                        }
            }
            _ => false,
        }
    }
}

impl Eq for Value {}

impl StdHash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        discriminant(self).hash(state);
        match self {
            Value::Undef | Value::Default => {}
            Value::Boolean(flag) => flag.hash(state),
            Value::Integer(number) => number.hash(state),
            Value::Float(number) => {
                let normalized = if *number == 0.0 { 0.0f64 } else { *number };
                normalized.to_bits().hash(state)
            }
            Value::String(text) => text.hash(state),
            Value::Regexp(regexp) => regexp.source().hash(state),
            Value::Array(items) => {
                items.len().hash(state);
                for item in items {
                    item.hash(state);
                }
            }
            Value::Hash(entries) => entries.hash(state),
            Value::Type(ty) => ty.hash(state),
            Value::Sensitive(inner) => inner.hash(state),
            Value::SemVer(version) => version.hash(state),
            Value::SemVerRange(range) => range.hash(state),
            Value::Timespan(span) => span.hash(state),
            Value::Timestamp(stamp) => stamp.hash(state),
            Value::Binary(bytes) => bytes.hash(state),
            Value::Uri(uri) => uri.hash(state),
            Value::Runtime(object) => object.1.hash(state),
            Value::Iterator(iterator) => Rc::as_ptr(iterator).hash(state),
            Value::Deferred(deferred) => deferred.name.hash(state),
            Value::Error(error) => error.msg.hash(state),
        }
    }
}
