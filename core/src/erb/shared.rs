//! The contents of a template's arrays and hashes (shared, changed in place), freed without
//! recursion: a template's loop nests an array 20,000 levels deep in a moment (`a = [a]`), and
//! freeing it one level inside the other would overflow a browser worker's stack.

use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::RefCell;
use core::ops::Deref;

use super::value::RVal;

/// An array's elements.
#[derive(Debug, Clone)]
pub(crate) struct ArrayItems(Rc<RefCell<Vec<RVal>>>);

/// A hash's entries, in insertion order.
#[derive(Debug, Clone)]
pub(crate) struct HashEntries(Rc<RefCell<Vec<(RVal, RVal)>>>);

impl ArrayItems {
    pub fn new(items: Vec<RVal>) -> Self {
        ArrayItems(Rc::new(RefCell::new(items)))
    }
}

impl HashEntries {
    pub fn new(entries: Vec<(RVal, RVal)>) -> Self {
        HashEntries(Rc::new(RefCell::new(entries)))
    }
}

impl Deref for ArrayItems {
    type Target = Rc<RefCell<Vec<RVal>>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Deref for HashEntries {
    type Target = Rc<RefCell<Vec<(RVal, RVal)>>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Drop for ArrayItems {
    fn drop(&mut self) {
        if let Some(items) = Rc::get_mut(&mut self.0) {
            let items = core::mem::take(items.get_mut());
            if items.iter().any(is_container) {
                free(items);
            }
        }
    }
}

impl Drop for HashEntries {
    fn drop(&mut self) {
        if let Some(entries) = Rc::get_mut(&mut self.0) {
            let entries = core::mem::take(entries.get_mut());
            if entries
                .iter()
                .any(|(k, v)| is_container(k) || is_container(v))
            {
                free(entries.into_iter().flat_map(|(k, v)| [k, v]).collect());
            }
        }
    }
}

fn is_container(value: &RVal) -> bool {
    matches!(value, RVal::Array(_) | RVal::Hash(_))
}

/// Free `pending` and what only it holds, one level at a time: the contents of an array or hash
/// freed here are moved onto the list first, so that its own drop finds it empty.
fn free(mut pending: Vec<RVal>) {
    while let Some(value) = pending.pop() {
        match value {
            RVal::Array(mut items) => {
                if let Some(inner) = Rc::get_mut(&mut items.0) {
                    pending.append(inner.get_mut());
                }
            }
            RVal::Hash(mut entries) => {
                if let Some(inner) = Rc::get_mut(&mut entries.0) {
                    for (key, value) in inner.get_mut().drain(..) {
                        pending.push(key);
                        pending.push(value);
                    }
                }
            }
            _ => {}
        }
    }
}
