//! String sub-lexers: single-quoted strings, double-quoted strings and heredoc text with their
//! escapes, and the split of interpolating text into DQPRE / VARIABLE / `${` ... / DQMID / DQPOST.

use alloc::format;
use alloc::string::String;

use super::{Interpolation, Lexer, StringKind};
use crate::span::Span;
use crate::syntax::token::TokenKind;

/// The escapes that apply in heredoc text (`@(END/tsrnu$L)`), as a set of flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Escapes(u8);

impl Escapes {
    pub const BACKSLASH: u8 = 1;
    pub const T: u8 = 2;
    pub const R: u8 = 4;
    pub const N: u8 = 8;
    pub const S: u8 = 16;
    pub const U: u8 = 32;
    pub const DOLLAR: u8 = 64;
    pub const LINE: u8 = 128;

    pub const NONE: Escapes = Escapes(0);
    pub const ALL: Escapes = Escapes(0xFF);

    pub fn with(self, flag: u8) -> Escapes {
        Escapes(self.0 | flag)
    }

    pub fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }
}

/// Which escapes a piece of text gets and whether unknown ones are warned about.
#[derive(Debug, Clone, Copy)]
enum EscapeRules {
    DoubleQuoted,
    Unquoted(Escapes),
}

impl EscapeRules {
    fn resolves(self, c: char) -> Option<&'static str> {
        let flags = match self {
            EscapeRules::DoubleQuoted => Escapes::ALL,
            EscapeRules::Unquoted(flags) => flags,
        };
        let double_quoted = matches!(self, EscapeRules::DoubleQuoted);
        match c {
            '\\' if flags.has(Escapes::BACKSLASH) => Some("\\"),
            '$' if flags.has(Escapes::DOLLAR) => Some("$"),
            '\'' | '"' if double_quoted => Some(if c == '"' { "\"" } else { "'" }),
            'r' if flags.has(Escapes::R) => Some("\r"),
            'n' if flags.has(Escapes::N) => Some("\n"),
            't' if flags.has(Escapes::T) => Some("\t"),
            's' if flags.has(Escapes::S) => Some(" "),
            '\n' if double_quoted || flags.has(Escapes::LINE) => Some(""),
            _ => None,
        }
    }

    fn unicode(self) -> bool {
        match self {
            EscapeRules::DoubleQuoted => true,
            EscapeRules::Unquoted(flags) => flags.has(Escapes::U),
        }
    }
}

