//! `inline_epp(template, params)`: an EPP template rendered with its parameters.

use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

pub(super) fn inline_epp(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    _: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    Err(site.fail("inline_epp is not available yet: the evaluator does not render EPP text"))
}
