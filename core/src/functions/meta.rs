//! Functions about values, types and other functions: `assert_type`, `convert_to`, `unwrap`,
//! `annotate`, `call`, `defined`, `import`, and parsing a type from a string.

use alloc::format;
use alloc::string::String;

use super::args::no_signature;
use super::declare::{opt, optional_any_block, optional_block, rep, req, Call, Def};
use super::expect_args;
use crate::host::{error, CallSite, EvalResult, FunctionHost, Unwind, Walk};
use crate::span::Span;
use crate::syntax::ast::{ExprKind, Program};
use crate::types::{infer, Type};
use crate::value::Value;

/// Parse a type from its string form (`'Integer[1,2]'`), as `Type.new` and `assert_type` do.
pub(crate) fn parse_type(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    text: &str,
) -> EvalResult<Type> {
    parse_type_failing(host, text, &|message| site.fail(message))
}

/// Parse a type from its string form; `fail` wraps an error as the caller reports it (a function
/// call, a chain arrow).
pub(crate) fn parse_type_failing(
    host: &mut dyn FunctionHost,
    text: &str,
    fail: &dyn Fn(String) -> Unwind,
) -> EvalResult<Type> {
    let (program, diagnostics): (Program, _) = crate::syntax::parse(text);
    let invalid = || {
        fail(format!(
            "The expression <{text}> is not a valid type specification."
        ))
    };
    if !diagnostics.is_empty() || program.body.len() != 1 {
        return Err(invalid());
    }
    let expr = &program.body[0];
    if !matches!(expr.kind, ExprKind::TypeRef(_) | ExprKind::Access(_)) {
        return Err(invalid());
    }
    match host.eval_type_text(expr) {
        Ok(Value::Type(ty)) => Ok((*ty).clone()),
        Ok(_) => Err(invalid()),
        Err(Unwind::Error(diagnostic)) => Err(fail(diagnostic.message.clone())),
        Err(other) => Err(other),
    }
}

pub(super) fn assert_type(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(2))?;
    let ty = match &args[0] {
        Value::Type(ty) => (**ty).clone(),
        Value::String(text) => parse_type(host, site, text)?,
        _ => return Err(no_signature(site)),
    };
    let value = &args[1];
    let Some(message) = crate::host::checked_mismatch(host, &ty, value, site.span)? else {
        return Ok(value.clone());
    };
    match closure {
        Some(closure) => {
            let closure = super::expect_block(site, Some(closure), 2, 2)?;
            let actual = infer(value);
            host.call_lambda(
                closure,
                alloc::vec![Value::from_type(ty), Value::from_type(actual)],
                site,
            )
        }
        None => Err(site.fail(format!("assert_type(): {message}"))),
    }
}

pub(super) fn convert_to(Call(host, site, args, closure, def): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, None)?;
    let mut args = args.into_iter();
    let value = args.next().unwrap_or(Value::Undef);
    let ty = args.next().unwrap_or(Value::Undef);
    if !matches!(ty, Value::Type(_)) {
        return Err(no_signature(site));
    }
    let mut new_args = alloc::vec![ty, value];
    new_args.extend(args);
    let result = super::constructors::new(Call(host, site, new_args, None, def))?;
    match closure {
        Some(closure) => host.call_lambda(closure, alloc::vec![result], site),
        None => Ok(result),
    }
}

pub(super) fn unwrap(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    let value = match &args[0] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match closure {
        Some(closure) => host.call_lambda(closure, alloc::vec![value], site),
        None => Ok(value),
    }
}

pub(super) fn annotate(Call(_, site, ..): Call) -> EvalResult<Value> {
    // Annotations are Object types, which the playground does not model yet: no signature fits.
    Err(no_signature(site))
}

pub(super) fn call(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, None)?;
    let mut args = args.into_iter();
    let name = match args.next() {
        Some(Value::String(name)) => name,
        Some(Value::Deferred(deferred)) if args.len() == 0 && closure.is_none() => {
            return super::deferred::call_deferred(host, site, &deferred)
        }
        _ => return Err(no_signature(site)),
    };
    host.call_function(site, &name, args.collect(), closure)
}

fn resource_type_known(host: &mut dyn FunctionHost, name: &str, span: Span) -> EvalResult<bool> {
    let lower = crate::qualified::trim_leading(name, "::").to_ascii_lowercase();
    // `node` is a word of the language, not a resource type the loader knows.
    if lower == "node" {
        return Ok(false);
    }
    Ok(host.resource_type_known(&lower, span)?
        || crate::types::is_builtin_resource_type(&lower)
        || (Type::from_name(&super::strings::capitalize_str(&lower)).is_none()
            && matches!(host.resolve_type_name(&lower), Some(Type::Resource(..)))))
}

