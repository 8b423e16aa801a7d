//! Puppet's ordering operators (`<`, `<=`, `>`, `>=`) on values, with Puppet's error wording
//! for pairs that cannot be ordered (returned as data, never a panic).

use alloc::format;
use alloc::string::String;
use core::cmp::Ordering;

use super::Value;
use crate::types;

/// Why two values cannot be ordered; `message()` gives Puppet's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareError {
    pub left: String,
    pub operator: &'static str,
    pub right: String,
    pub detail: &'static str,
}

impl CompareError {
    /// `Comparison of: Integer < String, is not possible. Caused by '...'.`
    pub fn message(&self) -> String {
        format!(
            "Comparison of: {} {} {}, is not possible. Caused by '{}'.",
            self.left, self.operator, self.right, self.detail
        )
    }
}

/// How Puppet names a value in operator errors: `Integer`, `Undef Value`, `Integer-Type`, ...
pub fn value_label(value: &Value) -> String {
    match value {
        Value::Undef => "Undef Value".into(),
        Value::Default => "Object".into(),
        Value::Boolean(_) => "Boolean".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(ty) => types::type_label(ty),
        Value::Sensitive(_) => "Sensitive".into(),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        Value::Timespan(_) => "Timespan".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        Value::Binary(_) => "Binary".into(),
        Value::Uri(_)
        | Value::Runtime(_)
        | Value::Iterator(_)
        | Value::Deferred(_)
        | Value::Error(_) => "Object".into(),
    }
}

const ONLY_COMPARABLE: &str =
    "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable";

/// Compares two values with one of `<`, `<=`, `>`, `>=`, as Puppet's comparison expression does.
/// A type on the left compares by assignability (`Integer < Numeric`); the error names the
/// operator, so pass the one written in the source.
pub fn puppet_compare(
    operator: &'static str,
    left: &Value,
    right: &Value,
) -> Result<bool, CompareError> {
    if let Value::Type(left_type) = left {
        let right_type = match right {
            Value::Type(ty) => Some(&**ty),
            _ => None,
        };
        return Ok(match right_type {
            None => false,
            Some(right_type) => {
                let equal = types::type_equals(left_type, right_type);
                match operator {
                    "<" => types::is_assignable(right_type, left_type) && !equal,
                    "<=" => types::is_assignable(right_type, left_type),
                    ">" => types::is_assignable(left_type, right_type) && !equal,
                    _ => types::is_assignable(left_type, right_type),
                }
            }
        });
    }
    let ordering = order(left, right).map_err(|detail| CompareError {
        left: value_label(left),
        operator,
        right: value_label(right),
        detail,
    })?;
    Ok(match operator {
        "<" => ordering == Ordering::Less,
        "<=" => ordering != Ordering::Greater,
        ">" => ordering == Ordering::Greater,
        _ => ordering != Ordering::Less,
    })
}

/// The ordering of two non-type values, or the detail of why they cannot be ordered.
pub fn order(left: &Value, right: &Value) -> Result<Ordering, &'static str> {
    match left {
        Value::String(a) => match right {
            Value::String(b) => Ok(casecmp(a, b)),
            _ => Err("A String is not comparable to a non String"),
        },
        Value::Integer(_) | Value::Float(_) => match right {
            Value::Integer(_) | Value::Float(_) => Ok(compare_numbers(left, right)),
            Value::Timespan(_) | Value::Timestamp(_) => order(right, left).map(Ordering::reverse),
            _ => Err("A Numeric is not comparable to non Numeric"),
        },
        Value::Default => match right {
            Value::Default => Ok(Ordering::Equal),
            _ => Err("Symbol not comparable to non Symbol"),
        },
        Value::Timespan(span) => match right {
            Value::Timespan(other) => Ok(span.cmp(other)),
            Value::Integer(_) | Value::Float(_) => {
                Ok(compare_f64(span.as_seconds_f64(), number(right)))
            }
            _ => Err("Timespans are only comparable to Timespans, Integers, and Floats"),
        },
        Value::Timestamp(stamp) => match right {
            Value::Timestamp(other) => Ok(stamp.cmp(other)),
            Value::Integer(_) | Value::Float(_) => {
                Ok(compare_f64(stamp.as_seconds_f64(), number(right)))
            }
            _ => Err("Timestamps are only comparable to Timestamps, Integers, and Floats"),
        },
        Value::SemVer(version) => match right {
            Value::SemVer(other) => Ok(version.as_ref().cmp(other.as_ref())),
            _ => Err("Versions not comparable to non Versions"),
        },
        _ => Err(ONLY_COMPARABLE),
    }
}

