//! `new` and `Type(args)`: the constructors of every type that has one, and the check that the
//! result is an instance of the (possibly parameterized) type.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::args::{no_signature, short_type};
use super::declare::{optional_block, rep, req, Call, Def};
use super::numbers::{new_boolean, new_float, new_integer, new_numeric};
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
use crate::types::{describe_mismatch, instance_of, Type};
use crate::value::{Hash, Regexp, SemVer, SemVerRange, Uri, Value};

fn not_supported(site: &CallSite, ty: &Type) -> crate::host::Unwind {
    site.fail(format!(
        "Creation of new instance of type '{ty}' is not supported"
    ))
}

/// `new(Type, args...)`; `Type(args)` arrives here too.
pub(super) fn new(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    super::expect_args(site, &args, 1, None)?;
    let mut args = args.into_iter();
    let ty = match args.next() {
        Some(Value::Type(ty)) => (*ty).clone(),
        _ => return Err(site.fail("'new' parameter 'type' expects a Type value")),
    };
    let rest: Vec<Value> = args.collect();
    let result = construct(host, site, &ty, rest)?;
    match closure {
        Some(closure) => host.call_lambda(closure, alloc::vec![result], site),
        None => Ok(result),
    }
}

fn construct(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    ty: &Type,
    args: Vec<Value>,
) -> EvalResult<Value> {
    let resolved = ty.resolved();
    if args.len() == 1 && !matches!(resolved, Type::Init(..)) && instance_of(ty, &args[0]) {
        return Ok(args.into_iter().next().unwrap_or(Value::Undef));
    }
    let value = create(host, site, &resolved, args)?;
    if let Some(mismatch) = describe_mismatch(ty, &value) {
        return Err(site.fail(format!(
            "Converted value from {ty}.new() has wrong type, {mismatch}"
        )));
    }
    Ok(value)
}

fn one(site: &CallSite, args: &[Value], function: &str) -> EvalResult<Value> {
    match args {
        [value] => Ok(value.clone()),
        _ => Err(site.fail(format!(
            "'{function}' expects 1 argument, got {}",
            args.len()
        ))),
    }
}

