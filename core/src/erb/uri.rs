//! Ruby's `uri` library as modules' functions and templates use it: `URI.parse` (split as Ruby
//! 3.1's RFC 3986 parser does) and Kernel's `URI(x)`, the parts' readers and `to_s`,
//! `URI::Generic.build` and `URI::HTTP.build`, and the www-form component escapes. Generic, HTTP,
//! HTTPS and File URIs are carried; the schemes with parts of their own (FTP, LDAP, mailto,
//! WebSocket) are refused.

use super::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::call::Call;
use super::interp::{arity, Interp, RResult};
use super::objects::RObject;
use super::value::{self, RVal};

/// A URI: its class and its parts as Ruby keeps them.
#[derive(Debug)]
pub(crate) struct Uri {
    pub class: &'static str,
    scheme: Option<String>,
    user: Option<String>,
    password: Option<String>,
    host: Option<String>,
    port: Option<i64>,
    path: Option<String>,
    opaque: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

/// `[!$&-.0-9;=A-Z_a-z~]`: unreserved characters and sub-delimiters (a host name's).
fn reg(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!$&'()*+,-.;=_~".contains(&c)
}

fn userinfo_char(c: u8) -> bool {
    reg(c) || c == b':'
}

fn pchar(c: u8) -> bool {
    reg(c) || c == b':' || c == b'@'
}

fn pchar_nc(c: u8) -> bool {
    reg(c) || c == b'@'
}

fn path_char(c: u8) -> bool {
    pchar(c) || c == b'/'
}

fn fragment_char(c: u8) -> bool {
    path_char(c) || c == b'?'
}

/// The end of the run from `i` of `%XX` escapes and characters `ok` accepts.
fn run(b: &[u8], mut i: usize, ok: fn(u8) -> bool) -> usize {
    while i < b.len() {
        if b[i] == b'%' && hex2(b, i + 1) {
            i += 3;
        } else if ok(b[i]) {
            i += 1;
        } else {
            break;
        }
    }
    i
}

fn hex2(b: &[u8], i: usize) -> bool {
    i + 1 < b.len() && b[i].is_ascii_hexdigit() && b[i + 1].is_ascii_hexdigit()
}

/// The parts of a URI reference as text (before the classes' adjustments).
#[derive(Default)]
struct Parts<'s> {
    scheme: Option<&'s str>,
    userinfo: Option<&'s str>,
    host: Option<&'s str>,
    port: Option<&'s str>,
    path: Option<&'s str>,
    opaque: Option<String>,
    query: Option<&'s str>,
    fragment: Option<&'s str>,
}

/// RFC 3986's split: an absolute URI, else a relative reference, else `None`.
fn split(s: &str) -> Option<Parts<'_>> {
    let b = s.as_bytes();
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        let end = 1 + b[1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c))
            .count();
        if b.get(end) == Some(&b':') {
            if let Some(mut parts) = rest(s, end + 1, true) {
                parts.scheme = Some(&s[..end]);
                return Some(parts);
            }
        }
    }
    rest(s, 0, false)
}

/// The hierarchical part (or relative part), query and fragment from `i` to the end.
fn rest(s: &str, i: usize, absolute: bool) -> Option<Parts<'_>> {
    let b = s.as_bytes();
    let mut parts = Parts::default();
    let mut j;
    if b[i..].starts_with(b"//") {
        j = authority(s, i + 2, &mut parts)?;
        let start = j;
        if b.get(j) == Some(&b'/') {
            j = run(b, j, path_char);
        }
        parts.path = Some(&s[start..j]);
    } else if b.get(i) == Some(&b'/') {
        j = run(b, i + 1, path_char);
        parts.path = Some(&s[i..j]);
    } else {
        j = run(b, i, if absolute { pchar } else { pchar_nc });
        if j > i && b.get(j) == Some(&b'/') {
            j = run(b, j, path_char);
        }
        if j > i && absolute {
            parts.opaque = Some(s[i..j].to_string());
        } else {
            parts.path = Some(&s[i..j]);
        }
    }
    if b.get(j) == Some(&b'?') {
        let end = s[j..].find('#').map_or(s.len(), |at| j + at);
        parts.query = Some(&s[j + 1..end]);
        j = end;
    }
    if b.get(j) == Some(&b'#') {
        let end = run(b, j + 1, fragment_char);
        parts.fragment = Some(&s[j + 1..end]);
        j = end;
    }
    if j != b.len() {
        return None;
    }
    if let Some(opaque) = &mut parts.opaque {
        if let Some(query) = parts.query.take() {
            opaque.push('?');
            opaque.push_str(query);
        }
    }
    Some(parts)
}

