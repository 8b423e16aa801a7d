//! stdlib's functions on data and types: `is_a`, `type_of`, `to_json`, `to_json_pretty`, `parsejson`,
//! `parseyaml`, `parsepson`, `parsehocon`, and `os_version_gte` on the node's facts
//! (JSON and YAML read as Ruby reads them, by the engine's Hiera readers).

use alloc::format;
use alloc::string::String;

use super::{to_s, truthy};
use crate::functions::declare::{opt, req, Call, Def};
use crate::host::{CallSite, EvalResult, Walk};
use crate::text::TrimBy;
use crate::types::{infer, instance_of};
use crate::value::Value;

pub(super) fn is_a(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let matches = match (&args[0], &args[1]) {
        (value, Value::Type(ty)) => instance_of(ty, value),
        _ => false,
    };
    Ok(Value::Boolean(matches))
}

pub(super) fn type_of(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    Ok(Value::from_type(infer(&args[0])))
}

/// How Ruby's JSON generator lays text out: `to_json`'s compact form, or `pretty_generate`'s
/// (two-space indents, a space after colons, newlines), each part as its options give it.
struct Layout {
    indent: String,
    space: String,
    space_before: String,
    object_nl: String,
    array_nl: String,
    /// Ruby's `max_nesting` (100 unless the options say otherwise; `None`: no limit).
    max_nesting: Option<usize>,
}

impl Layout {
    fn compact() -> Layout {
        Layout {
            indent: String::new(),
            space: String::new(),
            space_before: String::new(),
            object_nl: String::new(),
            array_nl: String::new(),
            max_nesting: Some(100),
        }
    }

    /// A new line (when the layout has them) and the indent of `depth`.
    fn line(&self, out: &mut String, nl: &str, depth: usize) {
        out.push_str(nl);
        if !nl.is_empty() {
            for _ in 0..depth {
                out.push_str(&self.indent);
            }
        }
    }
}

/// Ruby's JSON of the value Puppet hands it (other objects as the JSON string of their `to_s`);
/// `Err` with Ruby's message for what JSON cannot hold.
fn json_into(out: &mut String, value: &Value, layout: &Layout, depth: usize) -> Result<(), String> {
    let nested = |depth: usize| match layout.max_nesting {
        Some(max) if depth > max => Err(format!("nesting of {depth} is too deep")),
        _ => Ok(()),
    };
    match value {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(n) => out.push_str(&format!("{n}")),
        Value::Float(f) if !f.is_finite() => {
            let name = match (f.is_nan(), *f > 0.0) {
                (true, _) => "NaN",
                (false, true) => "Infinity",
                (false, false) => "-Infinity",
            };
            return Err(format!("920: {name} not allowed in JSON"));
        }
        Value::Float(_) => out.push_str(&to_s(value)),
        Value::String(text) => crate::value::ruby_json_string(out, text),
        // Ruby's generator writes empty ones with its newlines too: `[\n\n  ]`, `{\n  }`.
        Value::Array(items) if items.is_empty() => {
            out.push('[');
            out.push_str(&layout.array_nl);
            layout.line(out, &layout.array_nl, depth);
            out.push(']');
        }
        Value::Array(items) => {
            nested(depth + 1)?;
            out.push('[');
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push(',');
                }
                layout.line(out, &layout.array_nl, depth + 1);
                json_into(out, item, layout, depth + 1)?;
            }
            layout.line(out, &layout.array_nl, depth);
            out.push(']');
        }
        Value::Hash(hash) if hash.is_empty() => {
            out.push('{');
            layout.line(out, &layout.object_nl, depth);
            out.push('}');
        }
        Value::Hash(hash) => {
            nested(depth + 1)?;
            out.push('{');
            for (at, (key, item)) in hash.iter().enumerate() {
                if at > 0 {
                    out.push(',');
                }
                layout.line(out, &layout.object_nl, depth + 1);
                crate::value::ruby_json_string(out, &to_s(key));
                out.push_str(&layout.space_before);
                out.push(':');
                out.push_str(&layout.space);
                json_into(out, item, layout, depth + 1)?;
            }
            layout.line(out, &layout.object_nl, depth);
            out.push('}');
        }
        Value::Default => crate::value::ruby_json_string(out, "default"),
        Value::Regexp(regexp) => crate::value::ruby_json_string(out, &regexp.ruby_to_s()),
        other => crate::value::ruby_json_string(out, &to_s(other)),
    }
    Ok(())
}

/// `JSON.generate(value)`: Ruby's compact JSON (`to_json`, `puppet lookup --render-as json`).
pub(crate) fn json_text(value: &Value) -> Result<String, String> {
    let mut out = String::new();
    json_into(&mut out, value, &Layout::compact(), 0)?;
    Ok(out)
}

pub(super) fn to_json(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let mut out = String::new();
    json_into(&mut out, &args[0], &Layout::compact(), 0).map_err(|message| site.fail(message))?;
    host.check_string(&out, site.span)?;
    Ok(Value::string(&out))
}

