//! Heredocs: `@(END:syntax/escapes)`, the text on the following lines up to the end-tag line
//! (with the `|` margin and `-` trim), several heredocs on one line, and the sub-lexing of the
//! text whose token positions are mapped back into the source.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::strings::Escapes;
use super::{is_blank, memchr, Lexer, Mode, MAX_HEREDOC_NESTING};
use crate::span::Span;
use crate::syntax::token::{Token, TokenKind};
use crate::text::TrimBy;

/// The parts of `@(endtag[:syntax][/escapes])`.
struct HeredocSpec<'a> {
    end_tag: &'a str,
    syntax: &'a str,
    escapes: Option<&'a str>,
}

/// Parses the text between `@(` and `)` (exclusive) by Puppet's PATTERN_HEREDOC.
fn parse_spec(inner: &str) -> Option<HeredocSpec<'_>> {
    let tag_len = inner
        .find([':', '/', '\r', '\n', ')'])
        .unwrap_or(inner.len());
    if tag_len == 0 {
        return None;
    }
    let end_tag = &inner[..tag_len];
    let mut rest = &inner[tag_len..];
    let mut syntax = "";
    if let Some(after_colon) = rest.strip_prefix(':') {
        let after_colon = after_colon.trim_start_by(&is_blank);
        let bytes = after_colon.as_bytes();
        let len = if bytes.first().is_some_and(u8::is_ascii_lowercase) {
            1 + bytes[1..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b'+')
                .count()
        } else {
            0
        };
        if len < 2 {
            return None;
        }
        syntax = &after_colon[..len];
        rest = after_colon[len..].trim_start_by(&is_blank);
    }
    let mut escapes = None;
    if let Some(after_slash) = rest.strip_prefix('/') {
        let len = after_slash
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$')
            .count();
        escapes = Some(&after_slash[..len]);
        rest = after_slash[len..].trim_start_by(&is_blank);
    }
    rest.is_empty().then_some(HeredocSpec {
        end_tag,
        syntax,
        escapes,
    })
}

/// How a line ends a heredoc: `WS* (| WS*)? (- WS*)? ENDTAG WS* \r? (\n|$)` found anywhere in it
/// (Puppet's pattern is not anchored). Returns the leading blanks, margin flag and trim flag.
fn end_line<'l>(line: &'l str, end_tag: &str) -> Option<(&'l str, bool, bool)> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let body = body.strip_suffix('\r').unwrap_or(body);
    let trimmed = body.trim_end_by(&is_blank);
    let before_tag = trimmed.strip_suffix(end_tag)?;
    // Walk back over `-`, `|` and blanks the way the pattern allows them.
    let mut rest = before_tag.trim_end_by(&is_blank);
    let mut remove_break = false;
    if let Some(r) = rest.strip_suffix('-') {
        remove_break = true;
        rest = r.trim_end_by(&is_blank);
    }
    let mut has_margin = false;
    if let Some(r) = rest.strip_suffix('|') {
        has_margin = true;
        rest = r;
    }
    let blanks_start = rest.trim_end_by(&is_blank).len();
    let leading = &rest[blanks_start..];
    if !has_margin && !remove_break {
        // Without markers the blanks directly before the tag are the leading part.
        let lead_start = before_tag.trim_end_by(&is_blank).len();
        return Some((&before_tag[lead_start..], false, false));
    }
    Some((leading, has_margin, remove_break))
}

/// Maps offsets in processed heredoc text back to the source: one entry per line with the
/// line's offset in the text and where its (margin-stripped) content starts in the source.
struct LineMap {
    lines: Vec<(usize, usize)>,
}

impl LineMap {
    fn global(&self, local: usize) -> usize {
        let index = self.lines.partition_point(|&(start, _)| start <= local);
        match index.checked_sub(1).and_then(|i| self.lines.get(i)) {
            Some(&(local_start, global_start)) => global_start + (local - local_start),
            None => local,
        }
    }

    fn span(&self, span: Span) -> Span {
        let start = self.global(span.start as usize);
        let end = if span.end > span.start {
            self.global(span.end as usize - 1) + 1
        } else {
            start
        };
        Span::new(start as u32, end.max(start) as u32)
    }
}

