//! Functions about types: `type(v)` and its `'detailed'`, `'reduced'` and `'generalized'` forms.

use alloc::vec::Vec;

use super::expect_args;
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::types::{infer, infer_generalized, infer_reduced};
use crate::value::Value;

pub(super) fn type_of(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(2))?;
    let value = &args[0];
    let ty = match args.get(1) {
        None => infer(value),
        Some(Value::String(mode)) => match &**mode {
            "detailed" => infer(value),
            "reduced" => infer_reduced(value),
            "generalized" => infer_generalized(value),
            other => {
                return Err(site.fail(alloc::format!(
                    "'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced'], got '{other}'"
                )))
            }
        },
        Some(_) => {
            return Err(site.fail(
                "'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced']",
            ))
        }
    };
    Ok(Value::from_type(ty))
}