/// Ruby's `String#casecmp`: bytes compared after ASCII lower-casing.
fn casecmp(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|byte| byte.to_ascii_lowercase())
        .cmp(b.bytes().map(|byte| byte.to_ascii_lowercase()))
}

fn number(value: &Value) -> f64 {
    match value {
        Value::Integer(n) => *n as f64,
        Value::Float(f) => *f,
        _ => 0.0,
    }
}

fn compare_f64(a: f64, b: f64) -> Ordering {
    a.partial_cmp(&b).unwrap_or(Ordering::Equal)
}

fn compare_numbers(left: &Value, right: &Value) -> Ordering {
    match (left, right) {
        (Value::Integer(a), Value::Integer(b)) => a.cmp(b),
        (Value::Integer(a), Value::Float(b)) => compare_integer_float(*a, *b),
        (Value::Float(a), Value::Integer(b)) => compare_integer_float(*b, *a).reverse(),
        _ => compare_f64(number(left), number(right)),
    }
}

/// Exact comparison of an integer with a float (no rounding of large integers).
fn compare_integer_float(integer: i64, float: f64) -> Ordering {
    if float.is_nan() {
        return Ordering::Equal;
    }
    if float >= 9.223_372_036_854_776e18 {
        return Ordering::Less;
    }
    if float < -9.223_372_036_854_776e18 {
        return Ordering::Greater;
    }
    let truncated = super::float_math::trunc(float) as i64;
    match integer.cmp(&truncated) {
        Ordering::Equal => {
            let fraction = float - super::float_math::trunc(float);
            if fraction > 0.0 {
                Ordering::Less
            } else if fraction < 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::puppet_compare;
    use crate::value::Value;
    use alloc::vec;

    fn less(a: Value, b: Value) -> Result<bool, alloc::string::String> {
        puppet_compare("<", &a, &b).map_err(|e| e.message())
    }

    #[test]
    fn numbers_and_strings() {
        assert_eq!(less(Value::Integer(1), Value::Float(1.5)), Ok(true));
        assert_eq!(
            puppet_compare("<=", &Value::Float(1.0), &Value::Integer(1)),
            Ok(true)
        );
        assert_eq!(less(Value::string("a"), Value::string("B")), Ok(true));
        assert_eq!(less(Value::string("Z"), Value::string("a")), Ok(false));
        assert_eq!(less(Value::string("_"), Value::string("a")), Ok(true));
        assert_eq!(less(Value::string("10"), Value::string("9")), Ok(true));
        assert_eq!(less(Value::string("ä"), Value::string("z")), Ok(false));
        assert_eq!(
            puppet_compare(">=", &Value::string("abc"), &Value::string("ABC")),
            Ok(true)
        );
        assert_eq!(less(Value::Float(-0.0), Value::Float(0.0)), Ok(false));
    }

    #[test]
    fn unorderable_pairs() {
        assert_eq!(
            less(Value::Integer(1), Value::string("a")),
            Err("Comparison of: Integer < String, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.".into())
        );
        assert_eq!(
            less(Value::string("a"), Value::Integer(1)),
            Err("Comparison of: String < Integer, is not possible. Caused by 'A String is not comparable to a non String'.".into())
        );
        assert_eq!(
            less(Value::array(vec![Value::Integer(1)]), Value::array(vec![])),
            Err("Comparison of: Array < Array, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'.".into())
        );
        assert_eq!(
            less(Value::Undef, Value::Integer(1)),
            Err("Comparison of: Undef Value < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'.".into())
        );
        assert_eq!(
            less(Value::Integer(1), Value::Undef),
            Err("Comparison of: Integer < Undef Value, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.".into())
        );
        assert_eq!(
            less(Value::Default, Value::Integer(1)),
            Err("Comparison of: Object < Integer, is not possible. Caused by 'Symbol not comparable to non Symbol'.".into())
        );
        assert_eq!(
            less(Value::Boolean(true), Value::Boolean(false)),
            Err("Comparison of: Boolean < Boolean, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'.".into())
        );
        assert_eq!(
            puppet_compare("<=", &Value::Integer(1), &Value::Boolean(true)).map_err(|e| e.message()),
            Err("Comparison of: Integer <= Boolean, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.".into())
        );
    }
}
