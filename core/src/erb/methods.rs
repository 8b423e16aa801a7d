//! The methods of Ruby's String (and Symbol), Integer and Float that templates call.

use super::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::interp::{arity, BlockArg, Flow, Interp, RResult};
use super::value::{self, RVal};
use crate::value::float_math::{round, trunc};

/// A string as a pattern that matches it literally (`Regexp.escape`).
pub(crate) fn escape_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' | '#' => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn text_of(value: &RVal) -> Rc<str> {
    match value {
        RVal::Str(s) | RVal::Sym(s) => s.clone(),
        _ => Rc::from(""),
    }
}

fn string_arg<H: RubyHost>(interp: &Interp<'_, H>, value: &RVal) -> RResult<Rc<str>> {
    match value {
        RVal::Str(s) => Ok(s.clone()),
        other => interp.raise(format!(
            "no implicit conversion of {} into String",
            class_for_conversion(other)
        )),
    }
}

fn class_for_conversion(value: &RVal) -> &'static str {
    match value {
        RVal::Nil => "nil",
        RVal::Bool(true) => "true",
        RVal::Bool(false) => "false",
        other => other.class_name(),
    }
}

fn int_arg<H: RubyHost>(interp: &Interp<'_, H>, value: &RVal) -> RResult<i64> {
    match value {
        RVal::Int(n) => Ok(*n),
        RVal::Float(f) if f.is_finite() => Ok(trunc(*f) as i64),
        other => interp.raise(format!(
            "no implicit conversion of {} into Integer",
            class_for_conversion(other)
        )),
    }
}

/// Ruby's white space for `strip` and `split`.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// `String#to_i`: leading digits, 0 when there are none.
pub(crate) fn leading_integer(s: &str) -> i64 {
    let t = s.trim_start_matches(is_space);
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let mut n: i64 = 0;
    let mut last_underscore = false;
    for (i, c) in t.chars().enumerate() {
        if c == '_' && i > 0 && !last_underscore {
            last_underscore = true;
            continue;
        }
        let Some(d) = c.to_digit(10) else { break };
        last_underscore = false;
        n = n.saturating_mul(10).saturating_add(d as i64);
    }
    if negative {
        -n
    } else {
        n
    }
}

/// `String#to_f`: the leading decimal number, 0.0 when there is none.
fn leading_float(s: &str) -> f64 {
    let t = s.trim_start_matches(is_space);
    let bytes = t.as_bytes();
    let mut end = 0;
    if end < bytes.len() && matches!(bytes[end], b'+' | b'-') {
        end += 1;
    }
    let digits_start = end;
    while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'_') {
        end += 1;
    }
    if end < bytes.len()
        && bytes[end] == b'.'
        && end + 1 < bytes.len()
        && bytes[end + 1].is_ascii_digit()
    {
        end += 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
    }
    if end > digits_start && end < bytes.len() && matches!(bytes[end], b'e' | b'E') {
        let mut e = end + 1;
        if e < bytes.len() && matches!(bytes[e], b'+' | b'-') {
            e += 1;
        }
        if e < bytes.len() && bytes[e].is_ascii_digit() {
            while e < bytes.len() && bytes[e].is_ascii_digit() {
                e += 1;
            }
            end = e;
        }
    }
    let clean: String = t[..end].chars().filter(|&c| c != '_').collect();
    crate::value::parse_f64(&clean).unwrap_or(0.0)
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => {
            let mut out: String = first.to_uppercase().collect();
            out.push_str(&chars.as_str().to_lowercase());
            out
        }
        None => String::new(),
    }
}

/// A character index (negative from the end) as a byte offset, when in range.
fn char_offset(s: &str, index: i64) -> Option<usize> {
    let count = s.chars().count() as i64;
    let i = if index < 0 { count + index } else { index };
    if i < 0 || i > count {
        return None;
    }
    Some(
        s.char_indices()
            .nth(i as usize)
            .map(|(b, _)| b)
            .unwrap_or(s.len()),
    )
}

/// `str[a, len]` and `str[range]`.
fn substring(s: &str, start: i64, len: i64) -> Option<String> {
    if len < 0 {
        return None;
    }
    let from = char_offset(s, start)?;
    Some(s[from..].chars().take(len as usize).collect())
}

/// The replacement text for one match: `\1`, `\0`, `\&`, `\k<name>`, `\\`.
fn expand_replacement(
    replacement: &str,
    text: &str,
    captures: &crate::regex::Captures,
    regexp: &crate::value::Regexp,
) -> String {
    let mut out = String::new();
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(d @ '0'..='9') => {
                chars.next();
                let group = d as usize - '0' as usize;
                if let Some((a, b)) = captures.get(group) {
                    out.push_str(&text[a..b]);
                }
            }
            Some('&') => {
                chars.next();
                let (a, b) = captures.whole();
                out.push_str(&text[a..b]);
            }
            Some('k') => {
                chars.next();
                if chars.peek() == Some(&'<') {
                    chars.next();
                    let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
                    if let Some((a, b)) = regexp.regex().named(captures, &name) {
                        out.push_str(&text[a..b]);
                    }
                } else {
                    out.push_str("\\k");
                }
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            _ => out.push('\\'),
        }
    }
    out
}

