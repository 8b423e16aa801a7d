//! The three string forms of values: `%p` (programmatic), `%s`/`String(v)`, and interpolation.
//!
//! - [`programmatic`]: `String(v, '%p')`, what the playground shows: `'a'`, `{'a' => 1}`, `undef`.
//! - [`to_string_default`]: `String(v)` / `%s`: floats as `%f` at top level, `%p` inside containers.
//! - [`interpolate`]: `"${v}"` and `notice`: `[1, a]`, undef as empty, `{a => 1}`.
//!
//! A `String(v, format)` formatter can reuse [`write_programmatic`] for container elements.

use alloc::string::{String, ToString};
use core::fmt::Write;

use super::{format_float, puppet_quote, Value};

/// Which string form to produce; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StringForm {
    Programmatic,
    Default,
    Interpolation,
}

impl StringForm {
    pub fn render(self, value: &Value) -> String {
        match self {
            StringForm::Programmatic => programmatic(value),
            StringForm::Default => to_string_default(value),
            StringForm::Interpolation => interpolate(value),
        }
    }
}

/// The value as Puppet prints it with `%p`: `undef`, `7`, `'text'`, `[1, 2]`, `{'a' => 1}`.
pub fn programmatic(value: &Value) -> String {
    let mut out = String::new();
    write_programmatic(&mut out, value);
    out
}

/// Deepest nesting printed; deeper containers print as `...` (the evaluator limits depth too).
const MAX_PRINT_DEPTH: usize = 512;

/// Appends the `%p` form of `value` to `out`.
pub fn write_programmatic(out: &mut String, value: &Value) {
    write_programmatic_at(out, value, 0, usize::MAX)
}

/// The start of the `%p` form: at least its first `min_bytes` bytes (all of it when shorter), without
/// printing the rest of a large collection; for previews such as the playground's inline results.
pub fn programmatic_prefix(value: &Value, min_bytes: usize) -> String {
    let mut out = String::new();
    write_programmatic_at(&mut out, value, 0, min_bytes);
    truncate_after(&mut out, min_bytes);
    out
}

/// Cuts `text` at the first character boundary at or after `min_bytes`: a printer that stopped at
/// `min_bytes` still closed its open brackets, which are not part of the whole form.
pub(crate) fn truncate_after(text: &mut String, min_bytes: usize) {
    if let Some((at, _)) = text.char_indices().find(|(at, _)| *at >= min_bytes) {
        text.truncate(at);
    }
}

/// `limit`: once `out` holds that many bytes, collections stop printing further elements.
fn write_programmatic_at(out: &mut String, value: &Value, depth: usize, limit: usize) {
    if depth > MAX_PRINT_DEPTH {
        out.push_str("...");
        return;
    }
    match value {
        Value::String(text) => out.push_str(&puppet_quote(text)),
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if out.len() >= limit {
                    return;
                }
                if index > 0 {
                    out.push_str(", ");
                }
                write_programmatic_at(out, item, depth + 1, limit);
            }
            out.push(']');
        }
        Value::Hash(entries) => {
            out.push('{');
            for (index, (key, item)) in entries.iter().enumerate() {
                if out.len() >= limit {
                    return;
                }
                if index > 0 {
                    out.push_str(", ");
                }
                write_programmatic_at(out, key, depth + 1, limit);
                out.push_str(" => ");
                write_programmatic_at(out, item, depth + 1, limit);
            }
            out.push('}');
        }
        // Ruby's inspect of Puppet's Sensitive object, as Puppet 7 prints it.
        Value::Sensitive(_) => out.push_str("#<Sensitive [value redacted]>"),
        Value::Binary(bytes) => {
            let _ = write!(out, "Binary(\"{}\")", bytes.to_base64());
        }
        Value::Uri(uri) => {
            let _ = write!(out, "URI({})", puppet_quote(&uri.to_string()));
        }
        Value::Runtime(object) => out.push_str(&puppet_quote(&object.1)),
        // Puppet 7 prints Ruby's inspect here; Puppet 8's `Timespan('...')` form is used instead.
        Value::Timespan(span) => {
            let _ = write!(out, "Timespan({})", puppet_quote(&span.to_string()));
        }
        Value::Timestamp(stamp) => {
            let _ = write!(out, "Timestamp({})", puppet_quote(&stamp.to_string()));
        }
        Value::SemVerRange(range) => out.push_str(&range.normalized()),
        Value::Iterator(iterator) => {
            write_programmatic_at(out, &Value::Array(iterator.items().clone()), depth, limit)
        }
        Value::Deferred(deferred) => {
            out.push_str("Deferred({'name' => ");
            out.push_str(&puppet_quote(&deferred.name));
            if let Some(arguments) = &deferred.arguments {
                out.push_str(", 'arguments' => ");
                write_programmatic_at(out, &Value::Array(arguments.clone()), depth + 1, limit);
            }
            out.push_str("})");
        }
        Value::Error(error) => {
            out.push_str("Error(");
            write_programmatic_at(out, &Value::Hash(error.init_hash()), depth + 1, limit);
            out.push(')');
        }
        scalar => write_scalar(out, scalar),
    }
}

