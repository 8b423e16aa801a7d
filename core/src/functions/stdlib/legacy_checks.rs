//! The checks of stdlib's deprecated 3.x `is_*` and `validate_*` functions (what runs after the
//! deprecation, and what `validate_legacy` runs as the "previous validation"), and
//! `validate_legacy` itself.

use alloc::format;
use alloc::vec::Vec;

use super::{class, counted, inspect, to_s};
use crate::functions::args::no_signature;
use crate::functions::declare::{rep, Call, Def};
use crate::functions::meta::parse_type;
use crate::host::{arity_message, CallSite, EvalResult, FunctionHost, LogLevel};
use crate::types::{describe_mismatch, instance_of};
use crate::value::Value;

type Check = fn(&CallSite, &[Value]) -> EvalResult<Value>;

/// The checks the engine has, by function name.
pub(super) fn check(name: &str) -> Option<Check> {
    let check: Check = match name {
        "is_float" => is_float,
        "is_numeric" => is_numeric,
        "is_string" => is_string,
        "is_ip_address" | "is_ipv4_address" | "is_ipv6_address" => is_ip,
        "validate_re" => validate_re,
        "validate_integer" => |site, args| validate_number(site, args, true),
        "validate_numeric" => |site, args| validate_number(site, args, false),
        "validate_slength" => validate_slength,
        "validate_ip_address" | "validate_ipv4_address" | "validate_ipv6_address" => validate_ip,
        _ => return None,
    };
    Some(check)
}

fn exactly_one<'a>(site: &CallSite, args: &'a [Value]) -> EvalResult<&'a Value> {
    match args {
        [one] => Ok(one),
        _ => Err(site.fail(format!(
            "{}(): Wrong number of arguments given {} for 1",
            site.name,
            args.len()
        ))),
    }
}

/// Ruby's `Float(text)`: a decimal number (with `_` between digits), nothing else.
fn ruby_float(text: &str) -> Option<f64> {
    crate::functions::numbers::ruby_float(text)
}

fn is_float(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    Ok(Value::Boolean(match exactly_one(site, args)? {
        Value::Float(_) => true,
        Value::String(text) => {
            crate::value::parse_f64(text).is_some_and(|f| crate::value::format_float(f) == **text)
        }
        _ => false,
    }))
}

/// stdlib's `-?(0|[1-9]\d*)(\.\d+)?([eE]-?\d+)?` on some line of the text.
fn numeric_text(line: &str) -> bool {
    let s = line.strip_prefix('-').unwrap_or(line);
    let int = s.bytes().take_while(u8::is_ascii_digit).count();
    if int == 0 || (int > 1 && s.starts_with('0')) {
        return false;
    }
    crate::functions::numbers::fraction_and_exponent(&s[int..])
}

fn is_numeric(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    Ok(Value::Boolean(match exactly_one(site, args)? {
        Value::Integer(_) | Value::Float(_) => true,
        Value::String(text) => text.split('\n').any(numeric_text),
        _ => false,
    }))
}

fn is_string(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let Some(value) = args.first() else {
        return Err(site.fail("is_string(): Wrong number of arguments given (0 for 1)"));
    };
    Ok(Value::Boolean(match value {
        Value::Undef => true,
        Value::String(text) => {
            let int = crate::functions::fqdn_rand::ruby_to_i(text).unwrap_or(0);
            let float = ruby_float(text).unwrap_or(0.0);
            !(format!("{int}") == **text || crate::value::format_float(float) == **text)
        }
        _ => false,
    }))
}

fn ip_family(value: &Value) -> Option<bool> {
    match value {
        Value::String(text) => super::ip::parse(text).map(|a| a.v6),
        _ => None,
    }
}

fn is_ip(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let family = ip_family(exactly_one(site, args)?);
    Ok(Value::Boolean(match site.name {
        "is_ipv4_address" => family == Some(false),
        "is_ipv6_address" => family == Some(true),
        _ => family.is_some(),
    }))
}

