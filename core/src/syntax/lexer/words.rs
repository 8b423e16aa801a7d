//! Hand-written scanners for the most frequent tokens (bare words, references): the same lengths
//! as the logos rules in `raw.rs`, found in one pass without building a logos lexer.

use crate::syntax::chars::{is_word, word_run};

/// The length of `(::)?[a-z_]([a-zA-Z0-9_\-]*[a-zA-Z0-9_])?(::[a-z_]([a-zA-Z0-9_\-]*[a-zA-Z0-9_])?)*`
/// at `from` (0 when none), and whether that text is a NAME (`(::)?[a-z]\w*(::[a-z]\w*)*`: no
/// hyphen, no segment starting with `_`).
pub(super) fn bare_word(bytes: &[u8], from: usize) -> (usize, bool) {
    // Most bare words are one segment of `[a-z]\w*` that neither `-` nor `:` follows: a NAME.
    if let Some(b'a'..=b'z') = bytes.get(from) {
        let end = from + 1 + word_run(bytes.get(from + 1..).unwrap_or(&[]));
        if !matches!(bytes.get(end), Some(b'-' | b':')) {
            return (end - from, true);
        }
    }
    let mut i = from
        + if bytes.get(from..from + 2) == Some(b"::") {
            2
        } else {
            0
        };
    let mut name = true;
    loop {
        match bytes.get(i) {
            Some(b'a'..=b'z') => {}
            Some(b'_') => name = false,
            _ => return (0, false),
        }
        i += 1;
        // A segment may not end with a hyphen: `end` stops after its last other character.
        let mut end;
        loop {
            i += word_run(bytes.get(i..).unwrap_or(&[]));
            end = i;
            if bytes.get(i) != Some(&b'-') {
                break;
            }
            let hyphens = bytes[i..].iter().take_while(|&&b| b == b'-').count();
            if !bytes.get(i + hyphens).is_some_and(|&b| is_word(b)) {
                break;
            }
            name = false;
            i += hyphens;
        }
        if bytes.get(end) != Some(&b':') {
            return (end - from, name);
        }
        match (bytes.get(end..end + 2), bytes.get(end + 2)) {
            (Some(b"::"), Some(b'a'..=b'z' | b'_')) => i = end + 2,
            _ => return (end - from, name),
        }
    }
}

/// The length of `(::)?[A-Z][a-zA-Z0-9_]*(::[A-Z][a-zA-Z0-9_]*)*` at `from` (0 when none).
pub(super) fn class_ref(bytes: &[u8], from: usize) -> usize {
    let mut i = from
        + if bytes.get(from..from + 2) == Some(b"::") {
            2
        } else {
            0
        };
    if !bytes.get(i).is_some_and(u8::is_ascii_uppercase) {
        return 0;
    }
    loop {
        i += 1;
        i += word_run(bytes.get(i..).unwrap_or(&[]));
        match (bytes.get(i..i + 2), bytes.get(i + 2)) {
            (Some(b"::"), Some(b'A'..=b'Z')) => i += 2,
            _ => return i - from,
        }
    }
}
