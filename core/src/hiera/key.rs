//! Lookup keys as Hiera reads them: a root key, dotted segments into hashes and arrays
//! (`a.b.0`, quoted segments `"a.b"`), and the module a qualified root key belongs to.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::value::Value;

/// One segment after the root: a hash key, or an array index.
#[derive(Debug, Clone, PartialEq)]
pub enum Segment {
    Key(String),
    Index(i64),
}

impl Segment {
    pub fn text(&self) -> String {
        match self {
            Segment::Key(key) => key.clone(),
            Segment::Index(index) => index.to_string(),
        }
    }

    pub fn value(&self) -> Value {
        match self {
            Segment::Key(key) => Value::string(key),
            Segment::Index(index) => Value::Integer(*index),
        }
    }
}

/// A key Hiera cannot split ("Syntax error").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeySyntaxError;

/// A key split into its root and segments. It borrows the text it was read from (a search
/// holds its key for as long as it runs), and a key of one segment borrows its root too: the
/// automatic parameter lookups of a compile read a thousand of them, each found nowhere.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupKey<'k> {
    pub text: &'k str,
    pub root: Cow<'k, str>,
    pub segments: Vec<Segment>,
}

impl<'k> LookupKey<'k> {
    /// Split `text` as Hiera does; `Err` for a key it cannot read ("Syntax error").
    pub fn parse(text: &'k str) -> Result<LookupKey<'k>, KeySyntaxError> {
        if is_plain(text) {
            // The common key (`class::param`): its root is all of it.
            return Ok(LookupKey {
                text,
                root: Cow::Borrowed(text),
                segments: Vec::new(),
            });
        }
        let mut parts = split_key(text)?;
        let root = match parts.remove(0) {
            Segment::Key(key) => key,
            Segment::Index(index) => index.to_string(),
        };
        Ok(LookupKey {
            text,
            root: Cow::Owned(root),
            segments: parts,
        })
    }

    /// The module a qualified root key names (`mod::x` → `mod`).
    pub fn module_name(&self) -> Option<&str> {
        crate::qualified::split_first(&self.root).map(|(module, _)| module)
    }
}

/// Hiera's key splitting: plain text is one segment; otherwise dot-separated segments, each a
/// quoted string (dots allowed inside) or unquoted text, integers becoming indexes.
pub fn split_key(key: &str) -> Result<Vec<Segment>, KeySyntaxError> {
    if is_plain(key) {
        return Ok(alloc::vec![Segment::Key(key.into())]);
    }
    let mut segments = Vec::new();
    let mut rest = key;
    loop {
        let trimmed = rest.trim_start();
        let (segment, after) =
            if let Some(quote) = trimmed.chars().next().filter(|c| *c == '"' || *c == '\'') {
                let inner = &trimmed[1..];
                let end = inner.find(quote).ok_or(KeySyntaxError)?;
                if end == 0 {
                    return Err(KeySyntaxError);
                }
                (
                    Segment::Key(inner[..end].into()),
                    inner[end + 1..].trim_start(),
                )
            } else {
                let end = rest.find(['.', '\'', '"']).unwrap_or(rest.len());
                let text = rest[..end].trim();
                if text.is_empty() {
                    return Err(KeySyntaxError);
                }
                let segment = match parse_index(text) {
                    Some(index) => Segment::Index(index),
                    None => Segment::Key(text.into()),
                };
                (segment, &rest[end..])
            };
        segments.push(segment);
        if after.is_empty() {
            break;
        }
        rest = after.strip_prefix('.').ok_or(KeySyntaxError)?;
        if rest.is_empty() {
            return Err(KeySyntaxError);
        }
    }
    Ok(segments)
}

/// Whether `key` is one segment as it is: no quote, no dot.
fn is_plain(key: &str) -> bool {
    // By bytes: a set of chars is searched a char at a time, this one a word at a time.
    !key.bytes().any(|b| matches!(b, b'\'' | b'"' | b'.'))
}

/// `[+-]?[0-9]+` as an index.
fn parse_index(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = crate::value::parse_count(digits)? as i64;
    Some(if text.starts_with('-') { -n } else { n })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_split_as_hiera_splits_them() {
        let key = LookupKey::parse("app::conf.servers.0").unwrap();
        assert_eq!(key.root, "app::conf");
        assert_eq!(key.text, "app::conf.servers.0");
        assert_eq!(key.module_name(), Some("app"));
        assert_eq!(
            key.segments,
            alloc::vec![Segment::Key("servers".into()), Segment::Index(0)]
        );
        let quoted = LookupKey::parse("a.\"b.c\".d").unwrap();
        assert_eq!(quoted.root, "a");
        assert_eq!(quoted.segments[0], Segment::Key("b.c".into()));
        assert!(LookupKey::parse("a..b").is_err());
        assert!(LookupKey::parse("a.").is_err());
        assert!(LookupKey::parse("'unterminated").is_err());
        assert_eq!(LookupKey::parse("plain").unwrap().segments, alloc::vec![]);
        // A key of one segment is its own root, digits and all.
        for plain in ["m::c::p", "12", "", " x "] {
            let key = LookupKey::parse(plain).unwrap();
            assert_eq!((key.text, &*key.root), (plain, plain));
            assert!(
                matches!(key.root, Cow::Borrowed(_)),
                "{plain}: root borrowed"
            );
            assert_eq!(
                split_key(plain).unwrap(),
                alloc::vec![Segment::Key(plain.into())]
            );
        }
    }
}