/// `sub`/`gsub` with a string or regex pattern and a string, hash or block replacement.
fn substitute<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    text: &str,
    args: &[RVal],
    block: Option<&BlockArg>,
    global: bool,
) -> RResult<String> {
    let regexp = match args.first() {
        Some(RVal::Regex(r)) => (**r).clone(),
        Some(RVal::Str(s)) => {
            let escaped = escape_literal(s);
            interp.regex(&escaped, "")?
        }
        Some(other) => {
            return interp.raise(format!(
                "wrong argument type {} (expected Regexp)",
                other.class_name()
            ))
        }
        None => return interp.raise("wrong number of arguments (given 0, expected 1..2)"),
    };
    if args.len() == 1 && block.is_none() {
        return interp.unsupported("gsub/sub without a replacement (an enumerator) is not supported by the playground's ERB");
    }
    let mut out = String::new();
    let mut from = 0;
    let mut copied = 0;
    loop {
        let Some(captures) = interp.regex_search(&regexp, text, from)? else {
            break;
        };
        let (a, b) = captures.whole();
        out.push_str(&text[copied..a]);
        let matched = &text[a..b];
        match args.get(1) {
            Some(RVal::Str(replacement)) => {
                out.push_str(&expand_replacement(replacement, text, &captures, &regexp))
            }
            Some(RVal::Hash(entries)) => {
                let found = value::hash_get(&entries.borrow(), &RVal::str(matched));
                if let Some(v) = found {
                    out.push_str(&interp.ruby_to_s(&v)?);
                }
            }
            Some(other) => {
                return interp.raise(format!(
                    "no implicit conversion of {} into String",
                    class_for_conversion(other)
                ))
            }
            None => {
                let Some(block) = block else { break };
                let v = interp.yield_block(block, alloc::vec![RVal::str(matched)])?;
                out.push_str(&interp.ruby_to_s(&v)?);
            }
        }
        copied = b;
        interp.check_string(&out)?;
        if !global {
            break;
        }
        match crate::regex::Regex::next_start(text, (a, b)) {
            Some(next) => from = next,
            None => break,
        }
    }
    out.push_str(&text[copied..]);
    Ok(out)
}

/// `split` as Ruby does it.
fn split<H: RubyHost>(interp: &mut Interp<'_, H>, text: &str, args: &[RVal]) -> RResult<Vec<RVal>> {
    let limit = match args.get(1) {
        Some(v) => int_arg(interp, v)?,
        None => 0,
    };
    let mut fields: Vec<String> = Vec::new();
    let awk = matches!(args.first(), None | Some(RVal::Nil))
        || matches!(args.first(), Some(RVal::Str(s)) if &**s == " ");
    if awk {
        let mut rest = text.trim_start_matches(is_space);
        while !rest.is_empty() {
            if limit > 0 && fields.len() as i64 == limit - 1 {
                fields.push(rest.to_string());
                rest = "";
                break;
            }
            let end = rest.find(is_space).unwrap_or(rest.len());
            fields.push(rest[..end].to_string());
            rest = rest[end..].trim_start_matches(is_space);
            interp.step(1)?;
        }
        let _ = rest;
    } else {
        let regexp = match &args[0] {
            RVal::Regex(r) => (**r).clone(),
            RVal::Str(s) => interp.regex(&escape_literal(s), "")?,
            other => {
                return interp.raise(format!(
                    "wrong argument type {} (expected Regexp)",
                    other.class_name()
                ))
            }
        };
        let mut start = 0;
        let mut from = 0;
        if text.is_empty() {
            return Ok(Vec::new());
        }
        loop {
            if limit > 0 && fields.len() as i64 == limit - 1 {
                break;
            }
            let Some(captures) = interp.regex_search(&regexp, text, from)? else {
                break;
            };
            let (a, b) = captures.whole();
            if b == a {
                // An empty match splits between characters (never at the very start).
                if a >= text.len() {
                    break;
                }
                if a == start {
                    match crate::regex::Regex::next_start(text, (a, b)) {
                        Some(next) => {
                            from = next;
                            if a == 0 {
                                continue;
                            }
                        }
                        None => break,
                    }
                    if a == 0 {
                        continue;
                    }
                }
            }
            if !(a == 0 && b == 0) {
                fields.push(text[start..a].to_string());
                for group in 1..captures.len() {
                    if let Some((x, y)) = captures.get(group) {
                        fields.push(text[x..y].to_string());
                    }
                }
                start = b;
            }
            match crate::regex::Regex::next_start(text, (a, b)) {
                Some(next) => from = next,
                None => break,
            }
            interp.step(1)?;
        }
        fields.push(text[start..].to_string());
    }
    if limit == 0 {
        while fields.last().is_some_and(|f| f.is_empty()) {
            fields.pop();
        }
    }
    Ok(fields.into_iter().map(|f| RVal::str(&f)).collect())
}

