//! `lookup` in every signature and the `hiera`, `hiera_array`, `hiera_hash` and `hiera_include`
//! functions, over Hiera 5 (`crate::hiera`): each name in turn, the override and default values
//! hashes, the default value or block, the value type checked; Puppet's debug log of the search.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::args::{deprecation, no_signature};
use super::declare::{opt, optional_block, req, Call, Def};
use super::expect_args;
use crate::hiera::merge::Merge;
use crate::host::{error, CallSite, EvalResult, FunctionHost, LogLevel};
use crate::types::describe_mismatch;
use crate::value::{Hash, Value};

/// What a call asks for, whatever its signature.
struct Request {
    name: Value,
    value_type: Option<Value>,
    merge: Option<Value>,
    default: Option<Value>,
    override_values: Option<Hash>,
    default_values: Option<Hash>,
}

pub(super) fn lookup(Call(host, site, args, closure, ..): Call) -> EvalResult<Value> {
    let request = request(host, site, &args, closure.is_some())?;
    let names: Vec<String> = match &request.name {
        Value::String(s) => alloc::vec![String::from(&**s)],
        Value::Array(items) => items
            .iter()
            .map_while(|item| item.as_str().map(String::from))
            .collect(),
        _ => Vec::new(),
    };
    if matches!(&request.name, Value::Array(items) if items.len() != names.len())
        || (names.is_empty() && !matches!(request.name, Value::Array(_)))
    {
        return Err(no_signature(site));
    }
    // The legacy functions merge as their names say, whatever lookup_options say.
    let merge = match site.name {
        "hiera_array" | "hiera_include" => Some(Value::string("unique")),
        "hiera_hash" => Some(Value::string("hash")),
        "hiera" => Some(Value::string("first")),
        _ => request.merge.clone(),
    };
    if let Some(Err(message)) = merge.as_ref().map(Merge::parse) {
        return Err(site.fail(message));
    }
    let value_type = match &request.value_type {
        Some(Value::Type(ty)) => Some((**ty).clone()),
        _ => None,
    };
    let check = |what: &str, value: &Value| -> EvalResult<()> {
        if let Some(ty) = &value_type {
            if let Some(mismatch) = describe_mismatch(ty, value) {
                return Err(site.fail(format!("{what} has wrong type, {mismatch}")));
            }
        }
        Ok(())
    };
    // The explanation Puppet logs at debug level, shared by nested lookups.
    let outer = host.begin_explanation();
    let mut answer = None;
    let mut found_name = None;
    for name in &names {
        if let Some(value) = request
            .override_values
            .as_ref()
            .and_then(|o| o.get(&Value::string(name)))
        {
            check(
                &format!("Value found for key '{name}' in override hash"),
                value,
            )?;
            answer = Some(value.clone());
            found_name = Some(name);
            break;
        }
        let found = match host.hiera_search(name, merge.as_ref(), site.span) {
            Ok(found) => found,
            Err(e) => {
                if outer {
                    host.end_explanation("");
                }
                return Err(e);
            }
        };
        if let Some(value) = found {
            check("Found value", &value)?;
            answer = Some(value);
            found_name = Some(name);
            break;
        }
    }
    if let (None, Some(defaults)) = (&answer, &request.default_values) {
        for name in &names {
            if let Some(value) = defaults.get(&Value::string(name)) {
                let what = format!("Value found for key '{name}' in default values hash");
                check(&what, value)?;
                answer = Some(value.clone());
                found_name = Some(name);
                break;
            }
        }
    }
    // The page's Lookup pane lists the program's lookups (no explanation is kept for them).
    let key = found_name.or(names.first()).map_or("", String::as_str);
    host.record_lookup(site.name, key, site.span, answer.as_ref());
    let log = |host: &mut dyn FunctionHost| {
        if outer {
            let preamble = format!("Lookup of {}", quoted(&names));
            if let Some(explanation) = host.end_explanation(&preamble) {
                host.log(LogLevel::Debug, explanation, site.span);
            }
        }
    };
    let answer = match answer {
        Some(value) => value,
        None => match (closure, request.default) {
            (Some(block), _) => {
                let value = host.call_lambda(block, alloc::vec![request.name.clone()], site)?;
                check("Value returned from default block", &value)?;
                log(host);
                return finish(host, site, value);
            }
            (None, Some(default)) => {
                check("Default value", &default)?;
                default
            }
            (None, None) => {
                log(host);
                let what = match names.as_slice() {
                    [one] => format!("the name '{one}'"),
                    _ => format!("any of the names [{}]", quoted(&names)),
                };
                return Err(error(
                    "LOOKUP_NOT_FOUND",
                    format!("Function lookup() did not find a value for {what}"),
                    site.span,
                ));
            }
        },
    };
    log(host);
    finish(host, site, answer)
}

