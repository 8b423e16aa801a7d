//! Number literals: Puppet's NUMBER pattern (with its word-boundary backtracking) and the radix
//! validity rules (`09` and `0x` are errors), with Puppet's messages and positions.

use alloc::format;

use super::Lexer;
use crate::span::Span;
use crate::syntax::token::{TokenKind, NO_TEXT};

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn digits(bytes: &[u8], from: usize) -> usize {
    bytes.get(from..).map_or(0, |rest| {
        rest.iter().take_while(|b| b.is_ascii_digit()).count()
    })
}

/// The end of `\b(?:0[xX][0-9A-Fa-f]+|0?\d+(?:\.\d+)?(?:[eE]-?\d+)?)\b` matched at `start`, if it matches.
fn match_number(bytes: &[u8], start: usize) -> Option<usize> {
    let boundary = |end: usize| bytes.get(end).is_none_or(|&b| !is_word(b));
    if bytes.get(start) == Some(&b'0') && matches!(bytes.get(start + 1), Some(b'x' | b'X')) {
        let hex = bytes.get(start + 2..).map_or(0, |rest| {
            rest.iter().take_while(|b| b.is_ascii_hexdigit()).count()
        });
        if hex > 0 && boundary(start + 2 + hex) {
            return Some(start + 2 + hex);
        }
    }
    let int_end = start + digits(bytes, start);
    let fraction_end = (bytes.get(int_end) == Some(&b'.'))
        .then(|| digits(bytes, int_end + 1))
        .filter(|&n| n > 0)
        .map(|n| int_end + 1 + n);
    let exponent_end = |from: usize| -> Option<usize> {
        if !matches!(bytes.get(from), Some(b'e' | b'E')) {
            return None;
        }
        let sign = usize::from(bytes.get(from + 1) == Some(&b'-'));
        let n = digits(bytes, from + 1 + sign);
        (n > 0).then_some(from + 1 + sign + n)
    };
    let mut candidates = [None; 4];
    if let Some(fraction) = fraction_end {
        candidates[0] = exponent_end(fraction);
        candidates[1] = Some(fraction);
    }
    candidates[2] = exponent_end(int_end);
    candidates[3] = Some(int_end);
    candidates.into_iter().flatten().find(|&end| boundary(end))
}

/// What is wrong with a number's text, as Puppet's `assert_numeric` says it.
fn number_problem(text: &str) -> Option<(&'static str, alloc::string::String)> {
    let bytes = text.as_bytes();
    let all = |from: usize, f: fn(&u8) -> bool| bytes.len() > from && bytes[from..].iter().all(f);
    if text.starts_with("0x") || text.starts_with("0X") {
        if !all(2, u8::is_ascii_hexdigit) {
            return Some((
                "INVALID_HEX_NUMBER",
                format!("Not a valid hex number {text}"),
            ));
        }
    } else if bytes.len() > 1 && bytes[0] == b'0' && bytes[1] != b'.' {
        if !all(1, |b| (b'0'..=b'7').contains(b)) {
            return Some((
                "INVALID_OCTAL_NUMBER",
                format!("Not a valid octal number {text}"),
            ));
        }
    } else {
        let int = digits(bytes, 0);
        if int > 0 && matches!(bytes.get(int), Some(b'e' | b'E' | b'.')) {
            if !is_valid_decimal(bytes) {
                return Some((
                    "INVALID_DECIMAL_NUMBER",
                    format!("Not a valid decimal number {text}"),
                ));
            }
        } else if int == 0 || int != bytes.len() {
            return Some(("ILLEGAL_NUMBER", format!("Illegal number '{text}'")));
        }
    }
    None
}

/// `^\d+(?:\.\d+)?(?:[eE]-?\d+)?$`
fn is_valid_decimal(bytes: &[u8]) -> bool {
    let mut i = digits(bytes, 0);
    if i == 0 {
        return false;
    }
    if bytes.get(i) == Some(&b'.') {
        let n = digits(bytes, i + 1);
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
        let n = digits(bytes, i);
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == bytes.len()
}

impl Lexer<'_> {
    pub(super) fn number(&mut self, start: usize) {
        let bytes = self.bytes;
        if let Some(end) = match_number(bytes, start) {
            let text = &self.src[start..end];
            if let Some((code, message)) = number_problem(text) {
                self.error(code, message, Span::new(start as u32, end as u32));
            }
            self.pos = end;
            self.push(TokenKind::Number, start, end, NO_TEXT);
            return;
        }
        // Not a number: Puppet reports the whole word (and a preceding `digits.` when there is one).
        let after = start + bytes[start..].iter().take_while(|&&b| is_word(b)).count();
        let mut report_start = start;
        if start > 1 && bytes.get(start - 1) == Some(&b'.') {
            let mut p = start - 2;
            while bytes.get(p).is_some_and(u8::is_ascii_digit) {
                report_start = p;
                if p == 0 {
                    break;
                }
                p -= 1;
            }
        }
        let text = &self.src[report_start..after];
        let (code, message) =
            number_problem(text).unwrap_or(("ILLEGAL_NUMBER", format!("Illegal number '{text}'")));
        self.error(code, message, Span::new(report_start as u32, after as u32));
        self.pos = after;
        self.push(TokenKind::Number, start, after, NO_TEXT);
    }
}
