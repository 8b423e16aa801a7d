//! Lookup keys put together in a buffer that is kept: a table keyed by a path or a `type NUL
//! title` pair is asked far more often than it is filled, and a key made only to be looked up
//! then costs neither an allocation nor a check of its bytes.

use alloc::string::String;
use core::cell::RefCell;

/// A text buffer for lookup keys, reused from one key to the next.
#[derive(Debug, Default)]
pub(crate) struct KeyBuffer(RefCell<String>);

impl KeyBuffer {
    /// `f` of `parts` written one after the other (in a text of its own when `f` asks this buffer
    /// for another key meanwhile).
    pub(crate) fn with<R>(&self, parts: &[&str], f: impl FnOnce(&str) -> R) -> R {
        match self.0.try_borrow_mut() {
            Ok(mut text) => {
                text.clear();
                for part in parts {
                    text.push_str(part);
                }
                f(&text)
            }
            Err(_) => f(&parts.concat()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_put_together_one_after_another() {
        let keys = KeyBuffer::default();
        assert_eq!(
            keys.with(&["a", "/", "bc"], |key| String::from(key)),
            "a/bc"
        );
        assert_eq!(keys.with(&[], |text| text.len()), 0);
        let long = "é".repeat(200);
        let joined = keys.with(&[&long, "\u{0}", &long], |key| String::from(key));
        assert_eq!(joined, [long.as_str(), "\u{0}", long.as_str()].concat());
    }

    #[test]
    fn a_key_asked_for_inside_another_is_its_own() {
        let keys = KeyBuffer::default();
        let both = keys.with(&["outer"], |outer| {
            let inner = keys.with(&["inner"], |key| String::from(key));
            [outer, inner.as_str()].concat()
        });
        assert_eq!(both, "outerinner");
    }
}
