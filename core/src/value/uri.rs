//! URI values: parsed parts (scheme, userinfo, host, port, path, query, fragment, opaque).

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A parsed URI, printed back in Ruby's normalised form (`http://User@Ex.com/a?b=1#f`:
/// lower-case scheme, default port dropped).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Uri {
    pub scheme: Option<Rc<str>>,
    pub userinfo: Option<Rc<str>>,
    pub host: Option<Rc<str>>,
    pub port: Option<u32>,
    pub path: Option<Rc<str>>,
    pub query: Option<Rc<str>>,
    pub fragment: Option<Rc<str>>,
    /// The part after `scheme:` of a URI without `//` (`mailto:a@b.c`).
    pub opaque: Option<Rc<str>>,
}

fn default_port(scheme: &str) -> Option<u32> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        "ldap" => Some(389),
        "ldaps" => Some(636),
        _ => None,
    }
}

impl Uri {
    /// Parses an absolute or relative URI reference (RFC 3986 shape); `None` when malformed.
    pub fn parse(text: &str) -> Option<Uri> {
        if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return None;
        }
        let mut uri = Uri::default();
        let (rest, fragment) = match text.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment)),
            None => (text, None),
        };
        uri.fragment = fragment.map(Rc::from);
        let mut rest = rest;
        if let Some(colon) = rest.find(':') {
            let candidate = &rest[..colon];
            let is_scheme = !candidate.is_empty()
                && candidate.as_bytes()[0].is_ascii_alphabetic()
                && candidate
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
                && !candidate.contains('/');
            if is_scheme {
                uri.scheme = Some(Rc::from(candidate.to_ascii_lowercase().as_str()));
                rest = &rest[colon + 1..];
            }
        }
        let (rest, query) = match rest.split_once('?') {
            Some((rest, query)) => (rest, Some(query)),
            None => (rest, None),
        };
        uri.query = query.map(Rc::from);
        if let Some(after) = rest.strip_prefix("//") {
            let (authority, path) = match after.find('/') {
                Some(slash) => (&after[..slash], &after[slash..]),
                None => (after, ""),
            };
            let host_port = match authority.rsplit_once('@') {
                Some((userinfo, host_port)) => {
                    uri.userinfo = Some(Rc::from(userinfo));
                    host_port
                }
                None => authority,
            };
            let (host, port) = match host_port.rsplit_once(':') {
                Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => {
                    match port.parse::<u32>() {
                        Ok(port) => (host, Some(port)),
                        Err(_) if port.is_empty() => (host, None),
                        Err(_) => return None,
                    }
                }
                _ => (host_port, None),
            };
            uri.host = Some(Rc::from(host));
            let scheme_default = uri.scheme.as_deref().and_then(default_port);
            uri.port = port.filter(|port| Some(*port) != scheme_default);
            if !path.is_empty() {
                uri.path = Some(Rc::from(path));
            }
        } else if uri.scheme.is_some() && !rest.starts_with('/') {
            uri.opaque = Some(Rc::from(rest));
        } else if !rest.is_empty() {
            uri.path = Some(Rc::from(rest));
        }
        Some(uri)
    }

    /// The port, or the scheme's default port when none was given (Ruby's `URI#port`).
    pub fn port_number(&self) -> Option<u32> {
        self.port
            .or_else(|| self.scheme.as_deref().and_then(default_port))
    }

    /// One part by name as Ruby's URI answers it (`host` of `file:///x` is the empty string).
    pub fn part(&self, name: &str) -> Option<String> {
        let text = |part: &Option<Rc<str>>| part.as_deref().map(String::from);
        match name {
            "scheme" => text(&self.scheme),
            "userinfo" => text(&self.userinfo),
            "host" => text(&self.host),
            "port" => self.port.map(|port| alloc::format!("{port}")),
            "path" => text(&self.path).or_else(|| self.opaque.is_none().then(String::new)),
            "query" => text(&self.query),
            "fragment" => text(&self.fragment),
            "opaque" => text(&self.opaque),
            _ => None,
        }
    }

    /// The parts Puppet's `URI[...]` type lists for this value, in its order (host lower-cased).
    pub fn parts(&self) -> Vec<(&'static str, String)> {
        let text = |part: &Option<Rc<str>>| part.as_deref().map(String::from);
        let port = self.port.map(|port| alloc::format!("{port}"));
        let candidates = [
            ("scheme", text(&self.scheme)),
            ("userinfo", text(&self.userinfo)),
            (
                "host",
                self.host.as_deref().map(|host| host.to_ascii_lowercase()),
            ),
            ("port", port),
            ("path", text(&self.path)),
            ("query", text(&self.query)),
            ("fragment", text(&self.fragment)),
            ("opaque", text(&self.opaque)),
        ];
        candidates
            .into_iter()
            .filter_map(|(name, part)| part.map(|part| (name, part)))
            .collect()
    }
}

impl fmt::Display for Uri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = &self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(opaque) = &self.opaque {
            f.write_str(opaque)?;
        } else {
            if self.host.is_some()
                || self.userinfo.is_some()
                || self.scheme.as_deref() == Some("file")
            {
                f.write_str("//")?;
                if let Some(userinfo) = &self.userinfo {
                    write!(f, "{userinfo}@")?;
                }
                if let Some(host) = &self.host {
                    f.write_str(host)?;
                }
                if let Some(port) = self.port {
                    write!(f, ":{port}")?;
                }
            }
            if let Some(path) = &self.path {
                f.write_str(path)?;
            }
        }
        if let Some(query) = &self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = &self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Uri;
    use alloc::string::ToString;

    fn parse(text: &str) -> Uri {
        match Uri::parse(text) {
            Some(uri) => uri,
            None => panic!("{text}"),
        }
    }

    #[test]
    fn parses_and_prints() {
        let uri = parse("HTTP://User@Ex.com:80/a?b=1#f");
        assert_eq!(uri.to_string(), "http://User@Ex.com/a?b=1#f");
        let names: alloc::vec::Vec<&str> = uri.parts().iter().map(|(name, _)| *name).collect();
        assert_eq!(
            names,
            ["scheme", "userinfo", "host", "path", "query", "fragment"]
        );
        assert_eq!(parse("mailto:a@b.c").opaque.as_deref(), Some("a@b.c"));
        assert_eq!(parse("/a/b").path.as_deref(), Some("/a/b"));
        let file = parse("file:///etc/passwd");
        assert_eq!(file.host.as_deref(), Some(""));
        assert_eq!(file.path.as_deref(), Some("/etc/passwd"));
        assert_eq!(file.to_string(), "file:///etc/passwd");
        assert_eq!(parse("http://a").to_string(), "http://a");
    }
}
