//! Functions about values, types and other functions: `assert_type`, `convert_to`, `unwrap`,
//! `annotate`, `call`, `defined`, `import`, and parsing a type from a string.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::args::no_signature;
use super::expect_args;
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::syntax::ast::{ExprKind, Program};
use crate::types::{infer, Type};
use crate::value::Value;

/// Parse a type from its string form (`'Integer[1,2]'`), as `Type.new` and `assert_type` do.
pub(crate) fn parse_type(ev: &mut Evaluator<'_>, site: &CallSite, text: &str) -> EvalResult<Type> {
    parse_type_failing(ev, text, &|message| site.fail(message))
}

/// Parse a type from its string form; `fail` wraps an error as the caller reports it (a function
/// call, a chain arrow).
pub(crate) fn parse_type_failing(
    ev: &mut Evaluator<'_>,
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
    if !matches!(expr.kind, ExprKind::TypeRef(_) | ExprKind::Access { .. }) {
        return Err(invalid());
    }
    let saved = core::mem::replace(&mut ev.lenient_type_refs, true);
    let value = ev.unrecorded(|ev| ev.eval(expr));
    ev.lenient_type_refs = saved;
    ev.tree_freed();
    match value {
        Ok(Value::Type(ty)) => Ok((*ty).clone()),
        Ok(_) => Err(invalid()),
        Err(Unwind::Error(diagnostic)) => Err(fail(diagnostic.message.clone())),
        Err(other) => Err(other),
    }
}

pub(super) fn assert_type(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(2))?;
    let ty = match &args[0] {
        Value::Type(ty) => (**ty).clone(),
        Value::String(text) => parse_type(ev, site, text)?,
        _ => return Err(no_signature(site)),
    };
    let value = &args[1];
    let Some(message) = crate::eval::limits::checked_mismatch(ev, &ty, value, site.span)? else {
        return Ok(value.clone());
    };
    match closure {
        Some(closure) => {
            let closure = super::expect_block(site, Some(closure), 2, 2)?;
            let actual = infer(value);
            ev.call_lambda(
                closure,
                alloc::vec![Value::from_type(ty), Value::from_type(actual)],
                site,
            )
        }
        None => Err(site.fail(format!("assert_type(): {message}"))),
    }
}

pub(super) fn convert_to(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 2, None)?;
    let mut args = args.into_iter();
    let value = args.next().unwrap_or(Value::Undef);
    let ty = args.next().unwrap_or(Value::Undef);
    if !matches!(ty, Value::Type(_)) {
        return Err(no_signature(site));
    }
    let mut new_args = alloc::vec![ty, value];
    new_args.extend(args);
    let result = super::constructors::new(ev, site, new_args, None)?;
    match closure {
        Some(closure) => ev.call_lambda(closure, alloc::vec![result], site),
        None => Ok(result),
    }
}

pub(super) fn unwrap(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(1))?;
    let value = match &args[0] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match closure {
        Some(closure) => ev.call_lambda(closure, alloc::vec![value], site),
        None => Ok(value),
    }
}

pub(super) fn annotate(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    _: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    // Annotations are Object types, which the playground does not model yet: no signature fits.
    Err(no_signature(site))
}

pub(super) fn call(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, None)?;
    let mut args = args.into_iter();
    let name = match args.next() {
        Some(Value::String(name)) => name,
        Some(Value::Deferred(deferred)) if args.len() == 0 && closure.is_none() => {
            return super::deferred::call_deferred(ev, site, &deferred)
        }
        _ => return Err(no_signature(site)),
    };
    super::call_named(ev, site, &name, args.collect(), closure)
}

fn resource_type_known(ev: &mut Evaluator<'_>, name: &str, span: Span) -> EvalResult<bool> {
    let lower = name.trim_start_matches("::").to_ascii_lowercase();
    // `node` is a word of the language, not a resource type the loader knows.
    if lower == "node" {
        return Ok(false);
    }
    Ok(ev.resource_type_known(&lower, span)?
        || crate::types::is_builtin_resource_type(&lower)
        || (Type::from_name(&super::strings::capitalize_str(&lower)).is_none()
            && matches!(ev.resolve_type_name(&lower), Some(Type::Resource(..)))))
}

/// Whether class `name` is defined, in the program or in the modules.
fn class_known(ev: &mut Evaluator<'_>, name: &str, span: Span) -> EvalResult<bool> {
    ev.class_known(&crate::eval::catalog_name(name), span)
}

fn is_defined(ev: &mut Evaluator<'_>, site: &CallSite, value: &Value) -> EvalResult<bool> {
    Ok(match value {
        Value::String(text) => {
            if let Some(name) = text.strip_prefix('$') {
                let name = name.trim_start_matches("::");
                match crate::eval::evaluator::numeric_variable(name) {
                    Some(index) => !ev.scopes.match_variable(index).is_undef(),
                    None => {
                        ev.scopes.lookup(name).is_some()
                            || ev.catalog.class_variable(name).is_some()
                    }
                }
            } else if text.is_empty() {
                false
            } else if &**text == "main" {
                true
            } else {
                resource_type_known(ev, text, site.span)? || class_known(ev, text, site.span)?
            }
        }
        Value::Type(ty) => match &**ty {
            Type::Resource(Some(type_name), None) => resource_type_known(ev, type_name, site.span)?,
            Type::Resource(Some(type_name), Some(title)) => ev
                .catalog
                .has_resource(&type_name.to_ascii_lowercase(), title),
            Type::Resource(None, _) => {
                return Err(site.fail("The given resource type is a reference to all kind of types"))
            }
            Type::Class(Some(name)) => ev.catalog.is_class_declared(name),
            Type::Class(None) => {
                return Err(site.fail("The given class type is a reference to all classes"))
            }
            Type::Type(Some(inner)) => match &**inner {
                Type::Resource(..) => is_defined(ev, site, &Value::from_type((**inner).clone()))?,
                Type::Class(Some(name)) => class_known(ev, name, site.span)?,
                _ => false,
            },
            _ => return Err(defined_mismatch(site, value)),
        },
        other => return Err(defined_mismatch(site, other)),
    })
}

fn defined_mismatch(site: &CallSite, value: &Value) -> crate::eval::flow::Unwind {
    site.fail(format!(
        "'defined' parameter 'vals' expects a value of type String, Type[CatalogEntry], or Type[Type[CatalogEntry]], got {}",
        super::args::short_type(value)
    ))
}

pub(super) fn defined(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    expect_args(site, &args, 1, None)?;
    for value in &args {
        if is_defined(ev, site, value)? {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

pub(super) fn import(
    _: &mut Evaluator<'_>,
    site: &CallSite,
    _: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    Err(error(
        "DISCONTINUED_IMPORT",
        "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation",
        site.span,
    ))
}
