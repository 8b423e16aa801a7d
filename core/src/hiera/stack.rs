//! A stack of lookup keys kept in one text: a key pushed is copied after the others (no
//! allocation once the text has grown to the deepest stack), where a list of strings would
//! allocate a copy of every key each lookup pushes.

use alloc::string::String;
use alloc::vec::Vec;

/// Keys, outermost first, each the text between the end of the one before and its own end.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct KeyStack {
    text: String,
    ends: Vec<usize>,
}

impl KeyStack {
    pub fn push(&mut self, key: &str) {
        self.text.push_str(key);
        self.ends.push(self.text.len());
    }

    pub fn pop(&mut self) {
        self.ends.pop();
        self.text.truncate(self.ends.last().copied().unwrap_or(0));
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The keys, outermost first.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = core::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(start, end)| self.text.get(start..end).unwrap_or_default())
    }

    #[cfg(feature = "yaml")]
    pub fn first(&self) -> Option<&str> {
        self.iter().next()
    }

    #[cfg(feature = "yaml")]
    pub fn contains(&self, key: &str) -> bool {
        self.iter().any(|k| k == key)
    }

    #[cfg(feature = "yaml")]
    /// The keys, outermost first, `separator` between them.
    pub fn join(&self, separator: &str) -> String {
        let mut out = String::new();
        for (i, key) in self.iter().enumerate() {
            if i > 0 {
                out.push_str(separator);
            }
            out.push_str(key);
        }
        out
    }
}

#[cfg(all(test, feature = "yaml"))]
mod tests {
    use super::*;

    #[test]
    fn keys_come_back_as_pushed_and_popped() {
        let mut stack = KeyStack::default();
        assert_eq!(
            (stack.len(), stack.first(), stack.join(", ")),
            (0, None, String::new())
        );
        // Empty keys and keys that are the start of others stay apart.
        for key in ["app::a", "", "app::a::b", "app"] {
            stack.push(key);
        }
        assert_eq!(stack.len(), 4);
        assert_eq!(stack.first(), Some("app::a"));
        assert_eq!(stack.join(", "), "app::a, , app::a::b, app");
        assert!(stack.contains("") && stack.contains("app") && !stack.contains("a"));
        stack.pop();
        assert!(!stack.contains("app"));
        assert_eq!(
            stack.iter().collect::<Vec<_>>(),
            ["app::a", "", "app::a::b"]
        );
        stack.pop();
        stack.pop();
        stack.push("x");
        assert_eq!(stack.join("|"), "app::a|x");
        stack.pop();
        stack.pop();
        stack.pop();
        assert_eq!((stack.len(), stack.first()), (0, None));
    }

    #[test]
    fn a_stack_grown_once_takes_keys_without_growing() {
        let mut stack = KeyStack::default();
        stack.push("module::class::param");
        stack.pop();
        let capacity = (stack.text.capacity(), stack.ends.capacity());
        for _ in 0..100 {
            stack.push("module::class::other");
            stack.pop();
        }
        assert_eq!((stack.text.capacity(), stack.ends.capacity()), capacity);
    }
}
