//! Ruby values in a template, how Puppet's values become them (undef is nil) and back, and how
//! Ruby prints them (`to_s`, `inspect`) and compares them.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::Block;
use crate::text::TrimBy;
use crate::value::{format_float, write_ruby_string_inspect, Value};

/// A Ruby object of a template.
#[derive(Debug, Clone)]
pub(crate) enum RVal {
    Nil,
    Bool(bool),
    Int(i64),
    /// An Integer beyond 64 bits (never one that fits in `Int`).
    Big(Rc<super::bigint::Big>),
    Float(f64),
    Str(Rc<str>),
    Sym(Rc<str>),
    Array(super::shared::ArrayItems),
    /// Entries in insertion order (templates' hashes are small: looked up in order).
    Hash(super::shared::HashEntries),
    Range(i64, i64, bool),
    Regex(Rc<crate::value::Regexp>),
    /// A block turned into an object (`lambda { }`).
    Proc(Rc<Block>),
    /// The template's `scope`.
    Scope,
    /// A module or class named by a constant (`JSON`, `IPAddr`).
    Module(Rc<str>),
    /// A Puppet value Ruby has no class of its own for (a type, Sensitive, a timestamp).
    Puppet(Value),
    /// An exception or an `IPAddr`.
    Object(Rc<super::objects::RObject>),
}

impl RVal {
    pub fn str(text: &str) -> RVal {
        RVal::Str(Rc::from(text))
    }

    pub fn array(items: Vec<RVal>) -> RVal {
        RVal::Array(super::shared::ArrayItems::new(items))
    }

    pub fn hash(entries: Vec<(RVal, RVal)>) -> RVal {
        RVal::Hash(super::shared::HashEntries::new(entries))
    }

    pub fn truthy(&self) -> bool {
        !matches!(self, RVal::Nil | RVal::Bool(false))
    }

    /// The Ruby class's name, for messages and `class`.
    pub fn class_name(&self) -> &'static str {
        match self {
            RVal::Nil => "NilClass",
            RVal::Bool(true) => "TrueClass",
            RVal::Bool(false) => "FalseClass",
            RVal::Int(_) | RVal::Big(_) => "Integer",
            RVal::Float(_) => "Float",
            RVal::Str(_) => "String",
            RVal::Sym(_) => "Symbol",
            RVal::Array(_) => "Array",
            RVal::Hash(_) => "Hash",
            RVal::Range(..) => "Range",
            RVal::Regex(_) => "Regexp",
            RVal::Proc(_) => "Proc",
            RVal::Scope => "Puppet::Parser::Scope",
            RVal::Module(_) => "Module",
            RVal::Puppet(Value::Sensitive(_)) => SENSITIVE,
            RVal::Puppet(_) => "Object",
            RVal::Object(object) => object.class_name(),
        }
    }
}

/// The Ruby class of Puppet's Sensitive values.
pub(crate) const SENSITIVE: &str = "Puppet::Pops::Types::PSensitiveType::Sensitive";

/// A Puppet value as Puppet hands it to a template.
/// A Ruby object a template kept with `scope.setvar`: the Runtime value the Puppet variable holds,
/// and the object itself.
pub(crate) type KeptObject = (Rc<(Rc<str>, Rc<str>)>, RVal);

pub(crate) fn from_puppet(value: &Value) -> RVal {
    match value {
        Value::Undef => RVal::Nil,
        Value::Boolean(b) => RVal::Bool(*b),
        Value::Integer(n) => RVal::Int(*n),
        Value::Float(f) => RVal::Float(*f),
        Value::String(s) => RVal::Str(s.clone()),
        Value::Array(items) => RVal::array(items.iter().map(from_puppet).collect()),
        Value::Hash(entries) => RVal::hash(
            entries
                .iter()
                .map(|(k, v)| (from_puppet(k), from_puppet(v)))
                .collect(),
        ),
        Value::Default => RVal::Sym(Rc::from("default")),
        Value::Regexp(regexp) => RVal::Regex(Rc::new(regexp.clone())),
        other => RVal::Puppet(other.clone()),
    }
}

/// Why a Ruby value has no Puppet value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotPuppet {
    /// It has no Puppet counterpart (a range, a proc), or nests more than 100 levels deep.
    Unsupported,
    /// Its copy would hold more elements than allowed: arrays sharing their elements
    /// (`60.times { a = [a, a] }`) are copied once for each time they occur.
    TooLarge,
    /// It holds an Integer beyond 64 bits, which Puppet's Integer is not.
    Big,
}

/// Levels of arrays and hashes a Ruby value handed to Puppet may nest.
const MAX_NESTING: usize = 100;

/// A Ruby value as Puppet takes it back (a function's argument, a variable the template changed),
/// holding at most `max_elements` elements in all; with the elements it holds.
pub(crate) fn to_puppet(value: &RVal, max_elements: usize) -> Result<(Value, usize), NotPuppet> {
    let mut left = max_elements;
    let value = copy_to_puppet(value, 0, &mut left)?;
    Ok((value, max_elements - left))
}

