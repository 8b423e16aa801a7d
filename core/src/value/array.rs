//! `value::Array`: an immutable, shared sequence of values (cheap to clone).

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::Value;

/// A Puppet array. Kept behind this small type so its representation can change
/// (e.g. to a persistent vector) without touching the callers.
#[derive(Debug, Clone, Default)]
pub struct Array(Rc<Vec<Value>>);

shared_storage!(Array);

impl Array {
    pub fn new() -> Array {
        Array::default()
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
