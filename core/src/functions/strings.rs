//! String functions: case changes, `chomp`/`chop`/`strip`, `split`, `join`, `match`, `regsubst`,
//! `versioncmp`, `shellquote`, `sprintf`, and the digests `md5`, `sha1`, `sha256`.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::args::no_signature;
use super::declare::{opt, rep, req, Call, Def, Dispatch, Run};
use super::expect_args;
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
use crate::regex::Captures;
use crate::text::TrimBy;
use crate::types::Type;
use crate::value::{Hash, Regexp, Value};

/// Ruby's `String#capitalize`: first character upcased, the rest downcased.
pub(crate) fn capitalize_str(text: &str) -> String {
    crate::value::case::capitalize(text)
}

fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\0')
}

/// Ruby's `String#strip`.
pub(crate) fn ruby_strip(text: &str) -> &str {
    text.trim_by(&is_ruby_space)
}

/// Apply a string operation to a String, or to the strings in an Array or Hash (recursively);
/// numbers pass through (the argument's type is checked by the declarations, `declared.rs`).
fn map_strings(args: &[Value], op: &dyn Fn(&str) -> String) -> Value {
    fn walk(value: &Value, op: &dyn Fn(&str) -> String) -> Value {
        match value {
            Value::String(text) => Value::string(&op(text)),
            Value::Array(items) => Value::array(items.iter().map(|v| walk(v, op)).collect()),
            Value::Hash(hash) => Value::Hash(
                hash.iter()
                    .map(|(k, v)| (walk(k, op), walk(v, op)))
                    .collect::<Hash>(),
            ),
            other => other.clone(),
        }
    }
    args.first().map_or(Value::Undef, |arg| walk(arg, op))
}

macro_rules! string_function {
    ($name:ident, $op:expr) => {
        fn $name(Call(_, _, args, ..): Call) -> EvalResult<Value> {
            Ok(map_strings(&args, &$op))
        }
    };
}

string_function!(upcase, crate::value::case::upcase);
string_function!(downcase, crate::value::case::downcase);
string_function!(capitalize, capitalize_str);
string_function!(camelcase, |s: &str| s
    .split('_')
    .map(capitalize_str)
    .collect::<String>());
string_function!(chomp, |s: &str| {
    let t = s
        .strip_suffix("\r\n")
        .or_else(|| s.strip_suffix('\n'))
        .or_else(|| s.strip_suffix('\r'))
        .unwrap_or(s);
    t.to_string()
});
string_function!(chop, |s: &str| {
    if let Some(t) = s.strip_suffix("\r\n") {
        return t.to_string();
    }
    let mut t = s.to_string();
    t.pop();
    t
});
string_function!(lstrip, |s: &str| s
    .trim_start_by(&is_ruby_space)
    .to_string());
string_function!(rstrip, |s: &str| s.trim_end_by(&is_ruby_space).to_string());
string_function!(strip, |s: &str| ruby_strip(s).to_string());

/// Compile a pattern string with regsubst-style flags.
pub(crate) fn compile(site: &CallSite, source: &str) -> EvalResult<Regexp> {
    Regexp::new(source).map_err(|e| site.fail(format!("{e}")))
}

/// The regexp a pattern argument stands for: a string, a regexp, `Regexp[/x/]`.
fn pattern_of(site: &CallSite, value: &Value) -> EvalResult<Option<Regexp>> {
    Ok(match value {
        Value::String(text) => Some(compile(site, text)?),
        Value::Regexp(regexp) => Some(regexp.clone()),
        Value::Type(ty) => match &**ty {
            Type::Regexp(Some(regexp)) => Some(regexp.clone()),
            Type::Regexp(None) => Some(compile(site, "")?),
            _ => None,
        },
        _ => None,
    })
}

