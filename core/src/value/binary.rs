//! Binary values: shared bytes whose string form is strict base64.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// A sequence of bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Binary(Rc<[u8]>);

impl Binary {
    pub fn from_bytes(bytes: &[u8]) -> Binary {
        Binary(Rc::from(bytes))
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Strict base64 with padding (`YWJj`, `YWJjZA==`), Puppet's default string form.
    pub fn to_base64(&self) -> String {
        let mut out = String::with_capacity(self.0.len().div_ceil(3) * 4);
        for chunk in self.0.chunks(3) {
            let b0 = chunk[0] as u32;
            let b1 = chunk.get(1).copied().unwrap_or(0) as u32;
            let b2 = chunk.get(2).copied().unwrap_or(0) as u32;
            let triple = (b0 << 16) | (b1 << 8) | b2;
            for (position, present) in [
                (18, true),
                (12, true),
                (6, chunk.len() > 1),
                (0, chunk.len() > 2),
            ] {
                if present {
                    out.push(ALPHABET[((triple >> position) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// Decodes base64 (standard or URL-safe alphabet, padding optional); `None` when malformed.
    pub fn from_base64(text: &str) -> Option<Binary> {
        let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
        let mut buffer = 0u32;
        let mut bits = 0;
        for ch in text.bytes() {
            let value = match ch {
                b'A'..=b'Z' => ch - b'A',
                b'a'..=b'z' => ch - b'a' + 26,
                b'0'..=b'9' => ch - b'0' + 52,
                b'+' | b'-' => 62,
                b'/' | b'_' => 63,
                b'=' | b'\n' | b'\r' => continue,
                _ => return None,
            };
            buffer = (buffer << 6) | value as u32;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                bytes.push((buffer >> bits) as u8);
                buffer &= (1 << bits) - 1;
            }
        }
        Some(Binary(Rc::from(bytes)))
    }
}

#[cfg(test)]
mod tests {
    use super::Binary;

    #[test]
    fn base64_round_trip() {
        assert_eq!(Binary::from_bytes(b"abc").to_base64(), "YWJj");
        assert_eq!(Binary::from_bytes(b"abcd").to_base64(), "YWJjZA==");
        assert_eq!(Binary::from_bytes(b"abcde").to_base64(), "YWJjZGU=");
        assert_eq!(
            Binary::from_base64("YWJjZA==")
                .map(|b| b.to_base64())
                .as_deref(),
            Some("YWJjZA==")
        );
        assert!(Binary::from_base64("%%").is_none());
    }
}