/// `[userinfo@]host[:port]` from `i`: the end.
fn authority<'s>(s: &'s str, i: usize, parts: &mut Parts<'s>) -> Option<usize> {
    let b = s.as_bytes();
    let mut j = i;
    let end = run(b, i, userinfo_char);
    if b.get(end) == Some(&b'@') {
        parts.userinfo = Some(&s[i..end]);
        j = end + 1;
    }
    let host_end = if b.get(j) == Some(&b'[') {
        let close = j + s[j..].find(']')?;
        if !ip_literal(&s[j + 1..close]) {
            return None;
        }
        close + 1
    } else {
        run(b, j, reg)
    };
    parts.host = Some(&s[j..host_end]);
    j = host_end;
    if b.get(j) == Some(&b':') {
        let end = j + 1 + b[j + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        parts.port = Some(&s[j + 1..end]);
        j = end;
    }
    Some(j)
}

/// What may stand between `[` and `]`: an IPv6 address or an IPvFuture.
fn ip_literal(text: &str) -> bool {
    if let Some(future) = text.strip_prefix('v') {
        return match future.split_once('.') {
            Some((version, rest)) => {
                !version.is_empty()
                    && version.bytes().all(|c| c.is_ascii_hexdigit())
                    && !rest.is_empty()
                    && rest.bytes().all(userinfo_char)
            }
            None => false,
        };
    }
    let groups = |side: &str| -> Option<usize> {
        if side.is_empty() {
            return Some(0);
        }
        let items: Vec<&str> = side.split(':').collect();
        let mut count = 0;
        for (n, item) in items.iter().enumerate() {
            if n + 1 == items.len() && item.contains('.') && ipv4(item) {
                count += 2;
            } else if (1..=4).contains(&item.len()) && item.bytes().all(|c| c.is_ascii_hexdigit()) {
                count += 1;
            } else {
                return None;
            }
        }
        Some(count)
    };
    match text.split_once("::") {
        Some((left, right)) => {
            // An IPv4 tail only ends the address.
            !right.contains("::")
                && !left.contains('.')
                && matches!((groups(left), groups(right)), (Some(l), Some(r)) if l + r <= 7)
        }
        None => groups(text) == Some(8),
    }
}

/// A dotted IPv4 address, each part without leading zeros.
fn ipv4(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|c| c.is_ascii_digit())
                && !(p.len() > 1 && p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n < 256)
        })
}

/// The class and default port of a scheme, or `None` for those not carried.
fn class_of(scheme: Option<&str>) -> Option<(&'static str, Option<i64>)> {
    Some(match scheme {
        Some("http") => ("URI::HTTP", Some(80)),
        Some("https") => ("URI::HTTPS", Some(443)),
        Some("file") => ("URI::File", None),
        Some("ftp" | "ldap" | "ldaps" | "mailto" | "ws" | "wss") => return None,
        _ => ("URI::Generic", None),
    })
}

