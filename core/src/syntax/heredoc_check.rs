//! Puppet's checks of a heredoc's text against its `:syntax` tag (`json`, `pp`, `epp`, also as the
//! last part of a `+` list): "Invalid produced text having syntax: 'json'. ...".

use alloc::format;
use alloc::string::String;

use super::lexer;
use crate::span::LineIndex;

/// How deep heredocs checked as Puppet code are checked in turn.
const MAX_CHECK_DEPTH: u8 = 4;

/// Puppet's error for `text` tagged with `syntax`, when its checker rejects it (`depth` counts the
/// enclosing checks).
pub(crate) fn check(syntax: &str, text: &str, depth: u8) -> Option<String> {
    let last = syntax.rfind('+').map_or(syntax, |plus| &syntax[plus + 1..]);
    let problem = match last {
        "json" => {
            let at = json_error(text.as_bytes())?;
            // Ruby shows the rest of the text inspected, on one line.
            let rest = text.get(at..).unwrap_or_default().replace('\n', "\\n");
            format!("JSON syntax checker: Cannot parse invalid JSON string. \"unexpected token at '{rest}'\"")
        }
        "pp" | "epp" if depth < MAX_CHECK_DEPTH => {
            let template = last == "epp";
            let lexed = if template {
                lexer::lex_epp(text)
            } else {
                lexer::lex(text)
            };
            let (_, diagnostics) = super::finish(text, 0, lexed, template, depth + 1);
            let first = diagnostics.iter().find(|d| d.is_error())?;
            let mut message = first.message.clone();
            if template || (first.span.start as usize) < text.len() {
                let at = LineIndex::new(text).line_col(text, first.span.start);
                message += &format!(" (line: {}, column: {})", at.line, at.column);
            }
            let checker = if template { "EPP" } else { "PP" };
            format!("{checker} syntax checker: \"{message}\"")
        }
        _ => return None,
    };
    Some(format!(
        "Invalid produced text having syntax: '{syntax}'. {problem}"
    ))
}

/// Where `b` stops being one JSON value as Ruby's parser reads it (comments allowed), if it does.
fn json_error(b: &[u8]) -> Option<usize> {
    let start = space(b, 0);
    match value(b, start, 0) {
        Ok(end) => Some(space(b, end)).filter(|&end| end < b.len()),
        Err(at) => Some(at),
    }
}

fn space(b: &[u8], mut i: usize) -> usize {
    loop {
        match (b.get(i), b.get(i + 1)) {
            (Some(b' ' | b'\t' | b'\n' | b'\r'), _) => i += 1,
            (Some(b'/'), Some(b'*')) => match b[i + 2..].windows(2).position(|w| w == b"*/") {
                Some(at) => i += at + 4,
                None => return i,
            },
            (Some(b'/'), Some(b'/')) => {
                while b.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
            }
            _ => return i,
        }
    }
}

fn value(b: &[u8], i: usize, depth: u32) -> Result<usize, usize> {
    let word = |w: &[u8]| match b[i..].starts_with(w) {
        true => Ok(i + w.len()),
        false => Err(i),
    };
    match b.get(i) {
        Some(b'{' | b'[') if depth >= 100 => Err(i),
        Some(b'{') => sequence(b, i, depth, b'}'),
        Some(b'[') => sequence(b, i, depth, b']'),
        Some(b'"') => string(b, i),
        Some(b't') => word(b"true"),
        Some(b'f') => word(b"false"),
        Some(b'n') => word(b"null"),
        Some(b'-' | b'0'..=b'9') => number(b, i),
        _ => Err(i),
    }
}

/// An array (`close` is `]`) or an object (`}`) from its opening bracket.
fn sequence(b: &[u8], open: usize, depth: u32, close: u8) -> Result<usize, usize> {
    let mut i = space(b, open + 1);
    if b.get(i) == Some(&close) {
        return Ok(i + 1);
    }
    loop {
        if close == b'}' {
            if b.get(i) != Some(&b'"') {
                return Err(i);
            }
            i = space(b, string(b, i)?);
            if b.get(i) != Some(&b':') {
                return Err(i);
            }
            i = space(b, i + 1);
        }
        i = space(b, value(b, i, depth + 1)?);
        match b.get(i) {
            Some(&c) if c == close => return Ok(i + 1),
            Some(b',') => i = space(b, i + 1),
            _ => return Err(i),
        }
    }
}

fn string(b: &[u8], start: usize) -> Result<usize, usize> {
    let mut i = start + 1;
    loop {
        match b.get(i) {
            Some(b'"') => return Ok(i + 1),
            Some(b'\\') => i += 2,
            Some(&c) if c >= 0x20 => i += 1,
            _ => return Err(start),
        }
    }
}

fn number(b: &[u8], start: usize) -> Result<usize, usize> {
    fn digits(b: &[u8], from: usize) -> Option<usize> {
        let end = from
            + b[from.min(b.len())..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
        (end > from).then_some(end)
    }
    let first = start + usize::from(b[start] == b'-');
    let mut i = digits(b, first).ok_or(start)?;
    if b[first] == b'0' && i - first > 1 {
        return Err(start);
    }
    if b.get(i) == Some(&b'.') {
        i = digits(b, i + 1).ok_or(i)?;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(i + 1), Some(b'+' | b'-')));
        i = digits(b, i + 1 + sign).ok_or(i)?;
    }
    Ok(i)
}
