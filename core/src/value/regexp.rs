//! The Regexp value: Puppet/Ruby source text plus the compiled pattern (`crate::regex`).

use alloc::string::String;
use alloc::sync::Arc;
use core::fmt;

use crate::regex::{Captures, Regex, RegexError, Stop};

struct Compiled {
    source: Arc<str>,
    regex: Regex,
}

/// A compiled regular expression. Equality, hashing and printing use the Ruby source text.
#[derive(Clone)]
pub struct Regexp(Arc<Compiled>);

impl Regexp {
    /// Compiles Ruby regex source (as written between `/.../` or given as a string).
    pub fn new(source: &str) -> Result<Regexp, RegexError> {
        let regex = Regex::new(source)?;
        Ok(Regexp(Arc::new(Compiled {
            source: Arc::from(source),
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
    /// (comparing `Pattern` types): see [`crate::regex::unbudgeted_match`].
    pub fn is_match(&self, text: &str) -> bool {
        crate::regex::unbudgeted_match(&self.0.regex, text)
    }

    /// As Puppet prints a regexp (`%p`, interpolation, types): `/source/` with unescaped slashes
    /// escaped (`/a\/b/`) — Ruby's `inspect` — or, for a pattern Ruby made UTF-8 only, `/` around
    /// Ruby's `to_s` (`/(?-mix:é)/`), as Puppet's `regexp_to_s_with_delimiters` does.
    pub fn with_delimiters(&self) -> String {
        let mut out = String::with_capacity(self.0.source.len() + 10);
        out.push('/');
        if self.0.regex.fixed_encoding() {
            out.push_str(&self.ruby_to_s());
        } else {
            push_escaped(&mut out, &self.0.source);
        }
        out.push('/');
        out
    }

    /// `String(regexp)` and `%s`: the source with `\/` unescaped, or for a pattern Ruby made
    /// UTF-8 only, that in a group that turns every option off (`(?-imx:é)`), as Puppet's
    /// `regexp_to_s` does.
    pub fn to_string_form(&self) -> String {
        let source = self.0.source.replace("\\/", "/");
        if self.0.regex.fixed_encoding() {
            alloc::format!("(?-imx:{source})")
        } else {
            source
        }
    }

    /// Ruby's `Regexp#to_s`: `(?on-off:source)` with the options of a leading `(?i)`, or of a
    /// group around the whole pattern, taken into the wrapper (`(?i)a` gives `(?i-mx:a)`).
    pub fn ruby_to_s(&self) -> String {
        let (mut on, mut rest) = (0u8, &*self.0.source);
        while let Some(after) = rest.strip_prefix("(?").filter(|_| rest.len() >= 4) {
            let mut options = on;
            let mut chars = after.char_indices().peekable();
            while let Some(&(_, c)) = chars.peek() {
                match option_bit(c) {
                    Some(bit) => options |= bit,
                    None => break,
                }
                chars.next();
            }
            if matches!(chars.peek(), Some(&(_, '-'))) {
                chars.next();
                while let Some(&(_, c)) = chars.peek() {
                    match option_bit(c) {
                        Some(bit) => options &= !bit,
                        None => break,
                    }
                    chars.next();
                }
            }
            let at = chars.peek().map_or(after.len(), |&(i, _)| i);
            let tail = &after[at..];
            if let Some(next) = tail.strip_prefix(')') {
                on = options;
                rest = next;
                continue;
            }
            if let Some(inner) = tail.strip_prefix(':').and_then(|t| t.strip_suffix(')')) {
                let mut flags = String::from("(?");
                push_options(&mut flags, options, 0x7);
                flags.push(')');
                flags.push_str(inner);
                if Regex::new(&flags).is_ok() {
                    on = options;
                    rest = inner;
                }
            }
            break;
        }
        let mut out = String::from("(?");
        push_options(&mut out, on, on);
        if on != 0x7 {
            out.push('-');
            push_options(&mut out, !on, !on);
        }
        out.push(':');
        push_escaped(&mut out, rest);
        out.push(')');
        out
    }
}

/// Ruby's option letters: `m`, `i`, `x`.
fn option_bit(c: char) -> Option<u8> {
    match c {
        'm' => Some(1),
        'i' => Some(2),
        'x' => Some(4),
        _ => None,
    }
}

/// The letters of `options` (masked by `shown`) in Ruby's order: `m`, `i`, `x`.
fn push_options(out: &mut String, options: u8, shown: u8) {
    for (bit, letter) in [(1, 'm'), (2, 'i'), (4, 'x')] {
        if options & shown & bit != 0 {
            out.push(letter);
        }
    }
}

/// Regex source with its unescaped slashes (and newlines) escaped, as Ruby's `inspect` shows it.
fn push_escaped(out: &mut String, source: &str) {
    let mut escaped = false;
    for ch in source.chars() {
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
