//! The catalog's index of its resources: by type and title, and by the other names a resource is
//! found by (its `alias`es, and its uniqueness key when that is not its title).
//!
//! Names are strings `type NUL name` in a table of names (`NameMap`: its code is in the engine
//! already), looked up from a key put together in a kept buffer (`KeyBuffer`): a compile asks for
//! every resource it declares and every reference it draws, and no lookup allocates. A uniqueness
//! key of several values (a type keyed by more than its namevar) is a value in the value Hash
//! beside it.

use alloc::string::String;

use crate::name_map::NameMap;
use crate::value::Value;

/// A name a resource is found by in the catalog's index.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ResourceKey {
    /// A type and one name (its title, an alias, its namevar's value): `type NUL name`.
    Named(String),
    /// A uniqueness key of several values (the type's name, then each key attribute's value).
    Composite(Value),
}

impl ResourceKey {
    /// The key of resource `type_name[name]`.
    pub(crate) fn named(type_name: &str, name: &str) -> Self {
        ResourceKey::Named(owned_key(type_name, name))
    }

    /// Whether this is the key of resource `type_name[name]`.
    pub(crate) fn names(&self, type_name: &str, name: &str) -> bool {
        match self {
            ResourceKey::Named(key) => {
                let rest = key.strip_prefix(type_name);
                rest.and_then(|rest| rest.strip_prefix('\u{0}')) == Some(name)
            }
            ResourceKey::Composite(_) => false,
        }
    }
}

/// Where each resource is among the catalog's resources, by the names it is found by.
#[derive(Default)]
pub(crate) struct ResourceIndex {
    named: NameMap<usize>,
    /// Where a name's key is put together to be looked up.
    key: crate::key_buffer::KeyBuffer,
    /// Composite keys → `Value::Integer` places.
    composite: crate::value::Hash,
}

impl ResourceIndex {
    /// The place of resource `type_name[name]` (type in lower case), by its title or another name.
    pub(crate) fn position(&self, type_name: &str, name: &str) -> Option<usize> {
        let parts = [type_name, "\u{0}", name];
        self.key.with(&parts, |key| self.named.get(key).copied())
    }

    /// The place of the resource `key` names.
    pub(crate) fn find(&self, key: &ResourceKey) -> Option<usize> {
        match key {
            ResourceKey::Named(key) => self.named.get(key).copied(),
            ResourceKey::Composite(key) => match self.composite.get(key)? {
                Value::Integer(at) => usize::try_from(*at).ok(),
                _ => None,
            },
        }
    }

    /// Names the resource at place `at` by `key` too.
    pub(crate) fn insert(&mut self, key: ResourceKey, at: usize) {
        match key {
            ResourceKey::Named(key) => {
                self.named.insert(key, at);
            }
            ResourceKey::Composite(key) => {
                self.composite.insert(key, Value::Integer(at as i64));
            }
        }
    }
}

/// The key `type NUL name`, in one allocation.
fn owned_key(type_name: &str, name: &str) -> String {
    [type_name, "\u{0}", name].concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resource_is_found_by_each_of_its_names() {
        let mut index = ResourceIndex::default();
        index.insert(ResourceKey::named("file", "/tmp/a"), 0);
        index.insert(ResourceKey::named("file", "a-alias"), 0);
        index.insert(ResourceKey::named("notify", "/tmp/a"), 1);
        assert_eq!(index.position("file", "/tmp/a"), Some(0));
        assert_eq!(index.position("file", "a-alias"), Some(0));
        assert_eq!(index.position("notify", "/tmp/a"), Some(1));
        assert_eq!(index.position("notify", "a-alias"), None);
        // The separator keeps `a` + `b::c` apart from `a::b` + `c`.
        assert_eq!(index.position("file", "/tmp"), None);
    }

    #[test]
    fn a_long_name_is_found_as_a_short_one_is() {
        let mut index = ResourceIndex::default();
        let long = "x".repeat(300);
        index.insert(ResourceKey::named("file", &long), 4);
        assert_eq!(index.position("file", &long), Some(4));
        assert!(ResourceKey::named("file", &long).names("file", &long));
        assert!(!ResourceKey::named("file", &long).names("file", "x"));
        // Names that share bytes with the key but not its parts.
        assert!(!ResourceKey::named("fileé", "x").names("file", "x"));
        assert!(!ResourceKey::named("file", "x").names("fi", "le\u{0}x"));
    }

    #[test]
    fn a_composite_key_is_found_by_its_value_only() {
        let mut index = ResourceIndex::default();
        let key = Value::array(alloc::vec![
            Value::string("Package"),
            Value::string("vim"),
            Value::string("apt"),
        ]);
        index.insert(ResourceKey::Composite(key.clone()), 2);
        assert_eq!(index.find(&ResourceKey::Composite(key)), Some(2));
        assert_eq!(index.position("package", "vim"), None);
        assert!(!ResourceKey::Composite(Value::Undef).names("package", "vim"));
    }
}
