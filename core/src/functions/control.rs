//! Control functions: `fail`, `break`, `next`, `return`, and `with` / `then` / `lest`.

use alloc::string::String;
use alloc::vec::Vec;

use super::{expect_args, expect_block};
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::{EvalResult, Unwind};
use crate::value::{interpolate, Value};

pub(super) fn fail(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let message: Vec<String> = args.iter().map(interpolate).collect();
    Err(site.fail(message.join(" ")))
}

pub(super) fn break_(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 0, Some(0))?;
    Err(Unwind::Break(site.span))
}

pub(super) fn next(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 0, Some(1))?;
    Err(Unwind::Next(
        args.into_iter().next().unwrap_or(Value::Undef),
        site.span,
    ))
}

pub(super) fn return_(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 0, Some(1))?;
    Err(Unwind::Return(
        args.into_iter().next().unwrap_or(Value::Undef),
        site.span,
    ))
}

/// `with(args) |params| { }`: calls the lambda with the arguments.
pub(super) fn with(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let Some(closure) = closure else {
        return Err(site.fail(alloc::format!("'{}' expects a block", site.name)));
    };
    // Puppet yields to the block as it is: extra arguments are dropped, a missing one is an error.
    let params = closure.params();
    let mut args = args;
    if !params.last().is_some_and(|p| p.captures_rest) {
        args.truncate(params.len());
    }
    let rest = params.get(args.len()..).unwrap_or_default();
    if let Some(missing) = rest
        .iter()
        .find(|p| p.default.is_none() && !p.captures_rest)
    {
        return Err(crate::eval::flow::error(
            "MISSING_PARAMETER",
            alloc::format!(
                "Parameter ${} is required but no value was given",
                missing.name.name
            ),
            missing.name.span,
        ));
    }
    ev.call_lambda(closure, args, site)
}

/// `then(v) |$x| { }`: the lambda's value for a value that is not undef, else undef.
pub(super) fn then(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    let closure = expect_block(site, closure, 1, 1)?;
    let value = args.into_iter().next().unwrap_or(Value::Undef);
    if value.is_undef() {
        return Ok(Value::Undef);
    }
    ev.call_lambda(closure, alloc::vec![value], site)
}

/// `lest(v) || { }`: the value itself unless it is undef, then the lambda's value.
pub(super) fn lest(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    let closure = expect_block(site, closure, 0, 0)?;
    let value = args.into_iter().next().unwrap_or(Value::Undef);
    if value.is_undef() {
        ev.call_lambda(closure, Vec::new(), site)
    } else {
        Ok(value)
    }
}