impl Lexer<'_> {
    pub(super) fn heredoc(&mut self, start: usize) {
        let Some(close) = memchr(b')', self.bytes, start) else {
            let followed_by = self.followed_by(start);
            self.fatal(
                "HEREDOC_UNCLOSED_PARENTHESIS",
                format!("Unclosed parenthesis after '@(' followed by '{followed_by}'"),
                Span::new(start as u32, start as u32 + 2),
            );
            return;
        };
        let after_spec = close + 1;
        let here = Span::new(after_spec as u32, after_spec as u32);
        let Some(spec) = parse_spec(&self.src[start + 2..close]) else {
            self.fatal(
                "HEREDOC_INVALID_SYNTAX",
                "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])",
                here,
            );
            return;
        };
        let mut end_tag = spec.end_tag.trim();
        let mut interpolate = false;
        if end_tag.len() >= 2 && end_tag.starts_with('"') && end_tag.ends_with('"') {
            interpolate = true;
            end_tag = end_tag[1..end_tag.len() - 1].trim();
        }
        if end_tag.is_empty() {
            self.fatal("HEREDOC_EMPTY_ENDTAG", "Heredoc with an empty endtag", here);
            return;
        }
        let Some(escapes) = self.heredoc_escapes(spec.escapes, here) else {
            return;
        };
        let syntax = String::from(spec.syntax);
        self.push_text(TokenKind::Heredoc, start, after_spec, syntax);

        let text_start = match self.newline_jump {
            Some(jump) => jump,
            None => match memchr(b'\n', self.bytes, after_spec) {
                Some(newline) => newline + 1,
                None => {
                    self.fatal(
                        "HEREDOC_WITHOUT_TEXT",
                        "Heredoc without any following lines of text",
                        here,
                    );
                    return;
                }
            },
        };
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut line_start = text_start;
        while line_start < self.src.len() {
            let line_end = memchr(b'\n', self.bytes, line_start).map_or(self.src.len(), |n| n + 1);
            let line = &self.src[line_start..line_end];
            if let Some((leading, has_margin, remove_break)) = end_line(line, end_tag) {
                self.newline_jump = Some(line_end);
                let leading = String::from(leading);
                self.heredoc_text(
                    &lines,
                    &leading,
                    has_margin,
                    remove_break,
                    escapes,
                    interpolate,
                );
                self.pos = after_spec;
                return;
            }
            lines.push((line_start, line_end));
            line_start = line_end;
        }
        self.fatal(
            "HEREDOC_WITHOUT_END_TAGGED_LINE",
            "Heredoc without end-tagged line",
            Span::new(text_start as u32, text_start as u32),
        );
    }

    /// The escapes of `/tsrnu$L` (all of them for a bare `/`), or `None` after an error.
    fn heredoc_escapes(&mut self, flags: Option<&str>, here: Span) -> Option<Escapes> {
        let Some(flags) = flags else {
            return Some(Escapes::NONE);
        };
        let flags = if flags.is_empty() { "trnsuL$" } else { flags };
        let mut escapes = Escapes::NONE.with(Escapes::BACKSLASH);
        for (i, c) in flags.char_indices() {
            if flags[..i].contains(c) {
                let listed: Vec<String> = flags.chars().map(String::from).collect();
                self.fatal(
                    "HEREDOC_MULTIPLE_AT_ESCAPES",
                    format!(
                        "An escape char for @() may only appear once. Got '{}'",
                        crate::text::join(&listed, ", ")
                    ),
                    here,
                );
                return None;
            }
        }
        for c in flags.chars() {
            let flag = match c {
                't' => Escapes::T,
                'r' => Escapes::R,
                'n' => Escapes::N,
                's' => Escapes::S,
                'u' => Escapes::U,
                '$' => Escapes::DOLLAR,
                'L' => Escapes::LINE,
                other => {
                    self.fatal(
                        "HEREDOC_INVALID_ESCAPE",
                        format!("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"),
                        here,
                    );
                    return None;
                }
            };
            escapes = escapes.with(flag);
        }
        Some(escapes)
    }

    /// Builds the heredoc's text from its lines and lexes it as an unquoted string.
    fn heredoc_text(
        &mut self,
        lines: &[(usize, usize)],
        leading: &str,
        has_margin: bool,
        remove_break: bool,
        escapes: Escapes,
        interpolate: bool,
    ) {
        let mut text = String::new();
        let mut map = LineMap {
            lines: Vec::with_capacity(lines.len()),
        };
        for &(start, end) in lines {
            let line = &self.src[start..end];
            let margin = if has_margin && !leading.is_empty() && line.starts_with(leading) {
                leading.len()
            } else {
                0
            };
            map.lines.push((text.len(), start + margin));
            text.push_str(&line[margin..]);
        }
        if remove_break {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }
        let text_end_global = lines.last().map_or(self.pos, |&(_, end)| end);
        if self.heredoc_depth >= MAX_HEREDOC_NESTING {
            let at = lines.first().map_or(self.pos, |&(start, _)| start) as u32;
            self.error(
                "HEREDOC_TOO_DEEP",
                format!("Heredocs are nested more than {MAX_HEREDOC_NESTING} levels deep"),
                Span::new(at, at),
            );
            let index = self.out.texts.len() as u32;
            self.out.texts.push(String::new());
            self.out.tokens.push(Token {
                kind: TokenKind::String,
                span: Span::new(at, at),
                text: index,
            });
            return;
        }
        let mut sub = Lexer::new(
            &text,
            Mode::Unquoted(escapes, interpolate),
            self.heredoc_depth + 1,
        );
        sub.keep_comments = self.keep_comments;
        sub.run();
        let output = sub.finish();
        let text_base = self.out.texts.len() as u32;
        let token_base = self.out.tokens.len();
        let map_span = |span: Span| {
            if text.is_empty() {
                let at = lines.first().map_or(text_end_global, |&(start, _)| start) as u32;
                Span::new(at, at)
            } else {
                map.span(span)
            }
        };
        for token in output.tokens.iter().filter(|t| t.kind != TokenKind::Eof) {
            self.out.tokens.push(Token {
                kind: token.kind,
                span: map_span(token.span),
                text: if token.text == super::NO_TEXT {
                    token.text
                } else {
                    token.text + text_base
                },
            });
        }
        self.out.texts.extend(output.texts);
        self.out.regexps.extend(
            output
                .regexps
                .into_iter()
                .map(|(index, regexp)| (index + text_base, regexp)),
        );
        for comment in output.comments {
            self.out.comments.push(map_span(comment));
        }
        for (at, mut diagnostic) in output.diagnostics {
            diagnostic.span = map_span(diagnostic.span);
            self.out.diagnostics.push((token_base + at, diagnostic));
        }
        if output.stopped {
            self.out.stopped = true;
            self.pos = self.src.len();
        }
        self.after = Some(TokenKind::Heredoc);
    }
}
