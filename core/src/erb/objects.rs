//! Ruby objects templates meet that are none of the core values: exceptions (what `rescue => e`
//! binds, and the classes `rescue` names) and `IPAddr` (what haproxy's templates use to check an
//! address). Only what is known is done; anything else is a diagnostic, never a guess.

use super::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::BeginBlock;
use super::call::Call;
use super::interp::{arity, Flow, Interp, RResult};
use super::value::RVal;

/// An object of a class the interpreter models in part.
#[derive(Debug)]
pub(crate) enum RObject {
    /// An exception: its class when known (a Ruby error the interpreter raises without naming its
    /// class has none), and its message.
    Exception(Option<&'static str>, Rc<str>),
    /// An IPv4 `IPAddr` (the address as a number; the mask is the whole address).
    Ipv4(u32),
    /// An IPv6 `IPAddr`, or an IPv4 one with a prefix (`fe80::/64`): the network's address and
    /// the prefix length.
    IpNet { v6: bool, address: u128, prefix: u8 },
    /// A binary String (a digest's raw bytes), which only digests and Base64 read.
    Binary(Vec<u8>),
    /// A `Gem::Version`, as written.
    Version(String),
    /// An `OpenSSL::Digest` or `OpenSSL::HMAC`.
    Hasher(super::openssl::Hasher),
    /// A regexp's match.
    Match(super::matchdata::MatchData),
    /// A `URI::Generic` or one of its subclasses.
    #[cfg(feature = "ruby-uri")]
    Uri(super::uri::Uri),
}

impl RObject {
    pub fn class_name(&self) -> &'static str {
        match self {
            RObject::Exception(class, _) => class.unwrap_or("StandardError"),
            RObject::Ipv4(_) => "IPAddr",
            RObject::Binary(_) => "String",
            RObject::IpNet { .. } => "IPAddr",
            RObject::Version(_) => "Gem::Version",
            RObject::Hasher(hasher) => hasher.class_name(),
            RObject::Match(_) => "MatchData",
            #[cfg(feature = "ruby-uri")]
            RObject::Uri(uri) => uri.class,
        }
    }
}

/// The class of what Puppet throws rather than raises (`throw :undefined_variable`): it passes
/// every `rescue` and fails the call.
pub(crate) const THROWN: &str = "throw";

/// The exception classes the interpreter knows, each with its ancestors up to `Exception`.
const EXCEPTIONS: &[&[&str]] = &[
    &["Exception"],
    &["StandardError", "Exception"],
    &["RuntimeError", "StandardError", "Exception"],
    &[
        "Puppet::Error",
        "RuntimeError",
        "StandardError",
        "Exception",
    ],
    &[
        "Puppet::ParseError",
        "Puppet::Error",
        "RuntimeError",
        "StandardError",
        "Exception",
    ],
    &["ArgumentError", "StandardError", "Exception"],
    &["URI::Error", "StandardError", "Exception"],
    &[
        "URI::InvalidURIError",
        "URI::Error",
        "StandardError",
        "Exception",
    ],
    &[
        "URI::InvalidComponentError",
        "URI::Error",
        "StandardError",
        "Exception",
    ],
    &["TypeError", "StandardError", "Exception"],
    &["NameError", "StandardError", "Exception"],
    &["NoMethodError", "NameError", "StandardError", "Exception"],
    &["ZeroDivisionError", "StandardError", "Exception"],
    &["IndexError", "StandardError", "Exception"],
    &["KeyError", "IndexError", "StandardError", "Exception"],
    &[
        "JSON::ParserError",
        "JSON::JSONError",
        "StandardError",
        "Exception",
    ],
    &[
        "IPAddr::Error",
        "ArgumentError",
        "StandardError",
        "Exception",
    ],
    &[
        "IPAddr::InvalidAddressError",
        "IPAddr::Error",
        "ArgumentError",
        "StandardError",
        "Exception",
    ],
    &[
        "IPAddr::AddressFamilyError",
        "IPAddr::Error",
        "ArgumentError",
        "StandardError",
        "Exception",
    ],
    &[
        "IPAddr::InvalidPrefixError",
        "IPAddr::InvalidAddressError",
        "IPAddr::Error",
        "ArgumentError",
        "StandardError",
        "Exception",
    ],
];

