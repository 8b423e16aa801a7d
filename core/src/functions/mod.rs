//! Built-in functions: the registry by name, one file per family of functions.

mod args;
mod binary;
mod catalog;
mod collections;
mod constructors;
mod control;
mod epp;
pub(crate) mod format;
mod iteration;
mod logging;
mod lookup;
mod meta;
mod numbers;
mod sequences;
pub(crate) mod strings;
mod time;
mod types;
mod unavailable;

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
        "index" => sequences::index,
        "group_by" => sequences::group_by,
        "partition" => sequences::partition,
        "slice" => sequences::slice,
        "reverse_each" => sequences::reverse_each,
        "step" => sequences::step,
        "tree_each" => sequences::tree_each,
        "size" | "length" => collections::size,
        "empty" => collections::empty,
        "keys" => collections::keys,
        "values" => collections::values,
        "flatten" => collections::flatten,
        "sort" => collections::sort,
        "unique" => collections::unique,
        "dig" => collections::dig,
        "get" => collections::get,
        "getvar" => collections::getvar,
        "compare" => collections::compare,
        "min" => collections::min,
        "max" => collections::max,
        "abs" => numbers::abs,
        "ceiling" => numbers::ceiling,
        "floor" => numbers::floor,
        "round" => numbers::round,
        "upcase" => strings::upcase,
        "downcase" => strings::downcase,
        "capitalize" => strings::capitalize,
        "camelcase" => strings::camelcase,
        "chomp" => strings::chomp,
        "chop" => strings::chop,
        "lstrip" => strings::lstrip,
        "rstrip" => strings::rstrip,
        "strip" => strings::strip,
        "split" => strings::split,
        "join" => strings::join,
        "match" => strings::match_,
        "regsubst" => strings::regsubst,
        "versioncmp" => strings::versioncmp,
        "shellquote" => strings::shellquote,
        "sprintf" => strings::sprintf,
        "md5" => strings::md5,
        "sha1" => strings::sha1,
        "sha256" => strings::sha256,
        "strftime" => time::strftime,
        "type" => types::type_of,
        "assert_type" => meta::assert_type,
        "new" => constructors::new,
        "convert_to" => meta::convert_to,
        "unwrap" => meta::unwrap,
        "annotate" => meta::annotate,
        "call" => meta::call,
        "defined" => meta::defined,
        "import" => meta::import,
        "inline_epp" => epp::inline_epp,
        "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" => lookup::lookup,
        "include" | "require" | "contain" => catalog::include,
        "realize" | "tag" | "tagged" | "create_resources" => catalog::resources,
        other if unavailable::NAMES.contains(&other) => unavailable::unavailable,
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

/// What `reverse_each`, `step` and `tree_each` give without a lambda: Puppet gives an Iterator;
/// until the Value enum has one, the iterated values as an array.
pub(crate) fn iterator_value(values: Vec<Value>) -> Value {
    Value::array(values)
}
