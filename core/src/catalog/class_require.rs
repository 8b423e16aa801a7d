//! The `require` function's relationship: the class or defined-type instance whose body calls it
//! gets `require => [..., Class[x]]`, appended to what it already requires, as Puppet's function
//! sets the parameter on the calling scope's resource.

use alloc::vec::Vec;

use super::contents::Catalog;
use super::graph::ScopeOwner;
use crate::value::Value;

impl Catalog {
    /// Append `class` (a `Class[x]` reference) to the `require` parameter of `owner`'s resource.
    /// Gives `false` for the owners without parameters here (the top scope, a node), whose
    /// relationship the catalog graph keeps instead.
    pub(crate) fn add_required_class(&mut self, owner: &ScopeOwner, class: Value) -> bool {
        let parameters = match owner {
            ScopeOwner::Class(entry) => match self.entries.get_mut(*entry) {
                Some(super::compiled::CatalogEntry::Class(class)) => &mut class.parameters,
                _ => return false,
            },
            ScopeOwner::Instance(index) => match self.resources.get_mut(*index) {
                Some(resource) => &mut resource.attributes,
                None => return false,
            },
            ScopeOwner::Main | ScopeOwner::Node(_) => return false,
        };
        match parameters.iter_mut().find(|(name, _)| name == "require") {
            Some((_, value)) => {
                // `[resource[:require]].flatten.compact << ref`
                let mut required = Vec::new();
                super::relationship_lists::flatten_into(value, &mut required);
                required.retain(|item| !matches!(item, Value::Undef));
                required.push(class);
                *value = Value::array(required);
            }
            None => parameters.push(("require".into(), Value::array(alloc::vec![class]))),
        }
        true
    }
}
