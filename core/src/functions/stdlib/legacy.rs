//! stdlib's deprecated `is_*` and `validate_*` functions: each announces its deprecation through
//! `deprecation` (an error under strict = error, Puppet 8's default and the playground's), then
//! runs its 3.x check on the arguments as given.

use alloc::format;
use alloc::vec::Vec;

use super::node::stdlib_deprecation;
use super::{class, inspect};
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// What a 3.x check does with the arguments once the deprecation let it run.
type Check = fn(&CallSite, &[Value]) -> EvalResult<Value>;

/// The deprecated functions: the type stdlib names instead, and the check (`None`: the engine
/// does not have that check yet, so it refuses where Puppet would run it).
const LEGACY: &[(&str, &str, Option<Check>)] = &[
    (
        "is_absolute_path",
        "Stdlib::Compat::Absolute_Path",
        Some(super::paths::is_absolute_path),
    ),
    ("is_array", "Stdlib::Compat::Array", Some(is_array)),
    ("is_bool", "Stdlib::Compat::Bool", Some(is_bool)),
    ("is_float", "Stdlib::Compat::Float", None),
    ("is_ip_address", "Stdlib::Compat::Ip_address", None),
    ("is_ipv4_address", "Stdlib::Compat::Ipv4", None),
    ("is_ipv6_address", "Stdlib::Compat::Ipv6", None),
    ("is_numeric", "Stdlib::Compat::Numeric", None),
    ("is_string", "Stdlib::Compat::String", None),
    (
        "validate_absolute_path",
        "Stdlib::Compat::Absolute_Path",
        Some(super::paths::validate_absolute_path),
    ),
    (
        "validate_array",
        "Stdlib::Compat::Array",
        Some(validate_each),
    ),
    ("validate_bool", "Stdlib::Compat::Bool", Some(validate_each)),
    ("validate_hash", "Stdlib::Compat::Hash", Some(validate_each)),
    ("validate_integer", "Stdlib::Compat::Integer", None),
    ("validate_ip_address", "Stdlib::Compat::Ip_Address", None),
    (
        "validate_ipv4_address",
        "Stdlib::Compat::Ipv4_Address",
        None,
    ),
    (
        "validate_ipv6_address",
        "Stdlib::Compat::Ipv6_address",
        None,
    ),
    ("validate_numeric", "Stdlib::Compat::Numeric", None),
    ("validate_re", "Pattern[]", None),
    ("validate_slength", "String[]", None),
    (
        "validate_string",
        "Stdlib::Compat::String",
        Some(validate_each),
    ),
];

/// The names of the deprecated functions, for the registry.
pub(super) fn names() -> impl Iterator<Item = &'static str> {
    LEGACY.iter().map(|(name, _, _)| *name)
}

pub(super) fn legacy(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let Some((name, instead, check)) = LEGACY.iter().find(|(n, _, _)| *n == site.name) else {
        return Ok(Value::Undef);
    };
    let message = if name.starts_with("is_") {
        format!("This method is deprecated, please use match expressions with {instead} instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions.")
    } else {
        format!("This method is deprecated, please use the stdlib validate_legacy function,\n                    with {instead}. There is further documentation for validate_legacy function in the README.")
    };
    // stdlib 8.5.0's is_ipv6_address announces itself under is_ipv4_address's key.
    let key = if *name == "is_ipv6_address" {
        "is_ipv4_address"
    } else {
        name
    };
    stdlib_deprecation(ev, site, key, &message)?;
    match check.or_else(|| super::legacy_checks::check(name)) {
        Some(check) => check(site, &args),
        None => Err(site.fail(format!(
            "The function '{name}' is not available in the playground: its check after the deprecation (strict is not error) is not implemented yet"
        ))),
    }
}

/// The check of a deprecated function this table has itself (`validate_legacy`'s previous
/// validation).
pub(super) fn check(name: &str) -> Option<Check> {
    LEGACY
        .iter()
        .find(|(n, _, _)| *n == name)
        .and_then(|(_, _, check)| *check)
}

/// `is_array(value)`, `is_bool(value)`: stdlib's 3.x count check, then the class test.
fn one_arg<'a>(site: &CallSite, args: &'a [Value], exact: bool) -> EvalResult<&'a Value> {
    match args {
        [one] => Ok(one),
        [one, ..] if !exact => Ok(one),
        _ => Err(site.fail(format!(
            "{}(): Wrong number of arguments given ({} for 1)",
            site.name,
            args.len()
        ))),
    }
}

fn is_array(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    Ok(Value::Boolean(matches!(
        one_arg(site, args, false)?,
        Value::Array(_)
    )))
}

fn is_bool(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    Ok(Value::Boolean(matches!(
        one_arg(site, args, true)?,
        Value::Boolean(_)
    )))
}

/// `validate_array`, `validate_bool`, `validate_hash`, `validate_string`: every argument of the
/// kind, or stdlib's message naming the first that is not.
fn validate_each(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail(format!(
            "{}(): wrong number of arguments (0; must be > 0)",
            site.name
        )));
    }
    let (fits, what): (fn(&Value) -> bool, &str) = match site.name {
        "validate_array" => (|v| matches!(v, Value::Array(_)), "an Array"),
        "validate_bool" => (|v| matches!(v, Value::Boolean(_)), "a boolean"),
        "validate_hash" => (|v| matches!(v, Value::Hash(_)), "a Hash"),
        _ => (|v| matches!(v, Value::String(_) | Value::Undef), "a string"),
    };
    match args.iter().find(|v| !fits(v)) {
        Some(bad) => Err(site.fail(format!(
            "{} is not {what}.  It looks to be a {}",
            inspect(bad),
            class(bad)
        ))),
        None => Ok(Value::Undef),
    }
}
