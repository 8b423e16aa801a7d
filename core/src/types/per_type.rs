//! A table filled per resource type the first time a run asks about that type: the closed value
//! sets and the attribute names a compile checks every resource of the type against.

use alloc::string::String;
use alloc::vec::Vec;

/// What was worked out for each resource type met so far, in the order they were met.
pub(crate) struct PerType<T> {
    types: Vec<(String, T)>,
}

impl<T> Default for PerType<T> {
    fn default() -> Self {
        PerType { types: Vec::new() }
    }
}

impl<T> PerType<T> {
    /// What `make` gives for `type_name`, made the first time only; `None` for a qualified name
    /// (`m::site`), which no built-in type has: a module's defined types are not searched for.
    pub(crate) fn get_or_make(&mut self, type_name: &str, make: impl FnOnce() -> T) -> Option<&T> {
        if type_name.as_bytes().contains(&b':') {
            return None;
        }
        let at = match self.types.iter().position(|(known, _)| known == type_name) {
            Some(at) => at,
            None => {
                self.types.push((type_name.into(), make()));
                self.types.len() - 1
            }
        };
        Some(&self.types[at].1)
    }
}
