//! Numbers for arithmetic: strict-mode refusal of numeric strings, and Ruby's display of values in
//! conversion errors (`The value '[2]' cannot be converted to Numeric.`).

use alloc::format;

use super::evaluator::Evaluator;
use super::Strictness;
use crate::diagnostic::{Diagnostic, Stage};
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::value::ruby_to_s;
use crate::value::{self, Value};

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Number {
    Int(i64),
    Float(f64),
}

impl Evaluator<'_> {
    /// The number an operand stands for. Numeric strings are refused under `strict = error`
    /// (Puppet 8's default), allowed with a warning or silently otherwise.
    pub(crate) fn number_of(&mut self, value: &Value, span: Span) -> EvalResult<Number> {
        match value {
            Value::Integer(n) => Ok(Number::Int(*n)),
            Value::Float(f) => Ok(Number::Float(*f)),
            Value::String(text) => match parse_number(text) {
                Some(number) => {
                    let shown = match number {
                        Number::Int(n) => format!("{n}"),
                        Number::Float(f) => value::format_float(f),
                    };
                    let message = format!(
                        "The string '{text}' was automatically coerced to the numerical value {shown}"
                    );
                    match self.options.strict {
                        Strictness::Error => Err(error("STRICT_COERCION", message, span)),
                        Strictness::Warning => {
                            self.output.warnings.push(Diagnostic::warning(
                                Stage::Evaluation,
                                "STRICT_COERCION",
                                message,
                                span,
                            ));
                            Ok(number)
                        }
                        Strictness::Off => Ok(number),
                    }
                }
                None => Err(not_numeric(value, span)),
            },
            other => Err(not_numeric(other, span)),
        }
    }
}

/// A value in a conversion message shows as Ruby's `to_s` does (`[2]`, `{"a"=>1}`, empty for
/// undef): the same form as `sprintf('%s')`.
pub(crate) fn not_numeric(value: &Value, span: Span) -> crate::host::Unwind {
    error(
        "NOT_NUMERIC",
        format!(
            "The value '{}' cannot be converted to Numeric.",
            ruby_to_s(value)
        ),
        span,
    )
}

/// A numeric string as Puppet reads it: decimal, `0x` hex, `0` octal, floats with exponent;
/// surrounding whitespace is allowed.
pub(crate) fn parse_number(text: &str) -> Option<Number> {
    let trimmed = text.trim();
    let (negative, digits) = match trimmed.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    if digits.is_empty() {
        return None;
    }
    let sign = |n: i64| if negative { n.checked_neg() } else { Some(n) };
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        return i64::from_str_radix(hex, 16)
            .ok()
            .and_then(sign)
            .map(Number::Int);
    }
    if digits.len() > 1 && digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit()) {
        return i64::from_str_radix(&digits[1..], 8)
            .ok()
            .and_then(sign)
            .map(Number::Int);
    }
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits.parse::<i64>().ok().and_then(sign).map(Number::Int);
    }
    let float_shape = digits
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        && digits.as_bytes().first().is_some_and(u8::is_ascii_digit);
    if float_shape {
        return crate::value::parse_f64(digits)
            .map(|f| Number::Float(if negative { -f } else { f }));
    }
    None
}
