//! `Deferred(name, args)` (`new_Deferred`) and `call($deferred)`, which makes the call now.

use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;

use crate::host::{arity_message, CallSite, EvalResult, FunctionHost};
use crate::value::{valid_deferred_name, Array, Deferred, Value};

fn no_signature(site: &CallSite) -> crate::host::Unwind {
    super::args::no_signature_of(site, "new_Deferred")
}

/// `Deferred('fn')`, `Deferred('fn', [args])` or `Deferred({name => 'fn', arguments => [args]})`.
pub(super) fn new_deferred(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    if args.is_empty() || args.len() > 2 {
        return Err(site.fail(arity_message("'new_Deferred'", (1, Some(2)), args.len())));
    }
    let (name, arguments) = match args {
        [Value::Hash(hash)] => {
            let known = hash
                .keys()
                .all(|key| matches!(key.as_str(), Some("name" | "arguments")));
            let name = hash.get(&Value::string("name"));
            let arguments = hash
                .get(&Value::string("arguments"))
                .unwrap_or(&Value::Undef);
            match name {
                Some(name) if known => (name, arguments),
                _ => return Err(no_signature(site)),
            }
        }
        [name] => (name, &Value::Undef),
        [name, arguments] => (name, arguments),
        _ => return Err(no_signature(site)),
    };
    let name = match name {
        Value::String(name) if valid_deferred_name(name) => name.clone(),
        _ => return Err(no_signature(site)),
    };
    let arguments = match arguments {
        Value::Undef => None,
        Value::Array(items) => Some(items.clone()),
        _ => return Err(no_signature(site)),
    };
    Ok(Value::Deferred(Rc::new(Deferred { name, arguments })))
}

/// Make the deferred call: arguments that are Deferred themselves are resolved first.
pub(super) fn call_deferred(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    deferred: &Deferred,
) -> EvalResult<Value> {
    resolve_and_call(host, site, deferred, 0)
}

fn resolve_and_call(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    deferred: &Deferred,
    level: usize,
) -> EvalResult<Value> {
    // Nested Deferred arguments are resolved recursively: as deep as function calls may go.
    let limit = host.limits().max_call_depth;
    if level >= limit {
        return Err(site.fail(format!("Deferred values nested deeper than {limit} levels")));
    }
    let mut args: Vec<Value> = Vec::new();
    for argument in deferred.arguments.iter().flat_map(Array::iter) {
        host.step(1, site.span)?;
        args.push(match argument {
            Value::Deferred(inner) => resolve_and_call(host, site, inner, level + 1)?,
            other => other.clone(),
        });
    }
    match deferred.name.strip_prefix('$') {
        Some(variable) => {
            let mut lookup = alloc::vec![Value::string(variable)];
            lookup.extend(args);
            host.call_function(site, "getvar", lookup, None)
        }
        None => host.call_function(site, &deferred.name, args, None),
    }
}
