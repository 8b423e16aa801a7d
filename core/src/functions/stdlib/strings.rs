//! stdlib's functions on strings: `stdlib::start_with`, `stdlib::end_with`, `stdlib::extname`,
//! `shell_escape`, `swapcase`, `squeeze`, `regexpescape`, `dos2unix`, `unix2dos`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{class, inspect};

use crate::functions::declare::{req, Call, Def};
use crate::host::{CallSite, EvalResult};
use crate::value::Value;

/// The text and the affixes (one string or an array of them), as the dispatch checked them.
fn text_and_affixes(args: &[Value]) -> (&str, Vec<&str>) {
    let text = match args.first() {
        Some(Value::String(text)) => &**text,
        _ => "",
    };
    let affixes = match args.get(1) {
        Some(Value::String(one)) => alloc::vec![&**one],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| match v {
                Value::String(s) => Some(&**s),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    (text, affixes)
}

pub(super) fn start_with(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let (text, prefixes) = text_and_affixes(&args);
    Ok(Value::Boolean(prefixes.iter().any(|p| text.starts_with(p))))
}

pub(super) fn end_with(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let (text, suffixes) = text_and_affixes(&args);
    Ok(Value::Boolean(suffixes.iter().any(|s| text.ends_with(s))))
}

/// Ruby's `File.extname`: the last component's extension from its last dot (none for a name
/// that only starts with one; `.` for a name ending in one).
pub(super) fn extname(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let path = match args.first() {
        Some(Value::String(path)) => &**path,
        _ => "",
    };
    let base = path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default();
    let name = base.trim_start_matches('.');
    let ext = match name.rfind('.') {
        Some(at) => &name[at..],
        None => "",
    };
    Ok(Value::string(ext))
}

pub(super) fn shell_escape(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let text = args.first().map(super::to_s).unwrap_or_default();
    Ok(Value::string(&super::paths::shell_escape(&text)))
}

/// Ruby's `String#swapcase`.
fn swapped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_lowercase() {
            out.extend(c.to_uppercase());
        } else if c.is_uppercase() {
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn swapcase(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    super::strings::each_string(site, &args, "swapcase", swapped)
}

/// The characters a Ruby character-set argument (`tr`, `squeeze`, `count`) names: ranges `a-z`,
/// a leading `^` for all but those.
fn in_set(set: &[char], c: char) -> bool {
    let (negated, set) = match set.split_first() {
        Some(('^', rest)) if !rest.is_empty() => (true, rest),
        _ => (false, set),
    };
    let mut found = false;
    let mut at = 0;
    while at < set.len() {
        if at + 2 < set.len() && set[at + 1] == '-' {
            found |= (set[at]..=set[at + 2]).contains(&c);
            at += 3;
        } else {
            found |= set[at] == c;
            at += 1;
        }
    }
    found != negated
}

/// Ruby's `String#squeeze([set])`: runs of one character (of the set) as one.
fn squeezed(text: &str, set: Option<&[char]>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = None;
    for c in text.chars() {
        if last == Some(c) && set.is_none_or(|set| in_set(set, c)) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    out
}

pub(super) fn squeeze(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() || args.len() > 2 {
        return Err(site.fail(format!(
            "squeeze(): Wrong number of arguments given {} for 2 or 1",
            args.len()
        )));
    }
    let set: Option<Vec<char>> = match args.get(1) {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => None,
        Some(Value::String(text)) => Some(text.chars().collect()),
        Some(other) => return Err(site.fail(super::no_implicit(other))),
    };
    let one = |v: &Value| match v {
        Value::String(text) => Ok(Value::string(&squeezed(text, set.as_deref()))),
        other => Err(site.fail(format!(
            "undefined method `squeeze' for {}:{}",
            inspect(other),
            class(other)
        ))),
    };
    match &args[0] {
        Value::Array(items) => Ok(Value::array(
            items.iter().map(one).collect::<EvalResult<Vec<_>>>()?,
        )),
        other => one(other),
    }
}

/// Ruby's `Regexp.escape`.
fn regexp_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            ' ' => out.push_str("\\ "),
            '[' | ']' | '{' | '}' | '(' | ')' | '|' | '-' | '*' | '.' | '\\' | '?' | '+' | '^'
            | '$' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

pub(super) fn regexpescape(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    super::strings::each_string(site, &args, "regexpescape", regexp_escaped)
}

/// `dos2unix` and `unix2dos`: line ends as `\n`, or as `\r\n`.
pub(super) fn line_ends(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let Some(Value::String(text)) = args.first() else {
        return Err(site.fail(format!("{}(): Requires string as argument", site.name)));
    };
    if site.name == "dos2unix" {
        return Ok(Value::string(&text.replace("\r\n", "\n")));
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match line.strip_suffix('\n') {
            Some(body) => {
                out.push_str(body.trim_end_matches('\r'));
                out.push_str("\r\n");
            }
            None => out.push_str(line),
        }
    }
    Ok(Value::string(&out))
}

/// stdlib's 3.x shape for a string or an array of strings: `apply` to the string, or to each string
/// of the array (other elements kept as they are), with its errors for no argument and other values.
pub(super) fn each_string(
    site: &CallSite,
    args: &[Value],
    name: &str,
    apply: fn(&str) -> String,
) -> EvalResult<Value> {
    match args.first() {
        None => Err(site.fail(format!(
            "{name}(): Wrong number of arguments given (0 for 1)"
        ))),
        Some(Value::String(text)) => Ok(Value::string(&apply(text))),
        Some(Value::Array(items)) => Ok(Value::array(
            items
                .iter()
                .map(|v| match v {
                    Value::String(text) => Value::string(&apply(text)),
                    other => other.clone(),
                })
                .collect(),
        )),
        Some(_) => Err(site.fail(format!(
            "{name}(): Requires either array or string to work with"
        ))),
    }
}

/// `stdlib::start_with` and `stdlib::end_with`'s second parameter.
const AFFIXES: &str = "Variant[String[1],Array[String[1], 1]]";

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("stdlib::start_with", start_with)
        .takes(&[&[req("test_string", "String"), req("prefixes", AFFIXES)]]).checked()
        .doc("Whether a string starts with a prefix (or one of several)"),
    Def::stdlib("stdlib::end_with", end_with)
        .takes(&[&[req("test_string", "String"), req("suffixes", AFFIXES)]]).checked()
        .doc("Whether a string ends with a suffix (or one of several)"),
    Def::stdlib("swapcase", swapcase)
        .doc("A string (or each of an array's) with its letters' case swapped"),
    Def::stdlib("squeeze", squeeze)
        .doc("A string (or each of an array's) with runs of one character as one"),
    Def::stdlib("stdlib::extname", extname).takes(&[&[req("filename", "String")]]).checked()
        .doc("A file name's extension ('.conf')"),
    Def::stdlib("shell_escape", shell_escape).takes(&[&[req("string", "Any")]]).shim_in_stdlib9()
        .checked().doc("A string escaped as one word of a shell command line"),
    Def::stdlib("regexpescape", regexpescape)
        .doc("A string (or each of an array's) with regex metacharacters escaped"),
    Def::stdlib("dos2unix", line_ends).arity(1).doc("A text with CRLF line ends as LF"),
    Def::stdlib("unix2dos", line_ends).arity(1).doc("A text with LF line ends as CRLF"),
];
