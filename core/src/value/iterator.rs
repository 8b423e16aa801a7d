//! Iterator values: what `reverse_each` and `step` give without a lambda (`Iterator[T]`).
//!
//! Puppet's iterators are lazy Ruby enumerators; here the values are materialised when the
//! iterator is made (the makers count steps and sizes). Observable behaviour is kept: `each`,
//! `map` and `filter` take values one by one (Ruby's `next`), so a second `map` of the same
//! iterator sees nothing, while printing, `Array(it)`, `reduce`, `reverse_each` and the others
//! walk all values again. The element type is Puppet's: inferred from what was iterated over
//! (in its order, before reversing or stepping), not from the values yielded.

use alloc::rc::Rc;
use core::cell::Cell;

use super::{Array, Hash, Value};
use crate::types::Type;

/// What the element type of an iterator is inferred from.
#[derive(Debug, Clone)]
pub enum ElementSource {
    /// The elements of an array (each inferred; `Unit` when empty).
    Values(Array),
    /// The entries of a hash (`Tuple[K, V, 2, 2]`).
    Entries(Hash),
    /// A known type (`Integer[0, 2]` for `3`, `String[1, 1]` for a string, a range type).
    Type(Type),
}

/// An iterator over materialised values.
#[derive(Debug)]
pub struct IteratorValue {
    items: Array,
    source: ElementSource,
    /// How many values `each`/`map`/`filter` have taken.
    taken: Cell<usize>,
}

impl IteratorValue {
    pub fn value(items: Array, source: ElementSource) -> Value {
        Value::Iterator(Rc::new(IteratorValue {
            items,
            source,
            taken: Cell::new(0),
        }))
    }

    /// All values, from the start (what printing and the non-consuming functions see).
    pub fn items(&self) -> &Array {
        &self.items
    }

    pub fn source(&self) -> &ElementSource {
        &self.source
    }

    /// The next value for `each`/`map`/`filter` (Ruby's `next`), which takes it.
    pub fn next_value(&self) -> Option<Value> {
        let index = self.taken.get();
        let value = self.items.get(index)?.clone();
        self.taken.set(index + 1);
        Some(value)
    }

    /// Move out what only this iterator owns (see `drop.rs`).
    pub(super) fn into_parts(self) -> (Value, Value) {
        let source = match self.source {
            ElementSource::Values(values) => Value::Array(values),
            ElementSource::Entries(entries) => Value::Hash(entries),
            ElementSource::Type(_) => Value::Undef,
        };
        (Value::Array(self.items), source)
    }
}