/// Ruby's `String#split(regexp)`: the fields between matches, each match's groups after its
/// field, an empty match splitting between two characters, trailing empty fields removed.
pub(crate) fn ruby_split(
    host: &mut dyn FunctionHost,
    text: &str,
    regexp: &Regexp,
    span: crate::span::Span,
) -> EvalResult<Vec<Value>> {
    let mut out = Vec::new();
    let len = text.len();
    if len == 0 {
        return Ok(out);
    }
    let (mut beg, mut start, mut last_null) = (0usize, 0usize, false);
    while start <= len {
        let Some(captures) = host.regex_search(regexp, text, start, span)? else {
            break;
        };
        let (match_start, match_end) = captures.whole();
        if start == match_start && match_start == match_end {
            if !last_null {
                // An empty match where the search began: look a character further first.
                start = crate::regex::Regex::next_start(text, (start, start)).unwrap_or(len + 1);
                last_null = true;
                continue;
            }
            out.push(Value::string(&text[beg..start]));
            beg = start;
        } else {
            out.push(Value::string(&text[beg..match_start]));
            beg = match_end;
            start = match_end;
        }
        last_null = false;
        for group in 1..captures.len() {
            if let Some((s, e)) = captures.get(group) {
                out.push(Value::string(&text[s..e]));
            }
        }
    }
    if len > beg {
        out.push(Value::string(&text[beg..]));
    }
    while out
        .last()
        .is_some_and(|v| v.as_str().is_some_and(str::is_empty))
    {
        out.pop();
    }
    Ok(out)
}

/// `split(str, pattern)`: six dispatches in Puppet 8 (a String or a Sensitive[String], split by a
/// String, a Regexp or a Type[Regexp]), so arguments none accepts get Puppet's merged message.
pub(super) fn split(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(2))?;
    let (text, sensitive) = match &args[0] {
        Value::String(text) => (text, false),
        Value::Sensitive(inner) => match &**inner {
            Value::String(text) => (text, true),
            _ => return Err(no_signature(site)),
        },
        _ => return Err(no_signature(site)),
    };
    let regexp = match pattern_of(site, &args[1])? {
        Some(regexp) => regexp,
        None => return Err(no_signature(site)),
    };
    let parts = ruby_split(host, text, &regexp, site.span)?;
    host.check_collection(parts.len(), site.span)?;
    let parts = Value::array(parts);
    Ok(if sensitive {
        Value::Sensitive(Rc::new(parts))
    } else {
        parts
    })
}

fn join_into(out: &mut String, value: &Value, separator: &str, first: &mut bool) {
    match value {
        Value::Array(items) => {
            for item in items.iter() {
                join_into(out, item, separator, first);
            }
        }
        other => {
            if !*first {
                out.push_str(separator);
            }
            *first = false;
            match other {
                Value::String(text) => out.push_str(text),
                other => out.push_str(&crate::value::ruby_to_s(other)),
            }
        }
    }
}

/// `join(arg, delimiter)` (its parameters checked by its declaration, `declared.rs`).
pub(super) fn join(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let separator = match args.get(1) {
        Some(Value::String(text)) => text,
        _ => "",
    };
    let mut out = String::new();
    let mut first = true;
    if let Value::Array(items) = &args[0] {
        // Room for the strings among the items (other values grow the buffer as they come).
        let mut room = 0usize;
        let mut all_strings = true;
        for item in items.iter() {
            match item {
                Value::String(text) => {
                    room = room.saturating_add(text.len().saturating_add(separator.len()))
                }
                _ => all_strings = false,
            }
        }
        out.reserve(room.min(host.limits().max_string_len));
        // Only strings, and their whole within every limit: charged once for all of it, which
        // counts the same steps and bytes as item by item (see `check_string_growth`).
        let whole = room.saturating_sub(separator.len());
        if all_strings && whole > 0 && host.string_growth_fits(0, whole) {
            for item in items.iter() {
                if let Value::String(text) = item {
                    if !first {
                        out.push_str(separator);
                    }
                    first = false;
                    out.push_str(text);
                }
            }
            host.check_string_growth(0, out.len(), site.span)?;
            return Ok(Value::string(&out));
        }
        for item in items.iter() {
            let before = out.len();
            match item {
                // The common item, without join_into's frame.
                Value::String(text) => {
                    if !first {
                        out.push_str(separator);
                    }
                    first = false;
                    out.push_str(text);
                }
                _ => join_into(&mut out, item, separator, &mut first),
            }
            host.check_string_growth(before, out.len(), site.span)?;
        }
    }
    Ok(Value::string(&out))
}

fn match_one(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    text: &str,
    regexp: &Regexp,
) -> EvalResult<Value> {
    Ok(match host.regex_search(regexp, text, 0, site.span)? {
        Some(captures) => Value::array(
            (0..captures.len())
                .map(|i| {
                    captures
                        .get(i)
                        .map_or(Value::Undef, |(s, e)| Value::string(&text[s..e]))
                })
                .collect(),
        ),
        None => Value::Undef,
    })
}