/// Whether class `name` is defined, in the program or in the modules.
fn class_known(host: &mut dyn FunctionHost, name: &str, span: Span) -> EvalResult<bool> {
    host.class_known(name, span)
}

fn is_defined(host: &mut dyn FunctionHost, site: &CallSite, value: &Value) -> EvalResult<bool> {
    Ok(match value {
        Value::String(text) => {
            if let Some(name) = text.strip_prefix('$') {
                let name = crate::qualified::trim_leading(name, "::");
                match crate::host::numeric_variable(name) {
                    Some(index) => !host.match_variable(index).is_undef(),
                    None => host.variable(name).is_some(),
                }
            } else if text.is_empty() {
                false
            } else if &**text == "main" {
                true
            } else {
                resource_type_known(host, text, site.span)? || class_known(host, text, site.span)?
            }
        }
        Value::Type(ty) => match &**ty {
            Type::Resource(Some(type_name), None) => {
                resource_type_known(host, type_name, site.span)?
            }
            Type::Resource(Some(type_name), Some(title)) => {
                host.has_resource(&type_name.to_ascii_lowercase(), title)
            }
            Type::Resource(None, _) => {
                return Err(site.fail("The given resource type is a reference to all kind of types"))
            }
            Type::Class(Some(name)) => host.is_class_declared(name),
            Type::Class(None) => {
                return Err(site.fail("The given class type is a reference to all classes"))
            }
            Type::Type(Some(inner)) => match &**inner {
                Type::Resource(..) => is_defined(host, site, &Value::from_type((**inner).clone()))?,
                Type::Class(Some(name)) => class_known(host, name, site.span)?,
                _ => false,
            },
            _ => return Err(defined_mismatch(site, value)),
        },
        other => return Err(defined_mismatch(site, other)),
    })
}

fn defined_mismatch(site: &CallSite, value: &Value) -> crate::host::Unwind {
    site.fail(format!(
        "'defined' parameter 'vals' expects a value of type String, Type[CatalogEntry], or Type[Type[CatalogEntry]], got {}",
        super::args::short_type(value)
    ))
}

pub(super) fn defined(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, None)?;
    for value in &args {
        if is_defined(host, site, value)? {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

pub(super) fn import(Call(_, site, ..): Call) -> EvalResult<Value> {
    Err(error(
        "DISCONTINUED_IMPORT",
        "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation",
        site.span,
    ))
}

/// The functions about values, types and functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("annotate", annotate)
        .takes(&[
            &[
                req("type", "Type[Annotation]"), req("value", "Any"),
                opt("annotation_values", "Hash[Pattern[/\\A[a-z_]\\w*\\z/], Any]"),
            ],
            &[req("type", "Type[Annotation]"), req("value", "Any"), optional_block(0, 0)],
        ])
        .doc("Annotations on a value (not supported by the playground)"),
    Def::puppet("assert_type", assert_type)
        .takes(&[
            &[req("type", "Type"), req("value", "Any"), optional_block(2, 2)],
            &[req("type", "String"), req("value", "Any"), optional_block(2, 2)],
        ])
        .with_3x().doc("The value when it matches the type; else an error, or the block's answer"),
    Def::puppet("call", call)
        .takes(&[&[req("function", "String"), rep("args", "Any"), optional_any_block()]])
        .doc("Calls the function named by a string"),
    Def::puppet("convert_to", convert_to)
        .takes(&[&[
            req("value", "Any"), req("type", "Type"), rep("args", "Any"), optional_block(1, 1),
        ]])
        .walks(Walk::Builds).doc("The value converted to the type (as new does)"),
    Def::puppet("defined", defined).takes(&[&[rep("names", "Variant[String, Type, Resource]")]])
        .with_3x().reaches_scope().doc("Whether the classes, types, resources or variables exist"),
    Def::puppet("import", import).takes(&[&[rep("args", "Any")]])
        .doc("Discontinued: fails with Puppet's advice to use a manifest directory"),
    Def::puppet("unwrap", unwrap).takes(&[&[req("value", "Sensitive"), optional_block(1, 1)]])
        .doc("The value a Sensitive wraps"),
];
