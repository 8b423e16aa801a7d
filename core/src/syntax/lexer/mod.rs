//! The lexer: Puppet's context-sensitive token rules around the logos core (regex vs divide,
//! LISTSTART vs LBRACK, WSLPAREN, SELBRACE, interpolation, heredocs, EPP text).

mod epp;
mod heredoc;
mod numbers;
pub mod raw;
mod strings;
mod words;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use self::raw::{next_raw, Raw};
use super::token::{Token, TokenKind, NO_TEXT};
use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;

/// How deeply heredocs may be nested inside the interpolations of other heredocs.
const MAX_HEREDOC_NESTING: u32 = 16;

/// Everything the lexer produced: the tokens (ending with `Eof`), the processed texts they refer to,
/// the comments (for display) and the diagnostics, each with the index of the token it was found at.
#[derive(Debug, Default)]
pub struct LexOutput {
    pub tokens: Vec<Token>,
    pub texts: Vec<String>,
    pub comments: Vec<Span>,
    pub diagnostics: Vec<(usize, Diagnostic)>,
    /// True when an error stopped the lexing before the end of the input.
    pub stopped: bool,
    /// The regex literals, compiled as Puppet compiles them while lexing: (the token's text
    /// index, the regexp), in token order.
    pub regexps: Vec<(u32, crate::value::Regexp)>,
}

/// Lex a manifest (comments are skipped, not collected).
pub fn lex(source: &str) -> LexOutput {
    lex_with(source, false, false)
}

/// Lex an EPP template (text mode first).
pub fn lex_epp(source: &str) -> LexOutput {
    lex_with(source, true, false)
}

/// Lex for display: like `lex` / `lex_epp`, and the comments are collected too.
pub fn lex_for_display(source: &str, template: bool) -> LexOutput {
    lex_with(source, template, true)
}

/// Lex for puppet-lint's checks: like `lex_for_display` for a manifest, and `//` starts a comment
/// to the end of the line (puppet-lint reads one there; Puppet has none).
pub fn lex_for_lint(source: &str) -> LexOutput {
    let mut lexer = Lexer::new(source, Mode::Code, 0);
    lexer.keep_comments = true;
    lexer.slash_comments = true;
    lexer.check_bom();
    lexer.run();
    lexer.finish()
}

fn lex_with(source: &str, template: bool, keep_comments: bool) -> LexOutput {
    let mut lexer = Lexer::new(source, Mode::Code, 0);
    lexer.keep_comments = keep_comments;
    lexer.check_bom();
    if !template {
        lexer.run();
        return lexer.finish();
    }
    lexer.epp = Some(epp::EppMode::Text);
    lexer.push(TokenKind::EppStart, 0, 0, NO_TEXT);
    lexer.epp_text(false);
    lexer.run();
    lexer.finish()
}

/// What ends the string text being read: a double quote, or the end of the (heredoc) input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StringKind {
    DoubleQuoted,
    /// Heredoc text: the escapes that apply and whether `$` interpolates.
    Unquoted(strings::Escapes, bool),
}

/// What the lexer starts as: code, or (for heredoc text) an unquoted string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Code,
    Unquoted(strings::Escapes, bool),
}

/// An open `${ ... }`: the brace count that closes it, where its tokens start, and the string it is in.
#[derive(Debug, Clone, Copy)]
struct Interpolation {
    brace_count: i64,
    first_token: usize,
    kind: StringKind,
}

pub(crate) struct Lexer<'s> {
    src: &'s str,
    bytes: &'s [u8],
    pos: usize,
    out: LexOutput,
    /// The last token delivered (drives regex-vs-divide and SELBRACE).
    after: Option<TokenKind>,
    brace_count: i64,
    /// Where the current line's code starts (after a newline or a heredoc's text).
    line_start: usize,
    /// Where lexing continues after the next newline when heredoc text follows this line.
    newline_jump: Option<usize>,
    interpolations: Vec<Interpolation>,
    epp: Option<epp::EppMode>,
    heredoc_depth: u32,
    /// Whether comments are recorded (only the token display needs them).
    keep_comments: bool,
    /// Whether `//` starts a comment (only for lint, never for the parser).
    slash_comments: bool,
}

/// How much of a text the lexer's vectors are sized for before it starts.
const UP_FRONT_BYTES: usize = 256 * 1024;

