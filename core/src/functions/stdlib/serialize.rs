//! stdlib's functions that write data as the text of another language: `to_yaml` (Psych's YAML,
//! `yaml_emit.rs`), `to_toml` (stdlib's TOML dumper), `to_ruby` and `to_python` (literals).
//! Values that Ruby would write as tagged objects or rich data (types, Sensitive, times) are
//! refused with a diagnostic naming them.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::yaml_emit::{self, Refusal};
use crate::functions::declare::{opt, req, Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
use crate::value::ruby_inspect;
use crate::value::Value;

/// How deep arrays and hashes may nest in `to_ruby`, `to_python` and `to_toml` (the native stack).
const MAX_DEPTH: usize = 500;

/// Why a value nested deeper than that is not written.
const TOO_DEEP: &str = "the value nests deeper than the playground writes";

fn not_available(site: &CallSite, what: &str) -> crate::host::Unwind {
    site.fail(format!(
        "The function '{}' is not available in the playground: {what}",
        site.name
    ))
}

pub(super) fn to_yaml(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let mut indent = 2;
    if let Some(Value::Hash(options)) = args.get(1) {
        for (key, value) in options.iter() {
            match (super::to_s(key).as_str(), value) {
                ("indentation", Value::Integer(n)) => {
                    indent = if (2..=9).contains(n) { *n } else { 2 };
                }
                ("indentation" | "line_width" | "canonical" | "header" | "version", _) => {
                    return Err(not_available(
                        site,
                        "of Psych's options it has only 'indentation' (an Integer)",
                    ))
                }
                _ => {}
            }
        }
    }
    match yaml_emit::to_yaml(&args[0], indent) {
        Ok(text) => {
            host.check_string(&text, site.span)?;
            Ok(Value::string(&text))
        }
        Err(Refusal::RubyObject(what)) => Err(not_available(
            site,
            &format!("Psych writes {what} as a tagged Ruby object"),
        )),
        Err(Refusal::TooDeep) => Err(not_available(site, TOO_DEEP)),
    }
}

/// What `to_ruby` and `to_python` cannot write as plain data.
fn rich(value: &Value) -> Option<&'static str> {
    match value {
        Value::Undef
        | Value::Boolean(_)
        | Value::Integer(_)
        | Value::Float(_)
        | Value::String(_)
        | Value::Array(_)
        | Value::Hash(_) => None,
        Value::Default => Some("default"),
        Value::Type(_) => Some("a type"),
        Value::Sensitive(_) => Some("a Sensitive"),
        Value::Regexp(_) => Some("a Regexp"),
        _ => Some("a value of rich data"),
    }
}

/// `to_ruby`/`to_python` of one value (`python`: Python's words for true, false and nil).
fn literal(
    out: &mut String,
    value: &Value,
    python: bool,
    depth: usize,
) -> Result<(), &'static str> {
    if depth > MAX_DEPTH {
        return Err(TOO_DEEP);
    }
    if let Some(what) = rich(value) {
        return Err(what);
    }
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                literal(out, item, python, depth + 1)?;
            }
            out.push(']');
        }
        Value::Hash(hash) => {
            out.push('{');
            for (i, (k, v)) in hash.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if !matches!(k, Value::String(_)) {
                    return Err("a hash with keys that are not strings");
                }
                literal(out, k, python, depth + 1)?;
                out.push_str(if python { ": " } else { " => " });
                literal(out, v, python, depth + 1)?;
            }
            out.push('}');
        }
        Value::Boolean(true) if python => out.push_str("True"),
        Value::Boolean(false) if python => out.push_str("False"),
        Value::Undef if python => out.push_str("None"),
        other => out.push_str(&ruby_inspect(other)),
    }
    Ok(())
}

fn literal_fn(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    value: &Value,
    python: bool,
) -> EvalResult<Value> {
    let mut out = String::new();
    if let Err(what) = literal(&mut out, value, python, 0) {
        return Err(not_available(
            site,
            &format!(
                "Puppet writes {what} as rich data (its __ptype form), which it does not have"
            ),
        ));
    }
    host.check_string(&out, site.span)?;
    Ok(Value::string(&out))
}

pub(super) fn to_ruby(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    literal_fn(host, site, &args[0], false)
}

pub(super) fn to_python(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    literal_fn(host, site, &args[0], true)
}

/// stdlib's TOML dumper: a table's plain keys first, then its tables, then its arrays of
/// tables, each group in key order.
struct Toml {
    out: String,
}

fn bare_key(key: &str) -> bool {
    key.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn toml_key(key: &Value) -> String {
    let text = super::to_s(key);
    if bare_key(&text) {
        text
    } else {
        format!("\"{}\"", text.replace('"', "\\\""))
    }
}

/// Ruby's `inspect` of a value, with `\#` before `{`, `$` and `@` taken back out.
fn toml_value(value: &Value) -> Result<String, &'static str> {
    if let Some(what) = rich(value) {
        if !matches!(value, Value::Regexp(_)) {
            return Err(what);
        }
    }
    let text = match value {
        Value::Regexp(_) => ruby_inspect(&Value::string(&ruby_inspect(value))),
        _ => ruby_inspect(value),
    };
    if !matches!(value, Value::String(_)) {
        return Ok(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('#') => {
                    let mut ahead = chars.clone();
                    ahead.next();
                    if matches!(ahead.peek(), Some('$' | '@' | '{')) {
                        continue;
                    }
                }
                Some(_) => {
                    out.push(c);
                    out.extend(chars.next());
                    continue;
                }
                None => {}
            }
        }
        out.push(c);
    }
    Ok(out)
}