fn create(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    ty: &Type,
    args: Vec<Value>,
) -> EvalResult<Value> {
    match ty {
        Type::Object(object) if object.name.as_deref() == Some("Error") => {
            super::error_new::new_error(site, &args)
        }
        Type::Integer(_) => new_integer(site, &args),
        Type::Float(_) => new_float(site, &args),
        Type::Numeric => {
            if args.len() > 1 && !matches!(args.get(1), Some(Value::Boolean(_))) {
                return Err(site.fail("The function 'new_numeric' was called with arguments it does not accept. It expects one of:\n  (Convertible from, Optional[Boolean] abs)"));
            }
            new_numeric(site, &args)
        }
        Type::Boolean(_) => new_boolean(site, &args),
        Type::String(_) => {
            super::expect_args(site, &args, 1, Some(2))?;
            super::format::convert(&args[0], args.get(1), host.limits().max_string_len)
                .map(|text| Value::string(&text))
                .map_err(|message| site.fail(message))
        }
        Type::Array(..) | Type::Tuple(_) => new_array(host, site, &args),
        Type::Hash(..) | Type::Struct(_) => new_hash(host, site, &args),
        Type::Optional(inner) => match (&args[..], inner) {
            ([Value::Undef], _) => Ok(Value::Undef),
            (_, Some(inner)) => construct(host, site, inner, args),
            (_, None) => Err(not_supported(site, ty)),
        },
        Type::NotUndef(Some(inner)) => construct(host, site, inner, args),
        Type::Type(_) => {
            let value = one(site, &args, "new_type")?;
            match value {
                Value::String(text) => Ok(Value::from_type(super::meta::parse_type(
                    host, site, &text,
                )?)),
                Value::Type(_) => Ok(value),
                other => Err(site.fail(super::args::mismatch(
                    "new_type",
                    "type_string",
                    "a String value",
                    &other,
                ))),
            }
        }
        Type::Regexp(_) => {
            super::expect_args(site, &args, 1, Some(2))?;
            match &args[0] {
                Value::String(text) => {
                    let source = if matches!(args.get(1), Some(Value::Boolean(true))) {
                        regex_escape(text)
                    } else {
                        text.to_string()
                    };
                    Regexp::new(&source)
                        .map(Value::Regexp)
                        .map_err(|e| site.fail(format!("{e}")))
                }
                Value::Regexp(_) => Ok(args[0].clone()),
                other => Err(site.fail(super::args::mismatch(
                    "new_float",
                    "pattern",
                    "a String value",
                    other,
                ))),
            }
        }
        Type::SemVer(_) => new_semver(site, &args),
        Type::SemVerRange => new_semver_range(site, &args),
        Type::Sensitive(_) => {
            let value = one(site, &args, "new_sensitive")?;
            Ok(match value {
                Value::Sensitive(_) => value,
                other => Value::Sensitive(Rc::new(other)),
            })
        }
        Type::Binary => super::binary::new_binary(site, &args),
        Type::Uri(_) => new_uri(site, &args),
        Type::Timespan(..) => super::time::new_timespan(site, &args),
        Type::Timestamp(..) => super::time::new_timestamp(site, &args, host.now()),
        Type::Init(inner, init_args) => {
            let Some(inner) = inner else {
                return Err(not_supported(site, ty));
            };
            let mut all: Vec<Value> = init_args.to_vec();
            all.extend(args);
            // `Init[T](x)`: with one array argument that does not fit, its elements are the arguments.
            if all.len() == 1 {
                if let Value::Array(items) = &all[0] {
                    if !instance_of(inner, &all[0])
                        && !matches!(
                            inner.resolved(),
                            Type::Array(..) | Type::Tuple(_) | Type::Hash(..) | Type::Struct(_)
                        )
                    {
                        let spread: Vec<Value> = items.as_slice().to_vec();
                        return construct(host, site, inner, spread);
                    }
                }
            }
            construct(host, site, inner, all)
        }
        Type::Collection(_) | Type::Iterable(_) => new_array(host, site, &args),
        Type::Deferred => super::deferred::new_deferred(site, &args),
        Type::Any | Type::Scalar | Type::Data | Type::RichData | Type::ScalarData | Type::Unit => {
            one(site, &args, "new_unit")
        }
        _ => Err(not_supported(site, ty)),
    }
}

fn regex_escape(text: &str) -> alloc::string::String {
    let mut out = alloc::string::String::new();
    for c in text.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            ' ' => out.push_str("\\ "),
            c => out.push(c),
        }
    }
    out
}

fn new_array(host: &mut dyn FunctionHost, site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    super::expect_args(site, args, 1, Some(2))?;
    let from = &args[0];
    match args.get(1) {
        Some(Value::Boolean(true)) => {
            return Ok(match from {
                Value::Array(_) => from.clone(),
                other => Value::array(alloc::vec![other.clone()]),
            })
        }
        None | Some(Value::Boolean(false)) => {}
        Some(_) => return Err(no_signature(site)),
    }
    Ok(match from {
        Value::Array(_) => from.clone(),
        Value::Iterator(iterator) => Value::Array(iterator.items().clone()),
        Value::Hash(hash) => Value::array(
            hash.iter()
                .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()]))
                .collect(),
        ),
        Value::Binary(bytes) => Value::array(
            bytes
                .bytes()
                .iter()
                .map(|b| Value::Integer(i64::from(*b)))
                .collect(),
        ),
        Value::Integer(_) | Value::String(_) | Value::Type(_) => {
            match super::iteration::iterable(host, site, from) {
                Ok(items) => Value::array(super::iteration::into_values(items)),
                Err(_) => {
                    return Err(site.fail(format!(
                        "'new_array' Value of type {} cannot be converted to Array",
                        short_type(from)
                    )))
                }
            }
        }
        other => {
            return Err(site.fail(format!(
                "'new_array' Value of type {} cannot be converted to Array",
                short_type(other)
            )))
        }
    })
}

