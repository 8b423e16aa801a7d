//! Binary values: the `Binary` constructor (base64 forms, byte arrays, strings) and the base64
//! variants the string formatter prints (`%b` MIME with line breaks, `%u` URL-safe).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::args::no_signature;
use crate::host::{CallSite, EvalResult};
use crate::value::{Binary, Value};

/// Ruby's `Base64.encode64`: strict base64 with a newline after every 60 characters and at the end.
pub(crate) fn base64_mime(bytes: &[u8]) -> String {
    let strict = Binary::from_bytes(bytes).to_base64();
    let mut out = String::with_capacity(strict.len() + strict.len() / 60 + 1);
    for (i, c) in strict.chars().enumerate() {
        if i > 0 && i % 60 == 0 {
            out.push('\n');
        }
        out.push(c);
    }
    if !strict.is_empty() {
        out.push('\n');
    }
    out
}

/// Ruby's `Base64.urlsafe_encode64` (with padding).
pub(crate) fn base64_urlsafe(bytes: &[u8]) -> String {
    Binary::from_bytes(bytes)
        .to_base64()
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect()
}

fn alphabet_value(c: u8, url: bool) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' if !url => Some(62),
        b'/' if !url => Some(63),
        b'-' if url => Some(62),
        b'_' if url => Some(63),
        _ => None,
    }
}

/// Decode base64; `strict` refuses characters outside the alphabet and bad padding
/// (Ruby's `strict_decode64`), otherwise they are skipped (`decode64`).
fn decode(text: &str, strict: bool, url: bool) -> Option<Vec<u8>> {
    let trimmed = text.trim_end_matches('=');
    if strict && (!text.len().is_multiple_of(4) || text.len() - trimmed.len() > 2) {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in trimmed.bytes() {
        let Some(value) = alphabet_value(c, url) else {
            if strict {
                return None;
            }
            continue;
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

fn from_string(site: &CallSite, text: &str, format: &str) -> EvalResult<Value> {
    let bytes = match format {
        "%b" => decode(text, false, false),
        "%B" => decode(text, true, false),
        "%u" => {
            let padded = if text.len().is_multiple_of(4) {
                String::from(text)
            } else {
                format!("{text}{}", "=".repeat(4 - text.len() % 4))
            };
            decode(&padded, true, true)
        }
        "%s" | "%r" => Some(text.as_bytes().to_vec()),
        _ => return Err(no_signature(site)),
    };
    match bytes {
        Some(bytes) => Ok(Value::Binary(Binary::from_bytes(&bytes))),
        None => Err(site.fail("invalid base64")),
    }
}

fn from_array(site: &CallSite, items: &[Value]) -> EvalResult<Value> {
    let bytes: Option<Vec<u8>> = items
        .iter()
        .map(|v| match v {
            Value::Integer(n) => u8::try_from(*n).ok(),
            _ => None,
        })
        .collect();
    match bytes {
        Some(bytes) => Ok(Value::Binary(Binary::from_bytes(&bytes))),
        None => Err(no_signature(site)),
    }
}

/// `Binary(value, format)`, `Binary([bytes])`, `Binary({value => ..., format => ...})`.
pub(crate) fn new_binary(site: &CallSite, args: &[Value]) -> EvalResult<Value> {
    match args {
        [Value::String(text)] => from_string(site, text, "%B"),
        [Value::String(text), Value::String(format)] => from_string(site, text, format),
        [Value::String(text), Value::Undef] => from_string(site, text, "%B"),
        [Value::Array(items)] => from_array(site, items.as_slice()),
        [Value::Hash(hash)] => {
            let format = hash.get(&Value::string("format"));
            match (hash.get(&Value::string("value")), format) {
                (Some(Value::String(text)), None) => from_string(site, text, "%B"),
                (Some(Value::String(text)), Some(Value::String(format))) => {
                    from_string(site, text, format)
                }
                (Some(Value::Array(items)), None) => from_array(site, items.as_slice()),
                _ => Err(no_signature(site)),
            }
        }
        _ => Err(no_signature(site)),
    }
}
