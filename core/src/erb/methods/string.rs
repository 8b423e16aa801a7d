//! String's methods as a table (each Ruby name, the method that runs it, whether a `name!` form
//! exists), with Symbol's few; the methods that search with patterns are in `search.rs`, the
//! character-set ones (`tr`, `delete`, `squeeze`, `count`) in `charset.rs`.

use crate::erb::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{arity, Flow, Interp, RResult};
use super::super::value::{self, RVal};
use super::{comparison_failed, int_arg, is_space, leading_digits, radix, string_arg, text_of};
use crate::text::TrimBy;

/// What runs a String method (aliases share one).
#[derive(Clone, Copy)]
enum S {
    ToStr,
    ToSym,
    ToI,
    ToF,
    Length,
    Bytesize,
    Empty,
    Upcase,
    Downcase,
    Capitalize,
    Swapcase,
    Strip,
    Lstrip,
    Rstrip,
    Chomp,
    Chop,
    Chars,
    Lines,
    Each,
    Split,
    Include,
    StartEnd,
    Scan,
    Sub,
    Charset,
    Plus,
    Append,
    Repeat,
    Format,
    Compare,
    Order,
    Match,
    Index,
    Justify,
    Reverse,
    Find,
    Hex,
    Ord,
    Same,
    Succ,
}

/// Whether the method has a `name!` form (on a value no variable holds: nil when nothing changes).
const BANG: bool = true;
const NO: bool = false;

/// String's methods: each Ruby name (aliases together) and what runs it.
fn string_entry(name: &str) -> Option<(S, bool)> {
    Some(match name {
        "%" => (S::Format, NO),
        "*" => (S::Repeat, NO),
        "+" => (S::Plus, NO),
        "<" | "<=" | ">" | ">=" => (S::Order, NO),
        "<<" | "concat" => (S::Append, NO),
        "<=>" => (S::Compare, NO),
        "=~" | "match" | "match?" => (S::Match, NO),
        "[]" | "slice" => (S::Index, NO),
        "b" | "encode" | "force_encoding" | "scrub" | "unicode_normalize" => (S::Same, NO),
        "bytesize" => (S::Bytesize, NO),
        "capitalize" => (S::Capitalize, BANG),
        "center" | "ljust" | "rjust" => (S::Justify, NO),
        "chars" => (S::Chars, NO),
        "chomp" => (S::Chomp, BANG),
        "chop" => (S::Chop, BANG),
        "count" => (S::Charset, NO),
        "delete" | "squeeze" | "tr" => (S::Charset, BANG),
        "downcase" => (S::Downcase, BANG),
        "each_char" | "each_line" => (S::Each, NO),
        "empty?" => (S::Empty, NO),
        "end_with?" | "start_with?" => (S::StartEnd, NO),
        "gsub" | "sub" => (S::Sub, BANG),
        "hex" => (S::Hex, NO),
        "include?" => (S::Include, NO),
        "index" => (S::Find, NO),
        "intern" | "to_sym" => (S::ToSym, NO),
        "length" | "size" => (S::Length, NO),
        "lines" => (S::Lines, NO),
        "lstrip" => (S::Lstrip, BANG),
        "next" | "succ" => (S::Succ, NO),
        "ord" => (S::Ord, NO),
        "reverse" => (S::Reverse, BANG),
        "rstrip" => (S::Rstrip, BANG),
        "scan" => (S::Scan, NO),
        "split" => (S::Split, NO),
        "strip" => (S::Strip, BANG),
        "swapcase" => (S::Swapcase, BANG),
        "to_f" => (S::ToF, NO),
        "to_i" => (S::ToI, NO),
        "to_str" => (S::ToStr, NO),
        "upcase" => (S::Upcase, BANG),
        _ => return None,
    })
}

/// Whether `name` is one of String's methods here.
pub(crate) fn is_string_method(name: &str) -> bool {
    string_entry(name).is_some()
}

