//! stdlib's encodings: `base64`, `uriescape`, `to_bytes`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::counted;
use crate::functions::declare::{Call, Def};
use crate::host::EvalResult;
use crate::text::TrimBy;
use crate::value::{Binary, Value};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Ruby's `Base64.encode64` (lines of 60 characters, each ended by a newline), `strict_encode64`
/// or `urlsafe_encode64` (`-` and `_` for `+` and `/`).
fn encode(bytes: &[u8], method: &str) -> String {
    match method {
        "urlsafe" => crate::functions::binary::base64_urlsafe(bytes),
        "strict" => Binary::from_bytes(bytes).to_base64(),
        _ => crate::functions::binary::base64_mime(bytes),
    }
}

/// Ruby's `Base64.decode64`: characters outside the alphabet skipped, a last partial group kept
/// as far as its bits reach.
fn decode_lenient(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut bits, mut count) = (0u32, 0);
    for b in text.bytes() {
        if b == b'=' {
            break;
        }
        let Some(v) = ALPHABET.iter().position(|a| *a == b) else {
            continue;
        };
        bits = bits << 6 | v as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    out
}

pub(super) fn base64(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 2..).or_say("base64(): Wrong number of arguments ({}; must be >= 2)")?;
    let action = match &args[0] {
        Value::String(a) if matches!(&**a, "encode" | "decode") => String::from(&**a),
        _ => {
            return Err(
                site.fail("base64(): the first argument must be one of 'encode' or 'decode'")
            )
        }
    };
    let Value::String(text) = &args[1] else {
        return Err(site.fail("base64(): the second argument must be a string to base64"));
    };
    let method = match args.get(2) {
        None => "default",
        Some(Value::String(m)) if matches!(&**m, "default" | "strict" | "urlsafe") => &**m,
        Some(_) => {
            return Err(site.fail(
                "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'",
            ))
        }
    };
    if action == "encode" {
        return Ok(Value::string(&encode(text.as_bytes(), method)));
    }
    let bytes = match method {
        "default" => decode_lenient(text),
        _ => {
            let standard = if method == "urlsafe" {
                text.replace('-', "+").replace('_', "/")
            } else {
                String::from(&**text)
            };
            let well_formed = standard.len() % 4 == 0 || method == "urlsafe";
            match Binary::from_base64(&standard).filter(|_| well_formed) {
                Some(binary) => binary.bytes().to_vec(),
                None => return Err(site.fail("invalid base64")),
            }
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Value::string(&text)),
        Err(_) => Err(site.fail(
            "The function 'base64' is not available in the playground: its decoded bytes are not UTF-8 text",
        )),
    }
}

/// Ruby's `URI::DEFAULT_PARSER.escape`: each byte outside RFC 2396's unreserved and reserved
/// characters as `%XX`.
fn uri_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub(super) fn uriescape(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if super::node::follows_stdlib9(host, site)? {
        // stdlib 9 refuses it on Puppet 8, whose Ruby has no URI.escape.
        return Err(site.fail(
            "Puppet: This function is not available in Puppet 8. URI.escape no longer exists as of Ruby 3+.",
        ));
    }
    super::strings::each_string(site, &args, "uriescape", uri_escaped)
}

/// Ruby's `String#to_f`: the longest leading part that reads as a number, else 0.
fn leading_float(text: &str) -> f64 {
    (1..=text.len())
        .rev()
        .filter(|end| text.is_char_boundary(*end))
        .find_map(|end| crate::functions::numbers::ruby_float(&text[..end]))
        .unwrap_or(0.0)
}

pub(super) fn to_bytes(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1).or_usual("1")?;
    let text = match &args[0] {
        Value::Integer(_) | Value::Float(_) => return Ok(args[0].clone()),
        Value::String(text) => text,
        other => return Err(site.fail(super::no_implicit(other))),
    };
    let number_len = text
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-')))
        .unwrap_or(text.len());
    let value = leading_float(&text[..number_len]);
    let rest = text[number_len..]
        .trim_start_by(&|c| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c' | '\x0b'));
    let prefix = rest.chars().next().filter(|c| !matches!(c, 'b' | 'B'));
    let shift = match prefix {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('P') => 50,
        Some('E') => 60,
        Some(other) => return Err(site.fail(format!("to_bytes(): Unknown prefix {other}"))),
    };
    Ok(Value::Integer((value * (1u64 << shift) as f64) as i64))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("base64", base64)
        .doc("A string encoded as base64 or decoded from it (default, strict or urlsafe)"),
    Def::stdlib("uriescape", uriescape).doc("A string (or each of an array's) escaped for a URI"),
    Def::stdlib("to_bytes", to_bytes).doc("A size with a unit prefix ('4 kB', '1.5M') as bytes"),
];
