//! The Regexp value: Puppet/Ruby source text plus the compiled pattern (`crate::regex`).

use alloc::rc::Rc;
use alloc::string::String;
use core::fmt;

use crate::regex::{Captures, Regex, RegexError, Stop};

struct Compiled {
    source: Rc<str>,
    regex: Regex,
}

/// A compiled regular expression. Equality, hashing and printing use the Ruby source text.
#[derive(Clone)]
pub struct Regexp(Rc<Compiled>);

impl Regexp {
    /// Compiles Ruby regex source (as written between `/.../` or given as a string).
    pub fn new(source: &str) -> Result<Regexp, RegexError> {
        let regex = Regex::new(source)?;
        Ok(Regexp(Rc::new(Compiled {
            source: Rc::from(source),
            regex,
        })))
    }

    /// The Ruby source text.
    pub fn source(&self) -> &str {
        &self.0.source
    }

    /// The compiled pattern.
    pub fn regex(&self) -> &Regex {
        &self.0.regex
    }

    /// The first match at or after byte `from`, its steps taken from `budget` (matcher steps).
    pub fn search(
        &self,
        text: &str,
        from: usize,
        budget: &mut u64,
    ) -> Result<Option<Captures>, Stop> {
        self.0.regex.search(text, from, budget)
    }

    /// Whether the pattern matches somewhere in `text`, for callers with no budget of their own
    /// (comparing `Pattern` types): a pattern that runs out of steps counts as not matching.
    pub fn is_match(&self, text: &str) -> bool {
        let mut budget = crate::regex::DEFAULT_BUDGET;
        matches!(self.search(text, 0, &mut budget), Ok(Some(_)))
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