/// `to_json_pretty(data, skip_undef, opts)`: Ruby's `JSON.pretty_generate` and a final newline,
/// undef values of the top array or hash left out when asked.
pub(super) fn to_json_pretty(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let mut layout = Layout {
        indent: String::from("  "),
        space: String::from(" "),
        space_before: String::new(),
        object_nl: String::from("\n"),
        array_nl: String::from("\n"),
        max_nesting: Some(100),
    };
    if let Some(Value::Hash(opts)) = args.get(2) {
        for (key, value) in opts.iter() {
            let text = match value {
                Value::String(text) => String::from(&**text),
                _ => String::new(),
            };
            match (to_s(key).as_str(), value) {
                (_, Value::Undef) => {}
                ("indent", _) => layout.indent = text,
                ("space", _) => layout.space = text,
                ("space_before", _) => layout.space_before = text,
                ("object_nl", _) => layout.object_nl = text,
                ("array_nl", _) => layout.array_nl = text,
                ("max_nesting", Value::Integer(n)) => {
                    layout.max_nesting = usize::try_from(*n).ok().filter(|n| *n > 0)
                }
                _ => {}
            }
        }
    }
    let data = match (&args[0], args.get(1)) {
        (Value::Array(items), Some(Value::Boolean(true))) => Value::array(
            items
                .iter()
                .filter(|v| !matches!(v, Value::Undef))
                .cloned()
                .collect(),
        ),
        (Value::Hash(hash), Some(Value::Boolean(true))) => {
            let mut kept = crate::value::Hash::new();
            for (k, v) in hash.iter().filter(|(_, v)| !matches!(v, Value::Undef)) {
                kept.insert(k.clone(), v.clone());
            }
            Value::Hash(kept)
        }
        (data, _) => data.clone(),
    };
    let mut out = String::new();
    json_into(&mut out, &data, &layout, 0).map_err(|message| site.fail(message))?;
    out.push('\n');
    host.check_string(&out, site.span)?;
    Ok(Value::string(&out))
}

/// `os_version_gte(os, version)`: whether the node's `operatingsystem` fact is `os` and its
/// `operatingsystemmajrelease` at least `version` (Puppet's `versioncmp`).
pub(super) fn os_version_gte(Call(host, _, args, ..): Call) -> EvalResult<Value> {
    let facts = host.variable("facts").unwrap_or(Value::Undef);
    let fact = |name: &str| match &facts {
        Value::Hash(hash) => hash
            .get(&Value::string(name))
            .cloned()
            .unwrap_or(Value::Undef),
        _ => Value::Undef,
    };
    let same_os = fact("operatingsystem") == args[0];
    let newer = same_os
        && crate::functions::strings::version_compare(
            &to_s(&fact("operatingsystemmajrelease")),
            &to_s(&args[1]),
        ) != core::cmp::Ordering::Less;
    Ok(Value::Boolean(newer))
}

/// `parsejson` and `parseyaml`: the text's value, the default for a text that is null or false
/// (or fails, when a default is given), else the reader's error.
fn parse_with(
    site: &CallSite,
    args: &[Value],
    read: &dyn Fn(&str) -> Result<Value, String>,
) -> EvalResult<Value> {
    let Some(first) = args.first() else {
        return Err(site.fail("Wrong number of arguments. 1 or 2 arguments should be provided."));
    };
    let default = args.get(1).cloned().unwrap_or(Value::Undef);
    let parsed = match first {
        Value::String(text) => read(text),
        other => Err(super::no_implicit(other)),
    };
    match parsed {
        Ok(value) if truthy(&value) => Ok(value),
        Ok(_) => Ok(default),
        Err(_) if truthy(&default) => Ok(default),
        Err(message) => Err(site.fail(message)),
    }
}

pub(super) fn parsejson(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    parse_with(site, &args, &|text| crate::value::json::load(text))
}

pub(super) fn parseyaml(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    parse_with(site, &args, &yaml_data)
}

/// YAML text as data, or Psych's message.
#[cfg(feature = "yaml")]
fn yaml_data(text: &str) -> Result<Value, String> {
    match crate::hiera::yaml::load(text) {
        Ok(value) => Ok(value.unwrap_or(Value::Undef)),
        Err(error) => Err(error.psych_text("<unknown>")),
    }
}

/// A build without a YAML reader has no stdlib either (stdlib needs `yaml`): its declarations
/// keep only the names, so this never runs there.
#[cfg(not(feature = "yaml"))]
fn yaml_data(_: &str) -> Result<Value, String> {
    Err(String::from("this build of the engine reads no YAML"))
}

