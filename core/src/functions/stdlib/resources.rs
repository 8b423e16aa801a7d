//! stdlib's functions that declare resources unless they exist: `ensure_resource`,
//! `ensure_resources`, `ensure_packages`, and the test they share, `defined_with_params`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{class, ruby_eq, to_s, truthy};
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::types::Type;
use crate::value::{Hash, Value};

/// `Type[title]` read as Puppet's `Resource.type_and_title` reads a reference string.
pub(super) fn split_reference(text: &str) -> Option<(String, String)> {
    let (kind, rest) = text.split_once('[')?;
    let title = rest.strip_suffix(']')?;
    let title = title
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .or_else(|| title.strip_prefix('"').and_then(|t| t.strip_suffix('"')))
        .unwrap_or(title);
    Some((String::from(kind), String::from(title)))
}

/// Whether resource `kind[title]` is declared with every parameter of `params` as given (an
/// undef parameter matching one not set).
fn declared_with(ev: &Evaluator<'_>, kind: &str, title: &str, params: &Hash) -> bool {
    let reference = Type::resource(kind, Some(title));
    if !ev.catalog.is_declared(&reference) {
        return false;
    }
    params.iter().all(|(key, wanted)| {
        let have = match ev.catalog.attribute(&reference, &to_s(key)) {
            Some(Ok(value)) => value,
            _ => Value::Undef,
        };
        let unset = |v: &Value| matches!(v, Value::Undef);
        (unset(&have) && unset(wanted)) || ruby_eq(&have, wanted)
    })
}

pub(super) fn defined_with_params(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let Some(reference) = args.first() else {
        return Err(site.fail("Must specify a reference"));
    };
    let params = match args.get(1) {
        Some(Value::Hash(hash)) => hash.clone(),
        _ => Hash::new(),
    };
    let (kind, title) = match reference {
        Value::String(text) => match split_reference(text) {
            Some(parts) => parts,
            None => return Ok(Value::Boolean(false)),
        },
        Value::Type(ty) => match &**ty {
            Type::Resource(Some(kind), Some(title)) => {
                (String::from(&**kind), String::from(&**title))
            }
            _ => return Ok(Value::Boolean(false)),
        },
        other => return Err(site.fail(format!("Reference is not understood: '{}'", class(other)))),
    };
    Ok(Value::Boolean(declared_with(ev, &kind, &title, &params)))
}

/// Declare `kind[title]` with `params` unless it is declared with them already.
fn ensure_one(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    kind: &str,
    title: &Value,
    params: &Hash,
) -> EvalResult<()> {
    let title_text = to_s(title);
    if declared_with(ev, kind, &title_text, params) {
        return Ok(());
    }
    let mut one = Hash::new();
    one.insert(Value::string(&title_text), Value::Hash(params.clone()));
    let call = [Value::string(kind), Value::Hash(one)];
    match ev.create_resources(&call, site.span)? {
        message if message.is_empty() => Ok(()),
        message => Err(site.fail(message)),
    }
}

/// The type, titles and parameters of `ensure_resource`, or stdlib's refusal.
fn type_and_params<'a>(
    site: &CallSite,
    args: &'a [Value],
) -> EvalResult<(String, &'a Value, Hash)> {
    let Some(kind) = args.first() else {
        return Err(site.fail("Must specify a type"));
    };
    let Some(titles) = args.get(1) else {
        return Err(site.fail("Must specify a title"));
    };
    let params = match args.get(2) {
        Some(Value::Hash(hash)) => hash.clone(),
        _ => Hash::new(),
    };
    Ok((to_s(kind), titles, params))
}

pub(super) fn ensure_resource(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let (kind, titles, params) = type_and_params(site, &args)?;
    for item in &super::flattened(titles, false) {
        ensure_one(ev, site, &kind, item, &params)?;
    }
    Ok(Value::Undef)
}

/// `ensure_resources(type, {title => params}, defaults)`: each title with the defaults under
/// its own parameters.
fn ensure_each(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    kind: &str,
    titles: &Hash,
    defaults: &Hash,
) -> EvalResult<()> {
    for (title, own) in titles.iter() {
        let mut params = defaults.clone();
        if let Value::Hash(own) = own {
            for (k, v) in own.iter() {
                params.insert(k.clone(), v.clone());
            }
        }
        ensure_one(ev, site, kind, title, &params)?;
    }
    Ok(())
}

pub(super) fn ensure_resources(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let (kind, titles, defaults) = type_and_params(site, &args)?;
    let Value::Hash(titles) = titles else {
        return Err(site.fail("ensure_resources(): Requires second argument to be a Hash"));
    };
    ensure_each(ev, site, &kind, titles, &defaults)?;
    Ok(Value::Undef)
}

pub(super) fn ensure_packages(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let ensure = Value::string("ensure");
    let mut defaults = Hash::new();
    defaults.insert(ensure.clone(), Value::string("installed"));
    if let Some(Value::Hash(given)) = args.get(1) {
        for (k, v) in given.iter() {
            defaults.insert(k.clone(), v.clone());
        }
        if defaults
            .get(&ensure)
            .is_some_and(|v| ruby_eq(v, &Value::string("present")))
        {
            defaults.insert(ensure, Value::string("installed"));
        }
    }
    match &args[0] {
        Value::Hash(packages) => ensure_each(ev, site, "package", packages, &defaults)?,
        Value::Array(names) => {
            for name in names.iter().filter(|n| truthy(n)) {
                ensure_one(ev, site, "package", name, &defaults)?;
            }
        }
        name => ensure_one(ev, site, "package", name, &defaults)?,
    }
    Ok(Value::Undef)
}
