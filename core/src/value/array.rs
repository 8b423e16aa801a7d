//! `value::Array`: an immutable, shared sequence of values (cheap to clone).

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::Value;

/// A Puppet array. Kept behind this small type so its representation can change
/// (e.g. to a persistent vector) without touching the callers.
#[derive(Debug, Clone, Default)]
pub struct Array(Rc<Vec<Value>>);

impl Array {
    pub fn new() -> Array {
        Array::default()
    }

    /// Which shared storage this value is (equal for copies of one value): what Ruby's
    /// object identity is for the object Puppet passes, as `to_yaml`'s anchors need it.
    pub(crate) fn identity(&self) -> usize {
        Rc::as_ptr(&self.0) as *const () as usize
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `other` is this very array (the same entries in memory, not equal ones).
    pub fn same_object(&self, other: &Array) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }

    /// Whether another value holds the same entries (changing this one would copy them).
    pub fn is_shared(&self) -> bool {
        Rc::strong_count(&self.0) > 1
    }

    pub fn get(&self, index: usize) -> Option<&Value> {
        self.0.get(index)
    }

    pub fn iter(&self) -> core::slice::Iter<'_, Value> {
        self.0.iter()
    }

    pub fn as_slice(&self) -> &[Value] {
        &self.0
    }

    /// A new array with `value` appended (copies only when this array is shared).
    pub fn pushed(mut self, value: Value) -> Array {
        Rc::make_mut(&mut self.0).push(value);
        self
    }

    /// The items, copied out when shared.
    pub fn into_vec(mut self) -> Vec<Value> {
        match Rc::get_mut(&mut self.0) {
            Some(items) => core::mem::take(items),
            None => (*self.0).clone(),
        }
    }
}

impl From<Vec<Value>> for Array {
    fn from(items: Vec<Value>) -> Self {
        Array(Rc::new(items))
    }
}

impl FromIterator<Value> for Array {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Self {
        Array(Rc::new(iter.into_iter().collect()))
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Value;
    type IntoIter = core::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Array {
    /// Move the elements onto `pending` when this is their last owner (see `drop.rs`).
    pub(super) fn take_unshared(&mut self, pending: &mut Vec<Value>) {
        if let Some(items) = Rc::get_mut(&mut self.0) {
            pending.append(items);
        }
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        if let Some(items) = Rc::get_mut(&mut self.0) {
            if items.iter().any(super::drop::is_container) {
                super::drop::free_iteratively(core::mem::take(items));
            }
        }
    }
}