/// `stdlib::parsehocon(text, default)` (and stdlib 9's shim `parsehocon`): HOCON text as data,
/// as Ruby's hocon gem reads and resolves it; where the gem fails to parse or resolve it, the
/// default if one was given (even undef), else the gem's error. The reading's work is charged to
/// the evaluation's budget.
#[cfg(feature = "hocon")]
pub(super) fn parsehocon(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    use super::hocon::{read, Failure};
    let Value::String(text) = &args[0] else {
        return Err(site.fail(super::no_implicit(&args[0])));
    };
    let fuel_given = host.steps_left();
    let mut fuel = fuel_given;
    let read = read(text, &mut fuel);
    host.step(fuel_given - fuel, site.span)?;
    match (read, args.get(1)) {
        (Ok(value), _) => Ok(value),
        (Err(Failure::Parse(_)), Some(default)) => Ok(default.clone()),
        (Err(Failure::Parse(message) | Failure::Other(message)), _) => Err(site.fail(message)),
        (Err(Failure::Refused(why)), _) => Err(site.fail(format!(
            "The function '{}' cannot read this text in the playground: {why}",
            site.name
        ))),
        (Err(Failure::Spent), _) => {
            // More than the budget has left: the budget's own error.
            host.step(fuel_given.saturating_add(1), site.span)?;
            Err(site.fail("the evaluation's budget is spent"))
        }
    }
}

/// A build without the HOCON reader (the page's full engine, for its size: feature `hocon`) hands
/// the run over to the page's libraries engine once the arguments are checked.
#[cfg(not(feature = "hocon"))]
pub(super) fn parsehocon(Call(host, site, ..): Call) -> EvalResult<Value> {
    host.needs_full_engine(crate::functions::LIBRARIES);
    Err(site.fail("stdlib's HOCON reader is in the playground's libraries engine"))
}

/// `parsepson(text, default)`: PSON (Puppet's JSON) read as data; where it is not, the default
/// if one was given (even undef), else PSON's error.
pub(super) fn parsepson(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if super::node::follows_stdlib9(host, site)? {
        let message = "This method is deprecated. From Puppet 8, PSON is no longer natively supported. Please use JSON.parse().";
        // On Puppet 8 stdlib 9 parses nothing: undef, or the deprecation's error rescued
        // into the default when one is given.
        return match super::node::stdlib9_deprecation(host, site, "parsepson", message, true) {
            Ok(()) => Ok(Value::Undef),
            Err(_) if args.len() > 1 => Ok(args[1].clone()),
            Err(error) => Err(error),
        };
    }
    let Value::String(text) = &args[0] else {
        return Ok(Value::Undef);
    };
    let trimmed = text.trim_start_by(&|c| matches!(c, ' ' | '\t' | '\r' | '\n'));
    let parsed = if trimmed.starts_with(['{', '[']) {
        crate::value::json::load(text)
    } else {
        // PSON reads only an object or an array at the top.
        Err(format!("source '{trimmed}' not in PSON!"))
    };
    match (parsed, args.get(1)) {
        (Ok(value), _) => Ok(value),
        (Err(_), Some(default)) => Ok(default.clone()),
        (Err(message), None) => Err(site.fail(message)),
    }
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("is_a", is_a).takes(&[&[req("value", "Any"), req("type", "Type")]]).checked()
        .doc("Whether a value is an instance of a type"),
    Def::stdlib("type_of", type_of).takes(&[&[req("value", "Any")]]).shim_in_stdlib9().checked()
        .walks(Walk::Builds).doc("A value's detailed type (as type() gives it)"),
    Def::stdlib("to_json", to_json).takes(&[&[req("data", "Any")]]).shim_in_stdlib9().checked()
        .walks(Walk::Prints).doc("A value as compact JSON text"),
    Def::stdlib("parsejson", parsejson).doc("The value of a JSON text (or a default)"),
    Def::stdlib("parseyaml", parseyaml).doc("The value of a YAML text (or a default)"),
    Def::stdlib("to_json_pretty", to_json_pretty)
        .takes(&[&[
            req("data", "Variant[Hash, Array]"), opt("skip_undef", "Optional[Boolean]"),
            opt("opts", "Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => Optional[Integer[-1,default]]}]"),
        ]])
        .shim_in_stdlib9().checked().walks(Walk::Prints)
        .doc("A hash or array as indented JSON text"),
    Def::stdlib("os_version_gte", os_version_gte)
        .takes(&[&[req("os", "String[1]"), req("version", "String[1]")]]).shim_in_stdlib9()
        .checked()
        .doc("Whether the node runs this operating system at this major release or later"),
    Def::stdlib("parsepson", parsepson)
        .takes(&[&[req("pson_string", "String[1]"), opt("default", "Any")]]).checked()
        .doc("PSON text read as data, or the default where it is not PSON"),
    Def::stdlib("loadyaml", super::host_reads::load_file)
        .refused_after_checks("it reads a file or URL on the compiling host")
        .doc("A YAML file's data (from the compiling host)"),
    Def::stdlib("loadjson", super::host_reads::load_file)
        .refused_after_checks("it reads a file or URL on the compiling host")
        .doc("A JSON file's data (from the compiling host)"),
    Def::stdlib("parsehocon", parsehocon)
        .takes(&[&[req("hocon_string", "String"), opt("default", "Any")]]).shim_in_stdlib9().checked()
        .doc("HOCON text as data (or a default)"),
    Def::stdlib("stdlib::parsehocon", parsehocon)
        .takes(&[&[req("hocon_string", "String"), opt("default", "Any")]]).checked()
        .doc("HOCON text as data (or a default)"),
];
