//! A table filled per resource type the first time a run asks about that type: the closed value
//! sets and the attribute names a compile checks every resource of the type against.

use alloc::string::String;
use alloc::vec::Vec;

/// What was worked out for each resource type met so far, in the order they were met.
pub(crate) struct PerType<T> {
    /// The types' names, apart from what was made for them: one search serves every table.
    names: Vec<String>,
    made: Vec<T>,
}

impl<T> Default for PerType<T> {
    fn default() -> Self {
        PerType {
            names: Vec::new(),
            made: Vec::new(),
        }
    }
}

impl<T> PerType<T> {
    /// What `make` gives for `type_name`, made the first time only; `None` for a qualified name
    /// (`m::site`), which no built-in type has: a module's defined types are not searched for.
    pub(crate) fn get_or_make(&mut self, type_name: &str, make: impl FnOnce() -> T) -> Option<&T> {
        let at = match position(&self.names, type_name)? {
            Some(at) => at,
            None => {
                self.names.push(type_name.into());
                self.made.push(make());
                self.made.len() - 1
            }
        };
        self.made.get(at)
    }
}

/// Where `type_name` is among `names` (`Some(None)`: not yet); `None` for a qualified name.
#[inline(never)]
fn position(names: &[String], type_name: &str) -> Option<Option<usize>> {
    // A type met before is found without looking at its bytes for a `:` (no qualified name is
    // ever kept).
    if let Some(at) = names.iter().position(|known| known == type_name) {
        return Some(Some(at));
    }
    match type_name.as_bytes().contains(&b':') {
        true => None,
        false => Some(None),
    }
}
