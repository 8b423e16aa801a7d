//! Numbers: Ruby's `Integer()`/`Float()` string parsing, `abs`, `ceiling`, `floor`, `round`,
//! and the `Integer`, `Float`, `Numeric` and `Boolean` constructors.

use alloc::format;
use alloc::string::String;

use super::args::{deprecation, short_type};
use super::declare::{req, Call, Def, Dispatch, Run};
use crate::host::{CallSite, EvalResult, FunctionHost, Unwind};
use crate::text::TrimBy;
use crate::value::Value;

/// Digits with single underscores between them (Ruby's numeric literal rule), in `radix`.
fn parse_digits(text: &str, radix: u32) -> Option<u128> {
    if text.is_empty() || text.starts_with('_') || text.ends_with('_') || text.contains("__") {
        return None;
    }
    let mut value: u128 = 0;
    for c in text.chars().filter(|c| *c != '_') {
        let digit = c.to_digit(radix)?;
        value = value
            .checked_mul(u128::from(radix))?
            .checked_add(u128::from(digit))?;
    }
    Some(value)
}

fn split_sign(text: &str) -> (bool, &str) {
    if let Some(rest) = text.strip_prefix('-') {
        (true, rest)
    } else if let Some(rest) = text.strip_prefix('+') {
        (false, rest)
    } else {
        (false, text)
    }
}

