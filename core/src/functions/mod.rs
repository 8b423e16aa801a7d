//! Built-in functions: the registry by name, one file per family of functions.

mod catalog;
mod control;
mod iteration;
mod logging;
mod types;

use alloc::vec::Vec;

use crate::eval::calls::{arity_message, Builtin, CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// Call the built-in function `name`, or `None` when there is no such function.
pub(crate) fn call_builtin(
    ev: &mut Evaluator<'_>,
    name: &str,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> Option<EvalResult<Value>> {
    let function = lookup(name)?;
    Some(function(ev, site, args, closure))
}

fn lookup(name: &str) -> Option<Builtin> {
    Some(match name {
        "debug" => logging::debug,
        "info" => logging::info,
        "notice" => logging::notice,
        "warning" => logging::warning,
        "err" => logging::err,
        "alert" => logging::alert,
        "crit" => logging::crit,
        "emerg" => logging::emerg,
        "fail" => control::fail,
        "break" => control::break_,
        "next" => control::next,
        "return" => control::return_,
        "with" => control::with,
        "then" => control::then,
        "lest" => control::lest,
        "each" => iteration::each,
        "map" => iteration::map,
        "filter" => iteration::filter,
        "reduce" => iteration::reduce,
        "any" => iteration::any,
        "all" => iteration::all,
        "type" => types::type_of,
        "include" | "require" | "contain" => catalog::include,
        _ => return None,
    })
}

/// Check the argument count of a built-in: Puppet's message when it does not fit.
pub(crate) fn expect_args(
    site: &CallSite,
    args: &[Value],
    min: usize,
    max: Option<usize>,
) -> EvalResult<()> {
    if args.len() < min || max.is_some_and(|max| args.len() > max) {
        return Err(site.fail(arity_message(
            &alloc::format!("'{}'", site.name),
            (min, max),
            args.len(),
        )));
    }
    Ok(())
}

/// The lambda a built-in requires, with the number of parameters it may declare.
pub(crate) fn expect_block<'c, 'a>(
    site: &CallSite,
    closure: Option<&'c Closure<'a>>,
    min: usize,
    max: usize,
) -> EvalResult<&'c Closure<'a>> {
    let Some(closure) = closure else {
        return Err(site.fail(alloc::format!("'{}' expects a block", site.name)));
    };
    let count = closure.param_count();
    let (required, _) = closure.arity();
    if count < min || count > max || required > max {
        return Err(site.fail(arity_message(
            &alloc::format!("'{}' block", site.name),
            (min, Some(max)),
            count,
        )));
    }
    Ok(closure)
}
