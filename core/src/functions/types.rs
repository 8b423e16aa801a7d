//! Functions about types: `type(v)` and its `'detailed'`, `'reduced'` and `'generalized'` forms.

use super::declare::{opt, req, Call, Def};
use crate::host::{EvalResult, Walk};
use crate::types::{infer, infer_generalized, infer_reduced};
use crate::value::Value;

/// `type(value, inference_method)` (its parameters checked by its declaration, `declared.rs`).
pub(super) fn type_of(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let Some(value) = args.first() else {
        return Ok(Value::Undef);
    };
    let ty = match args.get(1).and_then(Value::as_str) {
        Some("reduced") => infer_reduced(value),
        Some("generalized") => infer_generalized(value),
        _ => infer(value),
    };
    Ok(Value::from_type(ty))
}

/// The type function, declared.
pub(super) const DEFS: &[Def] = &[Def::puppet("type", type_of)
    .takes(&[&[
        req("value", "Any"),
        opt(
            "inference_method",
            "Enum['detailed', 'generalized', 'reduced']",
        ),
    ]])
    .checked()
    .with_3x()
    .stdlib_3x()
    .walks(Walk::Builds)
    .doc("A value's type: detailed, reduced or generalized")];