impl Lexer<'_> {
    /// `'...'`: only `\\` and `\'` are escapes.
    pub(super) fn single_quoted(&mut self, start: usize) {
        let body = start + 1;
        let mut i = body;
        let bytes = self.bytes;
        let close = loop {
            match bytes.get(i) {
                None => break None,
                Some(b'\\') => i += 2,
                Some(b'\'') => break Some(i),
                Some(_) => i += 1,
            }
        };
        let Some(close) = close else {
            self.unclosed_quote("\"'\"", body);
            return;
        };
        let raw = &self.src[body..close];
        let text = if raw.contains('\\') {
            let mut text = String::with_capacity(raw.len());
            let mut chars = raw.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    match chars.peek() {
                        Some(&next @ ('\\' | '\'')) => {
                            text.push(next);
                            chars.next();
                        }
                        _ => text.push('\\'),
                    }
                } else {
                    text.push(c);
                }
            }
            text
        } else {
            String::from(raw)
        };
        self.pos = close + 1;
        self.push_text(TokenKind::String, start, close + 1, text);
    }

    /// Reads string text from `self.pos` up to its end (closing quote, or the end of heredoc text)
    /// or up to an interpolation, emitting the string tokens. `token_start` is where the first
    /// token's span starts (the opening quote); `first` says whether this is the string's start.
    pub(super) fn string_text(&mut self, kind: StringKind, token_start: usize, first: bool) {
        let mut token_start = token_start;
        let mut first = first;
        let mut text = String::new();
        let (rules, interpolates, dollar_escapable) = match kind {
            StringKind::DoubleQuoted => (EscapeRules::DoubleQuoted, true, true),
            StringKind::Unquoted(escapes, interpolate) => (
                EscapeRules::Unquoted(escapes),
                interpolate,
                escapes.has(Escapes::DOLLAR),
            ),
        };
        loop {
            let segment_start = self.pos;
            let stop = self.find_string_stop(kind, interpolates, dollar_escapable);
            let Some((stop, terminator)) = stop else {
                let after = if first {
                    "'\"'".into()
                } else {
                    self.last_token_quote()
                };
                self.unclosed_quote(&after, segment_start);
                return;
            };
            self.decode_into(&mut text, segment_start, stop, rules);
            match terminator {
                Terminator::End(len) => {
                    let end = stop + len;
                    self.pos = end;
                    let kind = if first {
                        TokenKind::String
                    } else {
                        TokenKind::DqPost
                    };
                    self.push_text(kind, token_start, end, text);
                    return;
                }
                Terminator::OpenBrace => {
                    let part = if first {
                        TokenKind::DqPre
                    } else {
                        TokenKind::DqMid
                    };
                    self.push_text(part, token_start, stop + 2, text);
                    self.pos = stop + 2;
                    self.interpolations.push(Interpolation {
                        brace_count: self.brace_count,
                        first_token: self.out.tokens.len(),
                        kind,
                    });
                    self.brace_count += 1;
                    return;
                }
                Terminator::Dollar => {
                    let name_len = variable_name_len(&self.bytes[stop + 1..]);
                    if name_len == 0 {
                        text.push('$');
                        self.pos = stop + 1;
                        continue;
                    }
                    let part = if first {
                        TokenKind::DqPre
                    } else {
                        TokenKind::DqMid
                    };
                    self.push_text(part, token_start, stop, core::mem::take(&mut text));
                    let end = stop + 1 + name_len;
                    self.push(TokenKind::Variable, stop, end, super::NO_TEXT);
                    self.pos = end;
                    token_start = end;
                    first = false;
                }
            }
        }
    }

    /// The next place string text stops at, and why; `None` when a double-quoted string is unclosed.
    fn find_string_stop(
        &self,
        kind: StringKind,
        interpolates: bool,
        dollar_escapable: bool,
    ) -> Option<(usize, Terminator)> {
        let bytes = self.bytes;
        let mut i = self.pos;
        let double_quoted = kind == StringKind::DoubleQuoted;
        let escapes_apply = double_quoted || dollar_escapable;
        loop {
            let Some(&b) = bytes.get(i) else {
                return if double_quoted {
                    None
                } else {
                    Some((i, Terminator::End(0)))
                };
            };
            match b {
                b'\\' if escapes_apply => i += 2,
                b'"' if double_quoted => return Some((i, Terminator::End(1))),
                b'$' if interpolates => {
                    return Some(if bytes.get(i + 1) == Some(&b'{') {
                        (i, Terminator::OpenBrace)
                    } else {
                        (i, Terminator::Dollar)
                    });
                }
                _ => i += 1,
            }
        }
    }

    /// Appends `src[from..to]` to `text` with the escapes of `rules` resolved.
    fn decode_into(&mut self, text: &mut String, from: usize, to: usize, rules: EscapeRules) {
        let to = to.min(self.src.len());
        let raw = &self.src[from..to];
        if !raw.contains('\\') {
            text.push_str(raw);
            return;
        }
        let mut rest = raw;
        while let Some(backslash) = rest.find('\\') {
            text.push_str(&rest[..backslash]);
            let escape_at = to - rest.len() + backslash;
            let after = &rest[backslash + 1..];
            let Some(next) = after.chars().next() else {
                text.push('\\');
                rest = after;
                break;
            };
            if next == 'u' && rules.unicode() {
                if let Some((c, len)) = unicode_escape(&after[1..]) {
                    text.push(c);
                    rest = &after[1 + len..];
                    continue;
                }
                self.warning(
                    "ILLEGAL_UNICODE_ESCAPE",
                    "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff",
                    Span::new(escape_at as u32, escape_at as u32 + 2),
                );
                text.push_str("\\u");
                rest = &after[1..];
                continue;
            }
            if next == '\r' && after[1..].starts_with('\n') {
                if rules.resolves('\n').is_some() {
                    rest = &after[2..];
                } else {
                    text.push_str("\\\r\n");
                    rest = &after[2..];
                }
                continue;
            }
            match rules.resolves(next) {
                Some(resolved) => text.push_str(resolved),
                None => {
                    if matches!(rules, EscapeRules::DoubleQuoted) && next != '\r' {
                        self.warning(
                            "UNRECOGNIZED_ESCAPE",
                            format!("Unrecognized escape sequence '\\{next}'"),
                            Span::new(escape_at as u32, (escape_at + 1 + next.len_utf8()) as u32),
                        );
                    }
                    text.push('\\');
                    text.push(next);
                }
            }
            rest = &after[next.len_utf8()..];
        }
        text.push_str(rest);
    }
}

#[derive(Debug, Clone, Copy)]
enum Terminator {
    /// The end of the string; the length of the closing delimiter.
    End(usize),
    OpenBrace,
    Dollar,
}

/// The length of `(::)?(\w+::)*\w+` at the start of `bytes` (0 when there is no variable name).
pub(super) fn variable_name_len(bytes: &[u8]) -> usize {
    let mut i = if bytes.starts_with(b"::") { 2 } else { 0 };
    let mut end = 0;
    loop {
        let run = bytes.get(i..).map_or(0, crate::syntax::chars::word_run);
        if run == 0 {
            return end;
        }
        i += run;
        end = i;
        if bytes.get(i..i + 2) == Some(b"::") {
            i += 2;
        } else {
            return end;
        }
    }
}

/// `XXXX` or `{X..}` after `\u`: the character and how many bytes the escape used after the `u`.
fn unicode_escape(after_u: &str) -> Option<(char, usize)> {
    let bytes = after_u.as_bytes();
    if bytes.first() == Some(&b'{') {
        let digits = bytes[1..]
            .iter()
            .take(7)
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        if (1..=6).contains(&digits) && bytes.get(1 + digits) == Some(&b'}') {
            let value = u32::from_str_radix(&after_u[1..1 + digits], 16).ok()?;
            return char::from_u32(value).map(|c| (c, digits + 2));
        }
        return None;
    }
    if bytes.len() >= 4 && bytes[..4].iter().all(u8::is_ascii_hexdigit) {
        let value = u32::from_str_radix(&after_u[..4], 16).ok()?;
        return char::from_u32(value).map(|c| (c, 4));
    }
    None
}