fn compare_strings(a: &str, b: &str) -> i64 {
    match a.as_bytes().cmp(b.as_bytes()) {
        core::cmp::Ordering::Less => -1,
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Greater => 1,
    }
}

/// The methods of String (and the few of Symbol).
pub(crate) fn string_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: RVal,
    name: &str,
    args: &mut Vec<RVal>,
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    let s = text_of(&recv);
    let symbol = matches!(recv, RVal::Sym(_));
    if symbol {
        return match name {
            "to_sym" => Ok(recv.clone()),
            "to_proc" => {
                interp.unsupported("Symbol#to_proc is not supported by the playground's ERB")
            }
            "length" | "size" => Ok(RVal::Int(s.chars().count() as i64)),
            "upcase" | "downcase" | "capitalize" => {
                let out = string_method(interp, RVal::Str(s.clone()), name, args, block)?;
                Ok(RVal::Sym(text_of(&out)))
            }
            "<=>" => match args.first() {
                Some(RVal::Sym(o)) => Ok(RVal::Int(compare_strings(&s, o))),
                _ => Ok(RVal::Nil),
            },
            "empty?" => Ok(RVal::Bool(s.is_empty())),
            _ => interp.no_method(name, &recv),
        };
    }
    if let Some(base) = name.strip_suffix('!') {
        // The changing forms on a value not held by a variable: nil when nothing changes.
        if matches!(
            base,
            "upcase"
                | "downcase"
                | "capitalize"
                | "swapcase"
                | "strip"
                | "lstrip"
                | "rstrip"
                | "chomp"
                | "chop"
                | "gsub"
                | "sub"
                | "squeeze"
                | "reverse"
                | "tr"
                | "delete"
        ) {
            let new = string_method(interp, recv.clone(), base, args, block)?;
            return Ok(if value::equal(&new, &recv, 0) {
                RVal::Nil
            } else {
                new
            });
        }
    }
    let out = match name {
        "to_str" => recv.clone(),
        "to_sym" | "intern" => RVal::Sym(s.clone()),
        "to_i" => {
            arity(interp, args, 0, 1)?;
            if let Some(base) = args.first() {
                let base = int_arg(interp, base)?;
                let t = s.trim();
                let digits: String = t
                    .chars()
                    .take_while(|c| c.is_digit(base as u32) || *c == '_')
                    .filter(|&c| c != '_')
                    .collect();
                RVal::Int(i64::from_str_radix(&digits, base as u32).unwrap_or(0))
            } else {
                RVal::Int(leading_integer(&s))
            }
        }
        "to_f" => RVal::Float(leading_float(&s)),
        "length" | "size" => RVal::Int(s.chars().count() as i64),
        "bytesize" => RVal::Int(s.len() as i64),
        "empty?" => RVal::Bool(s.is_empty()),
        "upcase" => RVal::str(&s.to_uppercase()),
        "downcase" => RVal::str(&s.to_lowercase()),
        "capitalize" => RVal::str(&capitalize(&s)),
        "swapcase" => RVal::str(
            &s.chars()
                .map(|c| {
                    if c.is_uppercase() {
                        c.to_lowercase().collect::<String>()
                    } else {
                        c.to_uppercase().collect::<String>()
                    }
                })
                .collect::<String>(),
        ),
        "strip" => RVal::str(
            s.trim_start_matches(is_space)
                .trim_end_matches(|c| is_space(c) || c == '\0'),
        ),
        "lstrip" => RVal::str(s.trim_start_matches(is_space)),
        "rstrip" => RVal::str(s.trim_end_matches(|c| is_space(c) || c == '\0')),
        "chomp" => {
            arity(interp, args, 0, 1)?;
            match args.first() {
                Some(suffix) => {
                    let suffix = string_arg(interp, suffix)?;
                    RVal::str(s.strip_suffix(&*suffix).unwrap_or(&s))
                }
                None => RVal::str(
                    s.strip_suffix("\r\n")
                        .or_else(|| s.strip_suffix('\n'))
                        .or_else(|| s.strip_suffix('\r'))
                        .unwrap_or(&s),
                ),
            }
        }
        "chop" => {
            let mut t = s.to_string();
            if t.ends_with("\r\n") {
                t.truncate(t.len() - 2);
            } else {
                t.pop();
            }
            RVal::str(&t)
        }
        "chars" => RVal::array(
            s.chars()
                .map(|c| RVal::str(c.encode_utf8(&mut [0; 4])))
                .collect(),
        ),
        "lines" => RVal::array(lines(&s).into_iter().map(|l| RVal::str(&l)).collect()),
        "each_line" | "each_char" => {
            let items: Vec<String> = if name == "each_line" {
                lines(&s)
            } else {
                s.chars().map(|c| c.to_string()).collect()
            };
            let Some(block) = block else {
                return Ok(RVal::array(items.iter().map(|l| RVal::str(l)).collect()));
            };
            for item in items {
                interp.yield_block(block, alloc::vec![RVal::str(&item)])?;
            }
            recv.clone()
        }
        "split" => {
            arity(interp, args, 0, 2)?;
            RVal::array(split(interp, &s, args)?)
        }
        "include?" => {
            arity(interp, args, 1, 1)?;
            let other = string_arg(interp, &args[0])?;
            RVal::Bool(s.contains(&*other))
        }
        "start_with?" | "end_with?" => {
            let mut hit = false;
            for arg in args.iter() {
                hit |= match arg {
                    RVal::Regex(r) if name == "start_with?" => interp
                        .regex_search(r, &s, 0)?
                        .is_some_and(|c| c.whole().0 == 0),
                    other => {
                        let t = string_arg(interp, other)?;
                        if name == "start_with?" {
                            s.starts_with(&*t)
                        } else {
                            s.ends_with(&*t)
                        }
                    }
                };
            }
            RVal::Bool(hit)
        }
        "scan" => {
            arity(interp, args, 1, 1)?;
            let regexp = match &args[0] {
                RVal::Regex(r) => (**r).clone(),
                RVal::Str(p) => interp.regex(&escape_literal(p), "")?,
                other => {
                    return interp.raise(format!(
                        "wrong argument type {} (expected Regexp)",
                        other.class_name()
                    ))
                }
            };
            let mut found = Vec::new();
            let mut from = 0;
            while let Some(c) = interp.regex_search(&regexp, &s, from)? {
                let (a, b) = c.whole();
                found.push(if c.len() > 1 {
                    RVal::array(
                        (1..c.len())
                            .map(|g| {
                                c.get(g)
                                    .map(|(x, y)| RVal::str(&s[x..y]))
                                    .unwrap_or(RVal::Nil)
                            })
                            .collect(),
                    )
                } else {
                    RVal::str(&s[a..b])
                });
                match crate::regex::Regex::next_start(&s, (a, b)) {
                    Some(next) => from = next,
                    None => break,
                }
            }
            if let Some(block) = block {
                for item in found {
                    interp.yield_block(block, alloc::vec![item])?;
                }
                recv.clone()
            } else {
                RVal::array(found)
            }
        }
        "gsub" | "sub" => RVal::str(&substitute(interp, &s, args, block, name == "gsub")?),
        "tr" | "delete" | "squeeze" | "count" => return tr_family(interp, &s, name, args),
        "+" => {
            arity(interp, args, 1, 1)?;
            let other = string_arg(interp, &args[0])?;
            let joined = format!("{s}{other}");
            interp.check_string(&joined)?;
            RVal::str(&joined)
        }
        "<<" | "concat" => {
            arity(interp, args, 1, 1)?;
            let other = match &args[0] {
                RVal::Int(n) => char::from_u32(*n as u32)
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
                other => string_arg(interp, other)?.to_string(),
            };
            let joined = format!("{s}{other}");
            interp.check_string(&joined)?;
            RVal::str(&joined)
        }
        "*" => {
            arity(interp, args, 1, 1)?;
            let n = int_arg(interp, &args[0])?;
            if n < 0 {
                return interp.raise("negative argument");
            }
            let total = (s.len() as u64).saturating_mul(n as u64);
            if total > interp.rt.limits().max_string_len as u64 {
                return Err(Flow::Stop(crate::host::error(
                    "SIZE_LIMIT",
                    format!(
                        "a string's length in bytes would exceed the limit of {}",
                        interp.rt.limits().max_string_len
                    ),
                    interp.span,
                )));
            }
            let repeated = s.repeat(n as usize);
            interp.check_string(&repeated)?;
            RVal::str(&repeated)
        }
        "%" => {
            arity(interp, args, 1, 1)?;
            let values = match &args[0] {
                RVal::Array(items) => items.borrow().clone(),
                other => alloc::vec![other.clone()],
            };
            RVal::str(&super::kernel::format_values(interp, &s, &values)?)
        }
        "<=>" => match args.first() {
            Some(RVal::Str(o)) => RVal::Int(compare_strings(&s, o)),
            _ => RVal::Nil,
        },
        "<" | ">" | "<=" | ">=" => {
            arity(interp, args, 1, 1)?;
            let RVal::Str(o) = &args[0] else {
                return interp.raise(format!(
                    "comparison of String with {} failed",
                    value::inspect(&args[0])
                ));
            };
            let c = compare_strings(&s, o);
            RVal::Bool(match name {
                "<" => c < 0,
                ">" => c > 0,
                "<=" => c <= 0,
                _ => c >= 0,
            })
        }
        "=~" | "match" | "match?" => {
            arity(interp, args, 1, 2)?;
            let regexp = match &args[0] {
                RVal::Regex(r) => (**r).clone(),
                RVal::Str(p) if name != "=~" => interp.regex(p, "")?,
                other => {
                    return interp.raise(format!(
                        "wrong argument type {} (expected Regexp)",
                        other.class_name()
                    ))
                }
            };
            let found = interp.regex_search(&regexp, &s, 0)?;
            match (name, found) {
                (_, None) if name == "match?" => RVal::Bool(false),
                (_, None) => RVal::Nil,
                ("match?", Some(_)) => RVal::Bool(true),
                ("=~", Some(c)) => RVal::Int(s[..c.whole().0].chars().count() as i64),
                (_, Some(c)) => {
                    // A MatchData as the array of its groups (`m[1]`, `m.captures`).
                    let mut groups = Vec::new();
                    for g in 0..c.len() {
                        groups.push(match c.get(g) {
                            Some((a, b)) => RVal::str(&s[a..b]),
                            None => RVal::Nil,
                        });
                    }
                    RVal::array(groups)
                }
            }
        }
        "[]" | "slice" => {
            arity(interp, args, 1, 2)?;
            match (&args[0], args.get(1)) {
                (RVal::Int(i), None) => match substring(&s, *i, 1) {
                    Some(t) if !t.is_empty() => RVal::str(&t),
                    _ => RVal::Nil,
                },
                (RVal::Int(i), Some(len)) => {
                    let len = int_arg(interp, len)?;
                    substring(&s, *i, len)
                        .map(|t| RVal::str(&t))
                        .unwrap_or(RVal::Nil)
                }
                (RVal::Range(a, b, exclusive), None) => {
                    let count = s.chars().count() as i64;
                    let start = if *a < 0 { count + a } else { *a };
                    let mut end = if *b < 0 { count + b } else { *b };
                    if !*exclusive {
                        end += 1;
                    }
                    substring(&s, start, (end - start).max(0))
                        .map(|t| RVal::str(&t))
                        .unwrap_or(RVal::Nil)
                }
                (RVal::Str(t), None) => {
                    if s.contains(&**t) {
                        RVal::Str(t.clone())
                    } else {
                        RVal::Nil
                    }
                }
                (RVal::Regex(r), group) => {
                    let group = match group {
                        Some(g) => int_arg(interp, g)? as usize,
                        None => 0,
                    };
                    match interp.regex_search(r, &s, 0)? {
                        Some(c) => match c.get(group) {
                            Some((a, b)) => RVal::str(&s[a..b]),
                            None => RVal::Nil,
                        },
                        None => RVal::Nil,
                    }
                }
                _ => {
                    return interp.unsupported(
                        "this String#[] argument is not supported by the playground's ERB",
                    )
                }
            }
        }
        "center" | "ljust" | "rjust" => {
            arity(interp, args, 1, 2)?;
            let width = int_arg(interp, &args[0])?.max(0) as usize;
            let pad = match args.get(1) {
                Some(p) => string_arg(interp, p)?.to_string(),
                None => " ".to_string(),
            };
            if pad.is_empty() {
                return interp.raise("zero width padding");
            }
            if width > interp.rt.limits().max_string_len {
                return interp.raise("argument too big");
            }
            let len = s.chars().count();
            if width <= len {
                recv.clone()
            } else {
                let total = width - len;
                let (left, right) = match name {
                    "ljust" => (0, total),
                    "rjust" => (total, 0),
                    _ => (total / 2, total - total / 2),
                };
                let fill = |n: usize| pad.chars().cycle().take(n).collect::<String>();
                RVal::str(&format!("{}{s}{}", fill(left), fill(right)))
            }
        }
        "reverse" => RVal::str(&s.chars().rev().collect::<String>()),
        "index" => {
            arity(interp, args, 1, 1)?;
            let t = string_arg(interp, &args[0])?;
            match s.find(&*t) {
                Some(b) => RVal::Int(s[..b].chars().count() as i64),
                None => RVal::Nil,
            }
        }
        "hex" => RVal::Int(i64::from_str_radix(s.trim().trim_start_matches("0x"), 16).unwrap_or(0)),
        "ord" => match s.chars().next() {
            Some(c) => RVal::Int(c as i64),
            None => return interp.raise("empty string"),
        },
        "force_encoding" | "encode" | "unicode_normalize" | "b" | "scrub" => recv.clone(),
        "succ" | "next" => {
            return interp.unsupported("String#succ is not supported by the playground's ERB")
        }
        _ => return interp.no_method(name, &recv),
    };
    Ok(out)
}

