//! stdlib's functions that pick from arrays or reshape them: `values_at`, `grep`, `reject`,
//! `reverse`, `hash`.

use alloc::format;
use alloc::vec::Vec;

use super::{class, counted, inspect, to_s};
use crate::functions::declare::{Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
use crate::value::{Hash, Value};

/// Whether some line of `text` is all ASCII digits (Ruby's `^\d+$`).
fn digits_line(text: &str) -> bool {
    text.split('\n')
        .any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()))
}

/// One index of `values_at` (`3`, `'1-3'`, `'1..3'`, `'1...3'`) as the indices it stands for.
fn indices_of(site: &CallSite, index: &Value, len: usize, out: &mut Vec<usize>) -> EvalResult<()> {
    let text = to_s(index);
    let number = |s: &str| s.parse::<usize>().unwrap_or(usize::MAX);
    let range = ["...", "..", "-"].iter().find_map(|sep| {
        let (a, b) = text.split_once(sep)?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        (digits(a) && digits(b)).then(|| (number(a), number(b), *sep == "..."))
    });
    if let Some((start, stop, exclusive)) = range {
        if start > stop {
            return Err(site.fail(
                "values_at(): Stop index in given indices range is smaller than the start index",
            ));
        }
        if stop > len.wrapping_sub(1) || len == 0 {
            return Err(
                site.fail("values_at(): Stop index in given indices range exceeds array size")
            );
        }
        out.extend(if exclusive {
            start..stop
        } else {
            start..stop + 1
        });
        return Ok(());
    }
    if !digits_line(&text) {
        return Err(site.fail("values_at(): Unknown format of given index"));
    }
    let at = crate::functions::fqdn_rand::ruby_to_i(&text).unwrap_or(i64::MAX);
    if at > len as i64 - 1 {
        return Err(site.fail("values_at(): Given index exceeds array size"));
    }
    out.push(at as usize);
    Ok(())
}

pub(super) fn values_at(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_usual("2")?;
    let Value::Array(items) = &args[0] else {
        return Err(site.fail("values_at(): Requires array to work with"));
    };
    let wanted = match &args[1] {
        Value::Array(list) => list.as_slice().to_vec(),
        one => alloc::vec![one.clone()],
    };
    if wanted.is_empty() {
        return Err(
            site.fail("values_at(): You must provide at least one positive index to collect")
        );
    }
    let mut indices = Vec::new();
    for index in &wanted {
        indices_of(site, index, items.len(), &mut indices)?;
    }
    Ok(Value::array(
        indices
            .iter()
            .filter_map(|at| items.get(*at))
            .filter(|v| !matches!(v, Value::Undef))
            .cloned()
            .collect(),
    ))
}

/// `grep` and `reject`: the array's elements a pattern (a string compiled as Ruby's
/// `Regexp.new`) matches, or those it does not.
fn filter_by_pattern(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    args: &[Value],
    keep: bool,
) -> EvalResult<Value> {
    if args.len() != 2 {
        return Err(site.fail(format!(
            "{}(): Wrong number of arguments given {} for 2",
            site.name,
            args.len()
        )));
    }
    let Value::String(source) = &args[1] else {
        return Err(site.fail(super::no_implicit(&args[1])));
    };
    let regexp = crate::functions::strings::compile(site, source)?;
    let items: Vec<Value> = match &args[0] {
        collection @ (Value::Array(_) | Value::Hash(_)) => super::ruby_array(collection),
        other => {
            return Err(site.fail(format!(
                "undefined method `{}' for {}:{}",
                if keep { "grep" } else { "reject" },
                inspect(other),
                class(other)
            )))
        }
    };
    let mut out = Vec::new();
    for item in items {
        let matched = match &item {
            Value::String(text) => host.regex_search(&regexp, text, 0, site.span)?.is_some(),
            _ => false,
        };
        if matched == keep {
            out.push(item);
        }
    }
    Ok(Value::array(out))
}

pub(super) fn grep(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    filter_by_pattern(host, site, &args, true)
}

pub(super) fn reject(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    filter_by_pattern(host, site, &args, false)
}

pub(super) fn reverse(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.first() {
        None => Err(site.fail("reverse(): Wrong number of arguments given (0 for 1)")),
        Some(Value::Array(items)) => Ok(Value::array(items.iter().rev().cloned().collect())),
        Some(Value::String(text)) => Ok(Value::string(
            &text.chars().rev().collect::<alloc::string::String>(),
        )),
        Some(_) => Err(site.fail("reverse(): Requires either array or string to work with")),
    }
}

pub(super) fn hash(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let Some(first) = args.first() else {
        return Err(site.fail("hash(): Wrong number of arguments given (0 for 1)"));
    };
    let Value::Array(items) = first else {
        return Err(site.fail("hash(): Requires array to work with"));
    };
    let flat = super::flattened(&Value::Array(items.clone()), false);
    if flat.len() % 2 == 1 {
        return Err(site.fail("hash(): Unable to compute hash from array given"));
    }
    let mut out = Hash::new();
    for pair in flat.chunks(2) {
        out.insert(pair[0].clone(), pair[1].clone());
    }
    Ok(Value::Hash(out))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("values_at", values_at)
        .doc("The elements of an array at indices or index ranges ('1-3')"),
    Def::stdlib("grep", grep).doc("The elements of an array that match a regular expression"),
    Def::stdlib("reject", reject)
        .doc("The elements of an array that do not match a regular expression"),
    Def::stdlib("reverse", reverse).doc("An array or string in reverse order"),
    Def::stdlib("hash", hash).removed_in_stdlib9().walks(Walk::Builds)
        .doc("A flat array of keys and values as a hash"),
    Def::stdlib("shuffle", super::host_reads::shuffle).refused_after_checks(
        "its order comes from Ruby's random generator, different on every run",
    )
        .doc("An array or string in random order"),
];
