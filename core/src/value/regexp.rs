//! The Regexp value: Puppet/Ruby source text plus the compiled regex-lite translation.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use core::fmt;

use super::regex_translate::{translate_ruby_regex, RegexError};

struct Compiled {
    source: Rc<str>,
    regex: regex_lite::Regex,
}

/// A compiled regular expression. Equality, hashing and printing use the Ruby source text.
#[derive(Clone)]
pub struct Regexp(Rc<Compiled>);

impl Regexp {
    /// Compiles Ruby regex source (as written between `/.../` or given as a string).
    pub fn new(source: &str) -> Result<Regexp, RegexError> {
        let translated = translate_ruby_regex(source)?;
        let regex = regex_lite::Regex::new(&translated).map_err(|error| RegexError {
            message: format!("{error}"),
            source: source.into(),
        })?;
        Ok(Regexp(Rc::new(Compiled {
            source: Rc::from(source),
            regex,
        })))
    }

    /// The Ruby source text.
    pub fn source(&self) -> &str {
        &self.0.source
    }

    /// The compiled regex-lite regex (for captures and match positions).
    pub fn regex(&self) -> &regex_lite::Regex {
        &self.0.regex
    }

    pub fn is_match(&self, text: &str) -> bool {
        self.0.regex.is_match(text)
    }

    /// `/source/` with unescaped slashes escaped, as Puppet prints a regexp (`/a\/b/`).
    pub fn with_delimiters(&self) -> String {
        let mut out = String::with_capacity(self.0.source.len() + 2);
        out.push('/');
        let mut escaped = false;
        for ch in self.0.source.chars() {
            if escaped {
                out.push(ch);
                escaped = false;
            } else if ch == '\\' {
                out.push(ch);
                escaped = true;
            } else if ch == '/' {
                out.push_str("\\/");
            } else if ch == '\n' {
                out.push_str("\\n");
            } else {
                out.push(ch);
            }
        }
        out.push('/');
        out
    }
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Regexp({})", self.with_delimiters())
    }
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Self) -> bool {
        self.source() == other.source()
    }
}

impl Eq for Regexp {}

impl core::hash::Hash for Regexp {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.source().hash(state)
    }
}
