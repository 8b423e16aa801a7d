//! `Enum`, `Pattern`, `Regexp`, `Boolean`, `SemVer` and `URI` parameterized by what they match.

use alloc::vec::Vec;

use super::{
    arity_error, base_label, compile, must_be_types, specialization_error, valid_uri_parameters,
};
use crate::types::{EnumType, Type, TypeError};
use crate::value::{Hash, Regexp, SemVerRange, Uri, Value};

/// `Enum[...]`.
pub(super) fn enum_of(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    let mut keys = flat.to_vec();
    let mut case_insensitive = false;
    if let Some(Value::Boolean(flag)) = keys.last() {
        case_insensitive = *flag;
        keys.pop();
    }
    if keys.is_empty() {
        return Err(arity_error(&base_label(base), 1, None, 0));
    }
    let mut values = Vec::with_capacity(keys.len());
    for (index, key) in keys.iter().enumerate() {
        match key {
            Value::String(text) => values.push(text.clone()),
            other => return Err(specialization_error(base, index, other, "String")),
        }
    }
    Ok(Type::Enum(EnumType::new(values, case_insensitive)))
}

/// `Pattern[...]`.
pub(super) fn pattern(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.is_empty() {
        return Err(arity_error(&base_label(base), 1, None, 0));
    }
    let mut patterns: Vec<Regexp> = Vec::new();
    for (index, key) in flat.iter().enumerate() {
        match key {
            Value::String(source) => patterns.push(compile(source)?),
            Value::Regexp(regexp) => patterns.push(regexp.clone()),
            Value::Type(ty) => match &**ty {
                Type::Pattern(inner) => patterns.extend(inner.iter().cloned()),
                Type::Regexp(Some(regexp)) => patterns.push(regexp.clone()),
                Type::Regexp(None) => {}
                _ => {
                    return Err(specialization_error(
                        base,
                        index,
                        key,
                        "String or Regexp or Pattern-Type or Regexp-Type",
                    ))
                }
            },
            other => {
                return Err(specialization_error(
                    base,
                    index,
                    other,
                    "String or Regexp or Pattern-Type or Regexp-Type",
                ))
            }
        }
    }
    Ok(Type::Pattern(patterns.into()))
}

/// `Regexp[...]`.
pub(super) fn regexp(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.len() != 1 {
        let mut error = arity_error(&base_label(base), 1, Some(1), flat.len());
        error.argument = if flat.is_empty() { None } else { Some(1) };
        return Err(error);
    }
    match &flat[0] {
        Value::String(source) => Ok(Type::Regexp(Some(
            Regexp::new(source).map_err(|e| TypeError::invalid_regex(&e))?,
        ))),
        Value::Regexp(regexp) => Ok(Type::Regexp(Some(regexp.clone()))),
        other => Err(specialization_error(base, 0, other, "String or Regexp")),
    }
}

/// `Boolean[...]`.
pub(super) fn boolean(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.len() != 1 {
        return Err(arity_error(&base_label(base), 1, Some(1), flat.len()));
    }
    match &flat[0] {
        Value::Boolean(flag) => Ok(Type::Boolean(Some(*flag))),
        other => Err(specialization_error(
            base,
            0,
            other,
            "TrueClass or FalseClass",
        )),
    }
}

/// `SemVer[...]`.
pub(super) fn semver(base: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.is_empty() {
        return Err(arity_error(&base_label(base), 1, None, 0));
    }
    let mut ranges = Vec::with_capacity(flat.len());
    for (index, key) in flat.iter().enumerate() {
        match key {
            Value::String(text) => {
                ranges.push(SemVerRange::parse(text).map_err(|e| TypeError::in_access(e.message))?)
            }
            Value::SemVerRange(range) => ranges.push((**range).clone()),
            other => {
                return Err(specialization_error(
                    base,
                    index,
                    other,
                    "String or SemanticPuppet::VersionRange",
                ))
            }
        }
    }
    Ok(Type::SemVer(ranges.into()))
}

/// `Uri[...]`.
pub(super) fn uri(_: &Type, _: &[Value], flat: &[Value]) -> Result<Type, TypeError> {
    if flat.len() != 1 {
        return Err(arity_error("URI-Type", 1, Some(1), flat.len()));
    }
    match &flat[0] {
        Value::String(text) => {
            let uri = Uri::parse(text).ok_or_else(|| must_be_types("URI-Type", 0, &flat[0]))?;
            let parts: Hash = uri
                .parts()
                .into_iter()
                .map(|(name, part)| (Value::string(name), Value::string(&part)))
                .collect();
            Ok(Type::Uri(if parts.is_empty() { None } else { Some(parts) }))
        }
        Value::Uri(uri) => {
            let parts: Hash = uri
                .parts()
                .into_iter()
                .map(|(name, part)| (Value::string(name), Value::string(&part)))
                .collect();
            Ok(Type::Uri(Some(parts)))
        }
        Value::Hash(parameters) if valid_uri_parameters(parameters) => {
            Ok(Type::Uri(Some(parameters.clone())))
        }
        other => Err(must_be_types("URI-Type", 0, other)),
    }
}
