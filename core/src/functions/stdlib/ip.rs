//! Addresses as Ruby's `IPAddr` reads and prints them, for `enclose_ipv6` (IPv6 addresses in
//! brackets: `2001:DB8::0:1` is `[2001:db8::1]`) and `stdlib::ip_in_range` (a prefix length or
//! dotted mask makes a network).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{class, counted};
use crate::functions::declare::{req, Call, Def};
use crate::host::{CallSite, EvalResult};
use crate::value::Value;

/// An address as `IPAddr.new` reads it: its family, bits (masked) and mask, and an IPv6 zone.
pub(super) struct Address {
    pub(super) v6: bool,
    bits: u128,
    mask: u128,
    zone: String,
}

impl Address {
    /// The first and last address of its network (Ruby's `to_range`).
    fn range(&self) -> (u128, u128) {
        let all = if self.v6 {
            u128::MAX
        } else {
            u128::from(u32::MAX)
        };
        (self.bits & self.mask, self.bits | (all ^ self.mask))
    }

    /// Ruby's `include?`: the same family, and `other`'s network within this one.
    fn includes(&self, other: &Address) -> bool {
        let ((a, b), (c, d)) = (self.range(), other.range());
        self.v6 == other.v6 && a <= c && b >= d
    }
}

/// The mask of the first `len` bits of a `width`-bit address.
fn mask_of(len: u32, width: u32) -> u128 {
    let all = if width == 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    if len == 0 {
        0
    } else {
        (all >> (width - len)) << (width - len)
    }
}

/// Ruby's `in_addr`: four decimal octets without leading zeros; `Err` for a bad one, `Ok(None)`
/// for text that is not dotted at all.
fn ipv4(text: &str) -> Result<Option<u32>, ()> {
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() != 4
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Ok(None);
    }
    let mut value = 0u32;
    for part in parts {
        let n: u32 = part.parse().map_err(|_| ())?;
        if n > 255 || (part.len() > 1 && part.starts_with('0')) {
            return Err(());
        }
        value = value << 8 | n;
    }
    Ok(Some(value))
}

/// Ruby's `in6_addr`: groups of 1-4 hex digits, one `::` at most, a dotted IPv4 tail.
pub(crate) fn ipv6(text: &str) -> Option<u128> {
    let group = |g: &str| (1..=4).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_hexdigit());
    let words = |part: &str| -> Option<Vec<u16>> {
        if part.is_empty() {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        let pieces: Vec<&str> = part.split(':').collect();
        for (at, piece) in pieces.iter().enumerate() {
            if at == pieces.len() - 1 && piece.contains('.') {
                let v4 = ipv4(piece).ok()??;
                out.push((v4 >> 16) as u16);
                out.push(v4 as u16);
            } else if group(piece) {
                out.push(u16::from_str_radix(piece, 16).ok()?);
            } else {
                return None;
            }
        }
        Some(out)
    };
    let groups = match text.split_once("::") {
        Some((left, right)) => {
            let (l, r) = (words(left)?, words(right)?);
            if l.len() + r.len() > 7 || (left.contains('.')) {
                return None;
            }
            let mut all = l;
            all.resize(8 - r.len(), 0);
            all.extend(r);
            all
        }
        None => words(text)?,
    };
    if groups.len() != 8 {
        return None;
    }
    Some(
        groups
            .iter()
            .fold(0u128, |acc, g| acc << 16 | u128::from(*g)),
    )
}

/// `IPAddr.new(text)`, or `None` where Ruby raises.
pub(super) fn parse(text: &str) -> Option<Address> {
    let (mut host, prefix) = match text.split_once('/') {
        Some((host, prefix)) => (host, Some(prefix)),
        None => (text, None),
    };
    let mut v6_only = false;
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        host = inner;
        v6_only = true;
    }
    let mut zone = String::new();
    if let Some(at) = host.rfind('%') {
        let id = &host[at + 1..];
        if !id.is_empty() && id.chars().all(|c| c.is_alphanumeric() || c == '_') {
            zone = String::from(&host[at..]);
            host = &host[..at];
            v6_only = true;
        }
    }
    let v4 = if v6_only { None } else { ipv4(host).ok()? };
    let (v6, bits, width) = match v4 {
        Some(bits) => (false, u128::from(bits), 32),
        None => (true, ipv6(host)?, 128),
    };
    let mask = match prefix {
        None => mask_of(width, width),
        // A mask written as an address: its family's, and its bits contiguous.
        Some(p) if !v6 && p.contains('.') => {
            let m = u128::from(ipv4(p).ok()??);
            let inverse = m ^ mask_of(32, 32);
            if inverse & (inverse + 1) != 0 {
                return None;
            }
            m
        }
        Some(p) => mask_of(bits_len(p, width)?, width),
    };
    Some(Address {
        v6,
        bits: bits & mask,
        mask,
        zone,
    })
}