fn match_patterns(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    text: &str,
    patterns: &[Regexp],
) -> EvalResult<Value> {
    for regexp in patterns {
        let result = match_one(host, site, text, regexp)?;
        if !result.is_undef() {
            return Ok(result);
        }
    }
    Ok(Value::Undef)
}

pub(super) fn match_(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 2, Some(2))?;
    let patterns: Vec<Regexp> = match &args[1] {
        Value::Type(ty) => match ty.resolved() {
            Type::Pattern(patterns) => patterns.to_vec(),
            _ => pattern_of(site, &args[1])?.into_iter().collect(),
        },
        other => pattern_of(site, other)?.into_iter().collect(),
    };
    if patterns.is_empty() && !matches!(&args[1], Value::Type(_)) {
        return Err(site.fail("match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got Integer"));
    }
    match &args[0] {
        Value::String(text) => match_patterns(host, site, text, &patterns),
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                match item {
                    Value::String(text) => out.push(match_patterns(host, site, text, &patterns)?),
                    _ => return Err(no_signature(site)),
                }
            }
            Ok(Value::array(out))
        }
        _ => Err(no_signature(site)),
    }
}

/// Ruby's `sub`/`gsub` replacement text: `\0 \& \1..\9 \k<name> \` \' \\`.
/// With named groups in the regex, `\1..\9` expand to nothing, as in Ruby. ERB's `sub`/`gsub`
/// expand theirs here too.
pub(crate) fn expand_replacement(
    out: &mut String,
    replacement: &str,
    captures: &Captures,
    regexp: &Regexp,
    text: &str,
) {
    let named = !regexp.regex().names().is_empty();
    let group = |index: usize| captures.get(index).map(|(s, e)| &text[s..e]);
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(d @ '0'..='9') => {
                chars.next();
                let index = d as usize - '0' as usize;
                if index == 0 || !named {
                    out.push_str(group(index).unwrap_or_default());
                }
            }
            Some('&') => {
                chars.next();
                out.push_str(group(0).unwrap_or_default());
            }
            Some('`') => {
                chars.next();
                out.push_str(&text[..captures.whole().0]);
            }
            Some('\'') => {
                chars.next();
                out.push_str(&text[captures.whole().1..]);
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            Some('k') => {
                let rest: String = chars.clone().collect();
                if let Some(name) = rest
                    .strip_prefix("k<")
                    .and_then(|r| r.split_once('>'))
                    .map(|(name, _)| name.to_string())
                {
                    for _ in 0..name.chars().count() + 3 {
                        chars.next();
                    }
                    if let Some((s, e)) = regexp.regex().named(captures, &name) {
                        out.push_str(&text[s..e]);
                    }
                } else {
                    out.push('\\');
                }
            }
            _ => out.push('\\'),
        }
    }
}

/// `text` with the first match (or with `global`, every match) of `regexp` replaced.
fn substitute(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    text: &str,
    regexp: &Regexp,
    replacement: &Value,
    global: bool,
) -> EvalResult<String> {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut from = Some(0);
    while let Some(start) = from {
        let Some(captures) = host.regex_search(regexp, text, start, site.span)? else {
            break;
        };
        let (match_start, match_end) = captures.whole();
        out.push_str(&text[last..match_start]);
        match replacement {
            Value::Hash(hash) => {
                if let Some(Value::String(s)) =
                    hash.get(&Value::string(&text[match_start..match_end]))
                {
                    out.push_str(s);
                }
            }
            Value::String(s) => expand_replacement(&mut out, s, &captures, regexp, text),
            _ => {}
        }
        last = match_end;
        if !global {
            break;
        }
        let before = out.len();
        from = crate::regex::Regex::next_start(text, (match_start, match_end));
        host.check_string_growth(before, out.len(), site.span)?;
    }
    out.push_str(&text[last..]);
    Ok(out)
}

