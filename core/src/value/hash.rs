//! `value::Hash`: an immutable, shared, insertion-ordered map with strict key equality.

use alloc::rc::Rc;

use foldhash::fast::FixedState;
use indexmap::IndexMap;

use super::Value;

type Map = IndexMap<Value, Value, FixedState>;

/// A Puppet hash: keys keep their insertion order; lookups use strict equality
/// (`{1 => a}[1.0]` finds nothing, `'a'` and `'A'` are different keys).
#[derive(Debug, Clone, Default)]
pub struct Hash(Rc<Map>);

shared_storage!(Hash);

#[cfg(test)]
impl Hash {
    /// A hash of string keys (for tests).
    pub(crate) fn of_strings(entries: &[(&str, Value)]) -> Hash {
        entries
            .iter()
            .map(|(key, value)| (Value::string(key), value.clone()))
            .collect()
    }
}

impl Hash {
    pub fn new() -> Hash {
        Hash::default()
    }

    pub fn get(&self, key: &Value) -> Option<&Value> {
        self.0.get(key)
    }

    /// [`Self::get`] from inside a comparison of hash keys `nesting` deep (see `eq_walk.rs`).
    pub(super) fn get_nested(&self, key: &Value, nesting: usize) -> Option<&Value> {
        self.0.get(&NestedKey(key, nesting + 1))
    }

    pub fn contains_key(&self, key: &Value) -> bool {
        self.0.contains_key(key)
    }

    pub fn iter(&self) -> indexmap::map::Iter<'_, Value, Value> {
        self.0.iter()
    }

    pub fn keys(&self) -> indexmap::map::Keys<'_, Value, Value> {
        self.0.keys()
    }

    pub fn values(&self) -> indexmap::map::Values<'_, Value, Value> {
        self.0.values()
    }

    /// The hash with `key` set to `value` (an existing key keeps its position). It takes the hash
    /// by value: when this is the only reference the map is updated in place, otherwise copied.
    pub fn inserted(mut self, key: Value, value: Value) -> Hash {
        Rc::make_mut(&mut self.0).insert(key, value);
        self
    }

    /// Set `key` to `value` in place (an existing key keeps its position); copies the entries
    /// only when they are shared, so a loop of inserts stays linear.
    pub fn insert(&mut self, key: Value, value: Value) {
        Rc::make_mut(&mut self.0).insert(key, value);
    }

    /// The hash without `keys` (the others keep their order); in place when not shared. Linear:
    /// a long list of keys is indexed first instead of removing keys one by one (each removal
    /// shifts the entries after it).
    pub fn without(mut self, keys: &[Value]) -> Hash {
        if keys.len() <= 8 {
            for key in keys {
                if self.0.contains_key(key) {
                    Rc::make_mut(&mut self.0).shift_remove(key);
                }
            }
        } else {
            let remove: Hash = keys.iter().map(|k| (k.clone(), Value::Undef)).collect();
            if self.0.keys().any(|k| remove.0.contains_key(k)) {
                Rc::make_mut(&mut self.0).retain(|k, _| !remove.0.contains_key(k));
            }
        }
        self
    }
}

impl FromIterator<(Value, Value)> for Hash {
    /// Later duplicates of a key replace the value and keep the first position, as Puppet does.
    fn from_iter<I: IntoIterator<Item = (Value, Value)>>(iter: I) -> Self {
        let iter = iter.into_iter();
        let mut map = Map::with_capacity_and_hasher(iter.size_hint().0, FixedState::default());
        for (key, value) in iter {
            map.insert(key, value);
        }
        Hash(Rc::new(map))
    }
}

impl<'a> IntoIterator for &'a Hash {
    type Item = (&'a Value, &'a Value);
    type IntoIter = indexmap::map::Iter<'a, Value, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// A key looked up from inside a comparison of keys: compared with the keys of the map at its
/// depth of nesting, so that keys nested in keys end (see `eq_walk.rs`).
struct NestedKey<'a>(&'a Value, usize);

impl core::hash::Hash for NestedKey<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl indexmap::Equivalent<Value> for NestedKey<'_> {
    fn equivalent(&self, key: &Value) -> bool {
        super::eq_walk::equal(self.0, key, super::eq_walk::Mode::Strict, self.1)
    }
}

impl PartialEq for Hash {
    /// Strict and order-independent: the same keys with strictly equal values.
    fn eq(&self, other: &Self) -> bool {
        let (left, right) = (Value::Hash(self.clone()), Value::Hash(other.clone()));
        super::eq_walk::equal(&left, &right, super::eq_walk::Mode::Strict, 0)
    }
}

impl Eq for Hash {}

impl core::hash::Hash for Hash {
    /// Only the size, so that hashing agrees with the order-independent equality.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.len().hash(state)
    }
}

impl Hash {
    /// Move the keys and values onto `pending` when this is their last owner (see `drop.rs`).
    pub(super) fn take_unshared(&mut self, pending: &mut alloc::vec::Vec<Value>) {
        if let Some(map) = Rc::get_mut(&mut self.0) {
            pending.reserve(map.len() * 2);
            for (key, value) in map.drain(..) {
                pending.push(key);
                pending.push(value);
            }
        }
    }
}

impl Drop for Hash {
    fn drop(&mut self) {
        if let Some(map) = Rc::get_mut(&mut self.0) {
            if map.values().any(super::drop::is_container) {
                let mut pending = alloc::vec::Vec::new();
                self.take_unshared(&mut pending);
                super::drop::free_iteratively(pending);
            }
        }
    }
}