fn new_hash(host: &mut dyn FunctionHost, site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    super::expect_args(site, args, 1, Some(2))?;
    let from = &args[0];
    let pairs = |items: &[Value]| -> Option<Vec<(Value, Value)>> {
        items
            .iter()
            .map(|item| match item {
                Value::Array(pair) if pair.len() == 2 => {
                    Some((pair.as_slice()[0].clone(), pair.as_slice()[1].clone()))
                }
                _ => None,
            })
            .collect()
    };
    let flat = |items: &[Value]| -> EvalResult<Value> {
        if !items.len().is_multiple_of(2) {
            return Err(site.fail("odd number of arguments for Hash"));
        }
        Ok(Value::Hash(
            items
                .chunks(2)
                .map(|pair| (pair[0].clone(), pair[1].clone()))
                .collect::<Hash>(),
        ))
    };
    match from {
        Value::Hash(_) => Ok(from.clone()),
        Value::Array(items) if items.is_empty() => Ok(Value::Hash(Hash::new())),
        Value::Array(items) => match pairs(items.as_slice()) {
            Some(pairs) => Ok(Value::Hash(pairs.into_iter().collect::<Hash>())),
            None => flat(items.as_slice()),
        },
        Value::Undef => Err(site.fail("Value of type Undef cannot be converted to Hash")),
        other => match super::iteration::iterable(host, site, other) {
            Ok(items) => flat(&super::iteration::into_values(items)),
            Err(_) => Err(site.fail(format!(
                "Value of type {} cannot be converted to Hash",
                short_type(other)
            ))),
        },
    }
}

