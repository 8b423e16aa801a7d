//! Strict equality and hashing of values, as hash keys need them (`1` ≠ `1.0`, `'a'` ≠ `'A'`).

use core::hash::{Hash as StdHash, Hasher};
use core::mem::discriminant;

use alloc::rc::Rc;

use super::Value;

impl PartialEq for Value {
    /// Strict equality, walked without recursion (see `eq_walk.rs`).
    fn eq(&self, other: &Self) -> bool {
        super::eq_walk::equal(self, other, super::eq_walk::Mode::Strict, 0)
    }
}

impl Eq for Value {}

/// Levels of arrays (and Sensitive values) hashed: deeper ones count by their size only, which
/// agrees with equality (equal values hash alike) and keeps hashing a deep value within the stack.
const MAX_HASH_DEPTH: usize = 16;

impl StdHash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_at(self, state, 0)
    }
}

/// [`StdHash::hash`] of a value `depth` levels inside the one hashed.
fn hash_at<H: Hasher>(value: &Value, state: &mut H, depth: usize) {
    discriminant(value).hash(state);
    {
        match value {
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
                if depth < MAX_HASH_DEPTH {
                    for item in items {
                        hash_at(item, state, depth + 1);
                    }
                }
            }
            Value::Hash(entries) => entries.hash(state),
            Value::Type(ty) => ty.hash(state),
            Value::Sensitive(inner) if depth < MAX_HASH_DEPTH => hash_at(inner, state, depth + 1),
            Value::Sensitive(_) => {}
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
