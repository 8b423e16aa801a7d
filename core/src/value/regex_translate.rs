//! Translation of Ruby (Onigmo) regex syntax, which Puppet uses, into regex-lite syntax.
//!
//! - Ruby's `^`/`$` always match at line boundaries: the result starts with `(?m)`.
//! - Ruby's `m` flag means "dot matches newline": `(?m)` becomes `(?s)`, also in `(?mi-x:...)`.
//! - `\h`/`\H` (hex digit), `\Z`, `\e`, octal `\0nn`, literal `\<`/`\>`, `{,m}` (as `{0,m}`) and
//!   a `{` that does not start a repetition are rewritten.
//! - With a named group in the pattern, Ruby does not capture plain groups: they become `(?:`.
//! - Look-around, back-references, atomic groups, possessive quantifiers, conditionals,
//!   `\G`, `\K`, `\R`, `\X` and `\p{...}` have no regex-lite equivalent: they are reported as
//!   an error naming the feature, never silently matched differently.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A regex Puppet accepts but this engine cannot run, or a malformed regex.
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

fn unsupported(feature: &str, source: &str) -> RegexError {
    RegexError {
        message: format!("unsupported regular expression feature: {feature}"),
        source: source.into(),
    }
}

/// Translates Ruby regex source into an equivalent regex-lite pattern.
pub fn translate_ruby_regex(source: &str) -> Result<String, RegexError> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len() + 8);
    out.push_str("(?m)");
    let mut index = 0;
    let mut class_depth = 0usize;
    let named = has_named_group(&chars);
    while index < chars.len() {
        let ch = chars[index];
        match ch {
            '\\' => {
                let Some(&next) = chars.get(index + 1) else {
                    return Err(RegexError {
                        message: "too short escape sequence".into(),
                        source: source.into(),
                    });
                };
                index += 2;
                match next {
                    'h' => out.push_str(if class_depth > 0 {
                        "0-9a-fA-F"
                    } else {
                        "[0-9a-fA-F]"
                    }),
                    'H' if class_depth == 0 => out.push_str("[^0-9a-fA-F]"),
                    'Z' => out.push_str(r"(?:\n?\z)"),
                    'e' => out.push_str(r"\x1B"),
                    '<' | '>' => out.push(next),
                    '0' => {
                        let mut value = 0u32;
                        let mut taken = 0;
                        while taken < 2 {
                            match chars.get(index).and_then(|c| c.to_digit(8)) {
                                Some(digit) => {
                                    value = value * 8 + digit;
                                    index += 1;
                                    taken += 1;
                                }
                                None => break,
                            }
                        }
                        out.push_str(&format!("\\x{{{value:X}}}"));
                    }
                    '1'..='9' => return Err(unsupported("back-reference", source)),
                    'k' => return Err(unsupported("named back-reference (\\k)", source)),
                    'g' => return Err(unsupported("subexpression call (\\g)", source)),
                    'G' => return Err(unsupported("\\G anchor", source)),
                    'K' => return Err(unsupported("\\K (keep)", source)),
                    'R' => return Err(unsupported("\\R (linebreak)", source)),
                    'X' => return Err(unsupported("\\X (extended grapheme cluster)", source)),
                    'p' | 'P' => return Err(unsupported("Unicode property class (\\p)", source)),
                    'c' | 'C' | 'M' => return Err(unsupported("control/meta escape", source)),
                    _ => {
                        out.push('\\');
                        out.push(next);
                    }
                }
                continue;
            }
            '[' => {
                // POSIX bracket `[:alpha:]` inside a class passes through unchanged.
                if class_depth > 0 && chars.get(index + 1) == Some(&':') {
                    if let Some(end) = find_posix_end(&chars, index + 2) {
                        out.extend(&chars[index..=end]);
                        index = end + 1;
                        continue;
                    }
                }
                class_depth += 1;
                out.push('[');
                index += 1;
                // A `]` or `^]` right after the opening bracket is a literal `]`.
                if chars.get(index) == Some(&'^') {
                    out.push('^');
                    index += 1;
                }
                if chars.get(index) == Some(&']') {
                    out.push_str("\\]");
                    index += 1;
                }
                continue;
            }
            ']' if class_depth > 0 => {
                class_depth -= 1;
                out.push(']');
            }
            _ if class_depth > 0 => push_class_char(&mut out, ch),
            '(' => {
                index = translate_group_open(&chars, index, &mut out, source, named)?;
                continue;
            }
            '{' => {
                if is_repetition(&chars, index) {
                    // Ruby's `{,m}` is regex-lite's `{0,m}`.
                    out.push_str(if chars.get(index + 1) == Some(&',') {
                        "{0"
                    } else {
                        "{"
                    });
                } else {
                    out.push_str("\\{");
                }
            }
            '}' => {
                if is_repetition_end(&out) {
                    out.push('}');
                    if let Some('+') = chars.get(index + 1) {
                        return Err(unsupported("possessive quantifier", source));
                    }
                } else {
                    out.push_str("\\}");
                }
            }
            '*' | '+' | '?' => {
                out.push(ch);
                if chars.get(index + 1) == Some(&'+') {
                    return Err(unsupported("possessive quantifier", source));
                }
            }
            _ => out.push(ch),
        }
        index += 1;
    }
    Ok(out)
}

