//! Ruby's `URI.parse` as its RFC 3986 parser reads a text (a URI, else a relative reference, else
//! `URI::InvalidURIError`), and the parts a parsed URI answers: scheme, userinfo, host, port
//! (the scheme's default when none is given), path or opaque part, query, fragment, `to_s`.

use alloc::format;
use alloc::string::String;

/// A parsed URI's parts, as Ruby's `URI::Generic` keeps them.
#[derive(Debug, Clone, Default)]
pub(crate) struct UriParts {
    /// Lowercased, as Ruby keeps it.
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    /// The port written, when one was (an empty one counts as none).
    pub port: Option<u32>,
    /// `None` for an opaque URI (`mailto:x@y`), which has `opaque` instead.
    pub path: Option<String>,
    pub opaque: Option<String>,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

impl UriParts {
    /// Ruby's class for the URI: by scheme for the ones it knows, else `URI::Generic`.
    pub fn class_name(&self) -> &'static str {
        match self.scheme.as_deref() {
            Some("http") => "URI::HTTP",
            Some("https") => "URI::HTTPS",
            Some("ftp") => "URI::FTP",
            Some("file") => "URI::File",
            Some("ldap") => "URI::LDAP",
            Some("ldaps") => "URI::LDAPS",
            Some("mailto") => "URI::MailTo",
            Some("ws") => "URI::WS",
            Some("wss") => "URI::WSS",
            _ => "URI::Generic",
        }
    }

    /// The port of the scheme's class when none is written.
    pub fn default_port(&self) -> Option<u32> {
        match self.scheme.as_deref() {
            Some("http" | "ws") => Some(80),
            Some("https" | "wss") => Some(443),
            Some("ftp") => Some(21),
            Some("ldap") => Some(389),
            Some("ldaps") => Some(636),
            _ => None,
        }
    }

    /// `port`: the one written, else the scheme's default.
    pub fn port(&self) -> Option<u32> {
        self.port.or_else(|| self.default_port())
    }

    /// `hostname`: the host without an IPv6 literal's brackets.
    pub fn hostname(&self) -> Option<&str> {
        self.host.as_deref().map(|h| {
            h.strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .unwrap_or(h)
        })
    }

    /// `to_s`: the URI written back (a port equal to the scheme's default is left out).
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = &self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(opaque) = &self.opaque {
            out.push_str(opaque);
        } else {
            if let Some(host) = &self.host {
                out.push_str("//");
                if let Some(userinfo) = &self.userinfo {
                    out.push_str(userinfo);
                    out.push('@');
                }
                out.push_str(host);
                if let Some(port) = self.port.filter(|p| Some(*p) != self.default_port()) {
                    out.push_str(&format!(":{port}"));
                }
            }
            out.push_str(self.path.as_deref().unwrap_or_default());
        }
        if let Some(query) = &self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}

/// The characters a path segment may hold besides `%XX` (RFC 3986's pchar).
fn is_pchar(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!$&'()*+,-.;=:@_~".contains(c)
}

/// Whether `text` is made of `allowed` characters and `%XX` escapes only (a function pointer,
/// not a generic: one copy of the loop in the engine).
fn all_of(text: &str, allowed: fn(char) -> bool) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
            continue;
        }
        let Some(c) = text[i..].chars().next() else {
            return false;
        };
        if !allowed(c) {
            return false;
        }
        i += c.len_utf8();
    }
    true
}

fn is_path(text: &str) -> bool {
    all_of(text, |c| c == '/' || is_pchar(c))
}

/// A userinfo's or an IPvFuture literal's characters: pchar but `@`.
fn is_userinfo_char(c: char) -> bool {
    is_pchar(c) && c != '@'
}

/// The authority `[userinfo@]host[:port]`, or `None` when it is not one.
fn authority(text: &str, parts: &mut UriParts) -> Option<()> {
    let (userinfo, rest) = match text.split_once('@') {
        Some((userinfo, rest)) => (Some(userinfo), rest),
        None => (None, text),
    };
    if let Some(userinfo) = userinfo {
        if !all_of(userinfo, is_userinfo_char) {
            return None;
        }
        parts.userinfo = Some(userinfo.into());
    }
    let (host, port) = if rest.starts_with('[') {
        let end = rest.find(']')?;
        let literal = &rest[1..end];
        let ipv6 = literal
            .chars()
            .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
        let future = literal.starts_with(['v', 'V'])
            && all_of(&literal[1..], is_userinfo_char);
        if literal.is_empty() || !(ipv6 || future) {
            return None;
        }
        let after = &rest[end + 1..];
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':')?),
        };
        (&rest[..=end], port)
    } else {
        match rest.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        }
    };
    if !host.starts_with('[') && !all_of(host, |c| is_pchar(c) && c != ':' && c != '@') {
        return None;
    }
    parts.host = Some(host.into());
    if let Some(port) = port {
        if !port.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Ruby reads the digits as an Integer; an empty port is none.
        if !port.is_empty() {
            let mut number: u32 = 0;
            for digit in port.bytes() {
                number = number.checked_mul(10)?.checked_add(u32::from(digit - b'0'))?;
            }
            parts.port = Some(number);
        }
    }
    Some(())
}

/// A query as Ruby keeps it: what RFC 3986 does not allow in one escaped as `%XX`.
fn escaped_query(query: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::new();
    for c in query.chars() {
        if c == '%' || c == '/' || c == '?' || is_pchar(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push('%');
                out.push(char::from(HEX[usize::from(byte >> 4)]));
                out.push(char::from(HEX[usize::from(byte & 15)]));
            }
        }
    }
    out
}

/// `URI.parse(text)`: the URI's parts, or `None` where Ruby raises `URI::InvalidURIError`.
pub(crate) fn parse(text: &str) -> Option<UriParts> {
    let mut parts = UriParts::default();
    let (rest, fragment) = match text.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (text, None),
    };
    if let Some(fragment) = fragment {
        if !all_of(fragment, |c| c == '/' || c == '?' || is_pchar(c)) {
            return None;
        }
        parts.fragment = Some(fragment.into());
    }
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    parts.query = query.map(escaped_query);
    // A scheme: a letter, then letters, digits, `+`, `-` and `.`, before the first `:`.
    let scheme = rest.split_once(':').filter(|(scheme, _)| {
        let mut chars = scheme.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    let hier = match scheme {
        Some((scheme, hier)) => {
            parts.scheme = Some(scheme.to_ascii_lowercase());
            hier
        }
        None => {
            // A relative reference: its first segment has no `:`.
            let first = rest.split('/').next().unwrap_or_default();
            if !rest.starts_with('/') && first.contains(':') {
                return None;
            }
            rest
        }
    };
    if let Some(after) = hier.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        authority(&after[..end], &mut parts)?;
        let path = &after[end..];
        if !is_path(path) {
            return None;
        }
        parts.path = Some(path.into());
    } else if parts.scheme.is_some() && !hier.is_empty() && !hier.starts_with('/') {
        // `mailto:x@y`: no authority and a rootless path, which Ruby keeps as the opaque part.
        if !is_path(hier) {
            return None;
        }
        parts.opaque = Some(hier.into());
    } else {
        if !is_path(hier) {
            return None;
        }
        parts.path = Some(hier.into());
    }
    Some(parts)
}
