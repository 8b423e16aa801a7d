//! Built-in functions: the registry by name, one file per family of functions.

#[cfg(any(feature = "erb", feature = "stdlib"))]
pub(crate) mod api3x;
mod args;
mod binary;
mod catalog;
mod collections;
mod constructors;
mod control;
mod declared;
mod deferred;
mod env_files;
mod epp;
pub(crate) mod erb;
mod error_new;
pub(crate) mod format;
mod fqdn_rand;
mod iteration;
mod logging;
mod lookup;
pub(crate) mod meta;
mod module_ruby;
mod numbers;
mod sequences;
pub(crate) mod signature;
#[cfg(feature = "stdlib")]
pub(crate) mod stdlib;
pub(crate) mod stdlib_names;
pub(crate) mod strings;
mod time;
mod types;
mod unavailable;

use alloc::vec::Vec;

use crate::eval::calls::{arity_message, Builtin, CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::eval::limits::{charge_walk, Walk};
use crate::value::Value;

/// Call the built-in function `name`, or `None` when there is no such function.
pub(crate) fn call_builtin(
    ev: &mut Evaluator<'_>,
    name: &str,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> Option<EvalResult<Value>> {
    let Some(function) = lookup(name) else {
        if name.contains("::") && module_ruby::stands_in_for(ev, name) {
            return Some(module_ruby::run(ev, name, site, args));
        }
        return call_stdlib(ev, name, site, args, closure);
    };
    if let Some(walk) = walks_arguments(name) {
        for arg in &args {
            if let Err(stop) = charge_walk(ev, arg, walk, site.span) {
                return Some(Err(stop));
            }
        }
    }
    // Puppet's 3.x-API functions refuse iterators anywhere in their arguments.
    if matches!(
        name,
        "sprintf" | "md5" | "sha1" | "sha256" | "digest" | "shellquote" | "fail"
    ) && contains_iterator(&args)
    {
        return Some(Err(site.fail("Use of an Iterator is not supported here")));
    }
    if let Some(def) = declared::find(name) {
        return Some(signature::call(ev, def, site, args, closure));
    }
    Some(function(ev, site, args, closure))
}

/// The functions that visit all of their arguments (printing, inferring, flattening, comparing
/// or hashing them), and whether they build something as large: their walk is charged before
/// the call, so a value built by sharing cannot make one call run unbounded.
fn walks_arguments(name: &str) -> Option<Walk> {
    Some(match name {
        "flatten" | "type" | "new" | "convert_to" | "inline_epp" | "tree_each" => Walk::Builds,
        // Each string inside arrays and hashes, however deep, is changed in a copy.
        "upcase" | "downcase" | "capitalize" | "camelcase" | "chomp" | "chop" | "lstrip"
        | "rstrip" | "strip" => Walk::Builds,
        "sprintf" | "join" | "md5" | "sha1" | "sha256" | "digest" | "shellquote" | "fail"
        | "debug" | "info" | "notice" | "warning" | "err" | "alert" | "crit" | "emerg" => {
            Walk::Prints
        }
        "sort" | "unique" | "index" | "compare" | "min" | "max" | "group_by" => Walk::Reads,
        _ => return None,
    })
}

/// Whether an iterator is among `args` or inside their arrays and hashes (walked without
/// recursion, and at most this many values: shared parts could make the walk exponential).
pub(crate) fn contains_iterator(args: &[Value]) -> bool {
    const MAX_VISITS: usize = 100_000;
    let mut pending: Vec<&Value> = args.iter().collect();
    let mut visits = 0;
    while let Some(value) = pending.pop() {
        visits += 1;
        if visits > MAX_VISITS {
            break;
        }
        match value {
            Value::Iterator(_) => return true,
            Value::Array(items) => pending.extend(items.iter()),
            Value::Hash(entries) => {
                for (key, item) in entries.iter() {
                    pending.push(key);
                    pending.push(item);
                }
            }
            _ => {}
        }
    }
    false
}

/// Call the function `name` (a Puppet-defined one first, then a built-in) as `call` does.
pub(crate) fn call_named(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    name: &str,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let inner = CallSite {
        name,
        style: site.style,
        span: site.span,
    };
    if !ev.functions.contains_key(name) && (name.contains("::") || !is_builtin(name)) {
        ev.autoload_function(name, site.span)?;
    }
    if let Some(definition) = ev.functions.get(name).cloned() {
        return ev.call_user_function(&definition, &inner, args, closure);
    }
    match call_builtin(ev, name, &inner, args, closure) {
        Some(result) => result,
        None => Err(site.fail(alloc::format!("Unknown function '{name}'"))),
    }
}

#[cfg(feature = "ide")]
/// The declaration of built-in or stdlib function `name`, where it is declared as data (its
/// signatures and description, for the editor).
pub(crate) fn declaration(name: &str) -> Option<&'static signature::Def> {
    #[cfg(feature = "stdlib")]
    if let Some(def) = stdlib::find(name) {
        return Some(def);
    }
    declared::find(name)
}

/// Whether `name` is a built-in function.
pub(crate) fn is_builtin(name: &str) -> bool {
    lookup(name).is_some() || stdlib_names::is_stdlib(name)
}

/// Call stdlib's function `name`, or `None` when stdlib has none of that name.
#[cfg(feature = "stdlib")]
fn call_stdlib(
    ev: &mut Evaluator<'_>,
    name: &str,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> Option<EvalResult<Value>> {
    if let Some(why) = stdlib::refused(name) {
        return Some(Err(site.fail(alloc::format!(
            "The function '{name}' is not available in the playground: {why}"
        ))));
    }
    let def = stdlib::find(name)?;
    Some(stdlib::call(ev, def, site, args, closure))
}

/// Without the `stdlib` feature (the page's light engine) a call of stdlib's function hands the run
/// over to the full engine.
#[cfg(not(feature = "stdlib"))]
fn call_stdlib(
    ev: &mut Evaluator<'_>,
    name: &str,
    site: &CallSite,
    _: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> Option<EvalResult<Value>> {
    if !stdlib_names::is_stdlib(name) {
        return None;
    }
    // Noted on the evaluator too: the error may be wrapped (a defined type's body) on its way out.
    ev.needs_full_engine = Some("stdlib");
    Some(Err(stdlib_names::needs_stdlib(name, site.span)))
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
        // Puppet's digest_algorithm setting is sha256 by default.
        "digest" => strings::sha256,
        "strftime" => time::strftime,
        "fqdn_rand" => fqdn_rand::fqdn_rand,
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
        "epp" => env_files::epp,
        "template" => erb::template,
        "inline_template" => erb::inline_template,
        "file" => env_files::file,
        "binary_file" => env_files::binary_file,
        "find_file" => env_files::find_file,
        "find_template" => env_files::find_template,
        "module_directory" => env_files::module_directory,
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

/// What `reverse_each` and `step` give without a lambda: an Iterator over `values`, whose
/// element type Puppet infers from what was iterated over (`iterated`).
pub(crate) fn iterator_value(iterated: &Value, values: Vec<Value>) -> Value {
    use crate::types::Type;
    use crate::value::{ElementSource, IteratorValue};
    let source = match iterated {
        Value::Iterator(inner) => inner.source().clone(),
        Value::Array(items) => ElementSource::Values(items.clone()),
        Value::Hash(entries) => ElementSource::Entries(entries.clone()),
        Value::Integer(n) if *n > 0 => ElementSource::Type(Type::integer(Some(0), Some(n - 1))),
        Value::String(_) => ElementSource::Type(Type::String(crate::types::StringType {
            size: Some(crate::types::IntRange::exact(1)),
            value: None,
        })),
        Value::Type(ty) => ElementSource::Type(ty.resolved()),
        _ => ElementSource::Type(Type::Unit),
    };
    IteratorValue::value(values.into(), source)
}
