//! stdlib's `range`: the elements of a Ruby range of integers or strings (`range(1, 5)`,
//! `range('host01..host03')`, `range('a', 'e', 2)`), strings stepped by Ruby's `String#succ`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{class, inspect, to_s};
use crate::functions::declare::{Call, Def};
use crate::functions::fqdn_rand::ruby_to_i;
use crate::host::EvalResult;
use crate::value::Value;

/// stdlib takes at most this many elements.
const MAX_ELEMENTS: usize = 1_000_000;

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `value.match(/^(\w+)(\.\.\.?|-)(\w+)$/)`: start, separator, stop.
fn split_range(text: &str) -> Option<(&str, &str, &str)> {
    let head = text.bytes().take_while(|b| is_word_byte(*b)).count();
    if head == 0 {
        return None;
    }
    let rest = &text[head..];
    for sep in ["...", "..", "-"] {
        if let Some(tail) = rest.strip_prefix(sep) {
            if !tail.is_empty() && tail.bytes().all(is_word_byte) {
                return Some((&text[..head], sep, tail));
            }
        }
    }
    None
}

/// Ruby's `to_i` of a value handed to a 3.x function.
fn to_i(value: &Value) -> i64 {
    match value {
        Value::Integer(i) => *i,
        Value::Float(f) => *f as i64,
        Value::String(text) => ruby_to_i(text).unwrap_or(0),
        _ => 0,
    }
}

pub(super) fn range(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let (start, stop, exclusive, step) = match args.as_slice() {
        [] => return Err(site.fail("range(): Wrong number of arguments given (0 for 1)")),
        [Value::String(text)] => match split_range(text) {
            Some((a, sep, b)) => (Value::string(a), Value::string(b), sep == "...", 1),
            None if text.split('\n').any(|line| !line.is_empty()) => {
                return Err(site.fail(format!(
                    "range(): Unable to compute range from the value: {text}"
                )))
            }
            None => return Err(site.fail(format!("range(): Unknown range format: {text}"))),
        },
        [other] => {
            return Err(site.fail(format!(
                "undefined method `match' for {}:{}",
                inspect(other),
                class(other)
            )))
        }
        [a, b, rest @ ..] => {
            let step = rest.first().map_or(1, |s| to_i(s).unsigned_abs());
            if step == 0 {
                return Err(site.fail(
                    "range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)",
                ));
            }
            (a.clone(), b.clone(), false, step)
        }
    };
    let start_text = to_s(&start);
    let numeric = !start_text.is_empty() && start_text.bytes().all(|b| b.is_ascii_digit());
    let mut out = Vec::new();
    if numeric {
        let (first, last) = (to_i(&start), to_i(&stop));
        let mut current = first;
        while (current < last || (!exclusive && current == last)) && out.len() < MAX_ELEMENTS {
            host.step(1, site.span)?;
            out.push(Value::Integer(current));
            let Some(next) = current.checked_add(step.min(i64::MAX as u64) as i64) else {
                break;
            };
            current = next;
        }
    } else {
        let stop_text = to_s(&stop);
        let mut index: u64 = 0;
        let mut overflow = None;
        string_upto(&start_text, &stop_text, exclusive, &mut |item| {
            if out.len() >= MAX_ELEMENTS {
                return false;
            }
            if let Err(unwind) = host.step(1, site.span) {
                overflow = Some(unwind);
                return false;
            }
            if index.is_multiple_of(step) {
                out.push(Value::string(item));
            }
            index += 1;
            true
        });
        if let Some(unwind) = overflow {
            return Err(unwind);
        }
    }
    Ok(Value::array(out))
}

/// Ruby's `String#upto` (what a string range walks): one ASCII character to another by code,
/// else `succ` from the start until past the stop or longer than it.
fn string_upto(start: &str, stop: &str, exclusive: bool, each: &mut dyn FnMut(&str) -> bool) {
    if start.len() == 1 && stop.len() == 1 {
        let (mut c, e) = (start.as_bytes()[0], stop.as_bytes()[0]);
        if c > e || (exclusive && c == e) {
            return;
        }
        loop {
            if !each(&String::from(char::from(c))) {
                return;
            }
            if !exclusive && c == e {
                return;
            }
            c += 1;
            if exclusive && c == e {
                return;
            }
        }
    }
    if start.as_bytes() > stop.as_bytes() || (exclusive && start == stop) {
        return;
    }
    let after_end = succ(stop);
    let mut current = String::from(start);
    while current != after_end {
        let next = (exclusive || current != stop).then(|| succ(&current));
        if !each(&current) {
            return;
        }
        let Some(next) = next else {
            return;
        };
        current = next;
        if exclusive && current == stop {
            return;
        }
        if current.chars().count() > stop.chars().count() || current.is_empty() {
            return;
        }
    }
}

/// Ruby's `String#succ`: the rightmost letter or digit incremented, carrying leftwards to the
/// next letter or digit (a new one added where the carry stops); without any, the last
/// character's code incremented.
pub(super) fn succ(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    let Some(mut at) = chars.iter().rposition(|c| c.is_ascii_alphanumeric()) else {
        let last = chars.len() - 1;
        chars[last] = char::from_u32(chars[last] as u32 + 1).unwrap_or(chars[last]);
        return chars.into_iter().collect();
    };
    loop {
        let (next, wrapped, first) = match chars[at] {
            '9' => ('0', true, '1'),
            'z' => ('a', true, 'a'),
            'Z' => ('A', true, 'A'),
            c => (char::from_u32(c as u32 + 1).unwrap_or(c), false, c),
        };
        chars[at] = next;
        if !wrapped {
            break;
        }
        // The carry passes over other characters only to one of the same kind (a letter to a
        // letter, a digit to a digit).
        let left = chars[..at]
            .iter()
            .rposition(|c| c.is_ascii_alphanumeric())
            .filter(|&left| {
                left + 1 == at || chars[left].is_ascii_digit() == chars[at].is_ascii_digit()
            });
        match left {
            Some(left) => at = left,
            None => {
                chars.insert(at, first);
                break;
            }
        }
    }
    chars.into_iter().collect()
}

/// The functions of this family, declared.
pub(super) const DEFS: &[Def] = &[Def::stdlib("range", range)
    .doc("The integers or strings from one to another ('a'..'e', 'host01..host03'), by a step")];

#[cfg(test)]
mod tests {
    use super::succ;

    #[test]
    fn succ_carries_as_ruby_does() {
        // Ruby 3.1's "x".succ for each.
        for (text, next) in [
            ("a", "b"),
            ("az", "ba"),
            ("zz", "aaa"),
            ("a9", "b0"),
            ("Zz", "AAa"),
            ("-9", "-10"),
            ("1.9", "2.0"),
            ("a-z", "b-a"),
            ("z-9", "z-10"),
            ("Z.", "AA."),
            ("-", "."),
            ("..", "./"),
            ("", ""),
        ] {
            assert_eq!(succ(text), next, "{text:?}.succ");
        }
    }
}
