//! Items by name, the names in the engine's one `BTreeMap<String, usize>` and the items in a list.
//! Each `BTreeMap` with a value type of its own is another copy of the B-tree's code in the browser
//! engines (3-7 KB raw each); a table of this kind adds only its list's code.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Bound;

/// Items by name, in byte order of their names (as a `BTreeMap<String, T>` keeps them).
#[derive(Debug, Clone)]
pub struct NameTable<T> {
    index: BTreeMap<String, usize>,
    items: Vec<T>,
}

impl<T> Default for NameTable<T> {
    fn default() -> Self {
        NameTable {
            index: BTreeMap::new(),
            items: Vec::new(),
        }
    }
}

impl<T> NameTable<T> {
    pub fn get(&self, name: &str) -> Option<&T> {
        self.index.get(name).and_then(|&at| self.items.get(at))
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// Set `name`'s item; the one it replaced.
    pub fn insert(&mut self, name: String, item: T) -> Option<T> {
        match self.index.get(&name) {
            Some(&at) => self
                .items
                .get_mut(at)
                .map(|slot| core::mem::replace(slot, item)),
            None => {
                self.index.insert(name, self.items.len());
                self.items.push(item);
                None
            }
        }
    }

    /// `name`'s item, made by `make` first when it has none (native builds and the light engine
    /// hash these tables: see `name_map.rs`).
    #[cfg_attr(
        any(not(target_arch = "wasm32"), feature = "hashed-tables"),
        allow(dead_code)
    )]
    pub fn entry_with(&mut self, name: &str, make: impl FnOnce() -> T) -> &mut T {
        let at = match self.index.get(name) {
            Some(&at) => at,
            None => {
                self.index.insert(name.into(), self.items.len());
                self.items.push(make());
                self.items.len() - 1
            }
        };
        &mut self.items[at]
    }

    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The names and their items, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &T)> {
        self.index
            .iter()
            .filter_map(|(name, &at)| Some((name, self.items.get(at)?)))
    }

    /// The items, in their names' order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.index.values().filter_map(|&at| self.items.get(at))
    }

    /// The names from `first` on (itself included), in order.
    pub fn names_from<'a>(&'a self, first: &str) -> impl Iterator<Item = &'a String> + 'a {
        self.index
            .range::<str, _>((Bound::Included(first), Bound::Unbounded))
            .map(|(name, _)| name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn items_by_name_in_order_replacing() {
        let mut table = NameTable::default();
        table.insert("b".into(), 2);
        table.insert("a".into(), 1);
        table.insert("c".into(), 3);
        table.insert("b".into(), 20);
        assert_eq!(table.get("b"), Some(&20));
        assert_eq!(table.get("d"), None);
        assert!(table.contains_key("a") && !table.contains_key("d"));
        assert_eq!(table.len(), 3);
        let all: Vec<(&str, i32)> = table.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        assert_eq!(all, vec![("a", 1), ("b", 20), ("c", 3)]);
        let from: Vec<&str> = table.names_from("b").map(String::as_str).collect();
        assert_eq!(from, vec!["b", "c"]);
        let from: Vec<&str> = table.names_from("bb").map(String::as_str).collect();
        assert_eq!(from, vec!["c"]);
        let values: Vec<i32> = table.values().copied().collect();
        assert_eq!(values, vec![1, 20, 3]);
        *table.entry_with("d", || 0) += 4;
        *table.entry_with("a", || 0) += 10;
        assert_eq!((table.get("d"), table.get("a")), (Some(&4), Some(&11)));
    }
}
