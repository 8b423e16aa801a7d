//! stdlib's functions on single values: `pick`, `pick_default`, `any2array`, `str2bool`,
//! `bool2str` (3.x: a top-level undef arrives as '').

use alloc::vec::Vec;

use super::{counted, truthy};
use crate::functions::declare::{Call, Def};
use crate::host::EvalResult;
use crate::value::Value;

/// Neither undef nor the empty string.
fn present(value: &Value) -> bool {
    !matches!(value, Value::Undef) && !matches!(value, Value::String(s) if s.is_empty())
}

pub(super) fn pick(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.into_iter().find(present) {
        Some(value) => Ok(value),
        None => Err(site.fail("pick(): must receive at least one non empty value")),
    }
}

pub(super) fn pick_default(Call(_, site, mut args, ..): Call) -> EvalResult<Value> {
    let Some(default) = args.pop() else {
        return Err(site.fail("Must receive at least one argument."));
    };
    Ok(args.into_iter().find(present).unwrap_or(default))
}

pub(super) fn any2array(Call(_, _, mut args, ..): Call) -> EvalResult<Value> {
    if args.len() != 1 {
        return Ok(Value::array(args));
    }
    Ok(match args.pop() {
        Some(Value::Array(items)) => Value::Array(items),
        Some(Value::String(s)) if s.is_empty() => Value::array(Vec::new()),
        Some(Value::Hash(hash)) => Value::array(
            hash.iter()
                .flat_map(|(k, v)| [k.clone(), v.clone()])
                .collect(),
        ),
        other => Value::array(other.into_iter().collect()),
    })
}

/// Whether some line of `text` is one of `words` (Ruby's `^(...)$` anchors at lines).
fn line_is(text: &str, words: &[&str], fold: bool) -> bool {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.ends_with('\n') {
        lines.pop();
    }
    lines.iter().any(|line| {
        words.iter().any(|w| {
            if fold {
                line.eq_ignore_ascii_case(w)
            } else {
                line == w
            }
        })
    })
}

/// stdlib's reading of a string as a Boolean, or its message.
pub(super) fn string_to_bool(value: &Value) -> Result<bool, &'static str> {
    match value {
        Value::Boolean(b) => Ok(*b),
        Value::String(text) => {
            if text.is_empty() || text.split('\n').any(str::is_empty) {
                Ok(false)
            } else if line_is(text, &["1", "t", "y", "true", "yes"], true) {
                Ok(true)
            } else if line_is(text, &["0", "f", "n", "false", "no"], true)
                || line_is(text, &["undef", "undefined"], false)
            {
                Ok(false)
            } else {
                Err("str2bool(): Unknown type of boolean given")
            }
        }
        _ => Err("str2bool(): Requires string to work with"),
    }
}

pub(super) fn str2bool(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let Some(value) = args.first() else {
        return Err(site.fail("str2bool(): Wrong number of arguments given (0 for 1)"));
    };
    string_to_bool(value)
        .map(Value::Boolean)
        .map_err(|message| site.fail(message))
}

pub(super) fn bool2str(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    if args.len() != 1 && args.len() != 3 {
        return Err(site.fail(alloc::format!(
            "bool2str(): Wrong number of arguments given ({} for 3)",
            args.len()
        )));
    }
    let word = |at: usize, default: &str| match args.get(at) {
        Some(value) if truthy(value) => value.clone(),
        _ => Value::string(default),
    };
    let (yes, no) = (word(1, "true"), word(2, "false"));
    let Value::Boolean(flag) = args[0] else {
        return Err(site.fail("bool2str(): Requires a boolean to work with"));
    };
    if !matches!((&yes, &no), (Value::String(_), Value::String(_))) {
        return Err(site.fail("bool2str(): Requires strings to convert to"));
    }
    Ok(if flag { yes } else { no })
}

/// stdlib's `num2bool` reading: a number above zero (a string read as Ruby's `Float`, others
/// through their text).
fn number_to_bool(value: &Value) -> Result<bool, alloc::string::String> {
    let number = match value {
        Value::Integer(n) => *n,
        Value::Float(f) => *f as i64,
        Value::String(text) => match crate::functions::numbers::ruby_float(text) {
            Some(f) => f as i64,
            None => {
                return Err(alloc::format!(
                "num2bool(): '{text}' does not look like a number: invalid value for Float(): {}",
                super::inspect(value)
            ))
            }
        },
        other => crate::functions::fqdn_rand::ruby_to_i(&super::to_s(other)).unwrap_or(0),
    };
    Ok(number > 0)
}

pub(super) fn num2bool(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1).or_usual("1")?;
    number_to_bool(&args[0])
        .map(Value::Boolean)
        .map_err(|message| site.fail(message))
}

pub(super) fn bool2num(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let Some(value) = args.first() else {
        return Err(site.fail("bool2num(): Wrong number of arguments given (0 for 1)"));
    };
    let flag = string_to_bool(value).map_err(|message| site.fail(message))?;
    Ok(Value::Integer(i64::from(flag)))
}

pub(super) fn any2bool(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let Some(value) = args.first() else {
        return Err(site.fail("any2bool(): Wrong number of arguments given (0 for 1)"));
    };
    let flag = match value {
        Value::Boolean(b) => Ok(*b),
        Value::Undef => Ok(false),
        Value::Integer(_) | Value::Float(_) => number_to_bool(value),
        Value::String(text) if crate::functions::numbers::ruby_float(text).is_some() => {
            number_to_bool(value)
        }
        Value::String(_) => string_to_bool(value).map_err(alloc::string::String::from),
        _ => Ok(true),
    };
    flag.map(Value::Boolean)
        .map_err(|message| site.fail(message))
}