fn push_class_char(out: &mut String, ch: char) {
    out.push(ch);
}

fn find_posix_end(chars: &[char], from: usize) -> Option<usize> {
    let mut index = from;
    while index + 1 < chars.len() {
        if chars[index] == ':' && chars[index + 1] == ']' {
            return Some(index + 1);
        }
        if !(chars[index].is_ascii_alphabetic() || chars[index] == '^') {
            return None;
        }
        index += 1;
    }
    None
}

/// Whether the `{` at `index` starts `{n}`, `{n,}`, `{n,m}` or `{,m}`.
fn is_repetition(chars: &[char], index: usize) -> bool {
    let mut cursor = index + 1;
    let mut digits_before = 0;
    while chars.get(cursor).is_some_and(|c| c.is_ascii_digit()) {
        cursor += 1;
        digits_before += 1;
    }
    let mut digits_after = 0;
    let mut comma = false;
    if chars.get(cursor) == Some(&',') {
        comma = true;
        cursor += 1;
        while chars.get(cursor).is_some_and(|c| c.is_ascii_digit()) {
            cursor += 1;
            digits_after += 1;
        }
    }
    chars.get(cursor) == Some(&'}') && (digits_before > 0 || (comma && digits_after > 0))
}

/// Whether the output ends inside an unclosed repetition `{n,m` that this `}` closes.
fn is_repetition_end(out: &str) -> bool {
    let Some(open) = out.rfind('{') else {
        return false;
    };
    if open > 0 && out.as_bytes()[open - 1] == b'\\' {
        return false;
    }
    let inner = &out[open + 1..];
    !inner.is_empty() && inner.chars().all(|c| c.is_ascii_digit() || c == ',')
}

/// Whether the pattern has a named group `(?<name>...)` outside escapes and character classes.
fn has_named_group(chars: &[char]) -> bool {
    let mut index = 0;
    let mut class_depth = 0usize;
    while index < chars.len() {
        match chars[index] {
            '\\' => index += 1,
            '[' => class_depth += 1,
            ']' if class_depth > 0 => class_depth -= 1,
            '(' if class_depth == 0
                && chars.get(index + 1) == Some(&'?')
                && chars.get(index + 2) == Some(&'<')
                && !matches!(chars.get(index + 3), Some('=') | Some('!')) =>
            {
                return true
            }
            _ => {}
        }
        index += 1;
    }
    false
}