/// `tr`, `delete`, `squeeze`, `count` with plain character lists and ranges (`a-z`).
fn tr_family<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    s: &str,
    name: &str,
    args: &[RVal],
) -> RResult<RVal> {
    let expand = |set: &str| -> (Vec<char>, bool) {
        let (negate, set) = match set.strip_prefix('^') {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, set),
        };
        let chars: Vec<char> = set.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if i + 2 < chars.len() && chars[i + 1] == '-' {
                let (a, b) = (chars[i] as u32, chars[i + 2] as u32);
                for c in a..=b.min(a + 0x10000) {
                    if let Some(c) = char::from_u32(c) {
                        out.push(c);
                    }
                }
                i += 3;
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        (out, negate)
    };
    match name {
        "tr" => {
            arity(interp, args, 2, 2)?;
            let (from, negate) = expand(&string_arg(interp, &args[0])?);
            let (to, _) = expand(&string_arg(interp, &args[1])?);
            let out: String = s
                .chars()
                .filter_map(|c| {
                    let hit = from.iter().position(|&f| f == c);
                    match (hit, negate) {
                        (Some(i), false) => to.get(i).or(to.last()).copied(),
                        (None, true) => to.last().copied(),
                        _ => Some(c),
                    }
                })
                .collect();
            Ok(RVal::str(&out))
        }
        "delete" | "count" | "squeeze" => {
            arity(interp, args, if name == "squeeze" { 0 } else { 1 }, 1)?;
            let set = match args.first() {
                Some(a) => Some(expand(&string_arg(interp, a)?)),
                None => None,
            };
            let in_set = |c: char| match &set {
                Some((chars, negate)) => chars.contains(&c) != *negate,
                None => true,
            };
            match name {
                "delete" => Ok(RVal::str(
                    &s.chars().filter(|&c| !in_set(c)).collect::<String>(),
                )),
                "count" => Ok(RVal::Int(s.chars().filter(|&c| in_set(c)).count() as i64)),
                _ => {
                    let mut out = String::new();
                    let mut last: Option<char> = None;
                    for c in s.chars() {
                        if last == Some(c) && in_set(c) {
                            continue;
                        }
                        out.push(c);
                        last = Some(c);
                    }
                    Ok(RVal::str(&out))
                }
            }
        }
        _ => interp.raise(format!("undefined method `{name}' for String")),
    }
}