/// The keys of a hash in Ruby's `sort` order (all strings or all numbers; else Ruby's error).
fn sorted_keys(hash: &crate::value::Hash) -> Result<Vec<(Value, Value)>, &'static str> {
    let mut pairs: Vec<(Value, Value)> = hash.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let all_strings = pairs.iter().all(|(k, _)| matches!(k, Value::String(_)));
    let all_ints = pairs.iter().all(|(k, _)| matches!(k, Value::Integer(_)));
    if all_strings {
        crate::sort::sort_by(&mut pairs, &|(a, _), (b, _)| {
            super::to_s(a).as_bytes().cmp(super::to_s(b).as_bytes())
        });
    } else if all_ints {
        let key = |k: &Value| match k {
            Value::Integer(i) => *i,
            _ => 0,
        };
        crate::sort::sort_by(&mut pairs, &|(a, _), (b, _)| key(a).cmp(&key(b)));
    } else {
        return Err("a hash whose keys Ruby cannot sort together");
    }
    Ok(pairs)
}

type Groups = (
    Vec<(Value, Value)>,
    Vec<(Value, Value)>,
    Vec<(Value, Value)>,
);

fn groups(hash: &crate::value::Hash) -> Result<Groups, &'static str> {
    let (mut simple, mut nested, mut tables) = (Vec::new(), Vec::new(), Vec::new());
    for (key, value) in sorted_keys(hash)? {
        match &value {
            Value::Hash(_) => nested.push((key, value)),
            Value::Array(items) if matches!(items.as_slice().first(), Some(Value::Hash(_))) => {
                tables.push((key, value))
            }
            _ => simple.push((key, value)),
        }
    }
    Ok((simple, nested, tables))
}

impl Toml {
    fn prefix(&mut self, prefix: &[String], table_array: bool) {
        let joined = crate::text::join(prefix, ".");
        if table_array {
            self.out.push_str(&format!("[[{joined}]]\n"));
        } else {
            self.out.push_str(&format!("[{joined}]\n"));
        }
    }

    fn visit(
        &mut self,
        hash: &crate::value::Hash,
        prefix: &[String],
        depth: usize,
    ) -> Result<(), &'static str> {
        if depth > MAX_DEPTH {
            return Err(TOO_DEEP);
        }
        let (simple, nested, tables) = groups(hash)?;
        if !prefix.is_empty() && (!simple.is_empty() || hash.is_empty()) {
            self.prefix(prefix, false);
        }
        self.pairs(simple, nested, tables, prefix, depth)
    }

    fn pairs(
        &mut self,
        simple: Vec<(Value, Value)>,
        nested: Vec<(Value, Value)>,
        tables: Vec<(Value, Value)>,
        prefix: &[String],
        depth: usize,
    ) -> Result<(), &'static str> {
        for (key, value) in simple {
            let line = format!("{} = {}\n", toml_key(&key), toml_value(&value)?);
            self.out.push_str(&line);
        }
        for (key, value) in nested {
            let mut inner = prefix.to_vec();
            inner.push(toml_key(&key));
            if let Value::Hash(hash) = &value {
                self.visit(hash, &inner, depth + 1)?;
            }
        }
        for (key, value) in tables {
            let mut inner = prefix.to_vec();
            inner.push(toml_key(&key));
            let Value::Array(items) = &value else {
                continue;
            };
            for child in items.iter() {
                self.prefix(&inner, true);
                let Value::Hash(child) = child else {
                    // Ruby's `sort_pairs` of a non-hash raises NoMethodError.
                    return Err("an array of tables holding something else than hashes");
                };
                let (s, n, t) = groups(child)?;
                self.pairs(s, n, t, &inner, depth + 1)?;
            }
        }
        Ok(())
    }
}

pub(super) fn to_toml(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let Value::Hash(hash) = &args[0] else {
        return Ok(Value::Undef);
    };
    let mut toml = Toml { out: String::new() };
    if let Err(what) = toml.visit(hash, &[], 0) {
        return Err(not_available(
            site,
            &if what == TOO_DEEP {
                String::from(what)
            } else {
                format!("it does not write {what}")
            },
        ));
    }
    host.check_string(&toml.out, site.span)?;
    Ok(Value::string(&toml.out))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("to_yaml", to_yaml).takes(&[&[req("data", "Any"), opt("options", "Hash")]])
        .shim_in_stdlib9().checked().walks(Walk::Prints)
        .doc("A value as YAML text, as Ruby's Psych writes it"),
    // stdlib 9's name for it (its `to_yaml` then only warns and calls this one).
    Def::stdlib("stdlib::to_yaml", to_yaml).takes(&[&[req("data", "Any"), opt("options", "Hash")]])
        .checked().walks(Walk::Prints).doc("A value as YAML text, as Ruby's Psych writes it"),
    Def::stdlib("to_toml", to_toml).takes(&[&[req("data", "Hash")]]).shim_in_stdlib9().checked()
        .walks(Walk::Prints)
        .doc("A hash as TOML text (plain keys, then tables, then arrays of tables)"),
    Def::stdlib("to_ruby", to_ruby).takes(&[&[req("object", "Any")]]).shim_in_stdlib9().checked()
        .walks(Walk::Prints).doc("A value as a Ruby literal"),
    Def::stdlib("to_python", to_python).takes(&[&[req("object", "Any")]]).shim_in_stdlib9()
        .checked().walks(Walk::Prints).doc("A value as a Python literal"),
];
