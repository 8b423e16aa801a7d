//! puppetlabs-stdlib 8.5.0's functions written in Ruby, in Rust: each family file declares its
//! functions (API, signature, walk cost, a line of description) beside their code. Written from
//! stdlib's documented behaviour and checked against real Puppet with the real module on the
//! modulepath (tests/conformance/stdlib/); messages are Puppet's own, word for word.

mod additions;
mod arrays;
mod catalog_refs;
mod clock;
mod crypt;
mod data;
mod digging;
mod encoding;
mod escapes;
mod hashes;
pub(crate) mod hashing;
#[cfg(feature = "hocon")]
mod hocon;
mod host_reads;
mod interfaces;
mod introspect;
pub(crate) mod ip;
mod legacy;
mod legacy_checks;
#[cfg(feature = "stdlib")]
pub(crate) mod module_files;
mod module_metadata;
mod namespaced;
mod node;
mod paths;
mod ranges;
mod resources;
mod selection;
mod serialize;
mod strings;
mod validators;
mod values;
mod yaml_emit;

use alloc::string::String;

use crate::functions::declare::Def;
use crate::host::{CallSite, EvalResult};
use crate::value::{Hash, Value};

/// stdlib's functions, by family.
pub(super) const FAMILIES: &[&[Def]] = &[
    values::DEFS,
    hashes::DEFS,
    arrays::DEFS,
    strings::DEFS,
    resources::DEFS,
    selection::DEFS,
    data::DEFS,
    ip::DEFS,
    node::DEFS,
    encoding::DEFS,
    escapes::DEFS,
    validators::DEFS,
    paths::DEFS,
    serialize::DEFS,
    hashing::DEFS,
    catalog_refs::DEFS,
    legacy::DEFS,
    legacy_checks::DEFS,
    ranges::DEFS,
    digging::DEFS,
    introspect::DEFS,
    clock::DEFS,
    crypt::DEFS,
    interfaces::DEFS,
    namespaced::DEFS,
    additions::DEFS,
];

/// stdlib 9's namespaced names of functions stdlib 8.5 has under their old name, whose
/// behaviour and messages stdlib 9.7 keeps (checked against OpenVox 8 with stdlib 9.7:
/// `core/tests/stdlib9_functions.rs`): `stdlib::x` calls `x`, and its messages name `stdlib::x`.
pub(crate) const NAMESPACED_ALIASES: &[&str] = &[
    "stdlib::batch_escape",
    "stdlib::powershell_escape",
    "stdlib::seeded_rand_string",
    "stdlib::shell_escape",
    "stdlib::to_json",
    "stdlib::to_json_pretty",
    "stdlib::to_python",
    "stdlib::to_ruby",
    "stdlib::to_toml",
    "stdlib::type_of",
];

/// The name `def` was called by, as a name of its own: its declared one, or stdlib 9's
/// namespaced one in [`NAMESPACED_ALIASES`].
#[cfg(feature = "stdlib")]
pub(crate) fn called_name(name: &str, def: &Def) -> &'static str {
    NAMESPACED_ALIASES
        .iter()
        .find(|alias| **alias == name)
        .copied()
        .unwrap_or(def.name)
}

#[cfg(feature = "stdlib")]
pub(crate) use data::json_text;

/// HOCON text as `parsehocon` reads it within `fuel` steps, or why it has none.
#[cfg(feature = "hocon")]
pub(crate) fn hocon_data(text: &str, mut fuel: u64) -> Result<Value, String> {
    use hocon::Failure;
    hocon::read(text, &mut fuel).map_err(|failure| match failure {
        Failure::Parse(message) | Failure::Other(message) | Failure::Refused(message) => message,
        Failure::Spent => String::from("the budget is spent"),
    })
}

/// `value.to_yaml` as Psych writes it, or `None` for what Psych writes as a tagged Ruby object.
pub(crate) fn yaml_text(value: &Value) -> Option<String> {
    yaml_emit::to_yaml(value, 2).ok()
}

/// Ruby's `inspect` of the value Puppet hands a Ruby function (for messages: a value nested
/// deeper than the native stack allows, or too large to print at once, is named by its class).
fn inspect(value: &Value) -> String {
    if too_large_to_show(value, 1000, 100_000) {
        return alloc::format!("#<{}>", class(value));
    }
    crate::value::ruby_inspect(value)
}

/// How many arguments a function was given, checked against how many it takes: the words of
/// its refusal follow (`counted(site, &args, 1..=1).or_usual("1")?`).
struct Count<'c, 'a> {
    site: &'c CallSite<'a>,
    given: usize,
    ok: bool,
}

fn counted<'c, 'a>(
    site: &'c CallSite<'a>,
    args: &[Value],
    counts: impl core::ops::RangeBounds<usize>,
) -> Count<'c, 'a> {
    Count {
        site,
        given: args.len(),
        ok: counts.contains(&args.len()),
    }
}