/// `%XX` for each byte `keep` refuses.
fn escape(text: &str, keep: fn(u8) -> bool) -> String {
    let mut out = String::new();
    for c in text.bytes() {
        if keep(c) {
            out.push(char::from(c));
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

/// `query=`: tabs and newlines dropped, `%` with two non-hex digits refused, the rest escaped.
fn set_query<H: RubyHost>(interp: &Interp<'_, H>, query: &str) -> RResult<String> {
    let text: String = query.chars().filter(|c| !"\t\r\n".contains(*c)).collect();
    let b = text.as_bytes();
    for at in 0..b.len() {
        if b[at] == b'%' && at + 2 < b.len() {
            let (x, y) = (b[at + 1], b[at + 2]);
            if !x.is_ascii_hexdigit() && !y.is_ascii_hexdigit() {
                let bad = String::from_utf8_lossy(&b[at..at + 3]);
                return interp.raise_as(
                    "URI::InvalidURIError",
                    format!("invalid percent escape: {bad}"),
                );
            }
        }
    }
    Ok(escape(
        &text,
        |c| matches!(c, b'!' | b'$'..=b'&' | b'('..=b';' | b'=' | b'?'..=b'_' | b'a'..=b'~'),
    ))
}

/// `fragment=`: tabs and newlines dropped, all but printable ASCII escaped.
fn set_fragment(fragment: &str) -> String {
    let text: String = fragment
        .chars()
        .filter(|c| !"\t\r\n".contains(*c))
        .collect();
    escape(&text, |c| (b'!'..=b'~').contains(&c))
}

impl Uri {
    /// A URI of `class` from its parts (as `URI::Generic.new` sets them).
    fn new<H: RubyHost>(
        interp: &Interp<'_, H>,
        class: (&'static str, Option<i64>),
        parts: &Parts<'_>,
        port: Option<i64>,
    ) -> RResult<Uri> {
        let file = class.0 == "URI::File";
        let (user, password) = match parts.userinfo {
            Some(_) if file => (None, None),
            Some(info) => match info.split_once(':') {
                Some((user, password)) => (Some(user.to_string()), Some(password.to_string())),
                None => (Some(info.to_string()), None),
            },
            None => (None, None),
        };
        let host = match parts.host {
            None | Some("localhost") if file => Some(String::new()),
            host => host.map(String::from),
        };
        Ok(Uri {
            class: class.0,
            scheme: parts.scheme.map(str::to_ascii_lowercase),
            user,
            password,
            host,
            port: if file { None } else { port.or(class.1) },
            path: parts.path.map(String::from),
            opaque: parts.opaque.clone(),
            query: match parts.query {
                Some(query) => Some(set_query(interp, query)?),
                None => None,
            },
            fragment: parts.fragment.map(set_fragment),
        })
    }

    fn userinfo(&self) -> Option<String> {
        let user = self.user.as_ref()?;
        Some(match &self.password {
            Some(password) => format!("{user}:{password}"),
            None => user.clone(),
        })
    }

    /// `to_s`: the parts joined, the port left out when it is the scheme's default.
    pub fn to_s(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = &self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(opaque) = &self.opaque {
            out.push_str(opaque);
        } else {
            if self.host.is_some() || matches!(self.scheme.as_deref(), Some("file" | "postgres")) {
                out.push_str("//");
            }
            if let Some(info) = self.userinfo() {
                out.push_str(&info);
                out.push('@');
            }
            if let Some(host) = &self.host {
                out.push_str(host);
            }
            let default = class_of(self.scheme.as_deref()).and_then(|class| class.1);
            if let Some(port) = self.port.filter(|&port| Some(port) != default) {
                out.push_str(&format!(":{port}"));
            }
            out.push_str(self.path.as_deref().unwrap_or_default());
            if let Some(query) = &self.query {
                out.push('?');
                out.push_str(query);
            }
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }

    pub fn inspect(&self) -> String {
        format!("#<{} {}>", self.class, self.to_s())
    }
}

fn text(part: &Option<String>) -> RVal {
    part.as_deref().map_or(RVal::Nil, RVal::str)
}

/// The methods of a URI.
pub(crate) fn object_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    uri: &Uri,
) -> RResult<RVal> {
    arity(interp, call.args, 0, 0)?;
    Ok(match call.name {
        "scheme" => text(&uri.scheme),
        "user" => text(&uri.user),
        "password" => text(&uri.password),
        "userinfo" => text(&uri.userinfo()),
        "host" => text(&uri.host),
        "hostname" => match &uri.host {
            Some(host) => RVal::str(
                host.strip_prefix('[')
                    .and_then(|h| h.strip_suffix(']'))
                    .unwrap_or(host),
            ),
            None => RVal::Nil,
        },
        "port" => uri.port.map_or(RVal::Nil, RVal::Int),
        "default_port" => class_of(uri.scheme.as_deref())
            .and_then(|class| class.1)
            .map_or(RVal::Nil, RVal::Int),
        "path" => text(&uri.path),
        "opaque" => text(&uri.opaque),
        "query" => text(&uri.query),
        "fragment" => text(&uri.fragment),
        "absolute?" | "absolute" => RVal::Bool(uri.scheme.is_some()),
        "relative?" => RVal::Bool(uri.scheme.is_none()),
        "to_s" => RVal::str(&uri.to_s()),
        "request_uri" if uri.class.starts_with("URI::HTTP") => {
            let path = uri.path.as_deref().filter(|p| !p.is_empty()).unwrap_or("/");
            match &uri.query {
                Some(query) => RVal::str(&format!("{path}?{query}")),
                None => RVal::str(path),
            }
        }
        other => {
            return interp.unsupported(format!(
                "{}#{other} is not supported by the playground's Ruby",
                uri.class
            ))
        }
    })
}

/// `URI.parse(text)`.
fn parse<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    let source = match &args[0] {
        RVal::Str(text) => text.clone(),
        other => {
            let shown = value::inspect(other);
            return interp.raise_as(
                "URI::InvalidURIError",
                format!("bad URI(is not URI?): {shown}"),
            );
        }
    };
    if !source.is_ascii() {
        let dumped: String = source
            .chars()
            .map(|c| match c {
                c if c.is_ascii() => value::inspect(&RVal::str(c.encode_utf8(&mut [0; 4])))
                    .trim_matches('"')
                    .to_string(),
                c if (c as u32) < 0x10000 => format!("\\u{:04X}", c as u32),
                c => format!("\\u{{{:X}}}", c as u32),
            })
            .collect();
        return interp.raise_as(
            "URI::InvalidURIError",
            format!("URI must be ascii only \"{dumped}\""),
        );
    }
    let Some(parts) = split(&source) else {
        let shown = value::inspect(&args[0]);
        return interp.raise_as(
            "URI::InvalidURIError",
            format!("bad URI(is not URI?): {shown}"),
        );
    };
    let scheme = parts.scheme.map(str::to_ascii_lowercase);
    let Some(class) = class_of(scheme.as_deref()) else {
        return interp.unsupported(format!(
            "URI.parse of a {} URI is not supported by the playground's Ruby",
            scheme.unwrap_or_default()
        ));
    };
    let port = match parts.port.filter(|p| !p.is_empty()) {
        Some(digits) => match digits.parse::<i64>() {
            Ok(port) => Some(port),
            Err(_) => return interp.unsupported("a URI's port over 2**63 is not supported"),
        },
        None => None,
    };
    let uri = Uri::new(interp, class, &parts, port)?;
    Ok(RVal::Object(Rc::new(RObject::Uri(uri))))
}

/// `URI(x)` (Kernel's): a URI as it is, a string parsed as `URI.parse` parses it, anything else
/// refused with Ruby's ArgumentError.
pub(crate) fn kernel_uri<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    match &args[0] {
        RVal::Object(object) if matches!(**object, RObject::Uri(_)) => Ok(args[0].clone()),
        RVal::Str(_) => parse(interp, args),
        _ => interp.raise_as(
            "ArgumentError",
            "bad argument (expected URI object or URI string)",
        ),
    }
}

/// `URI::Generic.build(hash)`, `URI::HTTP.build(hash)`: the parts checked as Ruby checks them.
fn build<H: RubyHost>(interp: &mut Interp<'_, H>, module: &str, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    let RVal::Hash(entries) = &args[0] else {
        if module == "URI::Generic" && !matches!(args[0], RVal::Array(_)) {
            return interp.raise_as(
                "ArgumentError",
                "expected Array of or Hash of components of Class (scheme, userinfo, host, port, registry, path, opaque, query, fragment)",
            );
        }
        return interp.unsupported(format!(
            "{module}.build takes a Hash of components in the playground's Ruby"
        ));
    };
    let entries = entries.borrow().clone();
    let mut strings: Vec<(&str, Option<String>)> = Vec::new();
    let mut port = RVal::Nil;
    for (key, val) in &entries {
        let RVal::Sym(key) = key else { continue };
        let key: &str = match &**key {
            "scheme" => "scheme",
            "userinfo" => "userinfo",
            "host" => "host",
            "path" => "path",
            "query" => "query",
            "fragment" => "fragment",
            "port" => {
                port = val.clone();
                continue;
            }
            "registry" | "opaque" if !matches!(val, RVal::Nil) => {
                return interp.unsupported(format!("{module}.build's {key} is not supported"));
            }
            _ => continue,
        };
        let text = match val {
            RVal::Nil => None,
            RVal::Str(text) => Some(text.to_string()),
            _ => {
                return interp.unsupported(format!(
                    "{module}.build's {key} as a {} is not supported",
                    val.class_name()
                ))
            }
        };
        strings.push((key, text));
    }
    let get = |name: &str| -> Option<String> {
        strings
            .iter()
            .rev()
            .find(|(key, _)| *key == name)
            .and_then(|(_, text)| text.clone())
    };
    let scheme = match module {
        "URI::HTTP" => Some("http".to_string()),
        "URI::HTTPS" => Some("https".to_string()),
        _ => get("scheme"),
    };
    let bad = |what: &str, shown: &str| -> RResult<RVal> {
        interp.raise_as(
            "URI::InvalidComponentError",
            format!("bad component(expected {what} component): {shown}"),
        )
    };
    if let Some(scheme) = &scheme {
        let b = scheme.as_bytes();
        if !(b.first().is_some_and(u8::is_ascii_alphabetic)
            && b.iter()
                .all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c)))
        {
            return bad("scheme", scheme);
        }
    }
    let userinfo = get("userinfo");
    if let Some(info) = &userinfo {
        if run(info.as_bytes(), 0, userinfo_char) != info.len() {
            return bad(
                "userinfo component or user",
                info.split(':').next().unwrap_or(""),
            );
        }
    }
    let mut host = get("host");
    if let Some(name) = host.as_mut() {
        if name.contains(':') && !(name.starts_with('[') && name.ends_with(']')) {
            *name = format!("[{name}]");
        }
        let valid = match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
            Some(inner) => ip_literal(inner),
            None => run(name.as_bytes(), 0, reg) == name.len(),
        };
        if !valid {
            return bad("host", name);
        }
    }
    let port = match port {
        RVal::Nil => None,
        RVal::Int(port) => Some(port),
        RVal::Str(text) => {
            let trimmed = text.trim_matches(|c| "\t\n\x0c\r ".contains(c));
            if !trimmed.bytes().all(|c| c.is_ascii_digit()) {
                return bad("port", &value::inspect(&RVal::Str(text)));
            }
            match trimmed.parse::<i64>() {
                Ok(port) => Some(port),
                Err(_) if text.is_empty() => None,
                Err(_) if trimmed.is_empty() => Some(0),
                Err(_) => return interp.unsupported("a URI's port over 2**63 is not supported"),
            }
        }
        other => {
            return interp.unsupported(format!(
                "{module}.build's port as a {} is not supported",
                other.class_name()
            ))
        }
    };
    let path = get("path");
    if let Some(path) = path.as_deref().filter(|p| !p.is_empty()) {
        let b = path.as_bytes();
        let absolute = b[0] == b'/' && run(b, 1, path_char) == b.len();
        let relative = b[0] != b'/' && run(b, 0, path_char) == b.len();
        if scheme.is_some() && !absolute {
            return bad("absolute path", path);
        }
        if !absolute && !relative {
            return bad("relative path", path);
        }
    }
    let Some(class) = class_of(scheme.as_deref().map(str::to_ascii_lowercase).as_deref()) else {
        return interp.unsupported(format!(
            "{module}.build of a {} URI is not supported by the playground's Ruby",
            scheme.unwrap_or_default()
        ));
    };
    let (query, fragment) = (get("query"), get("fragment"));
    let parts = Parts {
        scheme: scheme.as_deref(),
        userinfo: userinfo.as_deref(),
        host: host.as_deref(),
        port: None,
        path: path.as_deref(),
        opaque: None,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
    };
    let uri = Uri::new(interp, class, &parts, port)?;
    Ok(RVal::Object(Rc::new(RObject::Uri(uri))))
}