fn validate_ip(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail(format!(
            "{}(): wrong number of arguments (0; must be > 0)",
            site.name
        )));
    }
    let (wanted, what) = match site.name {
        "validate_ipv4_address" => (Some(false), "a valid IPv4 address"),
        "validate_ipv6_address" => (Some(true), "a valid IPv6 address"),
        _ => (None, "a valid IP address"),
    };
    for arg in args {
        if !matches!(arg, Value::String(_)) {
            return Err(site.fail(format!("{} is not a string.", inspect(arg))));
        }
        let family = ip_family(arg);
        let fits = match wanted {
            Some(v6) => family == Some(v6),
            None => family.is_some(),
        };
        if !fits {
            return Err(site.fail(format!("{} is not {what}.", inspect(arg))));
        }
    }
    Ok(Value::Undef)
}

fn validate_re(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    counted(site, args, 2..=3)
        .or_say("validate_re(): wrong number of arguments ({}; must be 2 or 3)")?;
    let Value::String(input) = &args[0] else {
        return Err(site.fail(format!(
            "validate_re(): input needs to be a String, not a {}",
            class(&args[0])
        )));
    };
    for pattern in super::flattened(&args[1], false) {
        let regexp = crate::functions::strings::compile(site, &to_s(&pattern))?;
        if regexp.is_match(input) {
            return Ok(Value::Undef);
        }
    }
    Err(site.fail(match args.get(2) {
        Some(message) => to_s(message),
        None => format!(
            "validate_re(): {} does not match {}",
            inspect(&args[0]),
            inspect(&args[1])
        ),
    }))
}

fn validate_slength(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    counted(site, args, 2..=3)
        .or_say("validate_slength(): Wrong number of arguments ({}; must be 2 or 3)")?;
    let integer = |v: &Value| match v {
        Value::Integer(i) => Some(*i),
        Value::Float(f) if f.is_finite() => Some(*f as i64),
        Value::String(t) => crate::functions::numbers::ruby_integer(t),
        _ => None,
    };
    let max = integer(&args[1]).filter(|m| *m > 0).ok_or_else(|| {
        site.fail(format!(
            "validate_slength(): Expected second argument to be a positive Numeric, got {}:{}",
            to_s(&args[1]),
            class(&args[1])
        ))
    })?;
    let min = match args.get(2) {
        None | Some(Value::Boolean(false)) => 0,
        Some(v) => integer(v).filter(|m| *m >= 0).ok_or_else(|| {
            site.fail(format!(
                "validate_slength(): Expected third argument to be unset or a positive Numeric, got {}:{}",
                to_s(v),
                class(v)
            ))
        })?,
    };
    if max < min {
        return Err(site.fail(
            "validate_slength(): Expected second argument to be equal to or larger than third argument",
        ));
    }
    let input = &args[0];
    let fits = |text: &str| {
        let n = text.chars().count() as i64;
        (min..=max).contains(&n)
    };
    let too_long = |text: &str| {
        site.fail(format!(
            "validate_slength(): Expected length of {} to be between {min} and {max}, was {}",
            inspect(input),
            text.chars().count()
        ))
    };
    match input {
        Value::String(text) if !fits(text) => Err(too_long(text)),
        Value::String(_) => Ok(Value::Undef),
        Value::Array(items) => {
            for (pos, item) in items.iter().enumerate() {
                let Value::String(text) = item else {
                    return Err(site.fail(format!(
                        "validate_slength(): Expected element at array position {pos} to be a String, got {}",
                        class(item)
                    )));
                };
                if !fits(text) {
                    return Err(site.fail(format!(
                        "validate_slength(): Expected length of {} to be between {min} and {max}, was {}",
                        inspect(input),
                        inspect(input).len()
                    )));
                }
            }
            Ok(Value::Undef)
        }
        other => Err(site.fail(format!(
            "validate_slength(): Expected first argument to be a String or Array, got {}",
            class(other)
        ))),
    }
}