/// The methods of String (and the few of Symbol).
pub(crate) fn string_method<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call) -> RResult<RVal> {
    let (recv, name, args) = (call.recv, call.name, call.args);
    if let RVal::Sym(s) = recv {
        return symbol_method(interp, call, s);
    }
    let op = match string_entry(name) {
        Some((op, _)) => op,
        None => match name.strip_suffix('!') {
            Some(base) if string_entry(base).is_some_and(|(_, bang)| bang) => {
                let new = string_method(interp, call.named(base))?;
                return Ok(if value::equal(&new, recv, 0) {
                    RVal::Nil
                } else {
                    new
                });
            }
            _ => return interp.no_method(name, recv),
        },
    };
    let s = text_of(recv);
    let s = &*s;
    Ok(match op {
        S::ToStr | S::Same => recv.clone(),
        S::ToSym => RVal::Sym(s.into()),
        S::ToI => return to_i(interp, s, args),
        S::ToF => RVal::Float(crate::value::ruby_to_f(s)),
        S::Length => RVal::Int(s.chars().count() as i64),
        S::Bytesize => RVal::Int(s.len() as i64),
        S::Empty => RVal::Bool(s.is_empty()),
        S::Upcase => RVal::str(&s.to_uppercase()),
        S::Downcase => RVal::str(&s.to_lowercase()),
        S::Capitalize => RVal::str(&capitalize(s)),
        S::Swapcase => RVal::str(&swapcase(s)),
        S::Strip => RVal::str(s.trim_start_by(&is_space).trim_end_by(&is_end_space)),
        S::Lstrip => RVal::str(s.trim_start_by(&is_space)),
        S::Rstrip => RVal::str(s.trim_end_by(&is_end_space)),
        S::Chomp => return chomp(interp, s, args),
        S::Chop => RVal::str(chop(s)),
        S::Chars => RVal::array(chars(s)),
        S::Lines => RVal::array(lines(s)),
        S::Each => return each(interp, call, s),
        S::Split => {
            arity(interp, args, 0, 2)?;
            RVal::array(super::search::split(interp, s, args)?)
        }
        S::Include => {
            arity(interp, args, 1, 1)?;
            RVal::Bool(s.contains(&*string_arg(interp, &args[0])?))
        }
        S::StartEnd => return start_or_end_with(interp, call, s),
        S::Scan => return super::search::scan(interp, call, s),
        S::Sub => RVal::str(&super::search::substitute(interp, call, s)?),
        S::Charset => return super::charset::tr_family(interp, call, s),
        S::Plus => {
            arity(interp, args, 1, 1)?;
            let other = string_arg(interp, &args[0])?;
            joined(interp, s, &other)?
        }
        S::Append => {
            arity(interp, args, 1, 1)?;
            let other = match &args[0] {
                RVal::Int(n) => char::from_u32(*n as u32)
                    .map(|c| c.to_string())
                    .unwrap_or_default(),
                other => string_arg(interp, other)?.to_string(),
            };
            joined(interp, s, &other)?
        }
        S::Repeat => return repeat(interp, s, args),
        S::Format => {
            arity(interp, args, 1, 1)?;
            let values = match &args[0] {
                RVal::Array(items) => items.borrow().clone(),
                other => alloc::vec![other.clone()],
            };
            RVal::str(&super::super::kernel::format_values(interp, s, &values)?)
        }
        S::Compare => match args.first() {
            Some(RVal::Str(o)) => RVal::Int(compare_strings(s, o)),
            _ => RVal::Nil,
        },
        S::Order => return order(interp, call, s),
        S::Match => return super::search::match_method(interp, call, s),
        S::Index => return super::search::index(interp, s, args),
        S::Justify => return justify(interp, call, s),
        S::Reverse => RVal::str(&s.chars().rev().collect::<String>()),
        S::Find => {
            arity(interp, args, 1, 1)?;
            let t = string_arg(interp, &args[0])?;
            match s.find(&*t) {
                Some(b) => RVal::Int(s[..b].chars().count() as i64),
                None => RVal::Nil,
            }
        }
        S::Hex => {
            let (negative, digits) = leading_digits(s, 16);
            return super::big::digits_value(interp, negative, &digits, 16);
        }
        S::Ord => match s.chars().next() {
            Some(c) => RVal::Int(c as i64),
            None => return interp.raise("empty string"),
        },
        S::Succ => {
            return interp.unsupported("String#succ is not supported by the playground's ERB")
        }
    })
}

/// Symbol's methods: a few, some of them String's on its name.
fn symbol_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    s: &Rc<str>,
) -> RResult<RVal> {
    match call.name {
        "to_sym" => Ok(call.recv.clone()),
        "to_proc" => interp.unsupported("Symbol#to_proc is not supported by the playground's ERB"),
        "length" | "size" => Ok(RVal::Int(s.chars().count() as i64)),
        "upcase" | "downcase" | "capitalize" => {
            let text = RVal::Str(s.clone());
            let out = string_method(
                interp,
                Call {
                    recv: &text,
                    ..call
                },
            )?;
            Ok(RVal::Sym(text_of(&out)))
        }
        "<=>" => match call.args.first() {
            Some(RVal::Sym(o)) => Ok(RVal::Int(compare_strings(s, o))),
            _ => Ok(RVal::Nil),
        },
        "empty?" => Ok(RVal::Bool(s.is_empty())),
        _ => interp.no_method(call.name, call.recv),
    }
}

/// `strip`'s and `rstrip`'s white space at the end, which takes NUL too.
fn is_end_space(c: char) -> bool {
    is_space(c) || c == '\0'
}

