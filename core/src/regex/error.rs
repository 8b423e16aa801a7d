//! Why a pattern does not compile, in Ruby's words (`premature end of char-class: /[/`).

use alloc::string::String;
use core::fmt;

/// A pattern Ruby rejects (with Ruby's message), or one this engine cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegexError {
    pub message: String,
    pub source: String,
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: /{}/", self.message, self.source)
    }
}

impl RegexError {
    pub(crate) fn new(message: impl Into<String>, source: &str) -> Self {
        RegexError {
            message: message.into(),
            source: source.into(),
        }
    }
}

/// `before` + `name` + `after`: Onigmo's messages that name a group or property (`invalid group
/// name <a>`), built without `format!` (smaller code at each of their sites).
pub(crate) fn naming(before: &str, name: &str, after: &str) -> String {
    let mut message = String::with_capacity(before.len() + name.len() + after.len());
    message.push_str(before);
    message.push_str(name);
    message.push_str(after);
    message
}