pub(super) fn regsubst(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 3, Some(5))?;
    let flags = match args.get(3) {
        None | Some(Value::Undef) => "",
        Some(Value::String(flags)) => flags,
        Some(_) => return Err(no_signature(site)),
    };
    if !flags.chars().all(|c| matches!(c, 'G' | 'E' | 'I' | 'M')) {
        return Err(no_signature(site));
    }
    if !matches!(&args[2], Value::String(_) | Value::Hash(_)) {
        return Err(no_signature(site));
    }
    let global = flags.contains('G');
    let regexp = match &args[1] {
        Value::String(source) => {
            let mut inline = String::new();
            if flags.contains('I') {
                inline.push('i');
            }
            if flags.contains('M') {
                inline.push('m');
            }
            if flags.contains('E') {
                inline.push('x');
            }
            let source = if inline.is_empty() {
                source.to_string()
            } else {
                format!("(?{inline}){source}")
            };
            match Regexp::new(&source) {
                Ok(regexp) => regexp,
                Err(e) => {
                    return Err(site.fail(format!(
                        "{}: /{}/",
                        e.message,
                        args[1].as_str().unwrap_or("")
                    )))
                }
            }
        }
        other => {
            if flags.chars().any(|c| c != 'G') {
                return Err(no_signature(site));
            }
            match pattern_of(site, other)? {
                Some(regexp) => regexp,
                None => return Err(no_signature(site)),
            }
        }
    };
    let replace = |host: &mut dyn FunctionHost, text: &str| -> EvalResult<Value> {
        Ok(Value::string(&substitute(
            host, site, text, &regexp, &args[2], global,
        )?))
    };
    let result = match &args[0] {
        Value::String(text) => replace(host, text)?,
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                match item {
                    Value::String(text) => out.push(replace(host, text)?),
                    _ => return Err(no_signature(site)),
                }
            }
            Value::array(out)
        }
        Value::Sensitive(inner) => match &**inner {
            Value::String(text) => Value::Sensitive(Rc::new(replace(host, text)?)),
            _ => return Err(no_signature(site)),
        },
        _ => return Err(no_signature(site)),
    };
    if let Value::String(text) = &result {
        host.check_string(text, site.span)?;
    }
    Ok(result)
}

/// Puppet's `versioncmp` (Puppet::Util::Package.versioncmp).
pub(crate) fn version_compare(a: &str, b: &str) -> Ordering {
    fn tokens(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            if bytes[i] == b'-' || bytes[i] == b'.' {
                i += 1;
            } else if bytes[i].is_ascii_digit() {
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            } else {
                while i < bytes.len()
                    && !matches!(bytes[i], b'-' | b'.')
                    && !bytes[i].is_ascii_digit()
                {
                    i += 1;
                }
                while !text.is_char_boundary(i) {
                    i += 1;
                }
            }
            out.push(&text[start..i]);
        }
        out
    }
    let (ax, bx) = (tokens(a), tokens(b));
    for (x, y) in ax.iter().zip(bx.iter()) {
        if x == y {
            continue;
        }
        if *x == "-" {
            return Ordering::Less;
        }
        if *y == "-" {
            return Ordering::Greater;
        }
        if *x == "." {
            return Ordering::Less;
        }
        if *y == "." {
            return Ordering::Greater;
        }
        let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if numeric(x) && numeric(y) {
            if x.starts_with('0') || y.starts_with('0') {
                return crate::value::case::upcase(x).cmp(&crate::value::case::upcase(y));
            }
            let xn = x.trim_start_matches('0');
            let yn = y.trim_start_matches('0');
            return xn.len().cmp(&yn.len()).then_with(|| xn.cmp(yn));
        }
        return crate::value::case::upcase(x).cmp(&crate::value::case::upcase(y));
    }
    if ax.len() != bx.len() && ax.len().min(bx.len()) > 0 {
        // Ruby compares the whole strings when one runs out of tokens.
    }
    a.cmp(b)
}

/// `versioncmp(a, b, ignore_trailing_zeroes)` (its parameters checked by its declaration,
/// `declared.rs`).
pub(super) fn versioncmp(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let a = args.first().and_then(Value::as_str).unwrap_or("");
    let b = args.get(1).and_then(Value::as_str).unwrap_or("");
    let ignore_zeroes = matches!(args.get(2), Some(Value::Boolean(true)));
    let strip = |s: &str| -> String {
        if !ignore_zeroes {
            return s.to_string();
        }
        let mut t = s.to_string();
        while t.ends_with(".0") {
            t.truncate(t.len() - 2);
        }
        t
    };
    Ok(Value::Integer(
        match version_compare(&strip(a), &strip(b)) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        },
    ))
}

fn flatten_words(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().for_each(|item| flatten_words(item, out)),
        other => out.push(crate::value::ruby_to_s(other)),
    }
}

