//! stdlib's functions that declare resources unless they exist: `ensure_resource`,
//! `ensure_resources`, `ensure_packages` (stdlib 8's and stdlib 9's `stdlib::ensure_packages`), and
//! the test they share, `defined_with_params`.

use alloc::format;
use alloc::string::String;

use super::{class, ruby_eq, to_s, truthy};
use crate::functions::declare::{opt, req, Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
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
fn declared_with(host: &dyn FunctionHost, kind: &str, title: &str, params: &Hash) -> bool {
    let reference = Type::resource(kind, Some(title));
    if !host.is_declared(&reference) {
        return false;
    }
    params.iter().all(|(key, wanted)| {
        let have = match host.resource_attribute(&reference, &to_s(key)) {
            Some(Ok(value)) => value,
            _ => Value::Undef,
        };
        let unset = |v: &Value| matches!(v, Value::Undef);
        (unset(&have) && unset(wanted)) || ruby_eq(&have, wanted)
    })
}

pub(super) fn defined_with_params(Call(host, site, args, ..): Call) -> EvalResult<Value> {
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
    Ok(Value::Boolean(declared_with(host, &kind, &title, &params)))
}

/// Declare `kind[title]` with `params` unless it is declared with them already.
fn ensure_one(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    kind: &str,
    title: &Value,
    params: &Hash,
) -> EvalResult<()> {
    let title_text = to_s(title);
    if declared_with(host, kind, &title_text, params) {
        return Ok(());
    }
    let mut one = Hash::new();
    one.insert(Value::string(&title_text), Value::Hash(params.clone()));
    let call = [Value::string(kind), Value::Hash(one)];
    match host.create_resources(&call, site.span)? {
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

pub(super) fn ensure_resource(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let (kind, titles, params) = type_and_params(site, &args)?;
    for item in &super::flattened(titles, false) {
        ensure_one(host, site, &kind, item, &params)?;
    }
    Ok(Value::Undef)
}

/// `ensure_resources(type, {title => params}, defaults)`: each title with the defaults under
/// its own parameters.
fn ensure_each(
    host: &mut dyn FunctionHost,
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
        ensure_one(host, site, kind, title, &params)?;
    }
    Ok(())
}

pub(super) fn ensure_resources(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let (kind, titles, defaults) = type_and_params(site, &args)?;
    let Value::Hash(titles) = titles else {
        return Err(site.fail("ensure_resources(): Requires second argument to be a Hash"));
    };
    ensure_each(host, site, &kind, titles, &defaults)?;
    Ok(Value::Undef)
}

pub(super) fn ensure_packages(Call(host, site, args, ..): Call) -> EvalResult<Value> {
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
        Value::Hash(packages) => ensure_each(host, site, "package", packages, &defaults)?,
        Value::Array(names) => {
            for name in names.iter().filter(|n| truthy(n)) {
                ensure_one(host, site, "package", name, &defaults)?;
            }
        }
        name => ensure_one(host, site, "package", name, &defaults)?,
    }
    Ok(Value::Undef)
}

/// `stdlib::ensure_packages(packages, default_attributes = {})` (stdlib 9): each package declared
/// as [`ensure_package`] does; a hash of packages gives each one its own attributes over the
/// defaults (Ruby's `merge`, which refuses what is not a hash).
pub(super) fn namespaced_ensure_packages(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let defaults = match args.get(1) {
        Some(Value::Hash(given)) => given.clone(),
        _ => Hash::new(),
    };
    match &args[0] {
        Value::Hash(packages) => {
            for (name, own) in packages.iter() {
                let Value::Hash(own) = own else {
                    // Ruby names nil, true and false by value, other objects by class.
                    let what = match own {
                        Value::Undef => String::from("nil"),
                        Value::Boolean(b) => alloc::string::ToString::to_string(b),
                        other => class(other),
                    };
                    return Err(site.fail(format!("no implicit conversion of {what} into Hash")));
                };
                let mut attributes = defaults.clone();
                for (k, v) in own.iter() {
                    attributes.insert(k.clone(), v.clone());
                }
                ensure_package(host, site, name, &attributes)?;
            }
        }
        Value::Array(names) => {
            for name in names.iter() {
                ensure_package(host, site, name, &defaults)?;
            }
        }
        name => ensure_package(host, site, name, &defaults)?,
    }
    Ok(Value::Undef)
}

/// One package of `stdlib::ensure_packages`: `ensure => installed` under the attributes given,
/// where an ensure of `present` or `installed` becomes `present` when the package is declared with
/// `ensure => present` already (so that call declares nothing new), else `installed`.
fn ensure_package(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    name: &Value,
    given: &Hash,
) -> EvalResult<()> {
    let ensure = Value::string("ensure");
    let mut attributes = Hash::new();
    attributes.insert(ensure.clone(), Value::string("installed"));
    for (k, v) in given.iter() {
        attributes.insert(k.clone(), v.clone());
    }
    let present = Value::string("present");
    let aliased = attributes
        .get(&ensure)
        .is_some_and(|v| ruby_eq(v, &present) || ruby_eq(v, &Value::string("installed")));
    if aliased {
        let mut wanted = Hash::new();
        wanted.insert(ensure.clone(), present.clone());
        let kept = match declared_with(host, "package", &to_s(name), &wanted) {
            true => present,
            false => Value::string("installed"),
        };
        attributes.insert(ensure, kept);
    }
    ensure_one(host, site, "package", name, &attributes)
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("ensure_packages", ensure_packages)
        .takes(&[&[
            req("packages", "Variant[String[1], Array[String[1]], Hash[String[1], Any]]"),
            opt("default_attributes", "Hash"),
        ]])
        .shim_in_stdlib9().checked().with_3x()
        .doc(
            "Packages declared (ensure => installed) unless declared with those attributes already",
        ),
    Def::stdlib("stdlib::ensure_packages", namespaced_ensure_packages)
        .takes(&[
            &[
                req("packages", "Variant[String[1], Array[String[1]]]"),
                opt("default_attributes", "Hash"),
            ],
            &[req("packages", "Hash[String[1], Any]"), opt("default_attributes", "Hash")],
        ])
        .checked()
        .doc(
            "Packages declared (ensure => installed, or present when declared so) unless declared with those attributes already",
        ),
    Def::stdlib("ensure_resource", ensure_resource).walks(Walk::Reads)
        .doc("Resources declared unless declared with those attributes already"),
    Def::stdlib("ensure_resources", ensure_resources).walks(Walk::Reads)
        .doc("ensure_resource for each title of a hash, with default attributes"),
    Def::stdlib("defined_with_params", defined_with_params).walks(Walk::Reads)
        .doc("Whether a resource is declared with the attributes given"),
];