/// The known exception class named `name` and its ancestors.
pub(crate) fn exception_class(name: &str) -> Option<&'static [&'static str]> {
    EXCEPTIONS.iter().copied().find(|chain| chain[0] == name)
}

/// Whether an object is a `class` (`is_a?`): `None` when the answer is not known.
pub(crate) fn object_is_a(object: &RObject, class: &str) -> Option<bool> {
    if matches!(class, "Object" | "BasicObject" | "Kernel") {
        return Some(true);
    }
    match object {
        RObject::Exception(Some(known), _) => {
            Some(exception_class(known).is_some_and(|chain| chain.contains(&class)))
        }
        RObject::Exception(None, _) if matches!(class, "StandardError" | "Exception") => Some(true),
        RObject::Exception(None, _) => None,
        RObject::Ipv4(_) => Some(class == "IPAddr" || class == "Comparable"),
        RObject::Binary(_) => Some(class == "String" || class == "Comparable"),
        RObject::IpNet { .. } => Some(class == "IPAddr" || class == "Comparable"),
        RObject::Version(_) => Some(class == "Gem::Version" || class == "Comparable"),
        RObject::Hasher(hasher) => Some(class == hasher.class_name()),
        RObject::Match(_) => Some(class == "MatchData"),
        #[cfg(feature = "ruby-uri")]
        RObject::Uri(uri) => Some(class == uri.class || class == "URI::Generic"),
    }
}

/// `begin ... rescue ... else ... ensure ... end`.
pub(crate) fn eval_begin<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    block: &BeginBlock,
) -> RResult<RVal> {
    let result = match interp.statements(&block.body) {
        Err(Flow::Raise(message, line, class)) => rescue(interp, block, message, line, class),
        Ok(value) if !block.otherwise.is_empty() => {
            let _ = value;
            interp.statements(&block.otherwise)
        }
        other => other,
    };
    if block.ensure.is_empty() || matches!(result, Err(Flow::Stop(_))) {
        return result;
    }
    interp.statements(&block.ensure)?;
    result
}

/// The first `rescue` clause that catches the exception runs; none: the exception goes on.
fn rescue<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    block: &BeginBlock,
    message: String,
    line: u32,
    class: Option<&'static str>,
) -> RResult<RVal> {
    // Puppet's undefined variable is thrown, not raised: no `rescue` sees it.
    let clauses = if class == Some(THROWN) {
        &[][..]
    } else {
        &block.rescues[..]
    };
    for clause in clauses {
        let mut names = Vec::new();
        // `rescue *list` spreads an array of classes.
        for class in interp.args(&clause.classes)?.0 {
            match class {
                RVal::Module(name) => names.push(name),
                _ => {
                    return interp
                        .raise_as("TypeError", "class or module required for rescue clause")
                }
            }
        }
        // Every error the interpreter raises is a StandardError.
        let catches = names.is_empty()
            || names
                .iter()
                .any(|n| matches!(&**n, "StandardError" | "Exception"))
            || match class.and_then(exception_class) {
                Some(chain) => names.iter().any(|n| chain.contains(&&**n)),
                None => {
                    let list: Vec<&str> = names.iter().map(|n| &**n).collect();
                    return Err(Flow::Unsupported(
                        format!(
                            "rescue {} of a Ruby error whose class the playground's ERB does not \
                             know is not supported ({message})",
                            crate::text::join(&list, ", ")
                        ),
                        line,
                    ));
                }
            };
        if !catches {
            continue;
        }
        if let Some(var) = &clause.var {
            let exception = RObject::Exception(class, Rc::from(message.as_str()));
            interp.assign_local(var, RVal::Object(Rc::new(exception)));
        }
        return interp.statements(&clause.body);
    }
    Err(Flow::Raise(message, line, class))
}

