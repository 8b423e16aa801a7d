//! String's methods that search with a pattern (a regex, or a string taken literally): `sub` and
//! `gsub` with their replacements, `split`, `scan`, `=~`/`match`/`match?` and `[]`/`slice`.

use crate::erb::RubyHost;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{arity, Flow, Interp, RResult};
use super::super::value::{self, RVal};
use super::{class_for_conversion, int_arg, is_space, no_conversion, regexp_escape};
use crate::functions::strings::expand_replacement;
use crate::text::TrimBy;

/// The pattern argument of `sub`, `split`, `scan`: a regex, or a string matched literally.
fn pattern<H: RubyHost>(interp: &mut Interp<'_, H>, arg: &RVal) -> RResult<crate::value::Regexp> {
    match arg {
        RVal::Regex(r) => Ok((**r).clone()),
        RVal::Str(s) => interp.regex(&regexp_escape(s), ""),
        other => Err(not_a_pattern(interp, other)),
    }
}

fn not_a_pattern<H: RubyHost>(interp: &Interp<'_, H>, arg: &RVal) -> Flow {
    Flow::Raise(
        format!("wrong argument type {} (expected Regexp)", arg.class_name()),
        interp.line,
        None,
    )
}

/// `sub`/`gsub` with a string or regex pattern and a string, hash or block replacement.
pub(super) fn substitute<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    text: &str,
) -> RResult<String> {
    let (name, args, block) = (call.name, call.args, call.block);
    let Some(first) = args.first() else {
        return interp.raise("wrong number of arguments (given 0, expected 1..2)");
    };
    let regexp = pattern(interp, first)?;
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
                expand_replacement(&mut out, replacement, &captures, &regexp, text)
            }
            Some(RVal::Hash(entries)) => {
                let found = value::hash_get(&entries.borrow(), &RVal::str(matched));
                if let Some(v) = found {
                    out.push_str(&interp.ruby_to_s(&v)?);
                }
            }
            Some(other) => {
                return Err(no_conversion(interp, class_for_conversion(other), "String"))
            }
            None => {
                let Some(block) = block else { break };
                let v = interp.yield_block(block, alloc::vec![RVal::str(matched)])?;
                out.push_str(&interp.ruby_to_s(&v)?);
            }
        }
        copied = b;
        interp.check_string(&out)?;
        if name != "gsub" {
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
pub(super) fn split<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    text: &str,
    args: &[RVal],
) -> RResult<Vec<RVal>> {
    let limit = match args.get(1) {
        Some(v) => int_arg(interp, v)?,
        None => 0,
    };
    let mut fields: Vec<String> = Vec::new();
    let awk = matches!(args.first(), None | Some(RVal::Nil))
        || matches!(args.first(), Some(RVal::Str(s)) if &**s == " ");
    if awk {
        let mut rest = text.trim_start_by(&is_space);
        while !rest.is_empty() {
            if limit > 0 && fields.len() as i64 == limit - 1 {
                fields.push(rest.to_string());
                rest = "";
                break;
            }
            let end = rest.find(is_space).unwrap_or(rest.len());
            fields.push(rest[..end].to_string());
            rest = rest[end..].trim_start_by(&is_space);
            interp.step(1)?;
        }
        let _ = rest;
    } else {
        let regexp = pattern(interp, &args[0])?;
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

/// `scan`: every match (its groups when it has some), yielded or as an array.
pub(super) fn scan<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, s: &str) -> RResult<RVal> {
    let regexp = pattern(interp, call.one(interp)?)?;
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(c) = interp.regex_search(&regexp, s, from)? {
        let (a, b) = c.whole();
        found.push(if c.len() > 1 {
            groups(&c, s, 1)
        } else {
            RVal::str(&s[a..b])
        });
        match crate::regex::Regex::next_start(s, (a, b)) {
            Some(next) => from = next,
            None => break,
        }
    }
    let Some(block) = call.block else {
        return Ok(RVal::array(found));
    };
    for item in found {
        interp.yield_block(block, alloc::vec![item])?;
    }
    Ok(call.recv.clone())
}

/// `=~` (where the match starts), `match` (its groups, as the array a MatchData reads like:
/// `m[1]`, `m.captures`) and `match?`.
pub(super) fn match_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    s: &str,
) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
    arity(interp, args, 1, 2)?;
    let regexp = match &args[0] {
        RVal::Regex(r) => (**r).clone(),
        RVal::Str(p) if name != "=~" => interp.regex(p, "")?,
        other => return Err(not_a_pattern(interp, other)),
    };
    let found = interp.regex_search(&regexp, s, 0)?;
    Ok(match (name, found) {
        ("match?", found) => RVal::Bool(found.is_some()),
        (_, None) => RVal::Nil,
        ("=~", Some(c)) => RVal::Int(s[..c.whole().0].chars().count() as i64),
        (_, Some(_)) => interp.last_match.clone().map_or(RVal::Nil, RVal::Object),
    })
}

/// The text of each group of a match from group `from` on (nil for one that took no part), as an
/// array.
fn groups(c: &crate::regex::Captures, s: &str, from: usize) -> RVal {
    RVal::array(
        (from..c.len())
            .map(|g| c.get(g).map_or(RVal::Nil, |(a, b)| RVal::str(&s[a..b])))
            .collect(),
    )
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

/// `[]` and `slice`: by index, index and length, range, string or regex (and group).
pub(super) fn index<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    s: &str,
    args: &[RVal],
) -> RResult<RVal> {
    arity(interp, args, 1, 2)?;
    let text = |t: Option<String>| t.map(|t| RVal::str(&t)).unwrap_or(RVal::Nil);
    Ok(match (&args[0], args.get(1)) {
        (RVal::Int(i), None) => match substring(s, *i, 1) {
            Some(t) if !t.is_empty() => RVal::str(&t),
            _ => RVal::Nil,
        },
        (RVal::Int(i), Some(len)) => {
            let len = int_arg(interp, len)?;
            text(substring(s, *i, len))
        }
        (RVal::Range(a, b, exclusive), None) => {
            let count = s.chars().count() as i64;
            let start = if *a < 0 { count + a } else { *a };
            let mut end = if *b < 0 { count + b } else { *b };
            if !*exclusive {
                end += 1;
            }
            text(substring(s, start, (end - start).max(0)))
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
            match interp.regex_search(r, s, 0)? {
                Some(c) => match c.get(group) {
                    Some((a, b)) => RVal::str(&s[a..b]),
                    None => RVal::Nil,
                },
                None => RVal::Nil,
            }
        }
        _ => {
            return interp
                .unsupported("this String#[] argument is not supported by the playground's ERB")
        }
    })
}
