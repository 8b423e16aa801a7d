//! Arithmetic operators (`+ - * / %` and unary minus) with Puppet's overflow and zero-division rules.

use alloc::boxed::Box;
use alloc::format;

use super::{eval_error, EvalResult};
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use crate::syntax::BinaryOp;
use crate::value::Value;

pub(super) fn negate(value: Value, span: Span) -> EvalResult<Value> {
    match value {
        Value::Integer(n) => n
            .checked_neg()
            .map(Value::Integer)
            .ok_or_else(|| overflow("-", -(n as i128), span)),
        other => Err(eval_error(
            "OPERATOR_NOT_APPLICABLE",
            format!(
                "Operator '-' is not applicable to {}.",
                crate::types::infer(&other).generalize()
            ),
            span,
        )),
    }
}

pub(super) fn binary(op: BinaryOp, left: Value, right: Value, span: Span) -> EvalResult<Value> {
    match (left, right) {
        (Value::Integer(a), Value::Integer(b)) => integer(op, a, b, span).map(Value::Integer),
        (left, _) => Err(eval_error(
            "OPERATOR_NOT_APPLICABLE",
            format!(
                "Operator '{}' is not applicable to {}.",
                op.symbol(),
                crate::types::infer(&left).generalize()
            ),
            span,
        )),
    }
}

/// Integer arithmetic as Ruby does it (division and modulo round toward negative infinity),
/// with overflow of the 64-bit range reported instead of wrapped.
fn integer(op: BinaryOp, a: i64, b: i64, span: Span) -> EvalResult<i64> {
    let result = match op {
        BinaryOp::Add => a.checked_add(b),
        BinaryOp::Sub => a.checked_sub(b),
        BinaryOp::Mul => a.checked_mul(b),
        BinaryOp::Div | BinaryOp::Mod if b == 0 => {
            return Err(eval_error("DIV_BY_ZERO", "Division by 0", span));
        }
        BinaryOp::Div => a.checked_div(b).map(|q| {
            // Ruby floors the quotient; Rust truncates toward zero.
            if a % b != 0 && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }
        }),
        BinaryOp::Mod => a.checked_rem(b).map(|r| {
            // Ruby's remainder takes the sign of the divisor.
            if r != 0 && ((r < 0) != (b < 0)) {
                r + b
            } else {
                r
            }
        }),
        _ => {
            return Err(eval_error(
                "NOT_SUPPORTED",
                format!(
                    "Operator '{}' is not supported by the playground yet",
                    op.symbol()
                ),
                span,
            ))
        }
    };
    result.ok_or_else(|| {
        let (a, b) = (a as i128, b as i128);
        let exact = match op {
            BinaryOp::Add => a + b,
            BinaryOp::Sub => a - b,
            BinaryOp::Mul => a * b,
            // Only i64::MIN / -1 overflows; its exact result is -i64::MIN.
            BinaryOp::Div | BinaryOp::Mod => -a,
            _ => 0,
        };
        overflow(op.symbol(), exact, span)
    })
}

/// Puppet's message for an Integer result outside the 64-bit range, with the exact value in hex.
fn overflow(operator: &str, exact: i128, span: Span) -> Box<Diagnostic> {
    let (bound, sign) = if exact < 0 {
        ("min", '-')
    } else {
        ("max", '+')
    };
    eval_error(
        "NUMERIC_OVERFLOW",
        format!(
            "A '{operator}' expression resulted in a value outside of Puppet Integer {bound} range, got '{sign}0x{:x}'",
            exact.unsigned_abs()
        ),
        span,
    )
}