/// `IPAddr.new(address)`: an IPv4 address is parsed as Ruby 3.1's ipaddr does (its errors are
/// `IPAddr::InvalidAddressError`, with the address left out of the message as Ruby leaves it),
/// an IPv6 one or one with a prefix by `ip_network`; `IPAddr.new(number, family)`.
pub(crate) fn ipaddr_new<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 0, 2)?;
    let text = match args {
        [RVal::Str(text)] => text.clone(),
        [number @ (RVal::Int(_) | RVal::Big(_)), RVal::Int(family @ (2 | 10))] => {
            let v6 = *family == 10;
            let max = if v6 { u128::MAX } else { u128::from(u32::MAX) };
            let address = super::methods::big::big_of(number).and_then(|n| n.to_u128());
            return match address {
                Some(a) if a <= max && v6 => Ok(RVal::Object(Rc::new(RObject::IpNet {
                    v6,
                    address: a,
                    prefix: 128,
                }))),
                Some(a) if a <= max => Ok(RVal::Object(Rc::new(RObject::Ipv4(a as u32)))),
                _ => interp.raise_as("IPAddr::InvalidAddressError", "invalid address: "),
            };
        }
        [] | [_, _] => {
            return interp.unsupported(
                "IPAddr.new without an address or with a family is not supported by the playground's ERB",
            )
        }
        _ => return interp.raise_as("IPAddr::AddressFamilyError", "address family must be specified"),
    };
    // `[::1]`: an IPv6 address in brackets.
    let text = match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        Some(inner) if inner.contains(':') => Rc::from(inner),
        Some(_) => return interp.raise_as("IPAddr::InvalidAddressError", "invalid address: "),
        None => text,
    };
    if text.contains(['[', '%']) {
        return interp.unsupported(
            "IPAddr.new with brackets or a zone is not supported by the playground's ERB",
        );
    }
    if text.contains('/') || text.contains(':') {
        return ip_network(interp, &text);
    }
    let octets: Vec<&str> = text.split('.').collect();
    let ipv4_like = octets.len() == 4
        && octets
            .iter()
            .all(|o| !o.is_empty() && o.bytes().all(|b| b.is_ascii_digit()));
    if ipv4_like {
        let mut address: u32 = 0;
        for octet in octets {
            let value = octet.parse::<u32>().unwrap_or(u32::MAX);
            if value >= 256 {
                return interp.raise_as("IPAddr::InvalidAddressError", "invalid address: ");
            }
            if octet.len() > 1 && octet.starts_with('0') {
                return interp.raise_as(
                    "IPAddr::InvalidAddressError",
                    "zero-filled number in IPv4 address is ambiguous: ",
                );
            }
            address = (address << 8) | value;
        }
        return Ok(RVal::Object(Rc::new(RObject::Ipv4(address))));
    }
    let maybe_ipv6 = text.contains(':')
        && text
            .chars()
            .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
    if maybe_ipv6 {
        return interp
            .unsupported("IPAddr.new of an IPv6 address is not supported by the playground's ERB");
    }
    interp.raise_as("IPAddr::InvalidAddressError", "invalid address: ")
}

/// `Gem::Version.new(text)`.
pub(crate) fn version(text: &str) -> RVal {
    RVal::Object(Rc::new(RObject::Version(text.trim().to_string())))
}

