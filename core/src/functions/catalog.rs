//! Functions of the catalog: `include`, `require` and `contain` declare classes; `realize`,
//! `tag`, `tagged` and `create_resources`.

use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

pub(super) fn include(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    ev.include_classes(&args, site)
}

/// `realize`, `tag`, `tagged` and `create_resources`, which act on the catalog's resources and tags.
pub(super) fn resources(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let name = site.name;
    if args.is_empty() && matches!(name, "tag" | "tagged") {
        return Err(site.fail(alloc::format!(
            "{name}(): Wrong number of arguments given (0 for minimum 1)"
        )));
    }
    match name {
        "realize" => ev.realize(&args, site.span),
        "create_resources" => match ev.create_resources(&args, site.span)? {
            message if message.is_empty() => Ok(Value::Undef),
            message => Err(site.fail(message)),
        },
        "tag" => ev.tag(&args, site.span).map_err(|e| match e {
            crate::eval::flow::Unwind::Error(d) => site.fail(&d.message),
            other => other,
        }),
        _ => Ok(ev.tagged(&args)),
    }
}