/// `URI.encode_www_form_component`: `*-._` and alphanumerics kept, a space as `+`.
fn encode_component(text: &str) -> String {
    escape(text, |c| c.is_ascii_alphanumeric() || b"*-._".contains(&c)).replace("%20", "+")
}

/// `URI.decode_www_form_component`: `+` as a space, `%XX` as its byte.
fn decode_component<H: RubyHost>(interp: &Interp<'_, H>, text: &str) -> RResult<RVal> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if hex2(b, i + 1) => {
                let digits = core::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("0");
                out.push(u8::from_str_radix(digits, 16).unwrap_or(0));
                i += 3;
                continue;
            }
            b'%' => {
                return interp.raise_as("ArgumentError", format!("invalid %-encoding ({text})"))
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    match String::from_utf8(out) {
        Ok(decoded) => Ok(RVal::str(&decoded)),
        Err(_) => interp.unsupported("a decoded component that is not UTF-8 is not supported"),
    }
}

/// A method of `URI` or of one of its classes, or `None` when it is none of these.
pub(crate) fn module_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    module: &str,
) -> Option<RResult<RVal>> {
    let args = call.args;
    Some(match (module, call.name) {
        ("URI", "parse") => parse(interp, args),
        ("URI::Generic" | "URI::HTTP" | "URI::HTTPS", "build") => build(interp, module, args),
        ("URI", "encode_www_form_component") => {
            arity(interp, args, 1, 2).map(|_| RVal::str(&encode_component(&value::to_s(&args[0]))))
        }
        ("URI", "decode_www_form_component") => match arity(interp, args, 1, 2) {
            Ok(()) => match &args[0] {
                RVal::Str(text) => decode_component(interp, text),
                other => interp.unsupported(format!(
                    "URI.decode_www_form_component of a {} is not supported",
                    other.class_name()
                )),
            },
            Err(flow) => Err(flow),
        },
        _ => return None,
    })
}