/// RubyGems' order of versions: segment by segment, numbers by value, a letter segment (a
/// prerelease) before any number; missing segments count as zero.
fn compare_versions(a: &str, b: &str) -> core::cmp::Ordering {
    use core::cmp::Ordering;
    let parts = |v: &str| -> Vec<String> { v.split('.').map(String::from).collect() };
    let (x, y) = (parts(a), parts(b));
    for i in 0..x.len().max(y.len()) {
        let p = x.get(i).map_or("0", String::as_str);
        let q = y.get(i).map_or("0", String::as_str);
        let order = match (p.parse::<u64>(), q.parse::<u64>()) {
            (Ok(m), Ok(n)) => m.cmp(&n),
            (Ok(_), Err(_)) => Ordering::Greater,
            (Err(_), Ok(_)) => Ordering::Less,
            (Err(_), Err(_)) => p.cmp(q),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    Ordering::Equal
}

/// `IPAddr.new` of an IPv6 address or of an address with a prefix (`10.0.0.0/8`, `fe80::/64`):
/// the address masked to its network.
fn ip_network<H: RubyHost>(interp: &mut Interp<'_, H>, text: &str) -> RResult<RVal> {
    let (address_text, prefix_text) = match text.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (text, None),
    };
    let (v6, address) = if address_text.contains(':') {
        #[cfg(feature = "stdlib")]
        let parsed = crate::functions::stdlib::ip::ipv6(address_text);
        #[cfg(not(feature = "stdlib"))]
        let parsed: Option<u128> = None;
        match parsed {
            Some(value) => (true, value),
            None => return interp.raise_as("IPAddr::InvalidAddressError", "invalid address: "),
        }
    } else {
        match ipaddr_new(interp, &[RVal::str(address_text)])? {
            RVal::Object(object) => match &*object {
                RObject::Ipv4(value) => (false, u128::from(*value)),
                _ => return interp.raise_as("IPAddr::InvalidAddressError", "invalid address: "),
            },
            _ => return interp.raise_as("IPAddr::InvalidAddressError", "invalid address: "),
        }
    };
    let bits: u8 = if v6 { 128 } else { 32 };
    let prefix = match prefix_text {
        None => bits,
        Some(p) => match p.parse::<u8>() {
            Ok(n) if n <= bits => n,
            _ => return interp.raise_as("IPAddr::InvalidPrefixError", "invalid length"),
        },
    };
    Ok(RVal::Object(Rc::new(RObject::IpNet {
        v6,
        address: address & net_mask(bits, prefix),
        prefix,
    })))
}

/// The mask of a prefix of `bits`-bit addresses.
fn net_mask(bits: u8, prefix: u8) -> u128 {
    let all: u128 = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    match prefix {
        0 => 0,
        p => all & !((1u128 << (bits - p)) - 1),
    }
}

/// An IPAddr's family (IPv6?), address and prefix.
fn ip_parts(object: &RObject) -> Option<(bool, u128, u8)> {
    match object {
        RObject::Ipv4(address) => Some((false, u128::from(*address), 32)),
        RObject::IpNet {
            v6,
            address,
            prefix,
        } => Some((*v6, *address, *prefix)),
        _ => None,
    }
}

fn ip_text(v6: bool, address: u128) -> String {
    if !v6 {
        return dotted(address as u32);
    }
    #[cfg(feature = "stdlib")]
    {
        crate::functions::stdlib::ip::ipv6_text(address, "")
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string()
    }
    #[cfg(not(feature = "stdlib"))]
    {
        format!("{address:x}")
    }
}

fn dotted(address: u32) -> String {
    let b = address.to_be_bytes();
    format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])
}

/// How Ruby prints an object with `to_s`.
pub(crate) fn object_to_s(object: &RObject) -> String {
    match object {
        RObject::Exception(_, message) => message.to_string(),
        RObject::Ipv4(address) => dotted(*address),
        RObject::Binary(bytes) => bytes.iter().map(|&b| char::from(b)).collect(),
        RObject::IpNet { v6, address, .. } => ip_text(*v6, *address),
        RObject::Version(text) => text.clone(),
        RObject::Hasher(hasher) => crate::functions::strings::hex(&hasher.finish()),
        RObject::Match(data) => data
            .groups
            .first()
            .map(super::value::to_s)
            .unwrap_or_default(),
        #[cfg(feature = "ruby-uri")]
        RObject::Uri(uri) => uri.to_s(),
    }
}

/// How Ruby prints an object with `inspect` (`None`: not known).
pub(crate) fn object_inspect(object: &RObject) -> Option<String> {
    match object {
        RObject::Exception(Some(class), message) if message.is_empty() => Some(class.to_string()),
        RObject::Exception(Some(class), message) => Some(format!("#<{class}: {message}>")),
        RObject::Exception(None, _) => None,
        RObject::Ipv4(address) => Some(format!(
            "#<IPAddr: IPv4:{}/255.255.255.255>",
            dotted(*address)
        )),
        RObject::Binary(_) | RObject::IpNet { .. } => None,
        RObject::Version(text) => Some(format!("#<Gem::Version \"{text}\">")),
        // An HMAC shows its hex digest; a digest, its class around it.
        RObject::Hasher(hasher) => {
            let hex = crate::functions::strings::hex(&hasher.finish());
            Some(match hasher.key {
                Some(_) => hex,
                None => format!("#<OpenSSL::Digest: {hex}>"),
            })
        }
        RObject::Match(data) => Some(data.inspect()),
        #[cfg(feature = "ruby-uri")]
        RObject::Uri(uri) => Some(uri.inspect()),
    }
}