/// A prefix length: decimal without leading zeros, at most the address's width.
fn bits_len(p: &str, width: u32) -> Option<u32> {
    if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) || (p.len() > 1 && p.starts_with('0'))
    {
        return None;
    }
    p.parse::<u32>().ok().filter(|n| *n <= width)
}

/// Ruby's `IPAddr#to_s` of an IPv6 address, in brackets: hex groups without leading zeros, the longest run
/// of two or more zero groups (the first of equals) as `::`, `::a.b.c.d` for embedded IPv4.
pub(crate) fn ipv6_text(value: u128, zone: &str) -> String {
    use core::fmt::Write;
    let group = |i: usize| (value >> ((7 - i) * 16)) as u16;
    let (mut best, mut best_len) = (0, 0);
    let mut at = 0;
    while at < 8 {
        let run = (at..8).take_while(|i| group(*i) == 0).count();
        if run > best_len {
            (best, best_len) = (at, run);
        }
        at += run.max(1);
    }
    let mut out = String::from("[");
    let embedded_v4 =
        zone.is_empty() && best == 0 && (best_len == 6 || (best_len == 5 && group(5) == 0xffff));
    if embedded_v4 {
        out.push_str(if best_len == 5 { "::ffff:" } else { "::" });
        let (hi, lo) = (group(6), group(7));
        let _ = write!(out, "{}.{}.{}.{}", hi >> 8, hi & 0xff, lo >> 8, lo & 0xff);
    } else {
        let mut i = 0;
        while i < 8 {
            if best_len >= 2 && i == best {
                out.push_str("::");
                i += best_len;
                continue;
            }
            if i > 0 && !out.ends_with(':') {
                out.push(':');
            }
            let _ = write!(out, "{:x}", group(i));
            i += 1;
        }
    }
    out.push_str(zone);
    out.push(']');
    out
}

pub(super) fn enclose_ipv6(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1)
        .or_say("enclose_ipv6(): Wrong number of arguments given {} for 1")?;
    let inputs: Vec<Value> = match &args[0] {
        Value::String(_) => alloc::vec![args[0].clone()],
        Value::Array(_) => super::flattened(&args[0], true),
        other => {
            return Err(site.fail(format!(
                "enclose_ipv6(): Wrong argument type given {} expected String or Array",
                class(other)
            )))
        }
    };
    let mut out: Vec<Value> = Vec::new();
    for input in inputs {
        let text = super::to_s(&input);
        let value = match &input {
            Value::String(s) if &**s == "*" => input.clone(),
            Value::String(s) => match parse(s) {
                Some(a) if a.v6 => Value::string(&ipv6_text(a.bits, &a.zone)),
                Some(_) => input.clone(),
                None => return Err(not_an_address(site, &text)),
            },
            _ => return Err(not_an_address(site, &text)),
        };
        if !out.contains(&value) {
            out.push(value);
        }
    }
    Ok(Value::array(out))
}

fn not_an_address(site: &CallSite, text: &str) -> crate::host::Unwind {
    site.fail(format!(
        "enclose_ipv6(): Wrong argument given {text} is not an ip address."
    ))
}

/// `stdlib::ip_in_range(address, range_or_ranges)`: whether a network holds the address; Ruby's
/// `IPAddr` error for text that is not an address.
pub(super) fn ip_in_range(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let read = |value: &Value| -> EvalResult<Address> {
        // Ruby names the address it has not read yet: nothing.
        parse(&super::to_s(value)).ok_or_else(|| site.fail("invalid address: "))
    };
    let address = read(&args[0])?;
    let ranges = match &args[1] {
        Value::Array(items) => items.as_slice().to_vec(),
        one => alloc::vec![one.clone()],
    };
    for range in &ranges {
        if read(range)?.includes(&address) {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("stdlib::ip_in_range", ip_in_range)
        .takes(&[&[req("ipaddress", "String"), req("range", "Variant[String, Array]")]]).checked()
        .doc("Whether an IP address is in a network (or one of several)"),
    Def::stdlib("enclose_ipv6", enclose_ipv6).doc("IPv6 addresses in brackets, as URLs need them"),
];