impl Count<'_, '_> {
    /// Fails in stdlib's usual words: `<name>(): Wrong number of arguments given (<n> for
    /// <expected>)`.
    fn or_usual(self, expected: &str) -> EvalResult<()> {
        match self.ok {
            true => Ok(()),
            false => Err(wrong_count(self.site, self.given, expected)),
        }
    }

    /// Fails in the function's own words (stdlib's vary), the number given for their `{}`.
    fn or_say(self, message: &str) -> EvalResult<()> {
        if self.ok {
            return Ok(());
        }
        Err(said(self.site, message, &alloc::format!("{}", self.given)))
    }
}

/// A failure in the function's own words, `filler` for their `{}`.
fn said(site: &CallSite, message: &str, filler: &str) -> crate::host::Unwind {
    let (before, after) = message.split_once("{}").unwrap_or((message, ""));
    site.fail(alloc::format!("{before}{filler}{after}"))
}

/// The argument as a hash, or a failure in the function's own words (the argument's class for
/// their `{}`).
fn hash_arg<'v>(site: &CallSite, value: &'v Value, message: &str) -> EvalResult<&'v Hash> {
    match value {
        Value::Hash(hash) => Ok(hash),
        other => Err(said(site, message, &class(other))),
    }
}

/// `<name>(): Wrong number of arguments given (<n> for <expected>)`, stdlib's usual words.
fn wrong_count(site: &CallSite, n: usize, expected: &str) -> crate::host::Unwind {
    site.fail(alloc::format!(
        "{}(): Wrong number of arguments given ({n} for {expected})",
        site.name
    ))
}

/// Ruby's `Kernel#Array`: nil is empty, an array itself, a hash its pairs, others one element.
fn ruby_array(value: &Value) -> alloc::vec::Vec<Value> {
    match value {
        Value::Undef => alloc::vec::Vec::new(),
        Value::Array(items) => items.as_slice().to_vec(),
        Value::Hash(hash) => hash
            .iter()
            .map(|(k, v)| Value::array(alloc::vec![k.clone(), v.clone()]))
            .collect(),
        other => alloc::vec![other.clone()],
    }
}

/// Whether arrays and hashes nest deeper than `max_depth` in `value`, or hold more than
/// `max_values` (shared parts counted each time), walked without recursion.
fn too_large_to_show(value: &Value, max_depth: usize, max_values: usize) -> bool {
    let mut pending = alloc::vec![(value, 0usize)];
    let mut visits = 0;
    while let Some((next, depth)) = pending.pop() {
        visits += 1;
        if depth > max_depth || visits > max_values {
            return true;
        }
        match next {
            Value::Array(items) => pending.extend(items.iter().map(|v| (v, depth + 1))),
            Value::Hash(hash) => pending.extend(
                hash.iter()
                    .flat_map(|(k, v)| [(k, depth + 1), (v, depth + 1)]),
            ),
            _ => {}
        }
    }
    false
}

/// Ruby's `to_s` of the value Puppet hands a Ruby function.
fn to_s(value: &Value) -> String {
    crate::value::ruby_to_s(value)
}

/// Ruby's class name of the value Puppet hands a Ruby function.
fn class(value: &Value) -> String {
    crate::types::ruby_class(value)
}

/// Ruby's `flatten` of `value` (nested arrays opened, without recursion: a value may nest
/// deeper than the native stack allows), with `compact` when `drop_nil`.
fn flattened(value: &Value, drop_nil: bool) -> alloc::vec::Vec<Value> {
    let mut out = alloc::vec::Vec::new();
    let mut pending = alloc::vec![value];
    while let Some(next) = pending.pop() {
        match next {
            Value::Array(items) => pending.extend(items.iter().rev()),
            Value::Undef if drop_nil => {}
            other => out.push(other.clone()),
        }
    }
    out
}

/// How Ruby's TypeErrors name a value's class (`nil`, `true` and `false` by name).
fn type_error_name(value: &Value) -> String {
    match value {
        Value::Undef => "nil".into(),
        Value::Boolean(b) => alloc::format!("{b}"),
        other => class(other),
    }
}

/// Ruby's TypeError when a value is not a String: `no implicit conversion of Integer into String`.
fn no_implicit(value: &Value) -> String {
    alloc::format!(
        "no implicit conversion of {} into String",
        type_error_name(value)
    )
}

/// Ruby's `==` between the values Puppet hands a Ruby function (strings by case, 1 == 1.0).
fn ruby_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(i), Value::Float(f)) | (Value::Float(f), Value::Integer(i)) => {
            *i as f64 == *f
        }
        _ => a == b,
    }
}

/// Ruby's truthiness: all but `nil` and `false`.
fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Boolean(false))
}