fn signed(negative: bool, magnitude: u128) -> Option<i64> {
    if negative {
        if magnitude == 1u128 << 63 {
            Some(i64::MIN)
        } else {
            i64::try_from(magnitude).ok().map(|n| -n)
        }
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Ruby's `Integer(text)` (radix from the prefix) or `Integer(text, radix)`.
pub(crate) fn ruby_integer_radix(text: &str, radix: Option<u32>) -> Option<i64> {
    let text = text.trim_by(&|c: char| c.is_ascii_whitespace());
    let (negative, body) = split_sign(text);
    let lower = body.to_ascii_lowercase();
    let (found, digits) = if let Some(rest) = lower.strip_prefix("0x") {
        (Some(16), rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (Some(2), rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (Some(8), rest)
    } else if let Some(rest) = lower.strip_prefix("0d") {
        (Some(10), rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (Some(8), &lower[1..])
    } else {
        (None, lower.as_str())
    };
    let base = match (radix, found) {
        (None, Some(found)) => found,
        (None, None) => 10,
        (Some(radix), None) => radix,
        (Some(radix), Some(found)) if radix == found => found,
        // `Integer('017', 10)` is 17: the leading zero is only a prefix for radix 8.
        (Some(radix), Some(8)) if !lower.starts_with("0o") => {
            return parse_digits(&lower, radix).and_then(|m| signed(negative, m));
        }
        _ => return None,
    };
    parse_digits(digits, base).and_then(|m| signed(negative, m))
}

pub(crate) fn ruby_integer(text: &str) -> Option<i64> {
    ruby_integer_radix(text, None)
}

/// Ruby's `Float(text)`: decimal with optional fraction and exponent, or a hex integer.
pub(crate) fn ruby_float(text: &str) -> Option<f64> {
    let trimmed = text.trim_by(&|c: char| c.is_ascii_whitespace());
    let (negative, body) = split_sign(trimmed);
    if body.starts_with("0x") || body.starts_with("0X") {
        let n = parse_digits(&body[2..], 16)? as f64;
        return Some(if negative { -n } else { n });
    }
    let bytes = body.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes
            .get(*i)
            .is_some_and(|b| b.is_ascii_digit() || *b == b'_')
        {
            *i += 1;
        }
        parse_digits(&body[start..*i], 10).map(|_| ())
    };
    if bytes.first() != Some(&b'.') {
        digits(&mut i)?;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        digits(&mut i)?;
    }
    if matches!(bytes.get(i), Some(b'e') | Some(b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'-') | Some(b'+')) {
            i += 1;
        }
        digits(&mut i)?;
    }
    if i != bytes.len() {
        return None;
    }
    let clean: String = trimmed.chars().filter(|c| *c != '_').collect();
    crate::value::parse_f64(&clean)
}

/// Puppet's `Utils.to_n`: decimal, octal (leading 0), hex, or float text.
pub(crate) fn to_n(text: &str) -> Option<Value> {
    let blank = |c: char| c == ' ' || c == '\t';
    let text = text.trim_by(&blank);
    let (negative, body) = split_sign(text);
    let body = body.trim_start_by(&blank);
    let number = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        Value::Integer(signed(negative, u128::from_str_radix(hex, 16).ok()?)?)
    } else {
        let int_end = body.bytes().take_while(u8::is_ascii_digit).count();
        if int_end == 0 {
            return None;
        }
        let (int_part, rest) = body.split_at(int_end);
        if rest.is_empty() {
            let radix = if int_part.len() > 1 && int_part.starts_with('0') {
                8
            } else {
                10
            };
            Value::Integer(signed(
                negative,
                u128::from_str_radix(int_part, radix).ok()?,
            )?)
        } else {
            if !fraction_and_exponent(rest) {
                return None;
            }
            let f = crate::value::parse_f64(body)?;
            Value::Float(if negative { -f } else { f })
        }
    };
    Some(number)
}

/// What may follow a number's integer digits: `(\.\d+)?([eE]-?\d+)?`, and nothing else.
pub(super) fn fraction_and_exponent(text: &str) -> bool {
    let mut rest = text;
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest.strip_prefix(['e', 'E']) {
        Some(exp) => {
            let exp = exp.strip_prefix('-').unwrap_or(exp);
            !exp.is_empty() && exp.bytes().all(|b| b.is_ascii_digit())
        }
        None => rest.is_empty(),
    }
}

pub(super) fn abs(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let Some(val) = args.first() else {
        return Ok(Value::Undef);
    };
    Ok(match val {
        Value::Integer(n) => match n.checked_abs() {
            Some(n) => Value::Integer(n),
            None => return Err(site.fail("abs(): the result is outside of Puppet's Integer range")),
        },
        Value::Float(f) => Value::Float(f.abs()),
        Value::String(text) => {
            deprecation(host, "The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling");
            let body = text.strip_prefix('-').unwrap_or(text);
            let is_int = !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit());
            let is_float = body.split_once('.').is_some_and(|(a, b)| {
                !a.is_empty()
                    && !b.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && b.bytes().all(|c| c.is_ascii_digit())
            });
            if is_float {
                Value::Float(crate::value::parse_f64(text).unwrap_or(0.0).abs())
            } else if is_int {
                match ruby_integer_radix(body, Some(10)) {
                    Some(n) => Value::Integer(n),
                    None => {
                        return Err(
                            site.fail("abs(): the result is outside of Puppet's Integer range")
                        )
                    }
                }
            } else {
                return Err(site.fail(
                    "abs(): Requires float or integer to work with - was given non decimal string",
                ));
            }
        }
        _ => Value::Undef,
    })
}

fn float_to_integer(site: &CallSite, f: f64) -> EvalResult<Value> {
    if (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f) {
        Ok(Value::Integer(f as i64))
    } else {
        Err(site.fail(format!(
            "The result {} is outside of Puppet's Integer range",
            crate::value::format_float(f)
        )))
    }
}

fn rounding(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    name: &str,
    op: fn(f64) -> f64,
) -> EvalResult<Value> {
    let Some(val) = args.first() else {
        return Ok(Value::Undef);
    };
    match val {
        Value::Integer(n) => Ok(Value::Integer(*n)),
        Value::Float(f) => float_to_integer(site, op(*f)),
        Value::String(text) => {
            deprecation(host, &format!("The {name}() function's auto conversion of String to Float is deprecated - change to convert input before calling"));
            match ruby_float(text) {
                Some(f) => float_to_integer(site, op(f)),
                None => Err(site.fail(format!(
                    "{name}(): cannot convert given value to a floating point value."
                ))),
            }
        }
        _ => Ok(Value::Undef),
    }
}

pub(super) fn ceiling(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    rounding(host, site, &args, "ceiling", libm_ceil)
}

pub(super) fn floor(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    rounding(host, site, &args, "floor", libm_floor)
}

fn libm_floor(f: f64) -> f64 {
    let t = libm_trunc(f);
    if t > f {
        t - 1.0
    } else {
        t
    }
}

fn libm_ceil(f: f64) -> f64 {
    let t = libm_trunc(f);
    if t < f {
        t + 1.0
    } else {
        t
    }
}

/// Truncation without std (`f64::trunc` needs std on older toolchains' no_std builds).
fn libm_trunc(f: f64) -> f64 {
    if !f.is_finite() || f.abs() >= 4_503_599_627_370_496.0 {
        f
    } else {
        (f as i64) as f64
    }
}

pub(super) fn round(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.first() {
        Some(Value::Float(f)) => {
            let shifted = if *f > 0.0 { f + 0.5 } else { f - 0.5 };
            float_to_integer(site, libm_trunc(shifted))
        }
        Some(other) => Ok(other.clone()),
        None => Ok(Value::Undef),
    }
}

/// `Integer.new(from, radix, abs)`.
pub(crate) fn new_integer(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let (from, radix, abs) = match args {
        [Value::Hash(hash)] if hash.contains_key(&Value::string("from")) => (
            hash.get(&Value::string("from"))
                .cloned()
                .unwrap_or(Value::Undef),
            hash.get(&Value::string("radix")).cloned(),
            hash.get(&Value::string("abs")).cloned(),
        ),
        [from] => (from.clone(), None, None),
        [from, radix] => (from.clone(), Some(radix.clone()), None),
        [from, radix, abs] => (from.clone(), Some(radix.clone()), Some(abs.clone())),
        _ => {
            return Err(site.fail(format!(
                "'new' expects between 1 and 3 arguments, got {}",
                args.len()
            )))
        }
    };
    let radix = match radix {
        None | Some(Value::Default) => None,
        Some(Value::Integer(r @ (2 | 8 | 10 | 16))) => Some(r as u32),
        Some(Value::Integer(_)) => {
            return Err(site.fail("Illegal radix: expected 2, 8, 10, 16, or default"))
        }
        Some(other) => {
            return Err(site.fail(format!(
                "'new' parameter 'radix' expects a value of type Default or Integer, got {}",
                short_type(&other)
            )))
        }
    };
    let abs = matches!(abs, Some(Value::Boolean(true)));
    let value = match &from {
        Value::Integer(n) => *n,
        Value::Float(f) => match float_to_integer(site, *f)? {
            Value::Integer(n) => n,
            _ => 0,
        },
        Value::Boolean(b) => i64::from(*b),
        Value::Timespan(span) => (span.nanoseconds() / 1_000_000_000) as i64,
        Value::Timestamp(stamp) => (stamp.nanoseconds() / 1_000_000_000) as i64,
        Value::String(text) => {
            let parsed = ruby_integer_radix(text, radix).or_else(|| {
                // `- 5`: whitespace between the sign and the number.
                // The sign is one byte; a text starting with a multi-byte character has none.
                let (sign, rest) = text.split_at_checked(1).unwrap_or(("", text));
                if (sign == "-" || sign == "+") && rest.starts_with([' ', '\t']) {
                    ruby_integer_radix(&format!("{sign}{}", rest.trim_start()), radix)
                } else {
                    None
                }
            });
            match parsed {
                Some(n) if lenient_integer_text(text) => n,
                _ => return Err(not_convertible(site, &from, "Integer")),
            }
        }
        _ => return Err(not_convertible(site, &from, "Integer")),
    };
    Ok(Value::Integer(if abs {
        value.saturating_abs()
    } else {
        value
    }))
}

/// `INTEGER_PATTERN_LENIENT`: sign, blanks, then decimal/octal digits, hex or binary.
fn lenient_integer_text(text: &str) -> bool {
    let (_, body) = split_sign(text);
    let body = body.trim_start();
    let lower = body.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit())
    } else if let Some(bin) = lower.strip_prefix("0b") {
        !bin.is_empty() && bin.bytes().all(|b| b == b'0' || b == b'1')
    } else {
        !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit())
    }
}

