//! `lookup` and the `hiera` functions (`hiera_include` includes what it finds) over the playground's empty Hiera data: Puppet's
//! search log, then the default value (or the block's value), or Puppet's "did not find" error.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::args::{deprecation, no_signature};
use super::expect_args;
use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::{error, EvalResult};
use crate::eval::LogLevel;
use crate::types::describe_mismatch;
use crate::value::Value;

pub(super) fn lookup(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    let hiera = site.name.starts_with("hiera");
    let option = |hash: &Value, key: &str| match hash {
        Value::Hash(h) => h.get(&Value::string(key)).cloned(),
        _ => None,
    };
    // The name(s), the value type and the default value, as Puppet's signatures take them.
    let (name, value_type, default) = match args.as_slice() {
        _ if hiera => {
            expect_args(site, &args, 1, Some(3))?;
            if !matches!(args[0], Value::String(_)) {
                return Err(no_signature(site));
            }
            deprecation(ev, &format!("The function '{}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/7.23/deprecated_language.html", site.name));
            (args[0].clone(), None, args.get(1).cloned())
        }
        [options @ Value::Hash(_)] => match option(options, "name") {
            Some(name) => (
                name,
                option(options, "value_type"),
                option(options, "default_value"),
            ),
            None => return Err(no_signature(site)),
        },
        [name, options @ Value::Hash(_)] => (
            name.clone(),
            option(options, "value_type"),
            option(options, "default_value"),
        ),
        [name, rest @ ..] if rest.len() < 3 || (rest.len() == 3 && closure.is_none()) => {
            let with_default = rest.len() == 3;
            let typed = |v: Option<&Value>| match v {
                None | Some(Value::Type(_)) => true,
                Some(Value::Undef) => with_default,
                _ => false,
            };
            let merge = |v: Option<&Value>| match v {
                None | Some(Value::String(_) | Value::Hash(_)) => true,
                Some(Value::Undef) => with_default,
                _ => false,
            };
            if !typed(rest.first()) || !merge(rest.get(1)) {
                return Err(no_signature(site));
            }
            (name.clone(), rest.first().cloned(), rest.get(2).cloned())
        }
        _ => return Err(no_signature(site)),
    };
    let names: Vec<&str> = match &name {
        Value::String(s) => alloc::vec![&**s],
        Value::Array(items) => items
            .iter()
            .map_while(|item| match item {
                Value::String(s) => Some(&**s),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    if names.is_empty() || matches!(&name, Value::Array(items) if items.len() != names.len()) {
        return Err(no_signature(site));
    }
    let (value, what) = match (default, closure) {
        (Some(value), _) => (value, "Default value"),
        (None, Some(block)) => (
            ev.call_lambda(block, alloc::vec![name.clone()], site)?,
            "Value returned from default block",
        ),
        (None, None) => {
            log_search(ev, &names, site);
            let what = match names.as_slice() {
                [one] => format!("the name '{one}'"),
                _ => format!("any of the names [{}]", &quoted(&names)),
            };
            let message = format!("Function lookup() did not find a value for {what}");
            return Err(error("LOOKUP_NOT_FOUND", message, site.span));
        }
    };
    if let Some(Value::Type(ty)) = &value_type {
        if let Some(mismatch) = describe_mismatch(ty, &value) {
            return Err(site.fail(format!("{what} has wrong type, {mismatch}")));
        }
    }
    // Puppet logs the search once the lookup is over.
    log_search(ev, &names, site);
    match value {
        Value::Array(items) if items.is_empty() && site.name == "hiera_include" => Ok(Value::Undef),
        value if site.name == "hiera_include" => ev.include_classes(&[value], site),
        value => Ok(value),
    }
}

/// Puppet's debug log of a search that finds nothing: the global provider of the default Hiera
/// configuration, and no module for a qualified name; `lookup_options` are searched once.
fn log_search(ev: &mut Evaluator<'_>, names: &[&str], site: &CallSite) {
    let mut text = format!("Lookup of {}", quoted(names));
    let searched = ev.logs.iter().any(|e| e.message.starts_with("Lookup of '"));
    let first = names.first().copied().unwrap_or_default();
    let keys = (!searched).then_some(("lookup_options", first));
    for (key, name) in keys.into_iter().chain(names.iter().map(|&n| (n, n))) {
        text += &format!("\n  Searching for \"{key}\"\n    Global Data Provider (hiera configuration version 5)\n      No such key: \"{key}\"");
        if let Some((module, _)) = name.split_once("::") {
            let module = if module.is_empty() { name } else { module };
            text += &format!("\n    Module \"{module}\" not found");
        }
    }
    ev.log(LogLevel::Debug, text, site.span);
}

/// `'a', 'b'`: the names quoted and listed.
fn quoted(names: &[&str]) -> String {
    let mut text = String::new();
    for name in names {
        if !text.is_empty() {
            text += ", ";
        }
        text += "'";
        text += name;
        text += "'";
    }
    text
}
