//! `file:` URIs and paths: what the client names documents and folders by, and the absolute
//! paths the server reads. Only `file:` URIs name files; percent-escapes are decoded and written
//! back for every byte outside RFC 3986's unreserved characters and `/` (a few lines instead of
//! the `url` crate and its IDNA tables, which a path never needs).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;

/// The absolute path a `file:` URI names, or `None` for another scheme or a relative path.
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    // `file:///p` (no host) or `file://localhost/p`.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let bytes = decode(path)?;
    let decoded = String::from_utf8(bytes).ok()?;
    if decoded.contains('\0') {
        return None;
    }
    Some(PathBuf::from(decoded))
}

/// The `file:` URI of an absolute path.
pub fn from_path(path: &Path) -> Option<Uri> {
    let text = path.to_str()?;
    if !text.starts_with('/') {
        return None;
    }
    let mut uri = String::from("file://");
    for byte in text.bytes() {
        let plain = byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte);
        if plain {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    Uri::from_str(&uri).ok()
}

fn decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        Uri::from_str(text).expect("a URI")
    }

    #[test]
    fn paths_with_spaces_and_non_ascii_round_trip() {
        let path = Path::new("/srv/my repo/é/init.pp");
        let u = from_path(path).expect("a URI");
        assert_eq!(u.as_str(), "file:///srv/my%20repo/%C3%A9/init.pp");
        assert_eq!(to_path(&u).as_deref(), Some(path));
        assert_eq!(
            to_path(&uri("file://localhost/a/b.pp")).as_deref(),
            Some(Path::new("/a/b.pp"))
        );
    }

    #[test]
    fn other_schemes_and_bad_escapes_name_no_file() {
        assert_eq!(to_path(&uri("untitled:Untitled-1")), None);
        assert_eq!(decode("/a%zz"), None);
        assert_eq!(decode("/a%4"), None);
        assert_eq!(to_path(&uri("file:///a%00b")), None);
        assert_eq!(from_path(Path::new("relative.pp")), None);
    }
}
