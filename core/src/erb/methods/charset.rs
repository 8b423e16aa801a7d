//! String's methods over sets of characters (`a-z`, `^0-9`): `tr`, `delete`, `squeeze`, `count`.

use crate::erb::RubyHost;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::call::Call;
use super::super::interp::{arity, Interp, RResult};
use super::super::value::RVal;
use super::string_arg;

/// `tr`, `delete`, `squeeze`, `count` with plain character lists and ranges (`a-z`).
pub(super) fn tr_family<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    s: &str,
) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
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
        // `delete`, `count`, `squeeze`.
        _ => {
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
    }
}
