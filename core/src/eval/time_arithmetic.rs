//! Arithmetic with Timespan and Timestamp values (`Timespan(5) / 2`, `Timestamp(1) + 60`,
//! `Timestamp(10) - Timestamp(3)`), with Puppet's results and error messages.

use alloc::format;

use super::arithmetic::{not_applicable, OperatorSpans};
use super::evaluator::Evaluator;
use super::numeric::Number;
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::BinaryOp;
use crate::value::{Timespan, Timestamp, Value};

const NANOS: i128 = 1_000_000_000;

/// Ruby's floor division and modulo.
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn floor_mod(a: i128, b: i128) -> i128 {
    let r = a % b;
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

/// A number of seconds in nanoseconds (floats truncated, as Ruby's `to_i`).
fn nanos_of(number: Number) -> i128 {
    match number {
        Number::Int(n) => i128::from(n) * NANOS,
        Number::Float(f) => (f * 1e9) as i128,
    }
}

fn number_label(number: Number) -> &'static str {
    match number {
        Number::Int(_) => "an Integer",
        Number::Float(_) => "a Float",
    }
}

fn time_label(value: &Value) -> &'static str {
    match value {
        Value::Timestamp(_) => "a Timestamp",
        _ => "a Timespan",
    }
}

/// `Error while evaluating a 'op' expression, <message>` at the operator.
fn failed(op: BinaryOp, message: &str, spans: OperatorSpans) -> Unwind {
    error(
        "TIME_ARITHMETIC",
        format!(
            "Error while evaluating a '{}' expression, {message}",
            op.symbol()
        ),
        spans.operator,
    )
}

fn span_value(nanos: Option<i128>, span: Span) -> EvalResult<Value> {
    nanos
        .map(|n| Value::Timespan(Timespan::from_nanoseconds(n)))
        .ok_or_else(|| error("TIME_OVERFLOW", "Timespan out of range", span))
}

fn stamp_value(nanos: Option<i128>, span: Span) -> EvalResult<Value> {
    nanos
        .map(|n| Value::Timestamp(Timestamp::from_nanoseconds(n)))
        .ok_or_else(|| error("TIME_OVERFLOW", "Timestamp out of range", span))
}