/// [`to_puppet`] at `depth`, taking the elements it copies from `left` before it copies them.
fn copy_to_puppet(value: &RVal, depth: usize, left: &mut usize) -> Result<Value, NotPuppet> {
    if depth > MAX_NESTING {
        return Err(NotPuppet::Unsupported);
    }
    let mut take = |len: usize| match left.checked_sub(len) {
        Some(rest) => {
            *left = rest;
            Ok(())
        }
        None => Err(NotPuppet::TooLarge),
    };
    Ok(match value {
        RVal::Nil => Value::Undef,
        RVal::Bool(b) => Value::Boolean(*b),
        RVal::Int(n) => Value::Integer(*n),
        RVal::Float(f) => Value::Float(*f),
        RVal::Str(s) => Value::String(s.clone()),
        RVal::Sym(s) if &**s == "undef" => Value::Undef,
        RVal::Sym(s) if &**s == "default" => Value::Default,
        RVal::Sym(s) => Value::String(s.clone()),
        RVal::Array(items) => {
            let items = items.borrow();
            take(items.len())?;
            let items: Result<Vec<Value>, NotPuppet> = items
                .iter()
                .map(|v| copy_to_puppet(v, depth + 1, left))
                .collect();
            Value::Array(items?.into())
        }
        RVal::Hash(entries) => {
            let entries = entries.borrow();
            take(entries.len())?;
            let mut hash = crate::value::Hash::new();
            for (k, v) in entries.iter() {
                hash.insert(
                    copy_to_puppet(k, depth + 1, left)?,
                    copy_to_puppet(v, depth + 1, left)?,
                );
            }
            Value::Hash(hash)
        }
        RVal::Regex(regexp) => Value::Regexp((**regexp).clone()),
        RVal::Puppet(value) => value.clone(),
        RVal::Big(_) => return Err(NotPuppet::Big),
        _ => return Err(NotPuppet::Unsupported),
    })
}

/// Ruby's `to_s`.
pub(crate) fn to_s(value: &RVal) -> String {
    let mut out = String::new();
    write_to_s(&mut out, value, 0);
    out
}

pub(crate) fn write_to_s(out: &mut String, value: &RVal, depth: usize) {
    match value {
        RVal::Nil => {}
        RVal::Str(s) | RVal::Sym(s) => out.push_str(s),
        RVal::Int(n) => out.push_str(&n.to_string()),
        RVal::Big(n) => out.push_str(&n.to_radix(10)),
        RVal::Float(f) => out.push_str(&float_to_s(*f)),
        RVal::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        RVal::Regex(r) => out.push_str(&r.ruby_to_s()),
        RVal::Module(name) => out.push_str(name),
        RVal::Puppet(v) => out.push_str(&crate::value::to_string_default(v)),
        RVal::Object(object) => out.push_str(&super::objects::object_to_s(object)),
        _ => write_inspect(out, value, depth),
    }
}

/// Ruby's `Float#to_s` (`Infinity`, `NaN` included).
pub(crate) fn float_to_s(f: f64) -> String {
    if f.is_nan() {
        "NaN".into()
    } else if f.is_infinite() {
        if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        }
    } else {
        format_float(f)
    }
}

/// Ruby's `inspect`.
pub(crate) fn inspect(value: &RVal) -> String {
    let mut out = String::new();
    write_inspect(&mut out, value, 0);
    out
}

/// Most bytes of text `to_s` and `inspect` write: arrays sharing their elements (`a = [a, a]`
/// sixty times over) print far larger than they are, and the caller refuses a text past the
/// string limit anyway (four times the default limit: a text this long always is).
const MAX_PRINTED: usize = 16 * 1024 * 1024;

pub(crate) fn write_inspect(out: &mut String, value: &RVal, depth: usize) {
    if out.len() > MAX_PRINTED {
        return;
    }
    if depth > 100 {
        out.push_str("[...]");
        return;
    }
    match value {
        RVal::Nil => out.push_str("nil"),
        RVal::Str(s) => write_ruby_string_inspect(out, s),
        RVal::Sym(s) => {
            out.push(':');
            if is_plain_symbol(s) {
                out.push_str(s);
            } else {
                write_ruby_string_inspect(out, s);
            }
        }
        RVal::Array(items) => {
            out.push('[');
            for (i, item) in items.borrow().iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_inspect(out, item, depth + 1);
            }
            out.push(']');
        }
        RVal::Hash(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.borrow().iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_inspect(out, k, depth + 1);
                out.push_str("=>");
                write_inspect(out, v, depth + 1);
            }
            out.push('}');
        }
        RVal::Range(a, b, exclusive) => {
            out.push_str(&format!("{a}{}{b}", if *exclusive { "..." } else { ".." }));
        }
        RVal::Regex(r) => {
            out.push('/');
            out.push_str(r.source());
            out.push('/');
        }
        RVal::Proc(_) => out.push_str("#<Proc (lambda)>"),
        RVal::Object(object) => match super::objects::object_inspect(object) {
            Some(text) => out.push_str(&text),
            // Never printed: the interpreter refuses to inspect such an object (Interp::inspect).
            None => out.push_str(object.class_name()),
        },
        RVal::Scope => out.push_str("#<Puppet::Parser::Scope>"),
        _ => write_to_s(out, value, depth),
    }
}

