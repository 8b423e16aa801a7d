//! Integer's and Float's operators (`+`, `/` flooring as Ruby does, `**`, the bit operators, the
//! comparisons), with 64-bit integers: what overflows them goes on beyond 64 bits in `big.rs`.

use crate::erb::RubyHost;
use alloc::format;

use super::super::bigint::Big;
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

pub(super) fn as_f64(value: &RVal) -> f64 {
    match value {
        RVal::Int(n) => *n as f64,
        RVal::Big(n) => n.to_f64(),
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

/// An operator between two integers.
pub(super) fn int_binary<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    a: i64,
    b: i64,
    op: B,
) -> RResult<RVal> {
    // `None`: the result is past 64 bits (or the operation has none: a zero divisor), which the
    // arithmetic of any size answers.
    let small = match op {
        B::Add => a.checked_add(b),
        B::Sub => a.checked_sub(b),
        B::Mul => a.checked_mul(b),
        B::Div | B::IntDiv | B::Mod | B::Modulo | B::DivMod => {
            if b == 0 || (a == i64::MIN && b == -1) {
                None
            } else {
                // Ruby floors.
                let q = a / b - i64::from((a % b != 0) && ((a < 0) != (b < 0)));
                let r = a - q * b;
                return Ok(match op {
                    B::Div | B::IntDiv => RVal::Int(q),
                    B::DivMod => RVal::array(alloc::vec![RVal::Int(q), RVal::Int(r)]),
                    _ => RVal::Int(r),
                });
            }
        }
        B::Pow => u32::try_from(b).ok().and_then(|b| a.checked_pow(b)),
        B::Shl if (0..63).contains(&b) => a.checked_mul(1i64 << b),
        B::Shr if b >= 0 => Some(a >> b.min(63)),
        B::Shl | B::Shr => None,
        B::FDiv => return Ok(RVal::Float(a as f64 / b as f64)),
        B::And => Some(a & b),
        B::Or => Some(a | b),
        B::Xor => Some(a ^ b),
        B::Cmp => Some((a > b) as i64 - (a < b) as i64),
        B::Lt => return Ok(RVal::Bool(a < b)),
        B::Gt => return Ok(RVal::Bool(a > b)),
        B::Le => return Ok(RVal::Bool(a <= b)),
        B::Ge => return Ok(RVal::Bool(a >= b)),
    };
    match small {
        Some(n) => Ok(RVal::Int(n)),
        None => super::big::binary(interp, &Big::from_i64(a), &Big::from_i64(b), op),
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