fn qualifier_ok(text: &str) -> bool {
    !text.is_empty()
        && text.split('.').all(|part| {
            !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

fn new_semver(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let parse = |text: &str| SemVer::parse(text).map(|v| Value::SemVer(Rc::new(v))).ok();
    let from_parts = |major: &Value,
                      minor: &Value,
                      patch: &Value,
                      pre: Option<&Value>,
                      build: Option<&Value>|
     -> EvalResult<Value> {
        let number = |v: &Value| match v {
            Value::Integer(n) if *n >= 0 => Some(*n as u64),
            _ => None,
        };
        let (Some(major), Some(minor), Some(patch)) = (number(major), number(minor), number(patch))
        else {
            return Err(no_signature(site));
        };
        let mut text = format!("{major}.{minor}.{patch}");
        match pre {
            None | Some(Value::Undef) => {}
            Some(Value::String(pre)) if qualifier_ok(pre) => text.push_str(&format!("-{pre}")),
            Some(_) => return Err(no_signature(site)),
        }
        match build {
            None => {}
            Some(Value::String(build))
                if qualifier_ok(build) && !matches!(pre, Some(Value::Undef)) =>
            {
                text.push_str(&format!("+{build}"))
            }
            Some(_) => return Err(no_signature(site)),
        }
        parse(&text).ok_or_else(|| no_signature(site))
    };
    match args {
        [Value::String(text)] => parse(text).ok_or_else(|| {
            site.fail(format!(
                "'new_Version' The string '{text}' cannot be converted to a SemVer"
            ))
        }),
        [Value::Hash(hash)] => {
            let get = |k: &str| hash.get(&Value::string(k));
            match (get("major"), get("minor"), get("patch")) {
                (Some(major), Some(minor), Some(patch)) => {
                    from_parts(major, minor, patch, get("prerelease"), get("build"))
                }
                _ => Err(no_signature(site)),
            }
        }
        [major, minor, patch] => from_parts(major, minor, patch, None, None),
        [major, minor, patch, pre] => from_parts(major, minor, patch, Some(pre), None),
        [major, minor, patch, pre, build] => {
            from_parts(major, minor, patch, Some(pre), Some(build))
        }
        _ => Err(no_signature(site)),
    }
}

fn new_semver_range(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let parse = |text: &str| {
        SemVerRange::parse(text)
            .map(|r| Value::SemVerRange(Rc::new(r)))
            .ok()
    };
    let bounds = |min: &Value, max: Option<&Value>, exclude: bool| -> EvalResult<Value> {
        let version = |v: &Value| match v {
            Value::SemVer(v) => Some(Some(v.to_string())),
            Value::Default => Some(None),
            _ => None,
        };
        let Some(min) = version(min) else {
            return Err(no_signature(site));
        };
        let max = match max {
            None => None,
            Some(v) => match version(v) {
                Some(v) => v,
                None => return Err(no_signature(site)),
            },
        };
        let text = match (min, max) {
            (Some(min), Some(max)) => format!(">={min} {}{max}", if exclude { "<" } else { "<=" }),
            (Some(min), None) => format!(">={min}"),
            (None, Some(max)) => format!("{}{max}", if exclude { "<" } else { "<=" }),
            (None, None) => "*".to_string(),
        };
        parse(&text).ok_or_else(|| no_signature(site))
    };
    match args {
        [Value::String(text)] => {
            parse(text).ok_or_else(|| site.fail(format!("Unparsable version range: \"{text}\"")))
        }
        [Value::Hash(hash)] => {
            let get = |k: &str| hash.get(&Value::string(k));
            match get("min") {
                Some(min) => bounds(
                    min,
                    get("max"),
                    matches!(get("exclude_max"), Some(Value::Boolean(true))),
                ),
                None => Err(no_signature(site)),
            }
        }
        [min, max] => bounds(min, Some(max), false),
        [min, max, Value::Boolean(exclude)] => bounds(min, Some(max), *exclude),
        _ => Err(no_signature(site)),
    }
}

fn new_uri(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    match args {
        [Value::String(text)] if !text.is_empty() => match Uri::parse(text) {
            Some(uri) => Ok(Value::Uri(Rc::new(uri))),
            None => Err(site.fail(format!("bad URI(is not URI?): \"{text}\""))),
        },
        [Value::Hash(hash)] => {
            let get = |k: &str| hash.get(&Value::string(k)).and_then(Value::as_str).map(ToString::to_string);
            let mut text = alloc::string::String::new();
            if let Some(scheme) = get("scheme") {
                text.push_str(&scheme);
                text.push(':');
            }
            if let Some(opaque) = get("opaque") {
                text.push_str(&opaque);
            } else {
                let host = get("host");
                if host.is_some() {
                    text.push_str("//");
                }
                if let Some(userinfo) = get("userinfo") {
                    text.push_str(&userinfo);
                    text.push('@');
                }
                if let Some(host) = host {
                    text.push_str(&host);
                }
                if let Some(Value::Integer(port)) = hash.get(&Value::string("port")) {
                    text.push_str(&format!(":{port}"));
                }
                if let Some(path) = get("path") {
                    text.push_str(&path);
                }
                if let Some(query) = get("query") {
                    text.push('?');
                    text.push_str(&query);
                }
                if let Some(fragment) = get("fragment") {
                    text.push('#');
                    text.push_str(&fragment);
                }
            }
            match Uri::parse(&text) {
                Some(uri) => Ok(Value::Uri(Rc::new(uri))),
                None => Err(site.fail(format!("bad URI(is not URI?): \"{text}\""))),
            }
        }
        [_, _] => Err(site.fail("'new_error' expects 1 argument, got 2")),
        _ => Err(site.fail("The function 'new_error' was called with arguments it does not accept. It expects one of:\n  (String uri)")),
    }
}

/// `new`, declared.
pub(super) const DEFS: &[Def] = &[Def::puppet("new", new)
    .takes(&[&[
        req("type", "Type"),
        rep("args", "Any"),
        optional_block(1, 1),
    ]])
    .with_3x()
    .walks(Walk::Builds)
    .doc("A new value of the type from the arguments")];