impl<'s> Lexer<'s> {
    fn new(src: &'s str, mode: Mode, heredoc_depth: u32) -> Self {
        let mut lexer = Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
            out: LexOutput {
                // Most manifests have more than a token per 8 bytes: room for one per 4, no regrowth,
                // up to files of 256 KB (a larger text grows its vectors as it goes: reserving a
                // token per 4 bytes of a 20 MB document held 100 MB it never used).
                tokens: Vec::with_capacity(src.len().min(UP_FRONT_BYTES) / 4 + 16),
                // About one processed text per 100 bytes of real manifests.
                texts: Vec::with_capacity(src.len().min(UP_FRONT_BYTES) / 64 + 4),
                ..LexOutput::default()
            },
            after: None,
            brace_count: 0,
            line_start: 0,
            newline_jump: None,
            interpolations: Vec::new(),
            epp: None,
            heredoc_depth,
            keep_comments: false,
            slash_comments: false,
        };
        if let Mode::Unquoted(escapes, interpolate) = mode {
            lexer.string_text(StringKind::Unquoted(escapes, interpolate), 0, true);
        }
        lexer
    }

    fn finish(mut self) -> LexOutput {
        let end = self.src.len() as u32;
        self.out.tokens.push(Token {
            kind: TokenKind::Eof,
            span: Span::new(end, end),
            text: NO_TEXT,
        });
        self.out
    }

    fn check_bom(&mut self) {
        if self.src.starts_with('\u{FEFF}') {
            self.fatal(
                "ILLEGAL_BOM",
                "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source",
                Span::new(0, 3),
            );
        }
    }

    // ---- output -----------------------------------------------------------------------------

    fn push(&mut self, kind: TokenKind, start: usize, end: usize, text: u32) {
        self.out.tokens.push(Token {
            kind,
            span: Span::new(start as u32, end as u32),
            text,
        });
        if !matches!(kind, TokenKind::DqPre | TokenKind::DqMid) {
            self.after = Some(kind);
        }
    }

    fn push_text(&mut self, kind: TokenKind, start: usize, end: usize, text: String) {
        let index = self.out.texts.len() as u32;
        self.out.texts.push(text);
        self.push(kind, start, end, index);
    }

    fn diagnostic(&mut self, mut diagnostic: Diagnostic) {
        // Positions computed past a token (Puppet's `pos + n`) may land inside a character.
        let snap = |offset: u32| {
            let mut offset = (offset as usize).min(self.src.len());
            while !self.src.is_char_boundary(offset) {
                offset -= 1;
            }
            offset as u32
        };
        diagnostic.span = Span::new(snap(diagnostic.span.start), snap(diagnostic.span.end));
        let at = self.out.tokens.len();
        self.out.diagnostics.push((at, diagnostic));
    }

    fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostic(Diagnostic::error(Stage::Syntax, code, message, span));
    }

    /// An error after which Puppet stops lexing: the rest of the input is not tokenized.
    fn fatal(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.error(code, message, span);
        self.out.stopped = true;
        self.pos = self.src.len();
    }

    fn warning(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.diagnostic(Diagnostic::warning(Stage::Syntax, code, message, span));
    }

    /// Puppet's error for a string that does not close, which ends lexing: `after` names its
    /// quote, and what follows from `at` is quoted.
    fn unclosed_quote(&mut self, after: &str, at: usize) {
        let followed_by = self.followed_by(at);
        self.fatal(
            "UNCLOSED_QUOTE",
            format!("Unclosed quote after {after} followed by '{followed_by}'"),
            Span::new(at as u32, at as u32),
        );
    }

    /// Puppet's "followed by" excerpt: the next five characters (`\n`, `\r`, `\t` escaped) and `...`.
    fn followed_by(&self, at: usize) -> String {
        let Some(rest) = self.src.get(at..) else {
            return "<eof>".into();
        };
        if rest.is_empty() {
            return "<eof>".into();
        }
        let mut excerpt = String::new();
        for c in rest.chars().take(5) {
            match c {
                '\t' => excerpt.push_str("\\t"),
                '\n' => excerpt.push_str("\\n"),
                '\r' => excerpt.push_str("\\r"),
                _ => excerpt.push(c),
            }
        }
        excerpt.push_str("...");
        excerpt
    }

    fn peek_byte(&self, offset: usize) -> u8 {
        self.bytes.get(self.pos + offset).copied().unwrap_or(0)
    }

    // ---- the main loop ----------------------------------------------------------------------

    fn run(&mut self) {
        loop {
            if self.pos >= self.bytes.len() {
                if self.out.stopped || !self.end_of_input_in_interpolation() {
                    break;
                }
                continue;
            }
            self.next_token();
        }
        if !self.out.stopped && matches!(self.epp, Some(epp::EppMode::Code | epp::EppMode::Expr)) {
            let end = self.src.len() as u32;
            self.fatal(
                "EPP_UNBALANCED_TAG",
                "Unbalanced epp tag, reached <eof> without closing tag.",
                Span::new(end, end),
            );
        }
    }

    /// The input ended inside `${`: a double-quoted string is unclosed; heredoc text just ends.
    /// Returns true when lexing should go on.
    fn end_of_input_in_interpolation(&mut self) -> bool {
        let Some(open) = self.interpolations.pop() else {
            return false;
        };
        let end = self.src.len();
        match open.kind {
            StringKind::DoubleQuoted => {
                let after = self.last_token_quote();
                self.unclosed_quote(&after, end);
                false
            }
            StringKind::Unquoted(..) => {
                self.push_text(TokenKind::DqPost, end, end, String::new());
                true
            }
        }
    }

    fn next_token(&mut self) {
        let start = self.pos;
        let Some(&byte) = self.bytes.get(start) else {
            self.pos = self.bytes.len();
            return;
        };
        match byte {
            b'\n' => {
                let next_line = self.newline_jump.take().unwrap_or(start + 1);
                self.line_start = next_line;
                self.pos = skip_blanks(self.bytes, next_line);
            }
            b' ' | b'\t' | b'\r' => self.pos = skip_blanks(self.bytes, start + 1),
            b'#' => {
                let end = memchr(b'\n', self.bytes, start).unwrap_or(self.bytes.len());
                if self.keep_comments {
                    self.out.comments.push(Span::new(start as u32, end as u32));
                }
                self.pos = end;
            }
            b'/' => self.slash(start),
            b'"' => {
                self.pos = start + 1;
                self.string_text(StringKind::DoubleQuoted, start, true);
            }
            b'\'' => self.single_quoted(start),
            b'0'..=b'9' => self.number(start),
            b'[' => {
                let kind = if start == 0 || self.preceded_by_blank(start) {
                    TokenKind::ListStart
                } else {
                    TokenKind::LBrack
                };
                self.single(kind, start, 1);
            }
            b'(' => {
                let only_blanks = self
                    .src
                    .get(self.line_start.min(start)..start)
                    .is_some_and(|prefix| prefix.chars().all(|c| c == '\r' || is_blank(c)));
                let kind = if only_blanks {
                    TokenKind::WsLParen
                } else {
                    TokenKind::LParen
                };
                self.single(kind, start, 1);
            }
            b'{' => {
                self.brace_count += 1;
                let kind = if self.after == Some(TokenKind::QMark) {
                    TokenKind::SelBrace
                } else {
                    TokenKind::LBrace
                };
                self.single(kind, start, 1);
            }
            b'}' => {
                self.brace_count -= 1;
                let closes = self
                    .interpolations
                    .last()
                    .is_some_and(|open| open.brace_count == self.brace_count);
                if closes {
                    self.pos = start + 1;
                    self.close_interpolation();
                } else {
                    self.single(TokenKind::RBrace, start, 1);
                }
            }
            b'@' => match self.peek_byte(1) {
                b'(' => self.heredoc(start),
                b'@' => self.single(TokenKind::AtAt, start, 2),
                _ => self.single(TokenKind::At, start, 1),
            },
            b'%' if self.epp.is_some() && self.peek_byte(1) == b'>' => {
                self.pos = start + 2;
                self.end_epp_code(start, false);
            }
            b'-' if self.epp.is_some()
                && self.peek_byte(1) == b'%'
                && self.peek_byte(2) == b'>' =>
            {
                self.pos = start + 3;
                self.end_epp_code(start, true);
            }
            b':' if self.peek_byte(1) == b':' => self.qualified_from_root(start),
            b':' => self.single(TokenKind::Colon, start, 1),
            b',' => self.single(TokenKind::Comma, start, 1),
            b';' => self.single(TokenKind::Semic, start, 1),
            b')' => self.single(TokenKind::RParen, start, 1),
            b']' => self.single(TokenKind::RBrack, start, 1),
            b'?' => self.single(TokenKind::QMark, start, 1),
            b'.' => self.single(TokenKind::Dot, start, 1),
            b'=' => match self.peek_byte(1) {
                b'>' => self.single(TokenKind::FArrow, start, 2),
                b'=' => self.single(TokenKind::IsEqual, start, 2),
                b'~' => self.single(TokenKind::Match, start, 2),
                _ => self.single(TokenKind::Equals, start, 1),
            },
            b'a'..=b'z' | b'_' => self.bare_word(start),
            b'A'..=b'Z' => self.class_reference(start),
            b'$' => self.variable(start),
            0x80..=0xFF => {
                let c = self.src[start..].chars().next().unwrap_or('\u{FFFD}');
                let end = start + c.len_utf8();
                if is_blank(c) {
                    self.pos = end;
                } else {
                    self.push(TokenKind::Other, start, end, NO_TEXT);
                    self.pos = end;
                }
            }
            _ => self.operator(start),
        }
    }

    fn single(&mut self, kind: TokenKind, start: usize, len: usize) {
        self.pos = start + len;
        self.push(kind, start, start + len, NO_TEXT);
    }

    fn preceded_by_blank(&self, at: usize) -> bool {
        self.src
            .get(..at)
            .and_then(|before| before.chars().next_back())
            .is_some_and(|c| c == '\r' || c == '\n' || is_blank(c))
    }

    /// Operators and the other tokens of the logos core.
    fn operator(&mut self, start: usize) {
        let Some((raw, len)) = next_raw(&self.src[start..]) else {
            self.single(TokenKind::Other, start, 1);
            return;
        };
        let kind = match raw {
            Raw::Blank | Raw::LineComment | Raw::BareWord | Raw::ClassRef => {
                // Not reachable from the bytes that lead here; treat as unknown text.
                self.single(TokenKind::Other, start, 1);
                return;
            }
            Raw::Variable => TokenKind::Variable,
            Raw::Dollar => TokenKind::Variable,
            Raw::RBrack => TokenKind::RBrack,
            Raw::RParen => TokenKind::RParen,
            Raw::Equals => TokenKind::Equals,
            Raw::Appends => TokenKind::Appends,
            Raw::Deletes => TokenKind::Deletes,
            Raw::IsEqual => TokenKind::IsEqual,
            Raw::NotEqual => TokenKind::NotEqual,
            Raw::Match => TokenKind::Match,
            Raw::NoMatch => TokenKind::NoMatch,
            Raw::GreaterEqual => TokenKind::GreaterEqual,
            Raw::GreaterThan => TokenKind::GreaterThan,
            Raw::LessEqual => TokenKind::LessEqual,
            Raw::LessThan => TokenKind::LessThan,
            Raw::FArrow => TokenKind::FArrow,
            Raw::PArrow => TokenKind::PArrow,
            Raw::LShift => TokenKind::LShift,
            Raw::LlCollect => TokenKind::LlCollect,
            Raw::LCollect => TokenKind::LCollect,
            Raw::RShift => TokenKind::RShift,
            Raw::RrCollect => TokenKind::RrCollect,
            Raw::RCollect => TokenKind::RCollect,
            Raw::Plus => TokenKind::Plus,
            Raw::Minus => TokenKind::Minus,
            Raw::Times => TokenKind::Times,
            Raw::Modulo => TokenKind::Modulo,
            Raw::Not => TokenKind::Not,
            Raw::Dot => TokenKind::Dot,
            Raw::Pipe => TokenKind::Pipe,
            Raw::At => TokenKind::At,
            Raw::AtAt => TokenKind::AtAt,
            Raw::Colon => TokenKind::Colon,
            Raw::Comma => TokenKind::Comma,
            Raw::Semic => TokenKind::Semic,
            Raw::QMark => TokenKind::QMark,
            Raw::Tilde => TokenKind::Tilde,
            Raw::InEdge => TokenKind::InEdge,
            Raw::InEdgeSub => TokenKind::InEdgeSub,
            Raw::OutEdge => TokenKind::OutEdge,
            Raw::OutEdgeSub => TokenKind::OutEdgeSub,
        };
        self.single(kind, start, len);
    }

    /// A bare word: a keyword, a NAME or a WORD.
    fn bare_word(&mut self, start: usize) {
        let (len, name) = words::bare_word(self.bytes, start);
        let len = len.max(1);
        let kind = if name {
            let text = self.src.get(start..start + len).unwrap_or("");
            TokenKind::keyword(text).unwrap_or(TokenKind::Name)
        } else {
            TokenKind::Word
        };
        self.single(kind, start, len);
    }

    /// `Foo::Bar`; a reference followed by `::` and something else is an error.
    fn class_reference(&mut self, start: usize) {
        let len = words::class_ref(self.bytes, start).max(1);
        let error = ("ILLEGAL_CLASS_REFERENCE", "Illegal class reference");
        self.class_reference_token(start, len, error, 1);
    }

    /// The class reference of `len` bytes at `start`. One followed by `::` and something else is
    /// the `error` (code, message), reported `error_offset` bytes past its end; the lexer
    /// recovers by skipping the dangling `::` and whatever bare word follows it.
    fn class_reference_token(
        &mut self,
        start: usize,
        len: usize,
        error: (&'static str, &'static str),
        error_offset: usize,
    ) {
        let end = start + len;
        if self.bytes.get(end..end + 2) == Some(b"::") {
            let at = (end + error_offset).min(self.src.len()) as u32;
            self.error(error.0, error.1, Span::new(at, at));
            self.push(TokenKind::ClassRef, start, end, NO_TEXT);
            self.pos = end + 2;
            return;
        }
        self.single(TokenKind::ClassRef, start, len);
    }

    /// `$name`, or a lone `$`.
    fn variable(&mut self, start: usize) {
        let len = 1 + strings::variable_name_len(self.bytes.get(start + 1..).unwrap_or(&[]));
        self.single(TokenKind::Variable, start, len);
    }

    /// `::name` or `::Reference`.
    fn qualified_from_root(&mut self, start: usize) {
        let third = self.peek_byte(2);
        if third.is_ascii_uppercase() {
            let len = match words::class_ref(self.bytes, start) {
                0 => 3,
                len => len,
            };
            let error = (
                "ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE",
                "Illegal fully qualified class reference",
            );
            self.class_reference_token(start, len, error, 3);
        } else if third.is_ascii_lowercase() || third == b'_' {
            let (len, name) = match words::bare_word(self.bytes, start) {
                (0, _) => (3, false),
                found => found,
            };
            let kind = if name {
                TokenKind::Name
            } else {
                TokenKind::Word
            };
            self.single(kind, start, len);
        } else {
            let at = (start + 2) as u32;
            self.error(
                "ILLEGAL_FULLY_QUALIFIED_NAME",
                "Illegal fully qualified name",
                Span::new(at, at),
            );
            self.pos = start + 2;
        }
    }

    /// `/*` comment, regular expression, or division.
    fn slash(&mut self, start: usize) {
        if self.slash_comments && self.peek_byte(1) == b'/' {
            let end = memchr(b'\n', self.bytes, start).unwrap_or(self.bytes.len());
            self.out.comments.push(Span::new(start as u32, end as u32));
            self.pos = end;
            return;
        }
        if self.peek_byte(1) == b'*' {
            match find(self.src, start + 2, "*/") {
                Some(close) => {
                    if self.keep_comments {
                        self.out
                            .comments
                            .push(Span::new(start as u32, (close + 2) as u32));
                    }
                    self.pos = close + 2;
                }
                None => self.fatal(
                    "UNCLOSED_MLCOMMENT",
                    "Unclosed multiline comment",
                    Span::new(start as u32, start as u32 + 2),
                ),
            }
            return;
        }
        if self.regex_acceptable() {
            if let Some(end) = self.regex_end(start) {
                let written = &self.src[start + 1..end - 1];
                // Any `/` inside is escaped (the first bare one ends the regex).
                let pattern = if memchr(b'/', written.as_bytes(), 0).is_some() {
                    written.replace("\\/", "/")
                } else {
                    String::from(written)
                };
                // Puppet compiles the regex while lexing; Ruby's message has no position.
                let regexp = match crate::value::Regexp::new(&pattern) {
                    Ok(regexp) => regexp,
                    Err(error) => {
                        let message = alloc::string::ToString::to_string(&error);
                        self.fatal(
                            "INVALID_REGEX",
                            message,
                            Span::new(start as u32, end as u32),
                        );
                        return;
                    }
                };
                self.pos = end;
                let index = self.out.texts.len() as u32;
                self.push_text(TokenKind::Regex, start, end, pattern);
                self.out.regexps.push((index, regexp));
                return;
            }
        }
        self.single(TokenKind::Div, start, 1);
    }

    /// The end (after the closing `/`) of a regex starting at `start`: the first `/` that is not escaped.
    fn regex_end(&self, start: usize) -> Option<usize> {
        let mut search = start + 1;
        loop {
            let close = memchr(b'/', self.bytes, search)?;
            let backslashes = self.bytes[start + 1..close]
                .iter()
                .rev()
                .take_while(|&&b| b == b'\\')
                .count();
            if backslashes % 2 == 0 {
                return Some(close + 1);
            }
            search = close + 1;
        }
    }

    /// Whether a `/` here starts a regex: not after something that ends an operand.
    fn regex_acceptable(&self) -> bool {
        use TokenKind::*;
        !matches!(
            self.after,
            Some(
                RParen
                    | RBrack
                    | RrCollect
                    | RCollect
                    | Name
                    | ClassRef
                    | Number
                    | String
                    | True
                    | False
                    | DqPre
                    | DqMid
                    | DqPost
                    | Heredoc
                    | Regex
                    | Variable
                    | Word
            )
        )
    }

    /// The `}` that balances a `${`: the single-token rule, then the rest of the string.
    fn close_interpolation(&mut self) {
        let Some(open) = self.interpolations.pop() else {
            return;
        };
        let tokens = &mut self.out.tokens;
        let count = tokens.len().saturating_sub(open.first_token);
        let first_is_variable_candidate = count == 1
            || (count > 1
                && tokens
                    .get(open.first_token + 1)
                    .is_some_and(|t| matches!(t.kind, TokenKind::Dot | TokenKind::LBrack)));
        if first_is_variable_candidate {
            if let Some(token) = tokens.get_mut(open.first_token) {
                let becomes_variable = matches!(
                    token.kind,
                    TokenKind::Number | TokenKind::Name | TokenKind::Word
                ) || (token.kind.is_keyword()
                    && !matches!(token.kind, TokenKind::True | TokenKind::False));
                if becomes_variable {
                    token.kind = TokenKind::Variable;
                }
            }
        }
        let start = self.pos;
        self.string_text(open.kind, start, false);
    }

    /// How Puppet names the last scanned text in "Unclosed quote after ..." messages.
    fn last_token_quote(&self) -> String {
        let text = match self.out.tokens.last() {
            Some(token) => {
                let raw = self
                    .src
                    .get(token.span.start as usize..token.span.end as usize)
                    .unwrap_or("");
                match token.kind {
                    TokenKind::Variable => raw.strip_prefix('$').unwrap_or(raw),
                    // Nothing was scanned since the string part: Puppet shows an empty text.
                    TokenKind::DqPre | TokenKind::DqMid => "",
                    _ => raw,
                }
            }
            None => "\"",
        };
        if text == "'" {
            "\"'\"".into()
        } else {
            format!("'{text}'")
        }
    }
}

