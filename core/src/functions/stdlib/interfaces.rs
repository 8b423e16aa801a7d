//! stdlib's questions about the node's network interfaces, answered from its legacy facts:
//! `has_interface_with(name)` (`$interfaces`), `has_interface_with(kind, value)` (`$<kind>` or
//! `$<kind>_<interface>`), `has_ip_address(ip)` and `has_ip_network(network)`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::digging::autoload_warnings;
use crate::functions::declare::{Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost};
use crate::value::Value;

/// A variable as a 3.x function's `lookupvar` sees it (Ruby's nil for undef).
fn lookup(host: &dyn FunctionHost, name: &str) -> Option<Value> {
    host.variable(name).filter(|v| !matches!(v, Value::Undef))
}

fn interface_with(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
) -> EvalResult<Value> {
    let interfaces = match host.variable("interfaces") {
        None => return Err(site.fail("Undefined variable 'interfaces'; ")),
        Some(Value::Undef) => return Ok(Value::Boolean(false)),
        Some(Value::String(text)) => String::from(&*text),
        Some(other) => {
            return Err(site.fail(format!(
                "undefined method `split' for {}:{}",
                super::inspect(&other),
                super::class(&other)
            )))
        }
    };
    let names: Vec<&str> = interfaces.split(',').collect();
    let [kind, value] = args else {
        let wanted = super::to_s(&args[0]);
        return Ok(Value::Boolean(
            matches!(&args[0], Value::String(_)) && names.contains(&wanted.as_str()),
        ));
    };
    let kind = super::to_s(kind);
    if lookup(host, &kind).is_some_and(|fact| fact == *value) {
        return Ok(Value::Boolean(true));
    }
    for name in names {
        host.step(1, site.span)?;
        let fact = lookup(host, &format!("{kind}_{}", name.to_lowercase()));
        if fact.is_some_and(|fact| fact == *value) {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

pub(super) fn has_interface_with(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() || args.len() > 2 {
        return Err(site.fail(format!(
            "has_interface_with(): Wrong number of arguments given ({} for 1 or 2)",
            args.len()
        )));
    }
    interface_with(host, site, &args)
}

/// `has_ip_address` and `has_ip_network`: `has_interface_with('ipaddress'|'network', value)`.
pub(super) fn has_ip(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if args.len() != 1 {
        return Err(site.fail(format!(
            "{}(): Wrong number of arguments given ({} for 1)",
            site.name,
            args.len()
        )));
    }
    autoload_warnings(host, site, "has_interface_with");
    let kind = if site.name == "has_ip_address" {
        "ipaddress"
    } else {
        "network"
    };
    interface_with(host, site, &[Value::string(kind), args[0].clone()])
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("has_interface_with", has_interface_with).shim_in_stdlib9()
        .doc("Whether the node has an interface of that name, or one with that fact value"),
    Def::stdlib("has_ip_address", has_ip)
        .doc("Whether one of the node's interfaces has that IP address"),
    Def::stdlib("has_ip_network", has_ip)
        .doc("Whether one of the node's interfaces is on that network"),
];
