//! stdlib's functions on paths and command lines: `dirname`, `basename`, `shell_join`,
//! and the checks of `is_absolute_path` and `validate_absolute_path`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{counted, inspect, to_s};
use crate::functions::declare::{Call, Def};
use crate::host::{CallSite, EvalResult, Walk};
use crate::value::Value;

/// Ruby's `File.dirname` (POSIX).
fn dirname_of(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" };
    }
    match trimmed.rfind('/') {
        None => ".",
        Some(at) => match trimmed[..at].trim_end_matches('/') {
            "" => "/",
            head => head,
        },
    }
}

/// Ruby's `File.basename(path[, suffix])` (POSIX; `.*` drops any extension).
fn basename_of<'a>(path: &'a str, suffix: Option<&str>) -> &'a str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" };
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    match suffix {
        Some(".*") => match base.rfind('.') {
            Some(at) if at > 0 => &base[..at],
            _ => base,
        },
        Some(suffix) if !suffix.is_empty() && base.len() > suffix.len() => {
            base.strip_suffix(suffix).unwrap_or(base)
        }
        _ => base,
    }
}

pub(super) fn dirname(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.as_slice() {
        [] => Err(site.fail("dirname(): No arguments given")),
        [Value::String(path)] if path.is_empty() => {
            Err(site.fail("dirname(): Requires a non-empty string as argument"))
        }
        [Value::String(path)] => Ok(Value::string(dirname_of(path))),
        [_] => Err(site.fail("dirname(): Requires string as argument")),
        more => Err(site.fail(format!(
            "dirname(): Too many arguments given ({})",
            more.len()
        ))),
    }
}

pub(super) fn basename(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail("basename(): No arguments given"));
    }
    counted(site, &args, ..=2).or_say("basename(): Too many arguments given ({})")?;
    let Value::String(path) = &args[0] else {
        return Err(site.fail("basename(): Requires string as first argument"));
    };
    let suffix = match args.get(1) {
        None => None,
        Some(Value::String(suffix)) => Some(&**suffix),
        Some(_) => return Err(site.fail("basename(): Requires string as second argument")),
    };
    Ok(Value::string(basename_of(path, suffix)))
}

/// Ruby's `Shellwords.escape`: `''` for nothing, a backslash before every character but
/// `[A-Za-z0-9_\-.,:+/@]`, a newline quoted.
pub(super) fn shell_escape(word: &str) -> String {
    if word.is_empty() {
        return String::from("''");
    }
    let mut out = String::new();
    for c in word.chars() {
        if c == '\n' {
            out.push_str("'\n'");
            continue;
        }
        if !(c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c)) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

pub(super) fn shell_join(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1).or_usual("1")?;
    let Value::Array(items) = &args[0] else {
        return Err(site.fail(format!(
            "First argument is not an Array: {}",
            inspect(&args[0])
        )));
    };
    let words: Vec<String> = items.iter().map(|v| shell_escape(&to_s(v))).collect();
    Ok(Value::string(&crate::text::join(&words, " ")))
}

/// Puppet's `absolute_path?` for POSIX or Windows: some line starts with `/`, a drive (`C:\`),
/// a UNC share (`\\host\share`) or `\\?\`.
pub(super) fn is_absolute(value: &Value) -> bool {
    let Value::String(text) = value else {
        return false;
    };
    let slash = |b: Option<&u8>| matches!(b, Some(b'/' | b'\\'));
    let label = |s: &[u8]| -> usize {
        s.iter()
            .take_while(|b| !matches!(b, b'/' | b'\\' | b'\n'))
            .count()
    };
    text.split('\n').any(|line| {
        let b = line.as_bytes();
        if b.first() == Some(&b'/') {
            return true;
        }
        if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && slash(b.get(2)) {
            return true;
        }
        if !(slash(b.first()) && slash(b.get(1))) {
            return false;
        }
        let rest = &b[2..];
        if rest.first() == Some(&b'?') && slash(rest.get(1)) && label(&rest[2..]) > 0 {
            return true;
        }
        let host = label(rest);
        host > 0 && slash(rest.get(host)) && label(&rest[host + 1..]) > 0
    })
}

/// `is_absolute_path`'s check (after its deprecation, `legacy.rs`).
pub(super) fn is_absolute_path(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    counted(site, args, 1..=1).or_usual("1")?;
    Ok(Value::Boolean(is_absolute(&args[0])))
}

/// `validate_absolute_path`'s check (after its deprecation, `legacy.rs`).
pub(super) fn validate_absolute_path(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(
            site.fail("validate_absolute_path(): wrong number of arguments (0; must be > 0)")
        );
    }
    for arg in args {
        let candidates = match arg {
            Value::Array(items) => items.as_slice().to_vec(),
            other => alloc::vec![other.clone()],
        };
        for path in &candidates {
            if !is_absolute(path) {
                return Err(site.fail(format!("{} is not an absolute path.", inspect(path))));
            }
        }
    }
    Ok(Value::Undef)
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("dirname", dirname).doc("A path without its last component"),
    Def::stdlib("basename", basename)
        .doc("A path's last component, optionally without an extension"),
    Def::stdlib("shell_join", shell_join).walks(Walk::Prints)
        .doc("An array as one shell command line, each word escaped"),
    Def::stdlib("load_module_metadata", super::module_metadata::load_module_metadata)
        .doc("The metadata.json of one of the environment's modules, as data"),
    Def::stdlib("get_module_path", super::host_reads::get_module_path)
        .refused_after_checks("it names a folder on the compiling host")
        .doc("A module's path on the compiling host"),
    Def::stdlib("glob", super::host_reads::glob)
        .refused_after_checks("it lists files on the compiling host")
        .doc("The paths on the compiling host that match patterns"),
];
