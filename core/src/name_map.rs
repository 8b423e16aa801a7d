//! Tables by name that the compile only looks up and fills (classes, defined types, modules,
//! declared classes, class variables): the compile of a large environment asks them tens of
//! thousands of times. Native builds hash them in an `IndexMap` of names and values. The browser's
//! engines have no room for another copy of a map's code for each kind of value: with the
//! `hashed-tables` feature (the light engine) they keep one set of names (`NameSet`: its code is in
//! the module once, whatever the values) and the values in a list beside it, at the same positions;
//! without it (the full engines) a `NameTable` (the engine's one `BTreeMap<String, usize>` and a
//! list). No iteration but in name order (`sorted_keys`), so all give the same results.

use alloc::string::String;
#[cfg(any(not(target_arch = "wasm32"), feature = "hashed-tables"))]
use alloc::vec::Vec;

#[cfg(not(target_arch = "wasm32"))]
type Map<V> = indexmap::IndexMap<String, V, foldhash::fast::FixedState>;
#[cfg(all(target_arch = "wasm32", feature = "hashed-tables"))]
type Map<V> = NamesBeside<V>;
#[cfg(all(target_arch = "wasm32", not(feature = "hashed-tables")))]
type Map<V> = crate::name_table::NameTable<V>;

/// The names of a browser engine's tables: one instance of the set's code for every table.
#[cfg(any(all(target_arch = "wasm32", feature = "hashed-tables"), test))]
type NameSet = indexmap::IndexSet<String, foldhash::fast::FixedState>;

/// A browser engine's table: the names hashed, each value at its name's position in `values`.
#[cfg(any(all(target_arch = "wasm32", feature = "hashed-tables"), test))]
#[derive(Debug, Clone)]
struct NamesBeside<V> {
    names: NameSet,
    values: Vec<V>,
}

#[cfg(any(all(target_arch = "wasm32", feature = "hashed-tables"), test))]
impl<V> Default for NamesBeside<V> {
    fn default() -> Self {
        NamesBeside {
            names: NameSet::default(),
            values: Vec::new(),
        }
    }
}

#[cfg(any(all(target_arch = "wasm32", feature = "hashed-tables"), test))]
impl<V> NamesBeside<V> {
    fn get(&self, name: &str) -> Option<&V> {
        self.values.get(self.names.get_index_of(name)?)
    }

    fn contains_key(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    fn insert(&mut self, name: String, value: V) -> Option<V> {
        let (at, added) = self.names.insert_full(name);
        if added {
            self.values.push(value);
            None
        } else {
            self.values
                .get_mut(at)
                .map(|slot| core::mem::replace(slot, value))
        }
    }

    fn len(&self) -> usize {
        self.names.len()
    }

    /// `name`'s value, made by `make` first when it has none.
    fn entry_with(&mut self, name: &str, make: impl FnOnce() -> V) -> &mut V {
        let at = match self.names.get_index_of(name) {
            Some(at) => at,
            None => {
                self.names.insert(name.into());
                self.values.push(make());
                self.values.len() - 1
            }
        };
        &mut self.values[at]
    }

    fn keys(&self) -> impl Iterator<Item = &String> {
        self.names.iter()
    }
}

/// A table of `V`s by name (see the file's comment).
#[derive(Debug, Clone)]
pub(crate) struct NameMap<V>(Map<V>);

impl<V> Default for NameMap<V> {
    fn default() -> Self {
        NameMap(Map::default())
    }
}

impl<V> NameMap<V> {
    #[inline]
    pub(crate) fn get(&self, name: &str) -> Option<&V> {
        self.0.get(name)
    }

    #[inline]
    pub(crate) fn contains_key(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    /// Set `name`'s value; the one it had before.
    #[inline]
    pub(crate) fn insert(&mut self, name: String, value: V) -> Option<V> {
        self.0.insert(name, value)
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// `name`'s value, made by `make` (and its name copied) when it has none yet.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn get_or_insert_with(&mut self, name: &str, make: impl FnOnce() -> V) -> &mut V {
        let at = match self.0.get_index_of(name) {
            Some(at) => at,
            None => self.0.insert_full(name.into(), make()).0,
        };
        &mut self.0[at]
    }

    /// `name`'s value, made by `make` (and its name copied) when it has none yet.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn get_or_insert_with(&mut self, name: &str, make: impl FnOnce() -> V) -> &mut V {
        self.0.entry_with(name, make)
    }

    /// The names, in order (Rust's string order, as a `BTreeMap` keeps them).
    #[cfg(any(not(target_arch = "wasm32"), feature = "hashed-tables"))]
    pub(crate) fn sorted_keys(&self) -> impl Iterator<Item = &String> {
        let mut keys: Vec<&String> = self.0.keys().collect();
        keys.sort_unstable();
        keys.into_iter()
    }

    /// The names, in order (Rust's string order, as a `BTreeMap` keeps them).
    #[cfg(all(target_arch = "wasm32", not(feature = "hashed-tables")))]
    pub(crate) fn sorted_keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(name, _)| name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn names_beside_their_values_replace_and_find() {
        let mut table = NamesBeside::default();
        assert_eq!(table.insert("b".into(), 2), None);
        assert_eq!(table.insert("a".into(), 1), None);
        assert_eq!(table.insert("b".into(), 20), Some(2));
        assert_eq!(
            (table.get("b"), table.get("a"), table.get("c")),
            (Some(&20), Some(&1), None)
        );
        assert!(table.contains_key("a") && !table.contains_key("c"));
        assert_eq!(table.len(), 2);
        let keys: Vec<&str> = table.keys().map(String::as_str).collect();
        assert_eq!(keys, vec!["b", "a"]);
        *table.entry_with("c", || 0) += 3;
        *table.entry_with("a", || 0) += 10;
        assert_eq!((table.get("c"), table.get("a")), (Some(&3), Some(&11)));
    }

    #[test]
    fn a_table_fills_on_demand_and_lists_its_names_in_order() {
        let mut table: NameMap<i32> = NameMap::default();
        table.insert("c".into(), 3);
        *table.get_or_insert_with("a", || 0) += 4;
        *table.get_or_insert_with("c", || 0) += 10;
        assert_eq!((table.get("a"), table.get("c")), (Some(&4), Some(&13)));
        let sorted: Vec<&str> = table.sorted_keys().map(String::as_str).collect();
        assert_eq!(sorted, vec!["a", "c"]);
    }
}