pub(super) fn shellquote(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    const SAFE: &str = "@%_+=:,./-";
    const DANGEROUS: &str = "!\"`$\\";
    let mut words = Vec::new();
    for arg in &args {
        flatten_words(arg, &mut words);
    }
    let quoted: Vec<String> = words
        .iter()
        .map(|word| {
            if !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || SAFE.contains(c))
            {
                word.clone()
            } else if !word.chars().any(|c| DANGEROUS.contains(c)) {
                format!("\"{word}\"")
            } else if !word.contains('\'') {
                format!("'{word}'")
            } else {
                let mut out = String::from("\"");
                for c in word.chars() {
                    if DANGEROUS.contains(c) {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out.push('"');
                out
            }
        })
        .collect();
    Ok(Value::string(&crate::text::join(&quoted, " ")))
}

pub(super) fn sprintf(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail("sprintf(): Wrong number of arguments given (0 for minimum 1)"));
    }
    let format_text = match &args[0] {
        Value::String(text) => text.to_string(),
        other => crate::value::ruby_to_s(other),
    };
    let max_len = host.limits().max_string_len;
    match super::format::sprintf::sprintf(&format_text, &args[1..], max_len) {
        Ok(text) => {
            host.check_string(&text, site.span)?;
            Ok(Value::string(&text))
        }
        // The engine's size limit, not an error of the call (a doubling loop meets it).
        Err(message) if message == super::format::too_long(max_len) => {
            Err(crate::host::error("SIZE_LIMIT", message, site.span))
        }
        Err(message) => Err(site.fail(message)),
    }
}

/// Bytes in lowercase hexadecimal, two digits each.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The text a digest function hashes: a String (undef is ''), else Ruby's conversion error.
fn digest_text(site: &CallSite, args: &[Value]) -> EvalResult<String> {
    expect_args(site, args, 1, Some(1))?;
    match &args[0] {
        Value::String(text) => Ok(String::from(&**text)),
        Value::Undef => Ok(String::new()),
        other => {
            let class = match other {
                Value::Boolean(b) => alloc::format!("{b}"),
                _ => crate::types::ruby_class(other),
            };
            Err(site.fail(alloc::format!(
                "no implicit conversion of {class} into String"
            )))
        }
    }
}

pub(super) fn md5(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    use md5::Digest;
    let text = digest_text(site, &args)?;
    Ok(Value::string(&hex(&md5::Md5::digest(text.as_bytes()))))
}

pub(super) fn sha1(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    use sha1::Digest;
    let text = digest_text(site, &args)?;
    Ok(Value::string(&hex(&sha1::Sha1::digest(text.as_bytes()))))
}

pub(super) fn sha256(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    use sha2::Digest;
    let text = digest_text(site, &args)?;
    Ok(Value::string(&hex(&sha2::Sha256::digest(text.as_bytes()))))
}

/// What `upcase` and `downcase` take: text, or arrays and hashes of it (numbers pass through).
const STRINGS: &str = "Variant[Numeric, String, Array, Hash]";

/// What the other string functions (`capitalize`, `strip`, ...) take, one dispatch each: a
/// number, text, or what iterates over them.
const TEXTS: &[Dispatch] = &[
    &[req("arg", "Numeric")],
    &[req("arg", "String")],
    &[req("arg", "Iterable[Variant[String, Numeric]]")],
];

/// One of the text functions (`capitalize`, `strip`, ...), all declared alike.
const fn text(name: &'static str, run: Run) -> Def {
    Def::puppet(name, run)
        .takes(TEXTS)
        .checked()
        .stdlib_3x()
        .walks(Walk::Builds)
}

/// One of Puppet's digests of a string (`md5`, `sha1`, `sha256`, `digest`), 3.x functions.
const fn digest(name: &'static str, run: Run) -> Def {
    const VALUE: &[Dispatch] = &[&[req("value", "String")]];
    Def::puppet(name, run)
        .takes(VALUE)
        .puppet_3x_only()
        .walks(Walk::Prints)
}

