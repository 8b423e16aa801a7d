//! stdlib's deprecated `is_*` and `validate_*` functions: each announces its deprecation through
//! `deprecation` (an error under strict = error, Puppet 8's default and the playground's), then
//! runs its 3.x check on the arguments as given.

use alloc::format;

use super::node::stdlib_deprecation;
use super::{class, inspect};
use crate::functions::declare::{rep, Call, Def, Dispatch};
use crate::host::{CallSite, EvalResult};
use crate::value::Value;

/// What a 3.x check does with the arguments once the deprecation let it run.
type Check = fn(&CallSite, &[Value]) -> EvalResult<Value>;

/// A deprecated `is_*` or `validate_*` function: the deprecation (what to use instead is its
/// declaration's), then its check.
fn legacy(Call(host, site, args, _, def): Call) -> EvalResult<Value> {
    let name = def.name;
    let instead = def.deprecated.unwrap_or_default();
    let message = if name.starts_with("is_") {
        format!("This method is deprecated, please use match expressions with {instead} instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions.")
    } else {
        format!("This method is deprecated, please use the stdlib validate_legacy function,\n                    with {instead}. There is further documentation for validate_legacy function in the README.")
    };
    // stdlib 8.5.0's is_ipv6_address announces itself under is_ipv4_address's key.
    let key = if name == "is_ipv6_address" {
        "is_ipv4_address"
    } else {
        name
    };
    stdlib_deprecation(host, site, key, &message)?;
    match check(name).or_else(|| super::legacy_checks::check(name)) {
        Some(check) => check(site, &args),
        None => Err(site.fail(format!(
            "The function '{name}' is not available in the playground: its check after the deprecation (strict is not error) is not implemented yet"
        ))),
    }
}

/// The check of a deprecated function this table has itself (`validate_legacy`'s previous
/// validation).
pub(super) fn check(name: &str) -> Option<Check> {
    Some(match name {
        "is_absolute_path" => super::paths::is_absolute_path,
        "is_array" => is_array,
        "is_bool" => is_bool,
        "validate_absolute_path" => super::paths::validate_absolute_path,
        "validate_array" => validate_each,
        "validate_bool" => validate_each,
        "validate_hash" => validate_each,
        "validate_string" => validate_each,
        _ => return None,
    })
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

/// The description every deprecated function shares.
const DEPRECATED: &str =
    "Deprecated: announces its deprecation (an error under strict = error), then checks its arguments";

/// A deprecated function: stdlib 9 removed it, and `instead` is the type stdlib names for it.
const fn deprecated(name: &'static str, instead: &'static str) -> Def {
    const ARGS: &[Dispatch] = &[&[rep("args", "Any")]];
    Def::stdlib(name, legacy)
        .takes(ARGS)
        .removed_in_stdlib9()
        .checked()
        .with_3x()
        .deprecated(instead)
        .doc(DEPRECATED)
}

/// The deprecated functions, with the type stdlib names instead of each.
pub(super) const DEFS: &[Def] = &[
    deprecated("is_absolute_path", "Stdlib::Compat::Absolute_Path"),
    deprecated("is_array", "Stdlib::Compat::Array"),
    deprecated("is_bool", "Stdlib::Compat::Bool"),
    deprecated("is_float", "Stdlib::Compat::Float"),
    deprecated("is_ip_address", "Stdlib::Compat::Ip_address"),
    deprecated("is_ipv4_address", "Stdlib::Compat::Ipv4"),
    deprecated("is_ipv6_address", "Stdlib::Compat::Ipv6"),
    deprecated("is_numeric", "Stdlib::Compat::Numeric"),
    deprecated("is_string", "Stdlib::Compat::String"),
    deprecated("validate_absolute_path", "Stdlib::Compat::Absolute_Path"),
    deprecated("validate_array", "Stdlib::Compat::Array"),
    deprecated("validate_bool", "Stdlib::Compat::Bool"),
    deprecated("validate_hash", "Stdlib::Compat::Hash"),
    deprecated("validate_integer", "Stdlib::Compat::Integer"),
    deprecated("validate_ip_address", "Stdlib::Compat::Ip_Address"),
    deprecated("validate_ipv4_address", "Stdlib::Compat::Ipv4_Address"),
    deprecated("validate_ipv6_address", "Stdlib::Compat::Ipv6_address"),
    deprecated("validate_numeric", "Stdlib::Compat::Numeric"),
    deprecated("validate_re", "Pattern[]"),
    deprecated("validate_slength", "String[]"),
    deprecated("validate_string", "Stdlib::Compat::String"),
];