fn is_plain_symbol(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first == '_' || first.is_alphabetic())
        && s.trim_end_by(&|c| matches!(c, '?' | '!' | '='))
            .chars()
            .all(|c| c == '_' || c.is_alphanumeric())
}

/// Ruby's `==` (numbers across Integer and Float, collections element by element).
pub(crate) fn equal(a: &RVal, b: &RVal, depth: usize) -> bool {
    equal_remembering(a, b, depth, &mut Compared::new())
}

/// Pairs of arrays or hashes already compared in one comparison (their addresses), with the
/// answer as the flag: arrays sharing their elements (`a = [a, a]` sixty times over) compare each
/// distinct pair once instead of 2^60 times.
type Compared = crate::pair_map::PairMap;

fn equal_remembering(a: &RVal, b: &RVal, depth: usize, compared: &mut Compared) -> bool {
    if depth > 100 {
        return false;
    }
    let pair = match (a, b) {
        (RVal::Array(x), RVal::Array(y)) => Some((Rc::as_ptr(x) as usize, Rc::as_ptr(y) as usize)),
        (RVal::Hash(x), RVal::Hash(y)) => Some((Rc::as_ptr(x) as usize, Rc::as_ptr(y) as usize)),
        _ => None,
    };
    if let Some((x, y)) = pair {
        if let Some(&(_, answer)) = compared.get(&(x, y)) {
            return answer;
        }
        let answer = equal_once(a, b, depth, compared);
        compared.insert((x, y), (0, answer));
        return answer;
    }
    equal_once(a, b, depth, compared)
}

fn equal_once(a: &RVal, b: &RVal, depth: usize, compared: &mut Compared) -> bool {
    let mut equal = |a: &RVal, b: &RVal| equal_remembering(a, b, depth + 1, compared);
    match (a, b) {
        (RVal::Nil, RVal::Nil) => true,
        (RVal::Bool(x), RVal::Bool(y)) => x == y,
        (RVal::Int(x), RVal::Int(y)) => x == y,
        (RVal::Big(x), RVal::Big(y)) => x == y,
        (RVal::Big(x), RVal::Float(y)) | (RVal::Float(y), RVal::Big(x)) => x.to_f64() == *y,
        (RVal::Float(x), RVal::Float(y)) => x == y,
        (RVal::Int(x), RVal::Float(y)) | (RVal::Float(y), RVal::Int(x)) => (*x as f64) == *y,
        (RVal::Str(x), RVal::Str(y)) => x == y,
        (RVal::Sym(x), RVal::Sym(y)) => x == y,
        (RVal::Array(x), RVal::Array(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| equal(a, b))
        }
        (RVal::Hash(x), RVal::Hash(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.iter().any(|(k2, v2)| eql(k, k2) && equal(v, v2)))
        }
        (RVal::Range(a1, b1, e1), RVal::Range(a2, b2, e2)) => a1 == a2 && b1 == b2 && e1 == e2,
        (RVal::Regex(x), RVal::Regex(y)) => x.source() == y.source(),
        (RVal::Scope, RVal::Scope) => true,
        (RVal::Module(x), RVal::Module(y)) => x == y,
        (RVal::Puppet(x), RVal::Puppet(y)) => crate::value::puppet_equals(x, y),
        (RVal::Object(x), RVal::Object(y)) => match (&**x, &**y) {
            (super::objects::RObject::Ipv4(a), super::objects::RObject::Ipv4(b)) => a == b,
            _ => Rc::ptr_eq(x, y),
        },
        _ => false,
    }
}

/// Ruby's `eql?`, how hash keys compare (1 and 1.0 are different keys).
pub(crate) fn eql(a: &RVal, b: &RVal) -> bool {
    match (a, b) {
        (RVal::Int(_) | RVal::Big(_), RVal::Float(_))
        | (RVal::Float(_), RVal::Int(_) | RVal::Big(_)) => false,
        _ => equal(a, b, 0),
    }
}

/// The entry of `key` in a hash's entries.
pub(crate) fn hash_get(entries: &[(RVal, RVal)], key: &RVal) -> Option<RVal> {
    entries
        .iter()
        .find(|(k, _)| eql(k, key))
        .map(|(_, v)| v.clone())
}

/// Set `key` in a hash's entries, keeping its place when it is there.
pub(crate) fn hash_set(entries: &mut Vec<(RVal, RVal)>, key: RVal, value: RVal) {
    if let Some(entry) = entries.iter_mut().find(|(k, _)| eql(k, &key)) {
        entry.1 = value;
    } else {
        entries.push((key, value));
    }
}
