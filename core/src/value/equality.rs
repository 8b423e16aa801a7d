//! Puppet's `==`: strings case-insensitively (ASCII), `1 == 1.0`, deep for arrays and hashes,
//! types by mutual assignability, regexps by source.

use super::Value;
use crate::types;

/// Deepest nesting compared; deeper containers compare strictly.
const MAX_COMPARE_DEPTH: usize = 512;

/// Puppet's `==` operator.
pub fn puppet_equals(left: &Value, right: &Value) -> bool {
    equals_at(left, right, 0)
}

fn equals_at(left: &Value, right: &Value, depth: usize) -> bool {
    if depth > MAX_COMPARE_DEPTH {
        return left == right;
    }
    let puppet_equals = |a: &Value, b: &Value| equals_at(a, b, depth + 1);
    match (left, right) {
        (Value::String(a), Value::String(b)) => a.eq_ignore_ascii_case(b),
        (Value::Integer(a), Value::Integer(b)) => a == b,
        (Value::Float(a), Value::Float(b)) => a == b,
        (Value::Integer(a), Value::Float(b)) | (Value::Float(b), Value::Integer(a)) => {
            integer_equals_float(*a, *b)
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| puppet_equals(x, y))
        }
        // Keys are looked up strictly (Ruby's Hash#[]), values compared with `==`.
        (Value::Hash(a), Value::Hash(b)) => {
            a.len() == b.len()
                && a.iter().all(|(key, value)| match b.get(key) {
                    Some(other) => puppet_equals(other, value),
                    None => false,
                })
        }
        (Value::Type(a), Value::Type(b)) => types::type_equals(a, b),
        (Value::Sensitive(a), Value::Sensitive(b)) => puppet_equals(a, b),
        (Value::Error(a), Value::Error(b)) => a.same_as(b, puppet_equals),
        (Value::Deferred(a), Value::Deferred(b)) => {
            alloc::rc::Rc::ptr_eq(a, b)
                || a.name == b.name
                    && match (&a.arguments, &b.arguments) {
                        (Some(x), Some(y)) => {
                            x.len() == y.len()
                                && x.iter().zip(y.iter()).all(|(p, q)| puppet_equals(p, q))
                        }
                        (x, y) => x.is_none() && y.is_none(),
                    }
        }
        // A Timespan/Timestamp on the left compares with a number of seconds (Ruby's
        // Timespan#==); a number on the left never equals one.
        (Value::Timespan(span), Value::Integer(seconds)) => span.equals_seconds(*seconds as f64),
        (Value::Timespan(span), Value::Float(seconds)) => span.equals_seconds(*seconds),
        (Value::Timestamp(stamp), Value::Integer(seconds)) => stamp.equals_seconds(*seconds as f64),
        (Value::Timestamp(stamp), Value::Float(seconds)) => stamp.equals_seconds(*seconds),
        _ => left == right,
    }
}

fn integer_equals_float(integer: i64, float: f64) -> bool {
    // Exact comparison, also beyond 2^53.
    whole_float_as_integer(float) == Some(integer)
}

/// The Integer a whole Float within Integer range equals (`2.0` → 2, `-0.0` → 0), exactly.
pub(crate) fn whole_float_as_integer(float: f64) -> Option<i64> {
    let in_range = (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&float);
    (super::float_math::fract(float) == 0.0 && in_range).then_some(float as i64)
}

#[cfg(test)]
mod tests {
    use super::puppet_equals;
    use crate::value::{Hash, Value};
    use alloc::vec;

    fn eq(a: Value, b: Value) -> bool {
        puppet_equals(&a, &b)
    }

    #[test]
    fn scalars() {
        assert!(eq(Value::Integer(1), Value::Float(1.0)));
        assert!(eq(Value::Float(1.0), Value::Integer(1)));
        assert!(!eq(Value::Integer(1), Value::string("1")));
        assert!(eq(Value::string("abc"), Value::string("ABC")));
        assert!(!eq(Value::string("é"), Value::string("É")));
        assert!(!eq(Value::string("Straße"), Value::string("STRASSE")));
        assert!(!eq(Value::string(""), Value::Undef));
        assert!(eq(Value::Undef, Value::Undef));
        assert!(!eq(Value::Undef, Value::Boolean(false)));
        assert!(!eq(Value::Boolean(true), Value::Integer(1)));
        assert!(eq(Value::Default, Value::Default));
        assert!(!eq(Value::Default, Value::string("default")));
        assert!(eq(Value::Float(0.0), Value::Float(-0.0)));
        assert!(!eq(Value::Float(0.1 + 0.2), Value::Float(0.3)));
        assert!(!eq(Value::string("1.0"), Value::string("1")));
    }

    #[test]
    fn containers() {
        let a = Value::array(vec![Value::string("a"), Value::string("B")]);
        let b = Value::array(vec![Value::string("A"), Value::string("b")]);
        assert!(eq(a, b));
        assert!(!eq(Value::array(vec![]), Value::Hash(Hash::new())));
        let h1: Hash = [
            (Value::string("a"), Value::Integer(1)),
            (Value::string("b"), Value::Integer(2)),
        ]
        .into_iter()
        .collect();
        let h2: Hash = [
            (Value::string("b"), Value::Integer(2)),
            (Value::string("a"), Value::Float(1.0)),
        ]
        .into_iter()
        .collect();
        assert!(eq(Value::Hash(h1), Value::Hash(h2)));
        let upper: Hash = [(Value::string("A"), Value::Integer(1))]
            .into_iter()
            .collect();
        let lower: Hash = [(Value::string("a"), Value::Integer(1))]
            .into_iter()
            .collect();
        assert!(!eq(Value::Hash(upper), Value::Hash(lower)));
        assert!(!eq(Value::array(vec![Value::Undef]), Value::array(vec![])));
    }
}
