//! stdlib's functions that read a declared resource by its reference: `getparam(ref, name)` (a
//! parameter's value, `''` when unset) and `stdlib::str2resource('Type[title]')` (the reference,
//! if the resource is declared by then).

use alloc::format;
use alloc::string::String;

use super::resources::split_reference;
use crate::functions::declare::{req, Call, Def};
use crate::host::EvalResult;
use crate::types::Type;
use crate::value::Value;

/// The type and title a 3.x function reads from a reference (a resource type value or its text).
fn reference_parts(value: &Value) -> Option<(String, String)> {
    match value {
        Value::Type(ty) => match &**ty {
            Type::Resource(Some(kind), Some(title)) => {
                Some((String::from(&**kind), String::from(&**title)))
            }
            Type::Class(Some(class)) => Some((String::from("Class"), String::from(&**class))),
            _ => None,
        },
        Value::String(text) => split_reference(text),
        _ => None,
    }
}

pub(super) fn getparam(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let reference = match args.first() {
        None | Some(Value::Undef | Value::Boolean(false)) => {
            return Err(site.fail("Must specify a reference"))
        }
        Some(reference) => reference,
    };
    let Some(Value::String(param)) = args.get(1) else {
        return Err(site.fail("Must specify name of a parameter"));
    };
    if param.is_empty() {
        return Ok(Value::string(""));
    }
    let Some((kind, title)) = reference_parts(reference) else {
        return Ok(Value::string(""));
    };
    let reference = Type::resource(&kind, Some(&title));
    if !host.is_declared(&reference) {
        return Ok(Value::string(""));
    }
    Ok(match host.resource_attribute(&reference, param) {
        Some(Ok(Value::Undef)) | Some(Err(())) | None => Value::string(""),
        Some(Ok(value)) => value,
    })
}

pub(super) fn str2resource(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let Value::String(text) = &args[0] else {
        return Ok(Value::Undef);
    };
    // Puppet's `Resource.type_and_title`: `Type[title]`, the title as written (quotes kept).
    let parts = text
        .split_once('[')
        .and_then(|(kind, rest)| Some((kind, rest.strip_suffix(']')?)))
        .filter(|(kind, title)| !kind.is_empty() && !title.is_empty() && !kind.contains(']'));
    let Some((kind, title)) = parts else {
        return Err(site.fail(format!(
            "No title provided and \"{text}\" is not a valid resource reference"
        )));
    };
    let reference = Type::resource(kind, Some(title));
    if !host.is_declared(&reference) {
        let Type::Resource(Some(kind), _) = &reference else {
            return Ok(Value::Undef);
        };
        return Err(site.fail(format!(
            "stdlib::str2resource(): could not find {kind}[{title}], this is parse order dependent and values should not be quoted"
        )));
    }
    // Puppet hands back the catalog's resource itself, which prints as its reference.
    let Type::Resource(Some(kind), _) = &reference else {
        return Ok(Value::Undef);
    };
    let shown = format!("{kind}[{title}]");
    Ok(Value::Runtime(alloc::rc::Rc::new((
        "Puppet::Parser::Resource".into(),
        shown.as_str().into(),
    ))))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("stdlib::str2resource", str2resource).takes(&[&[req("res_string", "String")]])
        .checked().doc("The resource reference a 'Type[title]' string names, if declared by then"),
    Def::stdlib("getparam", getparam).doc("A declared resource's parameter, '' when it is not set"),
];