/// `to_i` and `to_i(base)`: the leading number, of any size.
fn to_i<H: RubyHost>(interp: &mut Interp<'_, H>, s: &str, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 0, 1)?;
    let base = match args.first() {
        Some(base) => radix(interp, int_arg(interp, base)?)?,
        None => 10,
    };
    let (negative, digits) = leading_digits(s, base);
    super::big::digits_value(interp, negative, &digits, base)
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

fn swapcase(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_uppercase() {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
    }
    out
}

fn chomp<H: RubyHost>(interp: &Interp<'_, H>, s: &str, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 0, 1)?;
    Ok(RVal::str(match args.first() {
        Some(suffix) => {
            let suffix = string_arg(interp, suffix)?;
            s.strip_suffix(&*suffix).unwrap_or(s)
        }
        None => s
            .strip_suffix("\r\n")
            .or_else(|| s.strip_suffix('\n'))
            .or_else(|| s.strip_suffix('\r'))
            .unwrap_or(s),
    }))
}

fn chop(s: &str) -> &str {
    match s.strip_suffix("\r\n") {
        Some(rest) => rest,
        None => {
            let mut chars = s.chars();
            chars.next_back();
            chars.as_str()
        }
    }
}

/// The lines of a text, each with its newline.
fn lines(s: &str) -> Vec<RVal> {
    s.split_inclusive('\n').map(RVal::str).collect()
}

/// The characters of a text, each a string.
fn chars(s: &str) -> Vec<RVal> {
    s.chars()
        .map(|c| RVal::str(c.encode_utf8(&mut [0; 4])))
        .collect()
}

/// `each_line` and `each_char`: yield each, or their array without a block.
fn each<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call, s: &str) -> RResult<RVal> {
    let items = if call.name == "each_line" {
        lines(s)
    } else {
        chars(s)
    };
    let Some(block) = call.block else {
        return Ok(RVal::array(items));
    };
    for item in items {
        interp.yield_block(block, alloc::vec![item])?;
    }
    Ok(call.recv.clone())
}

fn start_or_end_with<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    s: &str,
) -> RResult<RVal> {
    let start = call.name == "start_with?";
    let mut hit = false;
    for arg in call.args.iter() {
        hit |= match arg {
            RVal::Regex(r) if start => interp
                .regex_search(r, s, 0)?
                .is_some_and(|c| c.whole().0 == 0),
            other => {
                let t = string_arg(interp, other)?;
                if start {
                    s.starts_with(&*t)
                } else {
                    s.ends_with(&*t)
                }
            }
        };
    }
    Ok(RVal::Bool(hit))
}

/// `a + b` and `a << b`, within the limit on a string's length.
fn joined<H: RubyHost>(interp: &mut Interp<'_, H>, s: &str, other: &str) -> RResult<RVal> {
    let joined = format!("{s}{other}");
    interp.check_string(&joined)?;
    Ok(RVal::str(&joined))
}

/// `str * n`.
fn repeat<H: RubyHost>(interp: &mut Interp<'_, H>, s: &str, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    let n = int_arg(interp, &args[0])?;
    if n < 0 {
        return interp.raise("negative argument");
    }
    let total = (s.len() as u64).saturating_mul(n as u64);
    let limit = interp.rt.limits().max_string_len;
    if total > limit as u64 {
        return Err(Flow::Stop(crate::host::error(
            "SIZE_LIMIT",
            format!("a string's length in bytes would exceed the limit of {limit}"),
            interp.span,
        )));
    }
    let repeated = s.repeat(n as usize);
    interp.check_string(&repeated)?;
    Ok(RVal::str(&repeated))
}

pub(super) fn compare_strings(a: &str, b: &str) -> i64 {
    match a.as_bytes().cmp(b.as_bytes()) {
        core::cmp::Ordering::Less => -1,
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Greater => 1,
    }
}

/// `<`, `>`, `<=`, `>=` between strings.
fn order<H: RubyHost>(interp: &Interp<'_, H>, call: Call, s: &str) -> RResult<RVal> {
    let other = call.one(interp)?;
    let RVal::Str(o) = other else {
        return Err(comparison_failed(interp, call.recv, other));
    };
    let c = compare_strings(s, o);
    Ok(RVal::Bool(match call.name {
        "<" => c < 0,
        ">" => c > 0,
        "<=" => c <= 0,
        _ => c >= 0,
    }))
}

/// `center`, `ljust`, `rjust`.
fn justify<H: RubyHost>(interp: &Interp<'_, H>, call: Call, s: &str) -> RResult<RVal> {
    let (recv, name, args) = (call.recv, call.name, call.args);
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
        return Ok(recv.clone());
    }
    let total = width - len;
    let (left, right) = match name {
        "ljust" => (0, total),
        "rjust" => (total, 0),
        _ => (total / 2, total - total / 2),
    };
    let fill = |n: usize| pad.chars().cycle().take(n).collect::<String>();
    Ok(RVal::str(&format!("{}{s}{}", fill(left), fill(right))))
}