/// `clamp(low, value, high)` in any order, arrays flattened: the middle one as an Integer.
pub(super) fn clamp(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let mut flat = Vec::new();
    let mut pending: Vec<Value> = args.into_iter().rev().collect();
    while let Some(value) = pending.pop() {
        match value {
            Value::Array(items) => pending.extend(items.iter().rev().cloned()),
            other => flat.push(other),
        }
    }
    if flat.len() != 3 {
        return Err(site.fail("clamp(): Wrong number of arguments, need three to clamp"));
    }
    let mut numbers = Vec::new();
    for value in &flat {
        let n = match value {
            Value::String(text)
                if !text
                    .split('\n')
                    .any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())) =>
            {
                return Err(site.fail(alloc::format!(
                    "clamp(): Required explicit numeric ({text}:String)"
                )))
            }
            Value::Hash(_) => {
                return Err(site.fail(alloc::format!(
                    "clamp(): The Hash type is not allowed ({})",
                    super::inspect(value)
                )))
            }
            Value::String(text) => crate::functions::fqdn_rand::ruby_to_i(text).unwrap_or(i64::MAX),
            Value::Integer(n) => *n,
            Value::Float(f) => *f as i64,
            other => {
                return Err(site.fail(alloc::format!(
                    "undefined method `to_i' for {}:{}",
                    super::inspect(other),
                    super::class(other)
                )))
            }
        };
        numbers.push(n);
    }
    numbers.sort_unstable();
    Ok(Value::Integer(numbers[1]))
}

pub(super) fn is_hash(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.as_slice() {
        [one] => Ok(Value::Boolean(matches!(one, Value::Hash(_)))),
        _ => Err(site.fail(alloc::format!(
            "is_hash(): Wrong number of arguments given ({} for 1)",
            args.len()
        ))),
    }
}

pub(super) fn convert_base(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let mut numbers = [0i64; 2];
    for (at, which) in ["First", "Second"].iter().enumerate() {
        numbers[at] = match &args[at] {
            Value::Integer(n) => *n,
            Value::String(text) if text.split('\n').any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())) => {
                crate::functions::fqdn_rand::ruby_to_i(text).unwrap_or(i64::MAX)
            }
            // stdlib names the first argument in both messages about digits.
            Value::String(_) => {
                return Err(site.fail(
                    "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10",
                ))
            }
            _ => {
                return Err(site.fail(alloc::format!(
                    "convert_base(): {which} argument must be either a string or an integer"
                )))
            }
        };
    }
    let (mut n, base) = (numbers[0], numbers[1]);
    if !(2..=36).contains(&base) {
        return Err(
            site.fail("convert_base(): base must be at least 2 and must not be greater than 36")
        );
    }
    let negative = n < 0;
    let mut digits = Vec::new();
    loop {
        let d = (n % base).unsigned_abs() as u32;
        digits.push(char::from_digit(d, 36).unwrap_or('0'));
        n /= base;
        if n == 0 {
            break;
        }
    }
    if negative {
        digits.push('-');
    }
    Ok(Value::string(
        &digits.iter().rev().collect::<alloc::string::String>(),
    ))
}

pub(super) fn is_mac_address(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let [mac] = args.as_slice() else {
        return Err(site.fail(alloc::format!(
            "is_mac_address(): Wrong number of arguments given {} for 1",
            args.len()
        )));
    };
    let Value::String(text) = mac else {
        return Err(site.fail(super::no_implicit(mac)));
    };
    let fits = text.split('\n').any(|line| {
        let groups: Vec<&str> = line.split(':').collect();
        matches!(groups.len(), 6 | 20)
            && groups
                .iter()
                .all(|g| (1..=2).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_hexdigit()))
    });
    Ok(Value::Boolean(fits))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("pick", pick).doc("The first argument that is neither undef nor empty"),
    Def::stdlib("pick_default", pick_default)
        .doc("The first argument that is neither undef nor empty, else the last"),
    Def::stdlib("any2array", any2array)
        .doc("Any value as an array (a hash as its keys and values in turn)"),
    Def::stdlib("str2bool", str2bool).doc("A string such as 'yes', 'f' or '1' as a Boolean"),
    Def::stdlib("bool2str", bool2str).doc("A Boolean as a string, 'true'/'false' or the two given"),
    Def::stdlib("num2bool", num2bool)
        .doc("A number (or numeric string) as a Boolean: true above zero"),
    Def::stdlib("bool2num", bool2num).doc("A Boolean (or string str2bool reads) as 1 or 0"),
    Def::stdlib("any2bool", any2bool)
        .doc("Any value as a Boolean, numbers and strings read as num2bool and str2bool do"),
    Def::stdlib("clamp", clamp).arity(-2)
        .doc("The middle of three numbers (a value kept within bounds)"),
    Def::stdlib("is_hash", is_hash).removed_in_stdlib9().doc("Whether a value is a hash"),
    Def::stdlib("convert_base", convert_base).arity(2)
        .doc("An integer written in another base (2 to 36)"),
    Def::stdlib("is_mac_address", is_mac_address).removed_in_stdlib9()
        .doc("Whether a string is a MAC address (6 or 20 groups)"),
];
