//! Tables by name that the compile only looks up and fills (classes, defined types, modules,
//! declared classes, class variables): hashed in native builds, where the compile of a large
//! environment asks them tens of thousands of times, and a `NameTable` (the engine's one
//! `BTreeMap<String, usize>` and a list) in the browser's engine, whose size budget has no room for
//! another map's code. No iteration but in name order (`sorted_keys`), so both give the same results.

use alloc::string::String;
#[cfg(not(target_arch = "wasm32"))]
use alloc::vec::Vec;

#[cfg(not(target_arch = "wasm32"))]
type Map<V> = indexmap::IndexMap<String, V, foldhash::fast::FixedState>;
#[cfg(target_arch = "wasm32")]
type Map<V> = crate::name_table::NameTable<V>;

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
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn sorted_keys(&self) -> impl Iterator<Item = &String> {
        let mut keys: Vec<&String> = self.0.keys().collect();
        keys.sort_unstable();
        keys.into_iter()
    }

    /// The names, in order (Rust's string order, as a `BTreeMap` keeps them).
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn sorted_keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(name, _)| name)
    }
}
