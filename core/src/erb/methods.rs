//! The methods of Ruby's String, Symbol, Integer and Float: each class's table is in `methods/`
//! (`string.rs`, `number.rs`), with the argument conversions they share here.

mod arith;
pub(crate) mod big;
mod charset;
mod number;
mod search;
mod string;

use crate::erb::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;

use super::interp::{Flow, Interp, RResult};
use super::value::RVal;
use crate::text::TrimBy;
use crate::value::float_math::trunc;

pub(crate) use number::number_method;
pub(crate) use string::{is_string_method, string_method};

/// Ruby's `Regexp.escape`: the metacharacters, `-`, `#` and whitespace escaped (not `/`); also
/// a string as a pattern that matches it literally.
pub(crate) fn regexp_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

fn text_of(value: &RVal) -> Rc<str> {
    match value {
        RVal::Str(s) | RVal::Sym(s) => s.clone(),
        _ => Rc::from(""),
    }
}

/// Ruby's TypeError of a value where a String, an Integer, an Array... is wanted (`class` is the
/// value's as the message names it).
pub(super) fn no_conversion<H: RubyHost>(interp: &Interp<'_, H>, class: &str, into: &str) -> Flow {
    Flow::Raise(
        format!("no implicit conversion of {class} into {into}"),
        interp.line,
        Some("TypeError"),
    )
}

/// Ruby's ArgumentError of `<=>` between values that do not compare.
pub(super) fn comparison_failed<H: RubyHost>(interp: &Interp<'_, H>, a: &RVal, b: &RVal) -> Flow {
    Flow::Raise(
        format!(
            "comparison of {} with {} failed",
            a.class_name(),
            super::value::inspect(b)
        ),
        interp.line,
        Some("ArgumentError"),
    )
}

pub(super) fn string_arg<H: RubyHost>(interp: &Interp<'_, H>, value: &RVal) -> RResult<Rc<str>> {
    match value {
        RVal::Str(s) => Ok(s.clone()),
        other => Err(no_conversion(interp, class_for_conversion(other), "String")),
    }
}

/// A radix of `to_i(base)`, `to_s(base)`: 2 to 36.
fn radix<H: RubyHost>(interp: &Interp<'_, H>, base: i64) -> RResult<u32> {
    match u32::try_from(base) {
        Ok(b @ 2..=36) => Ok(b),
        _ => interp.raise(format!("invalid radix {base}")),
    }
}

fn class_for_conversion(value: &RVal) -> &'static str {
    match value {
        RVal::Nil => "nil",
        RVal::Bool(true) => "true",
        RVal::Bool(false) => "false",
        other => other.class_name(),
    }
}

fn int_arg<H: RubyHost>(interp: &Interp<'_, H>, value: &RVal) -> RResult<i64> {
    match value {
        RVal::Int(n) => Ok(*n),
        RVal::Float(f) if f.is_finite() => Ok(trunc(*f) as i64),
        other => Err(no_conversion(
            interp,
            class_for_conversion(other),
            "Integer",
        )),
    }
}

/// Ruby's white space for `strip` and `split`.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// The leading number of `String#to_i` and `hex`: its sign and digits in `base` (none: 0).
fn leading_digits(s: &str, base: u32) -> (bool, String) {
    let t = s.trim_start_by(&is_space);
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    // The base's own prefix may come first (`"0x1f".hex`, `"0b101".to_i(2)`).
    let prefix = match base {
        16 => "0x",
        8 => "0o",
        2 => "0b",
        _ => "",
    };
    let t = match t.get(..2) {
        Some(p) if !prefix.is_empty() && p.eq_ignore_ascii_case(prefix) => &t[2..],
        _ => t,
    };
    let mut digits = String::new();
    let mut last_underscore = false;
    for (i, c) in t.chars().enumerate() {
        // One underscore between digits.
        if c == '_' && i > 0 && !last_underscore {
            last_underscore = true;
            continue;
        }
        if !c.is_digit(base) {
            break;
        }
        last_underscore = false;
        digits.push(c);
    }
    (negative, digits)
}
