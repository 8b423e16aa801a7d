//! Arithmetic operators `+ - * / % << >>` on numbers, with Ruby's rounding, Puppet's overflow and
//! zero-division errors, and float results that must stay finite.

use alloc::format;
use alloc::string::String;

use super::numeric::Number;
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::syntax::BinaryOp;
use crate::types::a_an;
use crate::value::Value;

/// Where Puppet reports the errors of one binary expression.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OperatorSpans {
    pub operator: Span,
    pub left: Span,
    pub right: Span,
}

impl OperatorSpans {
    /// The whole expression, located (as Puppet does) at its left operand.
    pub fn whole(&self) -> Span {
        self.left
    }
}

/// `a op b` on two integers when it is plain arithmetic or a comparison without overflow (the
/// usual case in loops), without the general dispatch; `None` leaves it to that.
#[inline]
pub(crate) fn integer_shortcut(op: BinaryOp, a: i64, b: i64) -> Option<Value> {
    Some(match op {
        BinaryOp::Add => Value::Integer(a.checked_add(b)?),
        BinaryOp::Sub => Value::Integer(a.checked_sub(b)?),
        BinaryOp::Mul => Value::Integer(a.checked_mul(b)?),
        BinaryOp::Lt => Value::Boolean(a < b),
        BinaryOp::Le => Value::Boolean(a <= b),
        BinaryOp::Gt => Value::Boolean(a > b),
        BinaryOp::Ge => Value::Boolean(a >= b),
        BinaryOp::Eq => Value::Boolean(a == b),
        BinaryOp::Ne => Value::Boolean(a != b),
        _ => return None,
    })
}

pub(crate) fn apply(
    op: BinaryOp,
    left: Number,
    right: Number,
    spans: OperatorSpans,
) -> EvalResult<Value> {
    match (left, right) {
        (Number::Int(a), Number::Int(b)) => integer(op, a, b, spans).map(Value::Integer),
        (Number::Float(_), _) if matches!(op, BinaryOp::Mod | BinaryOp::Shl | BinaryOp::Shr) => {
            Err(not_applicable(op, "a Float", spans.whole()))
        }
        // Ruby's Integer#<< and #>> take a Float count as its integer part.
        (Number::Int(a), Number::Float(b)) if matches!(op, BinaryOp::Shl | BinaryOp::Shr) => {
            integer(op, a, crate::value::float_math::trunc(b) as i64, spans).map(Value::Integer)
        }
        (Number::Int(_), Number::Float(_)) if op == BinaryOp::Mod => Err(error(
            "OPERATOR_NOT_APPLICABLE",
            format!(
                "Operator '{}' is not applicable to an Integer when right side is a Float.",
                op.symbol()
            ),
            spans.whole(),
        )),
        (a, b) => float(op, to_f64(a), to_f64(b), spans).map(Value::Float),
    }
}

fn to_f64(number: Number) -> f64 {
    match number {
        Number::Int(n) => n as f64,
        Number::Float(f) => f,
    }
}

pub(crate) fn not_applicable(op: BinaryOp, what: &str, span: Span) -> crate::host::Unwind {
    error(
        "OPERATOR_NOT_APPLICABLE",
        format!("Operator '{}' is not applicable to {what}.", op.symbol()),
        span,
    )
}

/// `Operator 'x' is not applicable to a Hash.` with the article Puppet uses for the label.
pub(crate) fn not_applicable_to(op: &str, label: &str, span: Span) -> crate::host::Unwind {
    error(
        "OPERATOR_NOT_APPLICABLE",
        format!("Operator '{op}' is not applicable to {}.", a_an(label)),
        span,
    )
}

fn float(op: BinaryOp, a: f64, b: f64, spans: OperatorSpans) -> EvalResult<f64> {
    let result = match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div => a / b,
        _ => return Err(not_applicable(op, "a Float", spans.whole())),
    };
    if result.is_infinite() || result.is_nan() {
        return Err(error(
            "FLOAT_NOT_FINITE",
            format!(
                "The result of the {} expression is {}",
                op.symbol(),
                if result.is_nan() { "NaN" } else { "Infinity" }
            ),
            spans.whole(),
        ));
    }
    Ok(result)
}

/// Integer arithmetic as Ruby does it (division and modulo round toward negative infinity), with
/// results outside the 64-bit range reported instead of wrapped.
fn integer(op: BinaryOp, a: i64, b: i64, spans: OperatorSpans) -> EvalResult<i64> {
    let exact: i128 = match op {
        BinaryOp::Add => a as i128 + b as i128,
        BinaryOp::Sub => a as i128 - b as i128,
        BinaryOp::Mul => a as i128 * b as i128,
        BinaryOp::Div | BinaryOp::Mod if b == 0 => {
            return Err(error("DIV_BY_ZERO", "Division by 0", spans.right));
        }
        BinaryOp::Div => {
            let (a, b) = (a as i128, b as i128);
            // Ruby floors the quotient; Rust truncates toward zero.
            if a % b != 0 && ((a < 0) != (b < 0)) {
                a / b - 1
            } else {
                a / b
            }
        }
        BinaryOp::Mod => {
            let r = (a as i128) % (b as i128);
            if r != 0 && ((r < 0) != (b < 0)) {
                r + b as i128
            } else {
                r
            }
        }
        BinaryOp::Shl | BinaryOp::Shr => {
            let left_shift = (op == BinaryOp::Shl) == (b >= 0);
            let count = b.unsigned_abs();
            return if left_shift {
                shift_left(a, count, op, spans.operator)
            } else {
                Ok(if count >= 64 {
                    if a < 0 {
                        -1
                    } else {
                        0
                    }
                } else {
                    a >> count
                })
            };
        }
        _ => return Err(not_applicable(op, "an Integer", spans.whole())),
    };
    i64::try_from(exact).map_err(|_| {
        overflow(
            op.symbol(),
            sign_of(exact),
            &hex_abs(exact.unsigned_abs()),
            spans.operator,
        )
    })
}

fn shift_left(a: i64, count: u64, op: BinaryOp, span: Span) -> EvalResult<i64> {
    if a == 0 {
        return Ok(0);
    }
    if count < 64 {
        let exact = (a as i128) << count;
        if let Ok(n) = i64::try_from(exact) {
            return Ok(n);
        }
    }
    // The exact value in hex: the bits of |a| shifted by count % 4, then count / 4 zero digits.
    let head = (a.unsigned_abs() as u128) << (count % 4);
    let mut digits = format!("{head:x}");
    let zeros = (count / 4).min(1 << 20) as usize;
    digits.extend(core::iter::repeat_n('0', zeros));
    Err(overflow(
        op.symbol(),
        if a < 0 { '-' } else { '+' },
        &digits,
        span,
    ))
}

fn sign_of(n: i128) -> char {
    if n < 0 {
        '-'
    } else {
        '+'
    }
}

fn hex_abs(n: u128) -> String {
    format!("{n:x}")
}

/// Puppet's message for an Integer result outside the 64-bit range, with the exact value in hex.
pub(crate) fn overflow(
    operator: &str,
    sign: char,
    hex_digits: &str,
    span: Span,
) -> crate::host::Unwind {
    let bound = if sign == '-' { "min" } else { "max" };
    error(
        "NUMERIC_OVERFLOW",
        format!(
            "A '{operator}' expression resulted in a value outside of Puppet Integer {bound} range, got '{sign}0x{hex_digits}'"
        ),
        span,
    )
}