/// The offset after the ASCII blanks (space, tab, CR) starting at `from`: natively, indentation's
/// spaces eight at a time first (not in the browser's engines, whose size budget it would cost more
/// than it buys), then one blank at a time.
fn skip_blanks(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    #[cfg(not(target_arch = "wasm32"))]
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(chunk);
        // A zero byte for each space.
        let others = u64::from_le_bytes(eight) ^ 0x2020_2020_2020_2020;
        if others != 0 {
            at += (others.trailing_zeros() / 8) as usize;
            break;
        }
        at += 8;
    }
    while let Some(b' ' | b'\t' | b'\r') = bytes.get(at) {
        at += 1;
    }
    at
}

/// `[[:blank:]]` in Ruby: tab and the Unicode space separators.
pub(crate) fn is_blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\u{00A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

pub(crate) fn memchr(needle: u8, haystack: &[u8], from: usize) -> Option<usize> {
    let rest = haystack.get(from..)?;
    // Eight bytes at a time: a zero byte in `word ^ needles` marks a match.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let needles = ONES * u64::from(needle);
    let mut chunks = rest.chunks_exact(8);
    let mut offset = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ needles;
        if (x.wrapping_sub(ONES) & !x & HIGHS) != 0 {
            break;
        }
        offset += 8;
    }
    rest[offset..]
        .iter()
        .position(|&b| b == needle)
        .map(|i| i + offset + from)
}

pub(crate) fn find(text: &str, from: usize, needle: &str) -> Option<usize> {
    text.get(from..)?.find(needle).map(|i| i + from)
}