/// The string functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    text("camelcase", camelcase).doc("Text from snake_case to CamelCase"),
    text("capitalize", capitalize).doc("Text with its first letter in upper case, the rest lower"),
    text("chomp", chomp).doc("Text without its final line break"),
    text("chop", chop).doc("Text without its last character (or final CR LF)"),
    digest("digest", sha256).doc("The value's digest with the configured algorithm"),
    Def::puppet("downcase", downcase).takes(&[&[req("arg", STRINGS)]]).checked().stdlib_3x()
        .walks(Walk::Builds).doc("Text in lower case (strings inside arrays and hashes too)"),
    Def::puppet("join", join).takes(&[&[req("arg", "Array"), opt("delimiter", "String")]]).checked()
        .stdlib_3x().walks(Walk::Prints)
        .doc("An array's elements (nested arrays flattened) as text, joined by a delimiter"),
    text("lstrip", lstrip).doc("Text without leading whitespace"),
    Def::puppet("match", match_)
        .takes(&[
            &[
                req("string", "String"),
                req("pattern", "Variant[String, Regexp, Type[Pattern], Type[Regexp]]"),
            ],
            &[
                req("strings", "Array[String]"),
                req("pattern", "Variant[String, Regexp, Type[Pattern], Type[Regexp]]"),
            ],
        ])
        .with_3x().doc("The match and its groups, or undef"),
    digest("md5", md5).doc("The value's MD5 as hex"),
    Def::puppet("regsubst", regsubst)
        .takes(&[&[
            req("target", "Variant[Array[String], String]"),
            req("pattern", "Variant[String, Regexp]"), req("replacement", "String"),
            opt("flags", "String"), opt("encoding", "Enum['N', 'E', 'S', 'U']"),
        ]])
        .with_3x().doc("The target with the pattern's matches replaced"),
    text("rstrip", rstrip).doc("Text without trailing whitespace"),
    digest("sha1", sha1).doc("The value's SHA-1 as hex"),
    digest("sha256", sha256).doc("The value's SHA-256 as hex"),
    Def::puppet("shellquote", shellquote).takes(&[&[rep("args", "Variant[String, Array]")]])
        .puppet_3x_only().walks(Walk::Prints).doc("The arguments quoted for a POSIX shell"),
    Def::puppet("split", split)
        .takes(&[
            &[req("str", "String"), req("pattern", "String")],
            &[req("str", "String"), req("pattern", "Regexp")],
            &[req("str", "String"), req("pattern", "Type[Regexp]")],
            &[req("sensitive", "Sensitive[String]"), req("pattern", "String")],
            &[req("sensitive", "Sensitive[String]"), req("pattern", "Regexp")],
            &[req("sensitive", "Sensitive[String]"), req("pattern", "Type[Regexp]")],
        ])
        .with_3x().doc("The string's parts between the pattern's matches"),
    Def::puppet("sprintf", sprintf).takes(&[&[req("format", "String"), rep("arguments", "Any")]])
        .puppet_3x_only().walks(Walk::Prints).doc("The arguments formatted as the format says"),
    text("strip", strip).doc("Text without leading and trailing whitespace"),
    Def::puppet("upcase", upcase).takes(&[&[req("arg", STRINGS)]]).checked().stdlib_3x()
        .walks(Walk::Builds).doc("Text in upper case (strings inside arrays and hashes too)"),
    Def::puppet("versioncmp", versioncmp)
        .takes(&[&[
            req("a", "String"), req("b", "String"), opt("ignore_trailing_zeroes", "Boolean"),
        ]])
        .checked().with_3x().doc("-1, 0 or 1 as the first version is older, the same or newer"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn split_text(text: &str, pattern: &str) -> Vec<String> {
        let source = format!("split('{text}', '{pattern}')");
        let outcome = crate::evaluate(&source, &crate::EvalOptions::default());
        match outcome.value {
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().unwrap_or("?").to_string())
                .collect(),
            other => panic!("{source}: {other:?} {:?}", outcome.diagnostics),
        }
    }

    #[test]
    fn ruby_split_rules() {
        assert_eq!(split_text("a,b,,c,,", ","), ["a", "b", "", "c"]);
        assert_eq!(split_text("abc", ""), ["a", "b", "c"]);
        assert!(split_text("a.b", ".").is_empty());
        assert_eq!(split_text("a1b2c", "\\d"), ["a", "b", "c"]);
        assert_eq!(split_text("axb", "x*"), ["a", "b"]);
        assert_eq!(split_text("a,b", "(,)"), ["a", ",", "b"]);
    }

    #[test]
    fn versions() {
        assert_eq!(version_compare("1.10", "1.9"), Ordering::Greater);
        assert_eq!(version_compare("1.0a", "1.0"), Ordering::Greater);
        assert_eq!(version_compare("1.0-rc1", "1.0"), Ordering::Greater);
    }
}