/// The methods of these objects (after those every object has).
pub(crate) fn object_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    object: &RObject,
) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
    match (object, name) {
        (RObject::Hasher(hasher), _) => super::openssl::object_method(interp, call, hasher),
        (RObject::Match(data), _) => super::matchdata::match_method(interp, call, data),
        #[cfg(feature = "ruby-uri")]
        (RObject::Uri(uri), _) => super::uri::object_method(interp, call, uri),
        (RObject::Exception(..), "message" | "to_s") => {
            arity(interp, args, 0, 0)?;
            Ok(RVal::str(&object_to_s(object)))
        }
        (RObject::Ipv4(_), "to_s" | "to_string") => {
            arity(interp, args, 0, 0)?;
            Ok(RVal::str(&object_to_s(object)))
        }
        (RObject::Ipv4(address), "to_i") => Ok(RVal::Int(i64::from(*address))),
        (RObject::IpNet { address, .. }, "to_i") => {
            Ok(crate::erb::bigint::Big::from_u128(false, *address).into_rval())
        }
        (RObject::Ipv4(_), "ipv4?") => Ok(RVal::Bool(true)),
        (RObject::Ipv4(_), "ipv6?") => Ok(RVal::Bool(false)),
        (RObject::Version(text), "<" | ">" | "<=" | ">=" | "<=>" | "==") => {
            arity(interp, args, 1, 1)?;
            let other = match &args[0] {
                RVal::Object(other) => match &**other {
                    RObject::Version(other) => other.clone(),
                    _ => {
                        return interp
                            .raise_as("ArgumentError", "comparison of Gem::Version failed")
                    }
                },
                RVal::Str(other) => other.to_string(),
                _ => return interp.raise_as("ArgumentError", "comparison of Gem::Version failed"),
            };
            let order = compare_versions(text, &other);
            Ok(match name {
                "<" => RVal::Bool(order.is_lt()),
                ">" => RVal::Bool(order.is_gt()),
                "<=" => RVal::Bool(order.is_le()),
                ">=" => RVal::Bool(order.is_ge()),
                "==" => RVal::Bool(order.is_eq()),
                _ => RVal::Int(order as i64),
            })
        }
        (RObject::Version(_), "to_s" | "version") => Ok(RVal::str(&object_to_s(object))),
        (RObject::IpNet { v6, .. }, "ipv4?") => Ok(RVal::Bool(!v6)),
        (RObject::IpNet { v6, .. }, "ipv6?") => Ok(RVal::Bool(*v6)),
        (RObject::IpNet { .. }, "to_s" | "to_string") => Ok(RVal::str(&object_to_s(object))),
        (RObject::IpNet { prefix, .. }, "prefix") => Ok(RVal::Int(i64::from(*prefix))),
        (_, "include?" | "===") if ip_parts(object).is_some() => {
            arity(interp, args, 1, 1)?;
            let Some((v6, network, prefix)) = ip_parts(object) else {
                return Ok(RVal::Bool(false));
            };
            let other = match &args[0] {
                RVal::Object(other) => ip_parts(other),
                RVal::Str(text) => match ipaddr_new(interp, &[RVal::Str(text.clone())])? {
                    RVal::Object(other) => ip_parts(&other),
                    _ => None,
                },
                _ => None,
            };
            let bits = if v6 { 128 } else { 32 };
            Ok(RVal::Bool(other.is_some_and(|(other_v6, address, _)| {
                other_v6 == v6 && address & net_mask(bits, prefix) == network
            })))
        }
        (RObject::Binary(bytes), "bytesize" | "length" | "size") => {
            Ok(RVal::Int(bytes.len() as i64))
        }
        _ => interp.unsupported(format!(
            "the method `{name}' of {} is not supported by the playground's ERB",
            object.class_name()
        )),
    }
}
