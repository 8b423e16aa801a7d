//! Freeing nested arrays and hashes with a loop instead of recursion: a value nested a million
//! levels deep (easy to build with `reduce`) would otherwise overflow the stack when it is freed,
//! which in a browser kills the worker.

use alloc::vec::Vec;

use alloc::rc::Rc;

use super::{Deferred, ErrorValue, Value};

/// Whether freeing `value` may recurse (it is an array or hash).
pub(super) fn is_container(value: &Value) -> bool {
    matches!(
        value,
        Value::Array(_)
            | Value::Hash(_)
            | Value::Iterator(_)
            | Value::Deferred(_)
            | Value::Error(_)
    )
}

/// Free `pending` and everything only it owns, one level at a time: the elements of an array or
/// hash freed here are moved onto the list first, so its own drop finds it empty.
pub(super) fn free_iteratively(mut pending: Vec<Value>) {
    while let Some(value) = pending.pop() {
        match value {
            Value::Array(mut items) => items.take_unshared(&mut pending),
            Value::Hash(mut entries) => entries.take_unshared(&mut pending),
            Value::Iterator(iterator) => {
                if let Some(iterator) = Rc::into_inner(iterator) {
                    let (items, source) = iterator.into_parts();
                    pending.push(items);
                    pending.push(source);
                }
            }
            Value::Deferred(deferred) => {
                if let Some(Deferred {
                    arguments: Some(arguments),
                    ..
                }) = Rc::into_inner(deferred)
                {
                    pending.push(Value::Array(arguments));
                }
            }
            Value::Error(error) => {
                if let Some(ErrorValue {
                    details: Some(details),
                    ..
                }) = Rc::into_inner(error)
                {
                    pending.push(Value::Hash(details));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::value::{Hash, Value};

    #[test]
    fn a_million_levels_are_freed_without_overflowing_the_stack() {
        let mut value = Value::Integer(1);
        for i in 0..1_000_000 {
            value = if i % 2 == 0 {
                Value::array(alloc::vec![value])
            } else {
                Value::Hash([(Value::Integer(i), value)].into_iter().collect::<Hash>())
            };
        }
        drop(value);
    }

    #[test]
    fn shared_parts_stay_alive() {
        let inner = Value::array(alloc::vec![Value::Integer(7)]);
        let outer = Value::array(alloc::vec![inner.clone(), inner.clone()]);
        drop(outer);
        assert_eq!(crate::value::programmatic(&inner), "[7]");
    }
}