/// The lines of a text, each with its newline.
fn lines(s: &str) -> Vec<String> {
    s.split_inclusive('\n').map(|l| l.to_string()).collect()
}

fn float_compare(a: f64, b: f64) -> Option<i64> {
    if a < b {
        Some(-1)
    } else if a > b {
        Some(1)
    } else if a == b {
        Some(0)
    } else {
        None
    }
}

fn floor(x: f64) -> f64 {
    let t = trunc(x);
    if t > x {
        t - 1.0
    } else {
        t
    }
}

fn ceil(x: f64) -> f64 {
    let t = trunc(x);
    if t < x {
        t + 1.0
    } else {
        t
    }
}

fn overflow<T, H: RubyHost>(interp: &Interp<'_, H>) -> RResult<T> {
    interp.unsupported(
        "integers beyond 64 bits (Ruby's Bignum) are not supported by the playground's ERB",
    )
}

/// The methods of Integer and Float.
pub(crate) fn number_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    recv: RVal,
    name: &str,
    args: &mut [RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    let binary = matches!(
        name,
        "+" | "-"
            | "*"
            | "/"
            | "%"
            | "**"
            | "<"
            | ">"
            | "<="
            | ">="
            | "<=>"
            | "div"
            | "modulo"
            | "fdiv"
            | "divmod"
            | "&"
            | "|"
            | "^"
            | "<<"
            | ">>"
    );
    if binary {
        arity(interp, args, 1, 1)?;
        let other = args[0].clone();
        return match (&recv, &other) {
            (RVal::Int(a), RVal::Int(b)) => int_binary(interp, *a, *b, name),
            (RVal::Int(_) | RVal::Float(_), RVal::Int(_) | RVal::Float(_)) => {
                let a = as_f64(&recv);
                let b = as_f64(&other);
                float_binary(interp, a, b, name)
            }
            _ if name == "<=>" => Ok(RVal::Nil),
            _ if matches!(name, "<" | ">" | "<=" | ">=") => interp.raise(format!(
                "comparison of {} with {} failed",
                recv.class_name(),
                value::inspect(&other)
            )),
            _ => interp.raise(format!(
                "{} can't be coerced into {}",
                class_for_conversion(&other),
                recv.class_name()
            )),
        };
    }
    let out = match (&recv, name) {
        (_, "to_i" | "to_int" | "truncate") => match recv {
            RVal::Float(f) if !f.is_finite() => return interp.raise(value::float_to_s(f)),
            RVal::Float(f) => RVal::Int(trunc(f) as i64),
            _ => recv.clone(),
        },
        (_, "to_f") => RVal::Float(as_f64(&recv)),
        (RVal::Int(n), "to_s") => {
            let base = match args.first() {
                Some(b) => int_arg(interp, b)?,
                None => 10,
            };
            if !(2..=36).contains(&base) {
                return interp.raise(format!("invalid radix {base}"));
            }
            RVal::str(&to_radix(*n, base as u32))
        }
        (_, "-@") => match recv {
            RVal::Int(n) => match n.checked_neg() {
                Some(m) => RVal::Int(m),
                None => return overflow(interp),
            },
            RVal::Float(f) => RVal::Float(-f),
            _ => recv.clone(),
        },
        (_, "abs" | "magnitude") => match recv {
            RVal::Int(n) => match n.checked_abs() {
                Some(m) => RVal::Int(m),
                None => return overflow(interp),
            },
            RVal::Float(f) => RVal::Float(if f < 0.0 { -f } else { f }),
            _ => recv.clone(),
        },
        (_, "zero?") => RVal::Bool(as_f64(&recv) == 0.0),
        (_, "positive?") => RVal::Bool(as_f64(&recv) > 0.0),
        (_, "negative?") => RVal::Bool(as_f64(&recv) < 0.0),
        (RVal::Int(n), "even?") => RVal::Bool(n % 2 == 0),
        (RVal::Int(n), "odd?") => RVal::Bool(n % 2 != 0),
        (RVal::Int(_), "integer?") => RVal::Bool(true),
        (RVal::Float(_), "integer?") => RVal::Bool(false),
        (RVal::Float(f), "nan?") => RVal::Bool(f.is_nan()),
        (RVal::Float(f), "finite?") => RVal::Bool(f.is_finite()),
        (RVal::Int(_), "finite?") => RVal::Bool(true),
        (RVal::Int(n), "succ" | "next") => match n.checked_add(1) {
            Some(m) => RVal::Int(m),
            None => return overflow(interp),
        },
        (RVal::Int(n), "pred") => match n.checked_sub(1) {
            Some(m) => RVal::Int(m),
            None => return overflow(interp),
        },
        (RVal::Int(n), "chr") => match u8::try_from(*n) {
            Ok(b) if b < 128 => RVal::str(&(b as char).to_string()),
            _ => return interp.raise(format!("{n} out of char range")),
        },
        (_, "floor" | "ceil" | "round") => {
            let digits = match args.first() {
                Some(RVal::Hash(_)) | None => 0,
                Some(d) => int_arg(interp, d)?,
            };
            match recv {
                RVal::Int(n) => {
                    if digits >= 0 {
                        RVal::Int(n)
                    } else {
                        let unit = 10i64.checked_pow((-digits) as u32).unwrap_or(i64::MAX);
                        let f = n as f64 / unit as f64;
                        let r = match name {
                            "floor" => floor(f),
                            "ceil" => ceil(f),
                            _ => round(f),
                        };
                        RVal::Int((r as i64).saturating_mul(unit))
                    }
                }
                RVal::Float(f) => {
                    if !f.is_finite() {
                        if digits > 0 {
                            return Ok(recv.clone());
                        }
                        return interp.raise(value::float_to_s(f));
                    }
                    if digits > 15 {
                        // Already as precise as that: Ruby gives the float itself.
                        RVal::Float(f)
                    } else if digits > 0 {
                        let scale = pow10(digits);
                        let scaled = f * scale;
                        let r = match name {
                            "floor" => floor(scaled),
                            "ceil" => ceil(scaled),
                            _ => round(scaled),
                        };
                        // Ruby checks the result reads back; good enough for display digits.
                        RVal::Float(r / scale)
                    } else {
                        let r = match name {
                            "floor" => floor(f),
                            "ceil" => ceil(f),
                            _ => round(f),
                        };
                        if r.abs() >= 9.2e18 {
                            return overflow(interp);
                        }
                        RVal::Int(r as i64)
                    }
                }
                _ => recv.clone(),
            }
        }
        (RVal::Int(n), "times") => {
            let Some(block) = block else {
                interp.step((*n).max(0) as u64 / 8)?;
                if *n > interp.rt.limits().max_collection_len as i64 {
                    return interp.raise("an enumerator too large");
                }
                return Ok(RVal::array((0..*n).map(RVal::Int).collect()));
            };
            for i in 0..*n {
                interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
            }
            recv.clone()
        }
        (RVal::Int(n), "upto" | "downto") => {
            arity(interp, args, 1, 1)?;
            let end = int_arg(interp, &args[0])?;
            let Some(block) = block else {
                return interp.unsupported(
                    "an enumerator (no block) is not supported by the playground's ERB",
                );
            };
            if name == "upto" {
                let mut i = *n;
                while i <= end {
                    interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
                    i += 1;
                }
            } else {
                let mut i = *n;
                while i >= end {
                    interp.yield_block(block, alloc::vec![RVal::Int(i)])?;
                    i -= 1;
                }
            }
            recv.clone()
        }
        (_, "between?") => {
            arity(interp, args, 2, 2)?;
            let x = as_f64(&recv);
            RVal::Bool(x >= as_f64(&args[0]) && x <= as_f64(&args[1]))
        }
        (_, "clamp") => {
            arity(interp, args, 2, 2)?;
            let x = as_f64(&recv);
            if x < as_f64(&args[0]) {
                args[0].clone()
            } else if x > as_f64(&args[1]) {
                args[1].clone()
            } else {
                recv.clone()
            }
        }
        _ => return interp.no_method(name, &recv),
    };
    Ok(out)
}