impl Evaluator<'_> {
    /// `l op r` when either side is a Timespan or Timestamp; `None` when neither is.
    pub(super) fn time_arithmetic(
        &mut self,
        op: BinaryOp,
        l: &Value,
        r: &Value,
        spans: OperatorSpans,
    ) -> Option<EvalResult<Value>> {
        let is_time = |v: &Value| matches!(v, Value::Timespan(_) | Value::Timestamp(_));
        if !is_time(l) && !is_time(r) {
            return None;
        }
        Some(if is_time(l) {
            self.time_left(op, l, r, spans)
        } else {
            self.number_left(op, l, r, spans)
        })
    }

    fn time_left(
        &mut self,
        op: BinaryOp,
        l: &Value,
        r: &Value,
        spans: OperatorSpans,
    ) -> EvalResult<Value> {
        let whole = spans.whole();
        if let Value::Timestamp(stamp) = l {
            if !matches!(op, BinaryOp::Add | BinaryOp::Sub) {
                return Err(not_applicable(op, "a Timestamp", whole));
            }
            let a = stamp.nanoseconds();
            return match (op, r) {
                (BinaryOp::Add, Value::Timestamp(_)) => Err(failed(
                    op,
                    "A Timestamp cannot be added to a Timestamp",
                    spans,
                )),
                (BinaryOp::Sub, Value::Timestamp(b)) => {
                    span_value(a.checked_sub(b.nanoseconds()), whole)
                }
                (_, Value::Timespan(b)) if op == BinaryOp::Add => {
                    stamp_value(a.checked_add(b.nanoseconds()), whole)
                }
                (_, Value::Timespan(b)) => stamp_value(a.checked_sub(b.nanoseconds()), whole),
                _ => {
                    let b = nanos_of(self.number_of(r, spans.right)?);
                    if op == BinaryOp::Add {
                        stamp_value(a.checked_add(b), whole)
                    } else {
                        stamp_value(a.checked_sub(b), whole)
                    }
                }
            };
        }
        let Value::Timespan(span) = l else {
            return Err(not_applicable(op, "a Timespan", whole));
        };
        let a = span.nanoseconds();
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            return Err(not_applicable(op, "a Timespan", whole));
        }
        let other_time = match r {
            Value::Timespan(b) => Some((b.nanoseconds(), false)),
            Value::Timestamp(b) => Some((b.nanoseconds(), true)),
            _ => None,
        };
        if let Some((b, is_stamp)) = other_time {
            let label = time_label(r);
            return match op {
                BinaryOp::Add if is_stamp => stamp_value(a.checked_add(b), whole),
                BinaryOp::Add => span_value(a.checked_add(b), whole),
                BinaryOp::Sub if is_stamp => Err(failed(
                    op,
                    "A Timestamp cannot be subtracted from a Timespan",
                    spans,
                )),
                BinaryOp::Sub => span_value(a.checked_sub(b), whole),
                BinaryOp::Mul => Err(failed(
                    op,
                    &format!("A Timestamp cannot be multiplied by {label}"),
                    spans,
                )),
                BinaryOp::Div if is_stamp => Err(failed(
                    op,
                    "A Timespan cannot be divided by a Timestamp",
                    spans,
                )),
                BinaryOp::Div => {
                    let result = a as f64 / b as f64;
                    if result.is_finite() {
                        Ok(Value::Float(result))
                    } else {
                        Err(error(
                            "FLOAT_NOT_FINITE",
                            format!(
                                "The result of the / expression is {}",
                                if result.is_nan() { "NaN" } else { "Infinity" }
                            ),
                            whole,
                        ))
                    }
                }
                _ => Err(failed(
                    op,
                    &format!("Can not do modulus on a Timespan using a {label}"),
                    spans,
                )),
            };
        }
        let b = self.number_of(r, spans.right)?;
        let zero = || error("DIV_BY_ZERO", "Division by 0", spans.right);
        match (op, b) {
            (BinaryOp::Add, _) => span_value(a.checked_add(nanos_of(b)), whole),
            (BinaryOp::Sub, _) => span_value(a.checked_sub(nanos_of(b)), whole),
            (BinaryOp::Mul, Number::Int(n)) => span_value(a.checked_mul(i128::from(n)), whole),
            (BinaryOp::Mul, Number::Float(f)) => span_value(Some((a as f64 * f) as i128), whole),
            (BinaryOp::Div, Number::Int(0)) => Err(zero()),
            (BinaryOp::Div, Number::Float(0.0)) => Err(zero()),
            (BinaryOp::Div, Number::Int(n)) => span_value(Some(floor_div(a, i128::from(n))), whole),
            (BinaryOp::Div, Number::Float(f)) => span_value(Some((a as f64 / f) as i128), whole),
            (BinaryOp::Mod, Number::Int(0)) => Err(zero()),
            (BinaryOp::Mod, Number::Int(n)) => {
                let seconds = floor_div(a, NANOS);
                Ok(Value::Integer(floor_mod(seconds, i128::from(n)) as i64))
            }
            _ => Err(error(
                "OPERATOR_NOT_APPLICABLE",
                format!(
                    "Operator '{}' is not applicable to a Timespan when right side is a Float.",
                    op.symbol()
                ),
                whole,
            )),
        }
    }

    /// A number on the left, a Timespan or Timestamp on the right.
    fn number_left(
        &mut self,
        op: BinaryOp,
        l: &Value,
        r: &Value,
        spans: OperatorSpans,
    ) -> EvalResult<Value> {
        let a = self.number_of(l, spans.left)?;
        let whole = spans.whole();
        let not_applicable_here = || {
            error(
                "OPERATOR_NOT_APPLICABLE",
                format!(
                    "Operator '{}' is not applicable to {} when right side is {}.",
                    op.symbol(),
                    number_label(a),
                    time_label(r)
                ),
                whole,
            )
        };
        match (op, r) {
            (BinaryOp::Add, _) => self.time_left(op, r, l, spans),
            (BinaryOp::Sub, Value::Timespan(b)) => {
                span_value(nanos_of(a).checked_sub(b.nanoseconds()), whole)
            }
            (BinaryOp::Mul, Value::Timespan(_)) => self.time_left(op, r, l, spans),
            _ => Err(not_applicable_here()),
        }
    }

    /// `-x` of a Timespan; a Timestamp has no unary minus (Ruby's NoMethodError, as Puppet says).
    pub(super) fn negate_time(&self, value: &Value, span: Span) -> Option<EvalResult<Value>> {
        match value {
            Value::Timespan(t) => Some(span_value(t.nanoseconds().checked_neg(), span)),
            Value::Timestamp(t) => Some(Err(error(
                "NO_UNARY_MINUS",
                format!(
                    "Error while evaluating an Unary Minus, undefined method `-@' for #<Puppet::Pops::Time::Timestamp @nsecs={}>",
                    t.nanoseconds()
                ),
                span,
            ))),
            _ => None,
        }
    }
}
