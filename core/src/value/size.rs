//! Bounded measurement of a value's printed size and nesting depth, without recursion.
//!
//! Values share their parts (`[$a, $a]` holds `$a` twice at the cost of one), so a handful of steps
//! can build a value whose printed form has 2^60 elements or that is nested a million levels deep.
//! Printing, type inference and comparison walk the logical value; [`measure`] tells beforehand,
//! in time bounded by its limits, whether such a walk stays within them.

use alloc::vec::Vec;

use super::Value;

/// Why a value is too large to walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooLarge {
    /// Its printed form would have more than this many bytes.
    Bytes(usize),
    /// It is nested more than this many levels deep.
    Depth(usize),
}

/// Walk `value` (iteratively, with an explicit stack) and fail as soon as its estimated printed
/// size passes `max_bytes` or its nesting passes `max_depth`. The work done is at most
/// `max_bytes` elements visited, whatever the value's logical size.
pub fn measure(value: &Value, max_bytes: usize, max_depth: usize) -> Result<(), TooLarge> {
    let mut bytes = 0usize;
    let mut stack: Vec<(&Value, usize)> = alloc::vec![(value, 1)];
    while let Some((value, depth)) = stack.pop() {
        if depth > max_depth {
            return Err(TooLarge::Depth(max_depth));
        }
        // Every element prints at least a byte and a separator.
        bytes = bytes.saturating_add(match value {
            Value::String(text) => text.len().saturating_add(2),
            _ => 2,
        });
        if bytes > max_bytes {
            return Err(TooLarge::Bytes(max_bytes));
        }
        match value {
            // Elements that hold nothing and are within the depth would be the next taken from
            // the stack, one after the other: their bytes are counted here instead.
            Value::Array(items)
                if depth < max_depth && items.iter().all(|item| !holds_values(item)) =>
            {
                for item in items.iter() {
                    bytes = bytes.saturating_add(match item {
                        Value::String(text) => text.len().saturating_add(2),
                        _ => 2,
                    });
                    if bytes > max_bytes {
                        return Err(TooLarge::Bytes(max_bytes));
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, depth + 1))),
            Value::Hash(hash) => {
                for (key, item) in hash.iter() {
                    stack.push((key, depth + 1));
                    stack.push((item, depth + 1));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether the walk goes into `value` (an array or a hash).
fn holds_values(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Hash(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> Value {
        (0..depth).fold(Value::Integer(1), |inner, _| {
            Value::array(alloc::vec![inner])
        })
    }

    #[test]
    fn small_values_pass() {
        assert_eq!(measure(&nested(10), 1000, 100), Ok(()));
        assert_eq!(measure(&Value::string("abc"), 10, 1), Ok(()));
    }

    #[test]
    fn deep_values_fail_on_depth() {
        assert_eq!(
            measure(&nested(101), 1 << 20, 100),
            Err(TooLarge::Depth(100))
        );
    }

    #[test]
    fn shared_parts_count_every_time() {
        // 2^40 leaves by sharing: refused after visiting about max_bytes elements.
        let mut value = Value::Integer(1);
        for _ in 0..40 {
            value = Value::array(alloc::vec![value.clone(), value]);
        }
        assert_eq!(measure(&value, 1000, 100), Err(TooLarge::Bytes(1000)));
    }

    #[test]
    fn long_strings_count_their_bytes() {
        let text = Value::string(&"x".repeat(100));
        let value = Value::array(alloc::vec![text.clone(), text]);
        assert_eq!(measure(&value, 150, 10), Err(TooLarge::Bytes(150)));
    }
}