fn pow10(n: i64) -> f64 {
    let mut x = 1.0;
    for _ in 0..n.min(400) {
        x *= 10.0;
    }
    x
}

fn as_f64(value: &RVal) -> f64 {
    match value {
        RVal::Int(n) => *n as f64,
        RVal::Float(f) => *f,
        _ => 0.0,
    }
}

fn to_radix(n: i64, base: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let negative = n < 0;
    let mut m = (n as i128).unsigned_abs();
    let mut digits = Vec::new();
    while m > 0 {
        let d = (m % base as u128) as u32;
        digits.push(char::from_digit(d, base).unwrap_or('?'));
        m /= base as u128;
    }
    if negative {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

fn int_binary<H: RubyHost>(interp: &mut Interp<'_, H>, a: i64, b: i64, op: &str) -> RResult<RVal> {
    let checked = |r: Option<i64>| -> RResult<RVal> {
        match r {
            Some(n) => Ok(RVal::Int(n)),
            None => overflow(interp),
        }
    };
    match op {
        "+" => checked(a.checked_add(b)),
        "-" => checked(a.checked_sub(b)),
        "*" => checked(a.checked_mul(b)),
        "/" | "div" | "%" | "modulo" | "divmod" => {
            if b == 0 {
                return interp.raise("divided by 0");
            }
            let Some(q) = a.checked_div_euclid(b).and_then(|_| a.checked_div(b)) else {
                return overflow(interp);
            };
            // Ruby floors.
            let q = if (a % b != 0) && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            };
            let r = a - q.wrapping_mul(b);
            Ok(match op {
                "/" | "div" => RVal::Int(q),
                "divmod" => RVal::array(alloc::vec![RVal::Int(q), RVal::Int(r)]),
                _ => RVal::Int(r),
            })
        }
        "fdiv" => Ok(RVal::Float(a as f64 / b as f64)),
        "**" => {
            if b < 0 {
                return interp.unsupported("a negative integer power (a Rational) is not supported by the playground's ERB");
            }
            checked(u32::try_from(b).ok().and_then(|b| a.checked_pow(b)))
        }
        "&" => Ok(RVal::Int(a & b)),
        "|" => Ok(RVal::Int(a | b)),
        "^" => Ok(RVal::Int(a ^ b)),
        "<<" => checked(if (0..63).contains(&b) {
            a.checked_mul(1i64 << b)
        } else {
            None
        }),
        ">>" => Ok(RVal::Int(if (0..64).contains(&b) {
            a >> b
        } else if b >= 64 {
            if a < 0 {
                -1
            } else {
                0
            }
        } else {
            return overflow(interp);
        })),
        "<=>" => Ok(RVal::Int((a > b) as i64 - (a < b) as i64)),
        "<" => Ok(RVal::Bool(a < b)),
        ">" => Ok(RVal::Bool(a > b)),
        "<=" => Ok(RVal::Bool(a <= b)),
        ">=" => Ok(RVal::Bool(a >= b)),
        _ => interp.raise(format!("undefined method `{op}' for {a}:Integer")),
    }
}

fn float_binary<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    a: f64,
    b: f64,
    op: &str,
) -> RResult<RVal> {
    Ok(match op {
        "+" => RVal::Float(a + b),
        "-" => RVal::Float(a - b),
        "*" => RVal::Float(a * b),
        "/" | "fdiv" => RVal::Float(a / b),
        "%" | "modulo" => {
            let r = a - b * floor(a / b);
            RVal::Float(r)
        }
        "**" => {
            // Integral exponents only (no libm here).
            if trunc(b) != b || b.abs() > 10_000.0 {
                return interp
                    .unsupported("a fractional power is not supported by the playground's ERB");
            }
            let mut r = 1.0;
            for _ in 0..(b.abs() as i64) {
                r *= a;
            }
            RVal::Float(if b < 0.0 { 1.0 / r } else { r })
        }
        "<=>" => match float_compare(a, b) {
            Some(c) => RVal::Int(c),
            None => RVal::Nil,
        },
        "<" => RVal::Bool(a < b),
        ">" => RVal::Bool(a > b),
        "<=" => RVal::Bool(a <= b),
        ">=" => RVal::Bool(a >= b),
        _ => return interp.raise(format!("undefined method `{op}' for Float")),
    })
}
