//! Integer's and Float's methods as a table (each Ruby name and the method that runs it); the
//! arithmetic and comparison operators are in `arith.rs`.

use crate::erb::RubyHost;
use alloc::format;
use alloc::string::ToString;

use super::super::call::Call;
use super::super::interp::{arity, Interp, RResult};
use super::super::value::{self, RVal};
use super::arith::{as_f64, ceil, float_binary, floor, int_binary, B};
use super::big::{big_of, radix_text};
use super::{class_for_conversion, comparison_failed, int_arg, radix};
use crate::erb::bigint::Big;
use crate::value::float_math::{round, trunc};

/// What runs a method of Integer or Float (aliases share one).
#[derive(Clone, Copy)]
enum N {
    /// An operator with one operand, in `arith.rs`.
    Binary(B),
    /// `-@`, `abs`, `~`, `succ`, `pred` of an Integer (of any size).
    Unary,
    BitLength,
    ToF,
    ToS,
    Neg,
    Abs,
    Zero,
    Positive,
    Negative,
    Even,
    Odd,
    IsInteger,
    Nan,
    Finite,
    Succ,
    Pred,
    Chr,
    Round,
    Times,
    Upto,
    Between,
    Clamp,
}

/// Integer's and Float's methods: each Ruby name (aliases together) and what runs it.
fn number_entry(name: &str) -> Option<N> {
    Some(match name {
        "%" => N::Binary(B::Mod),
        "&" => N::Binary(B::And),
        "*" => N::Binary(B::Mul),
        "**" => N::Binary(B::Pow),
        "+" => N::Binary(B::Add),
        "-" => N::Binary(B::Sub),
        "-@" => N::Neg,
        "/" => N::Binary(B::Div),
        "<" => N::Binary(B::Lt),
        "<<" => N::Binary(B::Shl),
        "<=" => N::Binary(B::Le),
        "<=>" => N::Binary(B::Cmp),
        ">" => N::Binary(B::Gt),
        ">=" => N::Binary(B::Ge),
        ">>" => N::Binary(B::Shr),
        "^" => N::Binary(B::Xor),
        "abs" | "magnitude" => N::Abs,
        "bit_length" => N::BitLength,
        "between?" => N::Between,
        // to_i and truncate round towards zero.
        "ceil" | "floor" | "round" | "to_i" | "to_int" | "truncate" => N::Round,
        "chr" => N::Chr,
        "clamp" => N::Clamp,
        "div" => N::Binary(B::IntDiv),
        "divmod" => N::Binary(B::DivMod),
        "downto" | "upto" => N::Upto,
        "even?" => N::Even,
        "fdiv" => N::Binary(B::FDiv),
        "finite?" => N::Finite,
        "integer?" => N::IsInteger,
        "modulo" => N::Binary(B::Modulo),
        "nan?" => N::Nan,
        "negative?" => N::Negative,
        "next" | "succ" => N::Succ,
        "odd?" => N::Odd,
        "positive?" => N::Positive,
        "pred" => N::Pred,
        "times" => N::Times,
        "to_f" => N::ToF,
        "to_s" => N::ToS,
        "zero?" => N::Zero,
        "|" => N::Binary(B::Or),
        "~" => N::Unary,
        _ => return None,
    })
}

/// The methods of Integer and Float.
pub(crate) fn number_method<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call) -> RResult<RVal> {
    let (recv, name, args) = (call.recv, call.name, call.args);
    let Some(op) = number_entry(name) else {
        return interp.no_method(name, recv);
    };
    let int = big_of(recv);
    let out = match (op, recv) {
        (N::Binary(b), _) => return binary(interp, call, b),
        (N::ToF, _) => Some(RVal::Float(as_f64(recv))),
        (N::ToS, _) if int.is_some() => return to_s(interp, recv, args),
        (N::Neg, RVal::Float(f)) => Some(RVal::Float(-f)),
        (N::Abs, RVal::Float(f)) => Some(RVal::Float(if *f < 0.0 { -f } else { *f })),
        (N::Neg | N::Abs | N::Unary | N::Succ | N::Pred, _) if int.is_some() => {
            let n = int.unwrap_or_else(|| Big::from_i64(0));
            return super::big::unary(interp, &n, name);
        }
        (N::BitLength, _) if int.is_some() => {
            Some(RVal::Int(int.map_or(0, |n| n.bit_length()) as i64))
        }
        (N::Zero, _) => Some(RVal::Bool(as_f64(recv) == 0.0)),
        (N::Positive, _) => Some(RVal::Bool(as_f64(recv) > 0.0)),
        (N::Negative, _) => Some(RVal::Bool(as_f64(recv) < 0.0)),
        (N::Even | N::Odd, _) if int.is_some() => Some(RVal::Bool(
            int.is_some_and(|n| n.is_odd()) == matches!(op, N::Odd),
        )),
        (N::IsInteger, _) => Some(RVal::Bool(int.is_some())),
        (N::Nan, RVal::Float(f)) => Some(RVal::Bool(f.is_nan())),
        (N::Finite, RVal::Float(f)) => Some(RVal::Bool(f.is_finite())),
        (N::Finite, _) => Some(RVal::Bool(true)),
        (N::Chr, RVal::Int(n)) => match u8::try_from(*n) {
            Ok(b) if b < 128 => Some(RVal::str(&(b as char).to_string())),
            _ => return interp.raise(format!("{n} out of char range")),
        },
        (N::Round, _) => return rounding(interp, call),
        (N::Times, RVal::Int(n)) => return times(interp, call, *n),
        (N::Upto, RVal::Int(n)) => return upto(interp, call, *n),
        (N::Between, _) => {
            arity(interp, args, 2, 2)?;
            let x = as_f64(recv);
            Some(RVal::Bool(x >= as_f64(&args[0]) && x <= as_f64(&args[1])))
        }
        (N::Clamp, _) => {
            arity(interp, args, 2, 2)?;
            let x = as_f64(recv);
            Some(if x < as_f64(&args[0]) {
                args[0].clone()
            } else if x > as_f64(&args[1]) {
                args[1].clone()
            } else {
                recv.clone()
            })
        }
        // An Integer's method called on a Float (or the other way round).
        _ => return interp.no_method(name, recv),
    };
    match out {
        Some(v) => Ok(v),
        None => interp.no_method(name, recv),
    }
}

