//! `URI + URI` (and `URI + 'string'`): resolution of a reference against a base URI
//! (RFC 3986 section 5.2, as Ruby's `URI#merge`).

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::Uri;

impl Uri {
    /// `reference` resolved against this URI.
    pub fn merged(&self, reference: &Uri) -> Uri {
        if reference.scheme.is_some() {
            let mut target = reference.clone();
            target.path = target.path.as_deref().map(remove_dot_segments);
            return target;
        }
        let mut target = Uri {
            scheme: self.scheme.clone(),
            fragment: reference.fragment.clone(),
            ..Uri::default()
        };
        if reference.host.is_some() {
            target.userinfo = reference.userinfo.clone();
            target.host = reference.host.clone();
            target.port = reference.port;
            target.path = reference.path.as_deref().map(remove_dot_segments);
            target.query = reference.query.clone();
            return target;
        }
        target.userinfo = self.userinfo.clone();
        target.host = self.host.clone();
        target.port = self.port;
        target.opaque = self.opaque.clone();
        let path = reference.path.as_deref().unwrap_or("");
        if path.is_empty() {
            target.path = self.path.clone();
            target.query = reference.query.clone().or_else(|| self.query.clone());
        } else {
            let merged = if path.starts_with('/') {
                String::from(path)
            } else {
                let base = self.path.as_deref().unwrap_or("");
                if self.host.is_some() && base.is_empty() {
                    alloc::format!("/{path}")
                } else {
                    let directory = base.rfind('/').map_or("", |slash| &base[..=slash]);
                    alloc::format!("{directory}{path}")
                }
            };
            target.path = Some(remove_dot_segments(&merged));
            target.query = reference.query.clone();
        }
        target
    }
}

/// RFC 3986 5.2.4: `.` and `..` segments removed from a path.
fn remove_dot_segments(path: &str) -> Rc<str> {
    let mut output: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len().saturating_sub(1);
    for (index, segment) in segments.iter().enumerate() {
        match *segment {
            "." | ".." => {
                if *segment == ".." && output.len() > 1 {
                    output.pop();
                }
                // A trailing `.` or `..` leaves the path ending in `/`.
                if index == last {
                    output.push("");
                }
            }
            other => output.push(other),
        }
    }
    Rc::from(crate::text::join(&output, "/").as_str())
}

#[cfg(test)]
mod tests {
    use super::Uri;
    use alloc::string::ToString;

    fn merge(base: &str, reference: &str) -> alloc::string::String {
        match (Uri::parse(base), Uri::parse(reference)) {
            (Some(base), Some(reference)) => base.merged(&reference).to_string(),
            _ => panic!("{base} {reference}"),
        }
    }

    #[test]
    fn resolves_as_rfc_3986_does() {
        let base = "http://a/b/c/d;p?q";
        assert_eq!(merge(base, "g"), "http://a/b/c/g");
        assert_eq!(merge(base, "./g"), "http://a/b/c/g");
        assert_eq!(merge(base, "g/"), "http://a/b/c/g/");
        assert_eq!(merge(base, "/g"), "http://a/g");
        assert_eq!(merge(base, "//g"), "http://g");
        assert_eq!(merge(base, "?y"), "http://a/b/c/d;p?y");
        assert_eq!(merge(base, "#s"), "http://a/b/c/d;p?q#s");
        assert_eq!(merge(base, "../g"), "http://a/b/g");
        assert_eq!(merge(base, "../.."), "http://a/");
        assert_eq!(merge(base, "../../../g"), "http://a/g");
        assert_eq!(merge(base, "g:h"), "g:h");
    }
}
