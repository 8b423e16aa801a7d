//! Control functions: `fail`, `break`, `next`, `return`, and `with` / `then` / `lest`.

use alloc::string::String;
use alloc::vec::Vec;

use super::declare::{any_block, block, opt, rep, req, Call, Def, Dispatch, Run};
use super::{expect_args, expect_block};
use crate::host::{EvalResult, Unwind, Walk};
use crate::value::{interpolate, Value};

pub(super) fn fail(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let message: Vec<String> = args.iter().map(interpolate).collect();
    Err(site.fail(crate::text::join(&message, " ")))
}

pub(super) fn break_(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 0, Some(0))?;
    Err(Unwind::Break(site.span))
}

pub(super) fn next(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 0, Some(1))?;
    Err(Unwind::Next(
        args.into_iter().next().unwrap_or(Value::Undef),
        site.span,
    ))
}

pub(super) fn return_(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 0, Some(1))?;
    Err(Unwind::Return(
        args.into_iter().next().unwrap_or(Value::Undef),
        site.span,
    ))
}

/// `with(args) |params| { }`: calls the lambda with the arguments.
pub(super) fn with(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let Some(closure) = closure else {
        return Err(site.fail(alloc::format!("'{}' expects a block", site.name)));
    };
    // Puppet yields to the block as it is: extra arguments are dropped, a missing one is an error.
    let params = closure.params();
    let mut args = args;
    if !params.last().is_some_and(|p| p.captures_rest) {
        args.truncate(params.len());
    }
    lambda_given(closure, args.len())?;
    host.call_lambda(closure, args, site)
}

/// A lambda yielded `given` values as Ruby yields them: a parameter left without one (and without
/// a default) is Puppet's error at that parameter.
pub(crate) fn lambda_given(closure: &crate::host::Closure, given: usize) -> EvalResult<()> {
    let rest = closure.params().get(given..).unwrap_or_default();
    match rest
        .iter()
        .find(|p| p.default.is_none() && !p.captures_rest)
    {
        Some(missing) => Err(crate::host::error(
            "MISSING_PARAMETER",
            alloc::format!(
                "Parameter ${} is required but no value was given",
                missing.name.name
            ),
            missing.name.span,
        )),
        None => Ok(()),
    }
}

/// `then(v) |$x| { }`: the lambda's value for a value that is not undef, else undef.
pub(super) fn then(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    let closure = expect_block(site, closure, 1, 1)?;
    let value = args.into_iter().next().unwrap_or(Value::Undef);
    if value.is_undef() {
        return Ok(Value::Undef);
    }
    host.call_lambda(closure, alloc::vec![value], site)
}

/// `lest(v) || { }`: the value itself unless it is undef, then the lambda's value.
pub(super) fn lest(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    let closure = expect_block(site, closure, 0, 0)?;
    let value = args.into_iter().next().unwrap_or(Value::Undef);
    if value.is_undef() {
        host.call_lambda(closure, Vec::new(), site)
    } else {
        Ok(value)
    }
}

/// `break`, `next` or `return`: it unwinds its caller, with the value it may take.
const fn unwinding(name: &'static str, run: Run, dispatches: &'static [Dispatch]) -> Def {
    Def::puppet(name, run)
        .takes(dispatches)
        .with_3x()
        .reaches_scope()
}

/// The control functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    unwinding("break", break_, &[&[]]).doc("Stops the iteration it is in"),
    Def::puppet("fail", fail).takes(&[&[rep("message", "Any")]]).puppet_3x_only()
        .walks(Walk::Prints).doc("Stops the compilation with an error"),
    Def::puppet("lest", lest).takes(&[&[req("value", "Any"), block(0, 0)]]).with_3x()
        .doc("The value, or the block's answer when it is undef"),
    unwinding("next", next, &[&[opt("value", "Any")]])
        .doc("Ends this element's block with the value"),
    unwinding("return", return_, &[&[opt("value", "Any")]])
        .doc("Ends the function or class with the value"),
    Def::puppet("then", then).takes(&[&[req("value", "Any"), block(1, 1)]]).with_3x()
        .doc("The block's answer for the value, or undef when it is undef"),
    Def::puppet("with", with).takes(&[&[rep("args", "Any"), any_block()]]).with_3x()
        .doc("The block's answer for the arguments"),
];
