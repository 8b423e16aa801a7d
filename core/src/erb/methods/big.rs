//! Integer's operators where an operand or the result is beyond 64 bits (`erb/bigint.rs`), the
//! work charged to the evaluation's budget and sizes past the bound a diagnostic.

use crate::erb::RubyHost;

use super::super::bigint::{Big, Bits, MAX_BITS};
use super::super::interp::{Interp, RResult};
use super::super::value::RVal;
use super::arith::B;

/// An Integer (of either size) as a big one; `None` for any other value.
pub(crate) fn big_of(value: &RVal) -> Option<Big> {
    match value {
        RVal::Int(n) => Some(Big::from_i64(*n)),
        RVal::Big(b) => Some((**b).clone()),
        _ => None,
    }
}

/// The diagnostic of an integer past [`MAX_BITS`].
pub(crate) fn too_big<T, H: RubyHost>(interp: &Interp<'_, H>) -> RResult<T> {
    // MAX_BITS, written out.
    interp
        .unsupported("an integer of more than 65536 bits is not supported by the playground's ERB")
}

/// The diagnostic of a Float made an Integer beyond 64 bits (`1e20.to_i`): not carried, to keep
/// the browser's engine within its size budget.
pub(crate) fn float_too_big<T, H: RubyHost>(interp: &Interp<'_, H>) -> RResult<T> {
    interp.unsupported(
        "a Float beyond 64-bit integers made an Integer is not supported by the playground's ERB",
    )
}

/// A result, or the diagnostic when it would be past the bound.
pub(crate) fn sized<H: RubyHost>(interp: &Interp<'_, H>, b: Option<Big>) -> RResult<RVal> {
    match b {
        Some(b) => Ok(b.into_rval()),
        None => too_big(interp),
    }
}

/// The value of `digits` (valid in `base`, no sign or underscores; empty is 0), an Integer of
/// the size it needs.
pub(crate) fn digits_value<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    negative: bool,
    digits: &str,
    base: u32,
) -> RResult<RVal> {
    if digits.is_empty() {
        return Ok(RVal::Int(0));
    }
    interp.step(digits.len() as u64 * digits.len() as u64 / 2048)?;
    sized(interp, Big::parse(negative, digits, base))
}

/// An Integer in `base` (2 to 36), charged for its size.
pub(crate) fn radix_text<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    b: &Big,
    base: u32,
) -> RResult<RVal> {
    interp.step(b.limbs() * b.limbs() / 16)?;
    Ok(RVal::str(&b.to_radix(base)))
}

/// An operator between two integers, one at least beyond 64 bits or the result beyond them.
pub(super) fn binary<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    a: &Big,
    b: &Big,
    op: B,
) -> RResult<RVal> {
    interp.step((a.limbs() + 1) * (b.limbs() + 1) / 8 + 1)?;
    Ok(match op {
        B::Add => return sized(interp, a.add(b)),
        B::Sub => return sized(interp, a.sub(b)),
        B::Mul => return sized(interp, a.mul(b)),
        B::Div | B::IntDiv | B::Mod | B::Modulo | B::DivMod => {
            // Long division a bit at a time: more work than a product of the same operands.
            interp.step((a.limbs() + 1) * (b.limbs() + 1))?;
            let Some((q, r)) = a.divmod(b) else {
                return interp.raise_as("ZeroDivisionError", "divided by 0");
            };
            match op {
                B::Div | B::IntDiv => q.into_rval(),
                B::DivMod => RVal::array(alloc::vec![q.into_rval(), r.into_rval()]),
                _ => r.into_rval(),
            }
        }
        B::FDiv => RVal::Float(a.to_f64() / b.to_f64()),
        B::Pow => {
            if b.is_neg() {
                return interp.unsupported(
                    "a negative integer power (a Rational) is not supported by the playground's ERB",
                );
            }
            let e = b.to_i64().map_or(u64::MAX, |e| e as u64);
            interp.step(e.min(MAX_BITS) * (a.limbs() + 1))?;
            return sized(interp, a.pow(e));
        }
        B::And => a.bits(b, Bits::And).into_rval(),
        B::Or => a.bits(b, Bits::Or).into_rval(),
        B::Xor => a.bits(b, Bits::Xor).into_rval(),
        B::Shl | B::Shr => {
            // A negative count shifts the other way; a count past 64 bits is past any bound.
            let left = (op == B::Shl) != b.is_neg();
            let count = b.abs().to_i64().map_or(u64::MAX, |k| k as u64);
            if left {
                return sized(interp, a.shl(count));
            }
            a.shr(count).into_rval()
        }
        B::Cmp => RVal::Int(a.cmp(b) as i64),
        B::Lt => RVal::Bool(a.cmp(b).is_lt()),
        B::Gt => RVal::Bool(a.cmp(b).is_gt()),
        B::Le => RVal::Bool(a.cmp(b).is_le()),
        B::Ge => RVal::Bool(a.cmp(b).is_ge()),
    })
}

/// A method of one integer that changes it (`-@`, `abs`, `~`, `succ`, `pred`), for integers
/// beyond 64 bits and results beyond them.
pub(super) fn unary<H: RubyHost>(interp: &Interp<'_, H>, n: &Big, name: &str) -> RResult<RVal> {
    sized(
        interp,
        match name {
            "-@" => Some(n.neg()),
            "abs" | "magnitude" => Some(n.abs()),
            "~" => Some(n.not()),
            "pred" => n.sub(&Big::from_i64(1)),
            _ => n.add(&Big::from_i64(1)),
        },
    )
}
