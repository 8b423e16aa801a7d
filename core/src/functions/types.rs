//! Functions about types: `type(v)` and its `'detailed'`, `'reduced'` and `'generalized'` forms.

use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::types::{infer, infer_generalized, infer_reduced};
use crate::value::Value;

/// `type(value, inference_method)` (its parameters checked by its declaration, `declared.rs`).
pub(super) fn type_of(
    _: &mut Evaluator<'_>,
    _: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
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
