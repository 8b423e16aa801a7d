//! Integer's and Float's operators (`+`, `/` flooring as Ruby does, `**`, the bit operators, the
//! comparisons), with 64-bit integers: what would need Ruby's Bignum says so.

use crate::erb::RubyHost;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::interp::{Interp, RResult};
use super::super::value::RVal;
use crate::value::float_math::trunc;

/// An operator with one operand.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum B {
    Add,
    Sub,
    Mul,
    /// `/`
    Div,
    /// `div`
    IntDiv,
    /// `%`
    Mod,
    /// `modulo`
    Modulo,
    DivMod,
    FDiv,
    Pow,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Cmp,
    Lt,
    Gt,
    Le,
    Ge,
}

pub(super) fn overflow<T, H: RubyHost>(interp: &Interp<'_, H>) -> RResult<T> {
    interp.unsupported(
        "integers beyond 64 bits (Ruby's Bignum) are not supported by the playground's ERB",
    )
}

pub(super) fn as_f64(value: &RVal) -> f64 {
    match value {
        RVal::Int(n) => *n as f64,
        RVal::Float(f) => *f,
        _ => 0.0,
    }
}

pub(super) fn floor(x: f64) -> f64 {
    let t = trunc(x);
    if t > x {
        t - 1.0
    } else {
        t
    }
}

pub(super) fn ceil(x: f64) -> f64 {
    let t = trunc(x);
    if t < x {
        t + 1.0
    } else {
        t
    }
}

pub(super) fn to_radix(n: i64, base: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let negative = n < 0;
    let mut m = (n as i128).unsigned_abs();
    let mut digits = Vec::new();
    while m > 0 {
        let d = (m % base as u128) as u32;
        digits.push(char::from_digit(d, base).unwrap_or('?'));
        m /= base as u128;
    }
    if negative {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

/// An operator between two integers.
pub(super) fn int_binary<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    a: i64,
    b: i64,
    op: B,
) -> RResult<RVal> {
    let checked = |r: Option<i64>| -> RResult<RVal> {
        match r {
            Some(n) => Ok(RVal::Int(n)),
            None => overflow(interp),
        }
    };
    match op {
        B::Add => checked(a.checked_add(b)),
        B::Sub => checked(a.checked_sub(b)),
        B::Mul => checked(a.checked_mul(b)),
        B::Div | B::IntDiv | B::Mod | B::Modulo | B::DivMod => {
            if b == 0 {
                return interp.raise_as("ZeroDivisionError", "divided by 0");
            }
            let Some(q) = a.checked_div_euclid(b).and_then(|_| a.checked_div(b)) else {
                return overflow(interp);
            };
            // Ruby floors.
            let q = if (a % b != 0) && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            };
            let r = a - q.wrapping_mul(b);
            Ok(match op {
                B::Div | B::IntDiv => RVal::Int(q),
                B::DivMod => RVal::array(alloc::vec![RVal::Int(q), RVal::Int(r)]),
                _ => RVal::Int(r),
            })
        }
        B::FDiv => Ok(RVal::Float(a as f64 / b as f64)),
        B::Pow => {
            if b < 0 {
                return interp.unsupported("a negative integer power (a Rational) is not supported by the playground's ERB");
            }
            checked(u32::try_from(b).ok().and_then(|b| a.checked_pow(b)))
        }
        B::And => Ok(RVal::Int(a & b)),
        B::Or => Ok(RVal::Int(a | b)),
        B::Xor => Ok(RVal::Int(a ^ b)),
        B::Shl => checked(if (0..63).contains(&b) {
            a.checked_mul(1i64 << b)
        } else {
            None
        }),
        B::Shr => Ok(RVal::Int(if (0..64).contains(&b) {
            a >> b
        } else if b >= 64 {
            if a < 0 {
                -1
            } else {
                0
            }
        } else {
            return overflow(interp);
        })),
        B::Cmp => Ok(RVal::Int((a > b) as i64 - (a < b) as i64)),
        B::Lt => Ok(RVal::Bool(a < b)),
        B::Gt => Ok(RVal::Bool(a > b)),
        B::Le => Ok(RVal::Bool(a <= b)),
        B::Ge => Ok(RVal::Bool(a >= b)),
    }
}

/// An operator between floats (or a float and an integer); `name` is the operator's for the
/// integer-only ones, which floats do not have.
pub(super) fn float_binary<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    a: f64,
    b: f64,
    name: &str,
    op: B,
) -> RResult<RVal> {
    Ok(match op {
        B::Add => RVal::Float(a + b),
        B::Sub => RVal::Float(a - b),
        B::Mul => RVal::Float(a * b),
        B::Div | B::FDiv => RVal::Float(a / b),
        B::Mod | B::Modulo => RVal::Float(a - b * floor(a / b)),
        B::Pow => {
            // Integral exponents only (no libm here).
            if trunc(b) != b || b.abs() > 10_000.0 {
                return interp
                    .unsupported("a fractional power is not supported by the playground's ERB");
            }
            let mut r = 1.0;
            for _ in 0..(b.abs() as i64) {
                r *= a;
            }
            RVal::Float(if b < 0.0 { 1.0 / r } else { r })
        }
        B::Cmp if a < b => RVal::Int(-1),
        B::Cmp if a > b => RVal::Int(1),
        B::Cmp if a == b => RVal::Int(0),
        B::Cmp => RVal::Nil,
        B::Lt => RVal::Bool(a < b),
        B::Gt => RVal::Bool(a > b),
        B::Le => RVal::Bool(a <= b),
        B::Ge => RVal::Bool(a >= b),
        B::IntDiv | B::DivMod | B::And | B::Or | B::Xor | B::Shl | B::Shr => {
            return interp.raise(format!("undefined method `{name}' for Float"))
        }
    })
}
