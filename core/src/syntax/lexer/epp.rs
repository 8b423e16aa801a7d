//! EPP template text: `<% %>`, `<%= %>`, `<%- -%>` trimming, `<%# %>` comments and `<%%` / `%%>`
//! escapes, switching between rendered text and embedded Puppet code.

use alloc::string::String;

use super::{find, Lexer};
use crate::span::Span;
use crate::syntax::token::{TokenKind, NO_TEXT};
use crate::text::TrimBy;

/// Where an EPP template's lexing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EppMode {
    /// Rendered text.
    Text,
    /// Code of `<% ... %>` (nothing rendered).
    Code,
    /// The expression of `<%= ... %>`.
    Expr,
}

/// What ended a stretch of template text.
enum TextEnd {
    Input,
    Code,
    Expr,
    Error(&'static str, &'static str),
}

impl Lexer<'_> {
    /// `%>` or `-%>` ends embedded code; the text after it follows.
    pub(super) fn end_epp_code(&mut self, start: usize, trim: bool) {
        if self.epp == Some(EppMode::Expr) {
            let kind = if trim {
                TokenKind::EppEndTrim
            } else {
                TokenKind::EppEnd
            };
            self.push(kind, start, self.pos, NO_TEXT);
        }
        self.epp = Some(EppMode::Text);
        self.epp_text(trim);
    }

    /// Scans template text from `self.pos` and emits it, switching to code or expression mode.
    pub(super) fn epp_text(&mut self, skip_leading: bool) {
        let before = self.pos;
        if before >= self.src.len() {
            return;
        }
        let (text, end) = self.scan_epp_text(skip_leading);
        match end {
            TextEnd::Input => {
                self.push_text(TokenKind::RenderString, before, self.pos, text);
            }
            TextEnd::Error(code, message) => {
                let at = self.pos as u32;
                self.fatal(code, message, Span::new(at, at));
            }
            TextEnd::Code => {
                if !text.is_empty() {
                    self.push_text(TokenKind::RenderString, before, self.tag_start(), text);
                }
                self.epp = Some(EppMode::Code);
                self.line_start = self.pos;
            }
            TextEnd::Expr => {
                let tag = self.tag_start();
                if !text.is_empty() {
                    self.push_text(TokenKind::RenderString, before, tag, text);
                }
                self.push(TokenKind::RenderExpr, tag, self.pos, NO_TEXT);
                self.epp = Some(EppMode::Expr);
                self.line_start = self.pos;
            }
        }
    }

    /// Where the `<%` tag that was just consumed starts.
    fn tag_start(&self) -> usize {
        // A byte search: `str::rfind` with a string pattern adds the reverse two-way searcher.
        self.src.as_bytes()[..self.pos]
            .windows(2)
            .rposition(|w| w == b"<%")
            .unwrap_or(self.pos)
    }

    fn scan_epp_text(&mut self, skip_leading: bool) -> (String, TextEnd) {
        let mut skip_leading = skip_leading;
        let mut text = String::new();
        loop {
            let from = self.pos;
            let (part_end, found_tag) = match find(self.src, from, "<%") {
                Some(tag) => (tag + 2, true),
                None => (self.src.len(), false),
            };
            let mut part = &self.src[from..part_end];
            self.pos = part_end;
            if skip_leading {
                part = part.trim_start_by(&|c| matches!(c, ' ' | '\t'));
                part = part.strip_prefix('\r').unwrap_or(part);
                part = part.strip_prefix('\n').unwrap_or(part);
                skip_leading = false;
            }
            if super::memchr(b'%', part.as_bytes(), 0).is_some() {
                text.push_str(&part.replace("%%>", "%>"));
            } else {
                text.push_str(part);
            }
            if !found_tag {
                return (text, TextEnd::Input);
            }
            match self.bytes.get(self.pos) {
                None => {
                    return (
                        text,
                        TextEnd::Error(
                            "EPP_UNBALANCED_EXPRESSION",
                            "Unbalanced embedded expression - opening <% and reaching end of input",
                        ),
                    );
                }
                Some(b'-') => {
                    self.pos += 1;
                    text.truncate(text.len() - 2);
                    let kept = text.trim_end_by(&|c| matches!(c, ' ' | '\t')).len();
                    text.truncate(kept);
                    return (text, TextEnd::Code);
                }
                Some(b'%') => {
                    self.pos += 1;
                }
                Some(b'=') => {
                    self.pos += 1;
                    text.truncate(text.len() - 2);
                    return (text, TextEnd::Expr);
                }
                Some(b'#') => {
                    text.truncate(text.len() - 2);
                    let comment_start = self.pos;
                    let Some(close) = self.comment_close(comment_start) else {
                        return (
                            text,
                            TextEnd::Error(
                                "EPP_UNBALANCED_COMMENT",
                                "Reaching end after opening <%# without seeing %>",
                            ),
                        );
                    };
                    if self.bytes.get(comment_start + 1) == Some(&b'-') {
                        let kept = text.trim_end_by(&|c| matches!(c, ' ' | '\t')).len();
                        text.truncate(kept);
                    }
                    skip_leading = self.src[..close].ends_with('-');
                    self.pos = close + 2;
                }
                Some(_) => {
                    text.truncate(text.len() - 2);
                    return (text, TextEnd::Code);
                }
            }
        }
    }

    /// The `%>` closing a template comment that starts at `from` (a `%>` preceded by `%` does not close).
    fn comment_close(&self, from: usize) -> Option<usize> {
        let mut search = from + 1;
        loop {
            let close = find(self.src, search, "%>")?;
            if close > from && self.bytes.get(close - 1) != Some(&b'%') {
                return Some(close);
            }
            search = close + 1;
        }
    }
}