fn float_pattern(text: &str) -> bool {
    // Leading blanks are allowed, trailing ones are not (Puppet's pattern ends in `\z`).
    if text.ends_with(char::is_whitespace) {
        return false;
    }
    let (_, body) = split_sign(text);
    let body = body.trim_start();
    let lower = body.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        return !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit());
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        return !bin.is_empty() && bin.bytes().all(|b| b == b'0' || b == b'1');
    }
    to_n(body).is_some()
        || (body.len() > 1
            && body.starts_with('0')
            && body.bytes().all(|b| (b'0'..=b'7').contains(&b)))
}

fn abs_flag(args: &[Value]) -> (Value, bool) {
    match args {
        [Value::Hash(hash)] if hash.contains_key(&Value::string("from")) => (
            hash.get(&Value::string("from"))
                .cloned()
                .unwrap_or(Value::Undef),
            matches!(hash.get(&Value::string("abs")), Some(Value::Boolean(true))),
        ),
        [from, Value::Boolean(abs)] => (from.clone(), *abs),
        [from, ..] => (from.clone(), false),
        [] => (Value::Undef, false),
    }
}

fn apply_abs(value: Value, abs: bool) -> Value {
    match value {
        Value::Integer(n) if abs => Value::Integer(n.saturating_abs()),
        Value::Float(f) if abs => Value::Float(f.abs()),
        other => other,
    }
}

