//! Kernel's conversion methods of the template: `Array()`, `Float()` and `Hash()` (`Integer()`
//! and `String()` are in the kernel itself).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::interp::{arity, Interp, RResult};
use super::super::value::{self, RVal};
use super::super::RubyHost;

/// `Array(x)`: nil is empty, a hash its pairs, a range its integers, anything else wrapped.
pub(super) fn kernel_array<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    Ok(match &args[0] {
        RVal::Nil => RVal::array(Vec::new()),
        RVal::Array(_) => args[0].clone(),
        RVal::Hash(entries) => RVal::array(
            entries
                .borrow()
                .iter()
                .map(|(k, v)| RVal::array(alloc::vec![k.clone(), v.clone()]))
                .collect(),
        ),
        RVal::Range(..) => RVal::array(super::super::enumerable::elements(interp, &args[0])?),
        other => RVal::array(alloc::vec![other.clone()]),
    })
}

/// `Float(x)`: numbers, and strings that spell one (underscores allowed); Ruby's errors otherwise.
pub(super) fn kernel_float<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    match &args[0] {
        RVal::Int(n) => Ok(RVal::Float(*n as f64)),
        RVal::Float(_) => Ok(args[0].clone()),
        RVal::Str(s) => {
            let clean: String = s.trim().chars().filter(|&c| c != '_').collect();
            match crate::value::parse_f64(&clean) {
                Some(f) if !clean.is_empty() => Ok(RVal::Float(f)),
                _ => interp.raise_as(
                    "ArgumentError",
                    format!("invalid value for Float(): {}", value::inspect(&args[0])),
                ),
            }
        }
        RVal::Nil => interp.raise_as("TypeError", "can't convert nil into Float"),
        other => interp.raise_as(
            "TypeError",
            format!("can't convert {} into Float", other.class_name()),
        ),
    }
}

/// `Hash(x)`: nil and `[]` are empty, a hash itself; Ruby's error otherwise.
pub(super) fn kernel_hash<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    match &args[0] {
        RVal::Nil => Ok(RVal::hash(Vec::new())),
        RVal::Array(items) if items.borrow().is_empty() => Ok(RVal::hash(Vec::new())),
        RVal::Hash(_) => Ok(args[0].clone()),
        other => interp.raise(format!("can't convert {} into Hash", other.class_name())),
    }
}