/// An operator with one operand: integers' arithmetic when both are integers, else floats'.
fn binary<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, op: B) -> RResult<RVal> {
    let (recv, other) = (call.recv, call.one(interp)?);
    match (recv, other) {
        (RVal::Int(a), RVal::Int(b)) => int_binary(interp, *a, *b, op),
        (RVal::Int(_) | RVal::Big(_), RVal::Int(_) | RVal::Big(_)) => {
            let (a, b) = (big_of(recv), big_of(other));
            let (a, b) = (
                a.unwrap_or_else(|| Big::from_i64(0)),
                b.unwrap_or_else(|| Big::from_i64(0)),
            );
            super::big::binary(interp, &a, &b, op)
        }
        (
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_),
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_),
        ) => float_binary(interp, as_f64(recv), as_f64(other), call.name, op),
        _ if op == B::Cmp => Ok(RVal::Nil),
        _ if matches!(op, B::Lt | B::Gt | B::Le | B::Ge) => {
            Err(comparison_failed(interp, recv, other))
        }
        _ => interp.raise_as(
            "TypeError",
            format!(
                "{} can't be coerced into {}",
                class_for_conversion(other),
                recv.class_name()
            ),
        ),
    }
}

/// `Integer#to_s(base)`.
fn to_s<H: RubyHost>(interp: &mut Interp<'_, H>, n: &RVal, args: &[RVal]) -> RResult<RVal> {
    let base = match args.first() {
        Some(b) => int_arg(interp, b)?,
        None => 10,
    };
    let base = radix(interp, base)?;
    radix_text(interp, &big_of(n).unwrap_or_else(|| Big::from_i64(0)), base)
}

fn pow10(n: i64) -> f64 {
    let mut x = 1.0;
    for _ in 0..n.min(400) {
        x *= 10.0;
    }
    x
}

/// `floor`, `ceil`, `round` and `truncate` (`to_i`), with a number of digits (negative: left of the
/// point).
fn rounding<H: RubyHost>(interp: &Interp<'_, H>, call: Call) -> RResult<RVal> {
    let (recv, name) = (call.recv, call.name);
    let digits = match call.args.first() {
        Some(RVal::Hash(_)) | None => 0,
        Some(d) => int_arg(interp, d)?,
    };
    let by_name = |x: f64| match name {
        "floor" => floor(x),
        "ceil" => ceil(x),
        "round" => round(x),
        _ => trunc(x),
    };
    let n = match *recv {
        RVal::Int(n) => n,
        RVal::Float(f) if !f.is_finite() => {
            if digits > 0 {
                return Ok(recv.clone());
            }
            return interp.raise(value::float_to_s(f));
        }
        // Already as precise as that: Ruby gives the float itself.
        RVal::Float(f) if digits > 15 => return Ok(RVal::Float(f)),
        RVal::Float(f) if digits > 0 => {
            let scale = pow10(digits);
            let mut r = by_name(f * scale);
            // Ruby's round_half_up: a half that the product lost still rounds away from zero
            // (1.005.round(2) is 1.01).
            let s = if f < 0.0 { -1.0 } else { 1.0 };
            if name == "round" && (r + s * 0.5) / scale * s <= f * s {
                r += s;
            }
            return Ok(RVal::Float(r / scale));
        }
        RVal::Float(f) => {
            // Left of the point, the integer part (truncated for round) is rounded as an Integer
            // is: 1234.5678.round(-2) is 1200.
            let r = if digits < 0 && name == "round" {
                trunc(f)
            } else {
                by_name(f)
            };
            if r.abs() >= 9.2e18 {
                return super::big::float_too_big(interp);
            }
            r as i64
        }
        _ => return Ok(recv.clone()),
    };
    if digits >= 0 {
        return Ok(RVal::Int(n));
    }
    let unit = 10i64.checked_pow((-digits) as u32).unwrap_or(i64::MAX);
    let r = by_name(n as f64 / unit as f64);
    Ok(RVal::Int((r as i64).saturating_mul(unit)))
}

/// `n.times`: yield 0 to n - 1, or their array without a block.
fn times<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, n: i64) -> RResult<RVal> {
    let Some(block) = call.block else {
        interp.step(n.max(0) as u64 / 8)?;
        if n > interp.rt.limits().max_collection_len as i64 {
            return interp.raise("an enumerator too large");
        }
        return Ok(RVal::array((0..n).map(RVal::Int).collect()));
    };
    for i in 0..n {
        interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
    }
    Ok(call.recv.clone())
}

/// `upto` and `downto` with a block.
fn upto<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, n: i64) -> RResult<RVal> {
    let end = int_arg(interp, call.one(interp)?)?;
    let Some(block) = call.block else {
        return interp
            .unsupported("an enumerator (no block) is not supported by the playground's ERB");
    };
    let mut i = n;
    if call.name == "upto" {
        while i <= end {
            interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
            i += 1;
        }
    } else {
        while i >= end {
            interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
            i -= 1;
        }
    }
    Ok(call.recv.clone())
}