/// Forms that are the same in `%p` and interpolation.
fn write_scalar(out: &mut String, value: &Value) {
    match value {
        Value::Undef => out.push_str("undef"),
        Value::Default => out.push_str("default"),
        Value::Boolean(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Integer(number) => push_integer(out, *number),
        Value::Float(number) => out.push_str(&format_float(*number)),
        Value::String(text) => out.push_str(text),
        Value::Regexp(regexp) => out.push_str(&regexp.with_delimiters()),
        Value::Type(ty) => {
            let _ = write!(out, "{ty}");
        }
        Value::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
        Value::SemVer(version) => {
            let _ = write!(out, "{version}");
        }
        Value::SemVerRange(range) => {
            let _ = write!(out, "{range}");
        }
        Value::Timespan(span) => {
            let _ = write!(out, "{span}");
        }
        Value::Timestamp(stamp) => {
            let _ = write!(out, "{stamp}");
        }
        Value::Binary(bytes) => out.push_str(&bytes.to_base64()),
        Value::Runtime(object) => out.push_str(&object.1),
        Value::Uri(uri) => {
            let _ = write!(out, "{uri}");
        }
        Value::Array(_) | Value::Hash(_) => write_interpolated(out, value, 0),
        // Ruby's `to_s` of Puppet's Iterator.
        Value::Iterator(_) => {
            let _ = write!(out, "{}-Value", crate::types::infer(value).generalize());
        }
        Value::Deferred(_) | Value::Error(_) => write_programmatic(out, value),
    }
}

/// The form used by `"${v}"` and `notice(v)`: strings unquoted, undef empty, containers recursive.
pub fn interpolate(value: &Value) -> String {
    let mut out = String::new();
    write_interpolated(&mut out, value, 0);
    out
}

/// [`interpolate`] appending to `out` (an interpolated string builds into one buffer).
pub fn interpolate_into(out: &mut String, value: &Value) {
    write_interpolated(out, value, 0);
}

/// The two digits of every number below 100, in order.
const DIGIT_PAIRS: &[u8; 200] = b"00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// An integer in decimal, without going through `core::fmt` (interpolation writes many); the
/// small non-negative ones, the most common, two digits at a time without a buffer to copy.
pub(crate) fn push_integer(out: &mut String, number: i64) {
    if !(0..100_000).contains(&number) {
        out.push_str(itoa::Buffer::new().format(number));
        return;
    }
    let n = number as usize;
    // `& 0x7f` (the table's digits are ASCII): the compiler then knows each is one byte long
    // and pushes it without the encoding's branches.
    let digit = |at: usize| char::from(DIGIT_PAIRS.get(at).copied().unwrap_or(b'0') & 0x7f);
    let pair = |out: &mut String, k: usize| {
        out.push(digit(2 * k));
        out.push(digit(2 * k + 1));
    };
    let (high, low) = (n / 100, n % 100);
    out.reserve(5);
    if high >= 100 {
        out.push(char::from((b'0' + (high / 100) as u8) & 0x7f));
        pair(out, high % 100);
    } else if high >= 10 {
        pair(out, high);
    } else if high > 0 {
        out.push(digit(2 * high + 1));
    }
    if high > 0 || low >= 10 {
        pair(out, low);
    } else {
        out.push(digit(2 * low + 1));
    }
}

fn write_interpolated(out: &mut String, value: &Value, depth: usize) {
    if depth > MAX_PRINT_DEPTH {
        out.push_str("...");
        return;
    }
    match value {
        Value::Undef => {}
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                write_interpolated(out, item, depth + 1);
            }
            out.push(']');
        }
        Value::Hash(entries) => {
            out.push('{');
            for (index, (key, item)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                write_interpolated(out, key, depth + 1);
                out.push_str(" => ");
                write_interpolated(out, item, depth + 1);
            }
            out.push('}');
        }
        // The common scalars without `write_scalar`'s larger frame.
        Value::String(text) => out.push_str(text),
        Value::Integer(number) => push_integer(out, *number),
        other => write_scalar(out, other),
    }
}

