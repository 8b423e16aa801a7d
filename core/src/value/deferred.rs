//! Deferred values: `Deferred('fn', [args])`, a function call kept for later (`call($d)`).

use alloc::rc::Rc;

use super::Array;

/// A deferred function call (or variable lookup when the name starts with `$`).
#[derive(Debug, Clone)]
pub struct Deferred {
    pub name: Rc<str>,
    /// `None` when no arguments were given (printed without an `arguments` entry).
    pub arguments: Option<Array>,
}

/// Whether `name` is what Deferred's `name` attribute accepts:
/// `/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/`.
pub fn valid_deferred_name(name: &str) -> bool {
    let name = name.strip_prefix('$').unwrap_or(name);
    name.split("::").all(|segment| {
        let mut chars = segment.chars();
        chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    })
}
