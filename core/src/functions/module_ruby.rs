//! Functions real modules implement in Ruby, which cannot run here: when the environment has the
//! module and its Ruby file (`lib/puppet/functions/<module>/<name>.rb`), ours stand in, written
//! from the module's documented behaviour, as stdlib's Ruby functions do. They live in the full
//! engine (they convert values as Ruby does, with the ERB interpreter's conversions); the light
//! engine hands the run over.

use alloc::format;
use alloc::vec::Vec;

#[cfg(feature = "erb")]
use crate::host::arity_message;
use crate::host::{CallSite, EvalResult, FunctionHost};
use crate::value::Value;

/// The module functions the engine has, by their full name.
const NAMES: &[&str] = &[
    "apache::bool2httpd",
    "inifile::create_ini_settings",
    "mysql::password",
];

/// Whether the engine stands in for module function `name`: it has it, and the environment has
/// the module with its Ruby file.
pub(super) fn stands_in_for(host: &mut dyn FunctionHost, name: &str) -> bool {
    NAMES.contains(&name) && host.module_has_ruby_function(name)
}

#[cfg(feature = "erb")]
pub(super) fn run(
    host: &mut dyn FunctionHost,
    name: &str,
    site: &CallSite,
    args: Vec<Value>,
) -> EvalResult<Value> {
    match name {
        "apache::bool2httpd" => bool2httpd(site, &args),
        "inifile::create_ini_settings" => create_ini_settings(host, site, args),
        "mysql::password" => mysql_password(site, &args),
        _ => Err(site.fail(format!("Unknown function '{name}'"))),
    }
}

#[cfg(not(feature = "erb"))]
pub(super) fn run(
    host: &mut dyn FunctionHost,
    name: &str,
    site: &CallSite,
    _: Vec<Value>,
) -> EvalResult<Value> {
    host.needs_full_engine("ruby");
    Err(crate::host::error(
        "NEEDS_FULL_ENGINE",
        format!("The function '{name}' is written in Ruby in its module: the playground's full engine has it"),
        site.span,
    ))
}

/// `apache::bool2httpd(value)`: `'Off'` for undef, false or a string containing "false" (any
/// case), `'On'` for true or a string containing "true", any other value as Ruby prints it.
#[cfg(feature = "erb")]
fn bool2httpd(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    let [value] = args else {
        return Err(site.fail(arity_message(
            "'apache::bool2httpd'",
            (1, Some(1)),
            args.len(),
        )));
    };
    let contains = |text: &str, word: &str| text.to_ascii_lowercase().contains(word);
    Ok(Value::string(match value {
        Value::Undef | Value::Boolean(false) => "Off",
        Value::String(text) if contains(text, "false") => "Off",
        Value::Boolean(true) => "On",
        Value::String(text) if contains(text, "true") => "On",
        other => {
            return Ok(Value::string(&crate::erb::value::to_s(
                &crate::erb::value::from_puppet(other),
            )))
        }
    }))
}

/// `mysql::password(password)`: MySQL's native password hash, `*` and the upper-case hex SHA-1 of
/// the SHA-1 of the password; `''` for `''`, and the text itself when it already ends a line with
/// such a hash (`/\*[A-F0-9]{40}$/`).
#[cfg(feature = "erb")]
fn mysql_password(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    use sha1::Digest;
    let [value] = args else {
        return Err(site.fail(arity_message("'mysql::password'", (1, Some(1)), args.len())));
    };
    let Value::String(text) = value else {
        return Err(site.fail(super::args::mismatch(
            "mysql::password",
            "password",
            "a String value",
            value,
        )));
    };
    if text.is_empty() {
        return Ok(value.clone());
    }
    let is_hash_at = |at: usize| {
        let rest = &text.as_bytes()[at..];
        rest.len() > 40
            && rest[1..41]
                .iter()
                .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(b))
            && (rest.len() == 41 || (rest[41] == b'\n'))
    };
    if text
        .char_indices()
        .any(|(at, c)| c == '*' && is_hash_at(at))
    {
        return Ok(value.clone());
    }
    let inner = sha1::Sha1::digest(text.as_bytes());
    let outer = sha1::Sha1::digest(inner);
    let hex: alloc::string::String = outer.iter().map(|b| format!("{b:02X}")).collect();
    Ok(Value::string(&format!("*{hex}")))
}

/// `inifile::create_ini_settings(settings, defaults = {})`: an `ini_setting` resource for each
/// setting of each section (`settings` is `{section => {setting => value or attributes}}`), titled
/// `"<path> [<section>] <setting>"`, declared through `create_resources` with `defaults`; the path
/// comes from `defaults` (or a top-level `path`).
#[cfg(feature = "erb")]
fn create_ini_settings(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: Vec<Value>,
) -> EvalResult<Value> {
    use crate::value::Hash;
    let name = "'inifile::create_ini_settings'";
    if args.is_empty() || args.len() > 2 {
        return Err(site.fail(arity_message(name, (1, Some(2)), args.len())));
    }
    let mut args = args.into_iter();
    let settings = match args.next() {
        Some(Value::Hash(hash)) => hash,
        Some(other) => {
            return Err(site.fail(super::args::mismatch(
                "inifile::create_ini_settings",
                "settings",
                "a Hash value",
                &other,
            )))
        }
        None => Hash::new(),
    };
    let defaults = match args.next() {
        None => Hash::new(),
        Some(Value::Hash(hash)) => hash,
        Some(other) => {
            return Err(site.fail(super::args::mismatch(
                "inifile::create_ini_settings",
                "defaults",
                "a Hash value",
                &other,
            )))
        }
    };
    let ruby_text = |value: &Value| match value {
        Value::String(text) => alloc::string::String::from(&**text),
        other => crate::erb::value::to_s(&crate::erb::value::from_puppet(other)),
    };
    let path_key = Value::string("path");
    let mut resources = Hash::new();
    for (section, entries) in settings.iter() {
        host.step(1, site.span)?;
        let Value::Hash(entries) = entries else {
            return Err(site.fail(format!(
                "create_ini_settings(): Section {} must contain a Hash",
                ruby_text(section)
            )));
        };
        let path = settings.get(&path_key).or_else(|| defaults.get(&path_key));
        let Some(path) = path.filter(|p| !matches!(p, Value::Undef)) else {
            return Err(site.fail(
                "create_ini_settings(): must pass the path parameter to the Ini_setting resource!",
            ));
        };
        for (setting, value) in entries.iter() {
            host.step(1, site.span)?;
            let title = format!(
                "{} [{}] {}",
                ruby_text(path),
                ruby_text(section),
                ruby_text(setting)
            );
            let mut attributes = Hash::new();
            attributes.insert(Value::string("ensure"), Value::string("present"));
            attributes.insert(Value::string("section"), section.clone());
            attributes.insert(Value::string("setting"), setting.clone());
            match value {
                Value::Hash(given) => {
                    for (k, v) in given.iter() {
                        attributes.insert(k.clone(), v.clone());
                    }
                }
                other => attributes.insert(Value::string("value"), other.clone()),
            }
            resources.insert(Value::string(&title), Value::Hash(attributes));
        }
    }
    let create = alloc::vec![
        Value::string("ini_setting"),
        Value::Hash(resources),
        Value::Hash(defaults),
    ];
    host.call_function(site, "create_resources", create, None)
}