/// `String(v)` (and `%s`): strings unquoted, undef empty, floats as `%f` (`1.500000`), a regexp
/// as its source, containers with their elements in `%p` form.
pub fn to_string_default(value: &Value) -> String {
    match value {
        Value::Undef => String::new(),
        Value::Float(number) => super::float_digits::fixed(*number, 6),
        Value::Regexp(regexp) => regexp.to_string_form(),
        Value::Array(_) | Value::Hash(_) | Value::Iterator(_) => programmatic(value),
        other => interpolate(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Hash, Regexp};
    use alloc::vec;

    fn hash(entries: alloc::vec::Vec<(Value, Value)>) -> Value {
        Value::Hash(entries.into_iter().collect::<Hash>())
    }

    #[test]
    fn integers_as_core_fmt_writes_them() {
        for n in [
            0, 7, 9, 10, 42, 99, 100, 101, 999, 1000, 20000, 1_000_001, -1, -10, -100, -12345,
        ]
        .into_iter()
        .chain([i64::MIN, i64::MAX, i64::MIN + 1])
        {
            let mut out = String::from("x");
            push_integer(&mut out, n);
            assert_eq!(out, alloc::format!("x{n}"));
        }
    }

    #[test]
    fn programmatic_forms() {
        assert_eq!(programmatic(&Value::Undef), "undef");
        assert_eq!(programmatic(&Value::Float(1.0)), "1.0");
        assert_eq!(programmatic(&Value::Float(1e20)), "1.0e+20");
        assert_eq!(programmatic(&Value::string("it's \"q\"")), "'it\\'s \"q\"'");
        assert_eq!(
            programmatic(&Value::string("a\nb\t\u{1}")),
            "\"a\\nb\\t\\u{1}\""
        );
        let list = Value::array(vec![Value::Float(1.0), Value::Float(1e100)]);
        assert_eq!(programmatic(&list), "[1.0, 1.0e+100]");
        let keys = hash(vec![
            (Value::Undef, Value::Integer(1)),
            (Value::Default, Value::Integer(2)),
        ]);
        assert_eq!(programmatic(&keys), "{undef => 1, default => 2}");
        let regexp = Regexp::new("a/b").map(Value::Regexp);
        assert_eq!(
            regexp.map(|r| programmatic(&r)).ok().as_deref(),
            Some("/a\\/b/")
        );
        assert_eq!(
            programmatic(&Value::Sensitive(alloc::rc::Rc::new(Value::string("x")))),
            "#<Sensitive [value redacted]>"
        );
    }

    #[test]
    fn interpolation_forms() {
        let list = Value::array(vec![
            Value::Float(1.0),
            Value::string("a"),
            Value::Undef,
            Value::Default,
            Value::Boolean(true),
        ]);
        assert_eq!(interpolate(&list), "[1.0, a, , default, true]");
        let nested = hash(vec![
            (Value::string("a"), Value::Integer(1)),
            (
                Value::string("b"),
                Value::array(vec![Value::Integer(1), Value::string("x")]),
            ),
            (Value::string("c"), Value::Undef),
        ]);
        assert_eq!(interpolate(&nested), "{a => 1, b => [1, x], c => }");
        assert_eq!(interpolate(&Value::array(vec![Value::Undef])), "[]");
        assert_eq!(
            interpolate(&Value::array(vec![Value::string("it's")])),
            "[it's]"
        );
        assert_eq!(interpolate(&Value::Undef), "");
        assert_eq!(
            interpolate(&Value::Sensitive(alloc::rc::Rc::new(Value::string("x")))),
            "Sensitive [value redacted]"
        );
    }

    #[test]
    fn default_string_forms() {
        assert_eq!(to_string_default(&Value::Float(1.0)), "1.000000");
        assert_eq!(
            to_string_default(&Value::Float(1e16)),
            "10000000000000000.000000"
        );
        assert_eq!(to_string_default(&Value::Float(1e-5)), "0.000010");
        assert_eq!(
            to_string_default(&Value::array(vec![Value::Float(1.0), Value::string("a")])),
            "[1.0, 'a']"
        );
        assert_eq!(
            to_string_default(&hash(vec![(Value::string("a"), Value::Float(1.5))])),
            "{'a' => 1.5}"
        );
        assert_eq!(to_string_default(&Value::Undef), "");
        assert_eq!(to_string_default(&Value::Default), "default");
        let regexp = Regexp::new("x").map(Value::Regexp);
        assert_eq!(
            regexp.map(|r| to_string_default(&r)).ok().as_deref(),
            Some("x")
        );
        assert_eq!(
            to_string_default(&Value::array(vec![
                Value::string("x"),
                Value::string("a\nb")
            ])),
            "['x', \"a\\nb\"]"
        );
    }

    #[test]
    fn integers_print_as_decimal() {
        for number in (-1_000..120_000).chain([i64::MIN, i64::MAX]) {
            let mut out = String::from("x");
            push_integer(&mut out, number);
            assert_eq!(out, alloc::format!("x{number}"));
        }
    }
}