/// `validate_integer` and `validate_numeric`: the value (or every element) a number of the
/// kind, within the bounds given.
fn validate_number(site: &CallSite, args: &[Value], integer: bool) -> EvalResult<Value> {
    let name = site.name;
    if args.is_empty() || args.len() > 3 {
        return Err(site.fail(format!(
            "{name}(): Wrong number of arguments; must be 1, 2 or 3, got {}",
            args.len()
        )));
    }
    let a_kind = if integer { "an Integer" } else { "a Numeric" };
    let read = |text: &str| -> Option<f64> {
        if integer {
            crate::functions::numbers::ruby_integer(text).map(|i| i as f64)
        } else {
            ruby_float(text)
        }
    };
    let max = match args.get(1) {
        None => None,
        Some(v) if args.len() > 2 && to_s(v).is_empty() => None,
        Some(v) => Some(read(&to_s(v)).ok_or_else(|| {
            site.fail(format!(
                "{name}(): Expected second argument to be unset or {a_kind}, got {}:{}",
                to_s(v),
                class(v)
            ))
        })?),
    };
    let min = match args.get(2) {
        None => None,
        Some(v) => Some(read(&to_s(v)).ok_or_else(|| {
            site.fail(format!(
                "{name}(): Expected third argument to be unset or {a_kind}, got {}:{}",
                to_s(v),
                class(v)
            ))
        })?),
    };
    let show = |f: f64| {
        if integer {
            format!("{}", f as i64)
        } else {
            crate::value::format_float(f)
        }
    };
    if let (Some(max), Some(min)) = (max, min) {
        if min > max {
            return Err(site.fail(format!(
                "{name}(): Expected second argument to be larger than third argument, got {} < {}",
                show(max),
                show(min)
            )));
        }
    }
    let input = &args[0];
    let bounds = |n: f64| -> EvalResult<()> {
        if let Some(max) = max.filter(|m| n > *m) {
            return Err(site.fail(format!(
                "{name}(): Expected {} to be smaller or equal to {}, got {}.",
                inspect(input),
                show(max),
                inspect(input)
            )));
        }
        if let Some(min) = min.filter(|m| n < *m) {
            return Err(site.fail(format!(
                "{name}(): Expected {} to be greater or equal to {}, got {}.",
                inspect(input),
                show(min),
                inspect(input)
            )));
        }
        Ok(())
    };
    match input {
        Value::Array(items) => {
            for (pos, item) in items.iter().enumerate() {
                let n = match item {
                    Value::Hash(_) => None,
                    other => read(&to_s(other)),
                };
                let Some(n) = n else {
                    return Err(site.fail(format!(
                        "{name}(): Expected element at array position {pos} to be {a_kind}, got {}",
                        class(item)
                    )));
                };
                bounds(n)?;
            }
        }
        Value::Hash(_) => {
            return Err(site.fail(format!(
                "validate_integer(): Expected first argument to be {a_kind} or Array, got Hash"
            )))
        }
        other => {
            let Some(n) = read(&to_s(other)) else {
                return Err(site.fail(format!(
                    "{name}(): Expected first argument to be {a_kind} or Array, got {}",
                    class(other)
                )));
            };
            bounds(n)?;
        }
    }
    Ok(Value::Undef)
}

