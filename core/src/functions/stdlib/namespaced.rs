//! stdlib 9's namespaced successors that are 4.x functions with typed dispatches where stdlib 8.5's
//! were 3.x functions checking their own arguments, and that read the structured facts where 8.5
//! read the legacy ones: `stdlib::fqdn_rand_string`, `stdlib::fqdn_rotate`,
//! `stdlib::has_interface_with`, `stdlib::os_version_gte`, `stdlib::seeded_rand`,
//! `stdlib::validate_domain_name`, `stdlib::validate_email_address`. Under stdlib 9 the old names
//! are shims that call these.

use alloc::format;

use super::node::{fqdn_rand_string, rotate, seeded_rand};
use crate::functions::declare::{opt, rep, req, Call, Def};
use crate::functions::strings::version_compare;
use crate::host::{EvalResult, FunctionHost, Walk};
use crate::value::Value;

/// `$facts` dug along `path` (undef where a step is missing).
fn fact_at(host: &dyn FunctionHost, path: &[&str]) -> Value {
    let mut current = host.variable("facts").unwrap_or(Value::Undef);
    for step in path {
        current = match &current {
            Value::Hash(hash) => hash
                .get(&Value::string(step))
                .cloned()
                .unwrap_or(Value::Undef),
            _ => return Value::Undef,
        };
    }
    current
}

/// 8.5's generator, once the dispatch has checked the arguments: an undef charset is the default.
fn fqdn_rand_string_9(Call(host, site, mut args, block, def): Call) -> EvalResult<Value> {
    if let Some(charset @ Value::Undef) = args.get_mut(1) {
        *charset = Value::string("");
    }
    fqdn_rand_string(Call(host, site, args, block, def))
}

/// The rotation of 8.5's `fqdn_rotate`, seeded from `$facts['networking']['fqdn']`.
fn fqdn_rotate_9(Call(host, _, args, ..): Call) -> EvalResult<Value> {
    let fqdn = fact_at(host, &["networking", "fqdn"]);
    Ok(rotate(&args[0], &args[1..], &fqdn))
}

/// Whether an interface of that name exists, or one whose `kind` binding has that value
/// (`ipaddress` reads `ip`, `macaddress` reads `mac`), in `$facts['networking']['interfaces']`.
fn has_interface_with_9(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    // Puppet's old autoloader counts the 3.x function of that name as loaded from then on (no
    // `autoloader#load` warning when `has_ip_address` asks for it later).
    host.load_3x("has_interface_with");
    let Value::Hash(interfaces) = fact_at(host, &["networking", "interfaces"]) else {
        return Ok(Value::Boolean(false));
    };
    let [kind, wanted] = args.as_slice() else {
        return Ok(Value::Boolean(interfaces.get(&args[0]).is_some()));
    };
    let kind = match kind {
        Value::String(kind) if &**kind == "ipaddress" => Value::string("ip"),
        Value::String(kind) if &**kind == "macaddress" => Value::string("mac"),
        other => other.clone(),
    };
    for (_, bindings) in interfaces.iter() {
        host.step(1, site.span)?;
        if let Value::Hash(bindings) = bindings {
            if bindings.get(&kind) == Some(wanted) {
                return Ok(Value::Boolean(true));
            }
        }
    }
    Ok(Value::Boolean(false))
}

/// Whether `$facts['os']['name']` is `os` and its major release at least `version`.
fn os_version_gte_9(Call(host, _, args, ..): Call) -> EvalResult<Value> {
    let same_os = fact_at(host, &["os", "name"]) == args[0];
    let newer = same_os
        && version_compare(
            &super::to_s(&fact_at(host, &["os", "release", "major"])),
            &super::to_s(&args[1]),
        )
        .is_ge();
    Ok(Value::Boolean(newer))
}

/// The validators' bodies: the dispatch checked each value; none at all is refused.
fn validate_names_9(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail(format!(
            "{}(): Wrong number of arguments need at least one",
            site.name
        )));
    }
    Ok(Value::Undef)
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("stdlib::fqdn_rand_string", fqdn_rand_string_9)
        .takes(&[&[
            req("length", "Integer[1]"), opt("charset", "Optional[String]"), rep("seed", "Any"),
        ]])
        .checked().walks(Walk::Prints).doc("A random string the node's fqdn decides"),
    Def::stdlib("stdlib::fqdn_rotate", fqdn_rotate_9)
        .takes(&[
            &[req("input", "String"), rep("seeds", "Variant[Integer,String]")],
            &[req("input", "Array"), rep("seeds", "Variant[Integer,String]")],
        ])
        .checked().walks(Walk::Prints)
        .doc("An array or string rotated by an amount the node's fqdn decides"),
    Def::stdlib("stdlib::has_interface_with", has_interface_with_9)
        .takes(&[
            &[req("interface", "String[1]")],
            &[
                req("kind", "Enum['macaddress','netmask','ipaddress','network','ip','mac']"),
                req("value", "String[1]"),
            ],
        ])
        .checked().doc("Whether the node has an interface of that name, or one with that binding"),
    Def::stdlib("stdlib::os_version_gte", os_version_gte_9)
        .takes(&[&[req("os", "String[1]"), req("version", "String[1]")]]).checked()
        .doc("Whether the node runs this operating system at this major release or later"),
    Def::stdlib("stdlib::seeded_rand", seeded_rand)
        .takes(&[&[req("max", "Integer[1]"), req("seed", "String")]]).checked()
        .doc("A number below the maximum that the seed decides"),
    Def::stdlib("stdlib::validate_domain_name", validate_names_9)
        .takes(&[&[rep("values", "Variant[Stdlib::Fqdn, Stdlib::Dns::Zone]")]]).checked()
        .doc("Fails unless every value is a domain name"),
    Def::stdlib("stdlib::validate_email_address", validate_names_9)
        .takes(&[&[rep("values", "Stdlib::Email")]]).checked()
        .doc("Fails unless every value is an email address"),
];