/// `hiera_include` includes the classes found; the others give the value.
fn finish(host: &mut dyn FunctionHost, site: &CallSite, value: Value) -> EvalResult<Value> {
    match value {
        Value::Array(items) if items.is_empty() && site.name == "hiera_include" => Ok(Value::Undef),
        value if site.name == "hiera_include" => host.include_classes(&[value], site),
        value => Ok(value),
    }
}

/// The name(s), value type, merge and default a call gives, as Puppet's signatures take them.
fn request(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    block: bool,
) -> EvalResult<Request> {
    let option = |hash: &Value, key: &str| match hash {
        Value::Hash(h) => h.get(&Value::string(key)).cloned(),
        _ => None,
    };
    let hash_option = |hash: &Value, key: &str| match option(hash, key) {
        Some(Value::Hash(h)) => Some(h),
        _ => None,
    };
    let from_options = |name: Value, options: &Value| Request {
        name,
        value_type: option(options, "value_type"),
        merge: option(options, "merge").filter(|m| !m.is_undef()),
        default: option(options, "default_value"),
        override_values: hash_option(options, "override"),
        default_values: hash_option(options, "default_values_hash"),
    };
    if site.name.starts_with("hiera") {
        expect_args(site, args, 1, Some(3))?;
        if !matches!(args[0], Value::String(_)) {
            return Err(no_signature(site));
        }
        deprecation(
            host,
            &format!(
                "The function '{}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/8.28/deprecated_language.html",
                site.name
            ),
        );
        return Ok(Request {
            name: args[0].clone(),
            value_type: None,
            merge: None,
            default: args.get(1).cloned(),
            override_values: None,
            default_values: None,
        });
    }
    expect_args(site, args, 1, Some(4))?;
    // The keys an options hash may have (`name` only when it is the only argument).
    let known = |options: &Value, name: bool| match options {
        Value::Hash(h) => h.keys().all(|k| {
            matches!(
                k.as_str(),
                Some("value_type" | "merge" | "default_value" | "default_values_hash" | "override")
            ) || (name && k.as_str() == Some("name"))
        }),
        _ => false,
    };
    Ok(match args {
        [options @ Value::Hash(_)] => match option(options, "name") {
            Some(name) if known(options, true) => from_options(name, options),
            _ => return Err(no_signature(site)),
        },
        [name, options @ Value::Hash(_)] if known(options, false) => {
            from_options(name.clone(), options)
        }
        [_, Value::Hash(_)] => return Err(no_signature(site)),
        [name, rest @ ..] if rest.len() < 3 || (rest.len() == 3 && !block) => {
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
            Request {
                name: name.clone(),
                value_type: rest.first().cloned(),
                merge: rest.get(1).cloned().filter(|m| !m.is_undef()),
                default: rest.get(2).cloned(),
                override_values: None,
                default_values: None,
            }
        }
        _ => return Err(no_signature(site)),
    })
}

/// `'a', 'b'`: the names quoted and listed.
fn quoted(names: &[String]) -> String {
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

/// The one dispatch of the deprecated `hiera_*` functions: a key, a default and an override.
const HIERA_DISPATCHES: &[crate::functions::declare::Dispatch] = &[&[
    req("key", "String"),
    opt("default", "Any"),
    opt("override", "Any"),
]];

/// `lookup` and the deprecated `hiera_*` functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("hiera", lookup).takes(HIERA_DISPATCHES).with_3x().deprecated("lookup")
        .doc("A Hiera value (deprecated: use lookup)"),
    Def::puppet("hiera_array", lookup).takes(HIERA_DISPATCHES).with_3x().deprecated("lookup")
        .doc("Every level's values merged in an array (deprecated: use lookup)"),
    Def::puppet("hiera_hash", lookup).takes(HIERA_DISPATCHES).with_3x().deprecated("lookup")
        .doc("Every level's hashes merged (deprecated: use lookup)"),
    Def::puppet("hiera_include", lookup).takes(HIERA_DISPATCHES).with_3x().deprecated("lookup")
        .doc("Includes the classes Hiera lists (deprecated: use lookup and include)"),
    Def::puppet("lookup", lookup)
        .takes(&[
            &[
                req("name", "Variant[String, Array[String]]"), opt("value_type", "Type"),
                opt("merge", "Variant[String, Hash]"), opt("default_value", "Any"),
            ],
            &[
                req("name", "Variant[String, Array[String]]"), opt("options", "Hash"),
                optional_block(1, 1),
            ],
        ])
        .with_3x().doc("A value from Hiera's data, with type, merge and default"),
];
