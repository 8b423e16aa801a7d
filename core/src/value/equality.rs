//! Puppet's `==`: strings case-insensitively (ASCII), `1 == 1.0`, deep for arrays and hashes,
//! types by mutual assignability, regexps by source.

use super::Value;

/// Puppet's `==` operator (walked without recursion: see `eq_walk.rs`).
pub fn puppet_equals(left: &Value, right: &Value) -> bool {
    super::eq_walk::equal(left, right, super::eq_walk::Mode::Puppet, 0)
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
        let h1 = Hash::of_strings(&[("a", Value::Integer(1)), ("b", Value::Integer(2))]);
        let h2 = Hash::of_strings(&[("b", Value::Integer(2)), ("a", Value::Float(1.0))]);
        assert!(eq(Value::Hash(h1), Value::Hash(h2)));
        let upper = Hash::of_strings(&[("A", Value::Integer(1))]);
        let lower = Hash::of_strings(&[("a", Value::Integer(1))]);
        assert!(!eq(Value::Hash(upper), Value::Hash(lower)));
        assert!(!eq(Value::array(vec![Value::Undef]), Value::array(vec![])));
    }
}