/// `validate_legacy(type, 'validate_x', value, args...)`: the value against the type; where the
/// two disagree, the previous validation decides between a deprecation and a failure.
pub(super) fn validate_legacy(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if args.len() < 3 {
        // Puppet counts the scope it passes first.
        return Err(site.fail(arity_message(
            "'validate_legacy'",
            (4, None),
            args.len() + 1,
        )));
    }
    let target = match &args[0] {
        Value::Type(ty) => (**ty).clone(),
        Value::String(text) => parse_type(host, site, text)?,
        _ => return Err(no_signature(site)),
    };
    let Value::String(function) = &args[1] else {
        return Err(no_signature(site));
    };
    let value = &args[2];
    if super::node::follows_stdlib9(host, site)? {
        // stdlib 9 dropped the previous validation: a deprecation (strict), then the type.
        let message =
            "This method is deprecated, please use Puppet data types to validate parameters";
        super::node::stdlib9_deprecation(host, site, "validate_legacy", message, true)?;
        if instance_of(&target, value) {
            return Ok(Value::Undef);
        }
        let mismatch = describe_mismatch(&target, value).unwrap_or_default();
        return Err(site.fail(format!("validate_legacy({target}, ...) {mismatch}")));
    }
    let mut check_args: Vec<Value> = Vec::with_capacity(args.len() - 2);
    check_args.push(value.clone());
    check_args.extend(args[3..].iter().cloned());
    let Some(check) = check(function).or_else(|| super::legacy::check(function)) else {
        return Err(site.fail(format!(
            "The function 'validate_legacy' is not available in the playground: its previous validation '{function}' is not one of stdlib's is_* and validate_* functions it has"
        )));
    };
    let check_site = CallSite {
        name: function,
        ..site.clone()
    };
    ruby_errors(host, &check_site, &check_args)?;
    let previous_ok = check(&check_site, &check_args).is_ok();
    if instance_of(&target, value) {
        if previous_ok {
            return Ok(Value::Undef);
        }
        let text = format!("Accepting previously invalid value for target type '{target}'");
        host.log(LogLevel::Notice, text.clone(), site.span);
        return Ok(Value::string(&text));
    }
    let mismatch = describe_mismatch(&target, value).unwrap_or_default();
    let message = format!("validate_legacy({function}) {mismatch}");
    if previous_ok {
        super::node::stdlib_deprecation(host, site, "validate_legacy", &message)?;
        return Ok(Value::Undef);
    }
    Err(site.fail(message))
}

/// What a previous validation does besides passing or failing: Puppet's warnings about a path
/// that is not a string, and the Ruby errors (not `Puppet::ParseError`) that `validate_legacy`
/// lets through.
fn ruby_errors(host: &mut dyn FunctionHost, site: &CallSite, args: &[Value]) -> EvalResult<()> {
    let not_a_string = |host: &mut dyn FunctionHost, path: &Value| {
        // Puppet::Util.absolute_path? warns once for POSIX, once for Windows.
        let text = format!(
            "Cannot check if {} is an absolute path because it is a '{}' and not a String'",
            to_s(path),
            class(path)
        );
        host.log(LogLevel::Warning, text.clone(), site.span);
        host.log(LogLevel::Warning, text, site.span);
    };
    match site.name {
        "is_absolute_path" => {
            if args.len() != 1 {
                return Err(site.fail(format!(
                    "is_absolute_path(): Wrong number of arguments given ({} for 1)",
                    args.len()
                )));
            }
            if !matches!(args[0], Value::String(_)) {
                not_a_string(host, &args[0]);
            }
        }
        "validate_absolute_path" => {
            for arg in args {
                let candidates = match arg {
                    Value::Array(items) => items.as_slice().to_vec(),
                    other => alloc::vec![other.clone()],
                };
                for path in &candidates {
                    if !matches!(path, Value::String(_)) {
                        not_a_string(host, path);
                        return Ok(());
                    }
                    if !super::paths::is_absolute(path) {
                        return Ok(());
                    }
                }
            }
        }
        "validate_re" if (2..=3).contains(&args.len()) && matches!(args[0], Value::String(_)) => {
            let Value::String(input) = &args[0] else {
                return Ok(());
            };
            for pattern in super::flattened(&args[1], false) {
                let Value::String(source) = &pattern else {
                    return Err(site.fail(super::no_implicit(&pattern)));
                };
                let regexp = crate::functions::strings::compile(site, source)?;
                if regexp.is_match(input) {
                    break;
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// The functions of this family, declared.
pub(super) const DEFS: &[Def] = &[Def::stdlib("validate_legacy", validate_legacy)
    .takes(&[&[rep("args", "Any")]])
    .checked()
    .doc(
        "A value checked against a type, its old validate_* function deciding where they disagree",
    )];