/// Translates the group opening at `index` (`(`, `(?:`, `(?<name>`, `(?i-m:`, ...) and returns
/// the index after what it consumed. With `named` groups in the pattern, Ruby does not capture
/// plain groups (`(?<a>a)(b)` has one group, `$1` is `a`): they become `(?:`.
fn translate_group_open(
    chars: &[char],
    index: usize,
    out: &mut String,
    source: &str,
    named: bool,
) -> Result<usize, RegexError> {
    if chars.get(index + 1) != Some(&'?') {
        out.push_str(if named { "(?:" } else { "(" });
        return Ok(index + 1);
    }
    let kind = chars.get(index + 2).copied();
    match kind {
        Some(':') => {
            out.push_str("(?:");
            Ok(index + 3)
        }
        Some('=') | Some('!') => Err(unsupported("look-ahead", source)),
        Some('>') => Err(unsupported("atomic group", source)),
        Some('~') => Err(unsupported("absence operator", source)),
        Some('(') => Err(unsupported("conditional group", source)),
        Some('#') => {
            // A comment group: dropped.
            let mut cursor = index + 3;
            while cursor < chars.len() && chars[cursor] != ')' {
                cursor += 1;
            }
            Ok(cursor + 1)
        }
        Some('<') => match chars.get(index + 3) {
            Some('=') | Some('!') => Err(unsupported("look-behind", source)),
            _ => {
                out.push_str("(?<");
                Ok(index + 3)
            }
        },
        Some('P') => {
            out.push_str("(?P");
            Ok(index + 3)
        }
        Some('\'') => Err(unsupported("named group with quotes", source)),
        _ => {
            // Flags: (?imx-imx) or (?imx-imx:...)
            let mut cursor = index + 2;
            let mut flags = String::new();
            while let Some(&c) = chars.get(cursor) {
                match c {
                    'i' | 'x' | '-' => flags.push(c),
                    'm' => flags.push('s'),
                    ':' | ')' => break,
                    other => {
                        return Err(RegexError {
                            message: format!("undefined group option '{other}'"),
                            source: source.into(),
                        })
                    }
                }
                cursor += 1;
            }
            let closing = chars.get(cursor).copied().unwrap_or(')');
            let flags = flags.trim_end_matches('-');
            if flags.is_empty() {
                out.push_str(if closing == ':' { "(?:" } else { "" });
            } else {
                out.push_str("(?");
                out.push_str(flags);
                out.push(closing);
            }
            Ok(cursor + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::translate_ruby_regex;
    use crate::value::Regexp;

    fn matches(source: &str, text: &str) -> bool {
        match Regexp::new(source) {
            Ok(regexp) => regexp.is_match(text),
            Err(error) => panic!("{source}: {error}"),
        }
    }

    #[test]
    fn translations() {
        assert_eq!(translate_ruby_regex("^a$").as_deref(), Ok("(?m)^a$"));
        assert_eq!(
            translate_ruby_regex("(?m:a.b)").as_deref(),
            Ok("(?m)(?s:a.b)")
        );
        assert_eq!(
            translate_ruby_regex("(?i-mx:a)").as_deref(),
            Ok("(?m)(?i-sx:a)")
        );
        assert_eq!(
            translate_ruby_regex(r"\h+").as_deref(),
            Ok("(?m)[0-9a-fA-F]+")
        );
        assert_eq!(
            translate_ruby_regex(r"[\h_]").as_deref(),
            Ok("(?m)[0-9a-fA-F_]")
        );
        assert_eq!(translate_ruby_regex("a{").as_deref(), Ok("(?m)a\\{"));
        assert_eq!(translate_ruby_regex("a{2,3}").as_deref(), Ok("(?m)a{2,3}"));
        assert_eq!(translate_ruby_regex(r"\<x\>").as_deref(), Ok("(?m)<x>"));
    }

    #[test]
    fn ruby_semantics() {
        assert!(matches("^b$", "a\nb\nc"));
        assert!(!matches(r"\Ab\z", "a\nb"));
        assert!(matches(r"\Aab\z", "ab"));
        assert!(!matches("a.b", "a\nb"));
        assert!(matches("(?m)a.b", "a\nb"));
        assert!(matches(r"\Aab\Z", "ab\n"));
        assert!(matches(r"^\h+$", "deadBEEF"));
        assert!(!matches(r"^\h+$", "xyz"));
        assert!(matches("(?<year>\\d{4})-(?<month>\\d\\d)", "2024-01"));
        assert!(matches("(?i)abc", "ABC"));
        assert!(matches("(?i-mx:abc)", "ABC"));
        assert!(matches("[[:alpha:]]+", "abc"));
        assert!(matches("[]a]", "]"));
        assert!(matches(r"a\/b", "a/b"));
        assert!(matches(r"a\011b", "a\tb"));
        assert!(matches("a(?#comment)b", "ab"));
    }

    #[test]
    fn unsupported_features_are_named() {
        for (source, feature) in [
            ("a(?=b)", "look-ahead"),
            ("a(?!b)", "look-ahead"),
            ("(?<=a)b", "look-behind"),
            ("(?<!a)b", "look-behind"),
            (r"(a)\1", "back-reference"),
            (r"(?<x>a)\k<x>", "named back-reference"),
            ("a++", "possessive quantifier"),
            ("a{1,2}+", "possessive quantifier"),
            ("(?>a)", "atomic group"),
            (r"\p{Alpha}", "Unicode property"),
        ] {
            match translate_ruby_regex(source) {
                Err(error) => assert!(
                    error.message.contains(feature),
                    "{source}: {}",
                    error.message
                ),
                Ok(translated) => panic!("{source} translated to {translated}"),
            }
        }
    }
}