/// `new`'s refusal of a value it cannot make a `to` of (`Boolean.new` is `new_boolean`).
fn not_convertible(site: &CallSite, from: &Value, to: &str) -> Unwind {
    let new = if to == "Boolean" {
        "new_boolean"
    } else {
        "new"
    };
    match from {
        Value::String(text) => site.fail(format!(
            "'{new}' The string '{text}' cannot be converted to {to}"
        )),
        other => site.fail(format!(
            "'{new}' Value of type {} cannot be converted to {to}",
            short_type(other)
        )),
    }
}

/// `Float.new(from, abs)`.
pub(crate) fn new_float(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let (from, abs) = abs_flag(args);
    let value = match &from {
        Value::Float(f) => *f,
        Value::Integer(n) => *n as f64,
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::Timespan(span) => span.as_seconds_f64(),
        Value::Timestamp(stamp) => stamp.as_seconds_f64(),
        Value::String(text) if float_pattern(text) => {
            let lower = text.to_ascii_lowercase();
            let parsed = if lower
                .trim_start_by(&|c| matches!(c, '-' | '+'))
                .starts_with("0b")
            {
                ruby_integer(text).map(|n| n as f64)
            } else {
                ruby_float(text)
            };
            parsed.ok_or_else(|| not_convertible(site, &from, "Float"))?
        }
        _ => return Err(not_convertible(site, &from, "Float")),
    };
    Ok(apply_abs(Value::Float(value), abs))
}

/// `Numeric.new(from, abs)`.
pub(crate) fn new_numeric(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let (from, abs) = abs_flag(args);
    let value = match &from {
        Value::Float(_) | Value::Integer(_) => from.clone(),
        Value::Boolean(b) => Value::Integer(i64::from(*b)),
        Value::Timespan(span) => Value::Float(span.as_seconds_f64()),
        Value::Timestamp(stamp) => Value::Float(stamp.as_seconds_f64()),
        Value::String(text) if float_pattern(text) => {
            let lower = text.to_ascii_lowercase();
            let parsed = if lower.starts_with("0b") || lower.starts_with("0x") {
                ruby_integer(text).map(Value::Integer)
            } else {
                to_n(text)
            };
            parsed.ok_or_else(|| not_convertible(site, &from, "Numeric"))?
        }
        _ => return Err(not_convertible(site, &from, "Numeric")),
    };
    Ok(apply_abs(value, abs))
}

/// `Boolean.new(from)`.
pub(crate) fn new_boolean(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let from = args.first().cloned().unwrap_or(Value::Undef);
    Ok(Value::Boolean(match &from {
        Value::Boolean(b) => *b,
        Value::Integer(n) => *n != 0,
        Value::Float(f) => *f != 0.0,
        Value::String(text) => match crate::value::case::downcase(text).as_str() {
            "true" | "yes" | "y" => true,
            "false" | "no" | "n" => false,
            _ => return Err(not_convertible(site, &from, "Boolean")),
        },
        _ => return Err(not_convertible(site, &from, "Boolean")),
    }))
}

/// `abs`, `ceiling` or `floor`: a number, or a string of one (deprecated); stdlib has them too.
const fn numeric(name: &'static str, run: Run) -> Def {
    const NUMBER: &[Dispatch] = &[&[req("val", "Variant[Numeric, String]")]];
    Def::puppet(name, run).takes(NUMBER).checked().stdlib_3x()
}

/// The number functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    numeric("abs", abs).doc("A number's absolute value"),
    numeric("ceiling", ceiling).doc("The smallest integer not below a number"),
    numeric("floor", floor).doc("The largest integer not above a number"),
    Def::puppet("round", round).takes(&[&[req("val", "Numeric")]]).checked().stdlib_3x()
        .doc("A number rounded to the nearest integer (halves away from zero)"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_parsing() {
        assert_eq!(ruby_integer("0x1A"), Some(26));
        assert_eq!(ruby_integer("017"), Some(15));
        assert_eq!(ruby_integer("08"), None);
        assert_eq!(ruby_integer("1_000"), Some(1000));
        assert_eq!(ruby_integer_radix("0x10", Some(10)), None);
        assert_eq!(ruby_integer_radix("017", Some(10)), Some(17));
        assert_eq!(ruby_float("1e5"), Some(100000.0));
        assert_eq!(ruby_float("1."), None);
        assert_eq!(ruby_float("017"), Some(17.0));
        assert_eq!(
            to_n("017")
                .map(|v| crate::value::programmatic(&v))
                .as_deref(),
            Some("15")
        );
        assert_eq!(
            to_n("1e3")
                .map(|v| crate::value::programmatic(&v))
                .as_deref(),
            Some("1000.0")
        );
    }
}
