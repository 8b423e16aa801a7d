//! The token stream the checks walk: the engine lexer's tokens and comments, with the whitespace,
//! newlines and indentation between them made into tokens, named as puppet-lint names them.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::syntax::lexer::lex_for_lint;
use crate::syntax::token::TokenKind;

/// The token kinds the checks tell apart (puppet-lint's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum K {
    Whitespace,
    Newline,
    Indent,
    Comment,
    MlComment,
    SlashComment,
    Type,
    ClassRef,
    Number,
    FunctionName,
    Name,
    Variable,
    UnencVariable,
    SString,
    String,
    DqPre,
    DqMid,
    DqPost,
    HeredocOpen,
    Heredoc,
    HeredocPre,
    HeredocMid,
    HeredocPost,
    Regex,
    LBrack,
    RBrack,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Equals,
    FArrow,
    Comma,
    Colon,
    Semic,
    QMark,
    Pipe,
    InEdge,
    InEdgeSub,
    OutEdge,
    OutEdgeSub,
    // keywords
    Case,
    Class,
    Default,
    Define,
    If,
    Elsif,
    Else,
    Inherits,
    Node,
    Undef,
    True,
    False,
    /// Another keyword or operator the checks never look for by kind.
    Other,
}

impl K {
    /// Whitespace, newlines, indentation and comments: what `prev_code_token` skips.
    pub fn formatting(self) -> bool {
        matches!(
            self,
            K::Whitespace | K::Newline | K::Indent | K::Comment | K::MlComment | K::SlashComment
        )
    }

    pub fn is_comment(self) -> bool {
        matches!(self, K::Comment | K::MlComment | K::SlashComment)
    }
}

/// One token: its kind, puppet-lint's value, the text it stands for in the source, and where.
#[derive(Debug, Clone)]
pub struct Tok {
    pub kind: K,
    /// puppet-lint's value (a string's content, a variable's name without `$`, a comment without `#`).
    pub value: String,
    /// The source text of kinds whose rendering is not built from the value.
    pub raw: String,
    pub line: u32,
    pub column: u32,
    /// The byte range in the original source (empty for tokens a fix added).
    pub start: u32,
    pub end: u32,
}

/// The tokens in order (ids into `all`, which never shrinks so problems can keep ids).
#[derive(Debug, Clone, Default)]
pub struct Stream {
    pub all: Vec<Tok>,
    pub order: Vec<usize>,
}

impl Stream {
    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The token at position `i` of the stream.
    pub fn at(&self, i: usize) -> &Tok {
        &self.all[self.order[i]]
    }

    pub fn kind(&self, i: usize) -> K {
        self.at(i).kind
    }

    /// The position of a token id in the stream.
    pub fn index_of(&self, id: usize) -> Option<usize> {
        self.order.iter().position(|&t| t == id)
    }

    /// The next position after `i` that is not formatting.
    pub fn next_code(&self, i: usize) -> Option<usize> {
        (i + 1..self.len()).find(|&j| !self.kind(j).formatting())
    }

    /// The previous position before `i` that is not formatting.
    pub fn prev_code(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !self.kind(j).formatting())
    }

    /// Insert a new token at position `i`; returns its id.
    pub fn insert(&mut self, i: usize, kind: K, value: &str) -> usize {
        let id = self.all.len();
        self.all.push(Tok {
            kind,
            value: value.to_string(),
            raw: value.to_string(),
            line: 0,
            column: 0,
            start: 0,
            end: 0,
        });
        self.order.insert(i.min(self.order.len()), id);
        id
    }

    pub fn remove_id(&mut self, id: usize) {
        if let Some(i) = self.index_of(id) {
            self.order.remove(i);
        }
    }

    /// Search forward (or backward) from position `i` for a kind, skipping bracketed blocks as
    /// puppet-lint's `next_token_of` does (without recursion: a stack of the closers awaited).
    pub fn find_of(
        &self,
        i: usize,
        forward: bool,
        kinds: &[K],
        value: Option<&str>,
    ) -> Option<usize> {
        let mut awaited: Vec<K> = Vec::new();
        let mut j = i;
        loop {
            j = if forward {
                if j + 1 >= self.len() {
                    return None;
                }
                j + 1
            } else {
                j.checked_sub(1)?
            };
            let kind = self.kind(j);
            match awaited.last() {
                None => {
                    if kinds.contains(&kind) && value.is_none_or(|v| self.at(j).value == v) {
                        return Some(j);
                    }
                }
                Some(&closer) if closer == kind => {
                    awaited.pop();
                    continue;
                }
                Some(_) => {}
            }
            let closer = match (forward, kind) {
                (true, K::LBrace) => K::RBrace,
                (true, K::LBrack) => K::RBrack,
                (true, K::LParen) => K::RParen,
                (false, K::RBrace) => K::LBrace,
                (false, K::RBrack) => K::LBrack,
                (false, K::RParen) => K::LParen,
                _ => continue,
            };
            awaited.push(closer);
        }
    }

    /// The text of the token at position `i` as puppet-lint writes it back (`to_manifest`).
    pub fn render(&self, i: usize) -> String {
        let t = self.at(i);
        let prev = if i > 0 { Some(self.kind(i - 1)) } else { None };
        let next = if i + 1 < self.len() {
            Some(self.kind(i + 1))
        } else {
            None
        };
        let suffix = || match next {
            Some(K::UnencVariable | K::DqMid | K::DqPost | K::HeredocMid | K::HeredocPost) => "",
            _ => "${",
        };
        let prefix = || match prev {
            Some(K::UnencVariable | K::DqPre | K::DqMid | K::HeredocPre | K::HeredocMid) => "",
            _ => "}",
        };
        match t.kind {
            K::String => ["\"", &t.value, "\""].concat(),
            K::SString => ["'", &t.value, "'"].concat(),
            K::DqPre => ["\"", &t.value, suffix()].concat(),
            K::DqPost => [prefix(), &t.value, "\""].concat(),
            K::DqMid => [prefix(), &t.value, suffix()].concat(),
            K::Variable => {
                let inside = self.prev_code(i).is_some_and(|p| {
                    matches!(
                        self.kind(p),
                        K::DqPre | K::DqMid | K::HeredocPre | K::HeredocMid
                    )
                });
                if inside {
                    t.raw.clone()
                } else {
                    ["$", &t.value].concat()
                }
            }
            K::UnencVariable => ["$", &t.value].concat(),
            K::Newline => "\n".into(),
            K::Comment => ["#", &t.value].concat(),
            K::HeredocPre => [t.value.as_str(), suffix()].concat(),
            K::HeredocMid => [prefix(), &t.value, suffix()].concat(),
            K::HeredocPost => [prefix(), &t.raw].concat(),
            K::True | K::False if t.raw.starts_with(['"', '\'']) => t.value.clone(),
            _ => t.raw.clone(),
        }
    }

    /// The whole manifest as the tokens write it back.
    pub fn manifest(&self) -> String {
        let mut out = String::new();
        for i in 0..self.len() {
            out.push_str(&self.render(i));
        }
        out
    }
}

const TYPES: &[&str] = &[
    "Integer",
    "Float",
    "Boolean",
    "Regexp",
    "String",
    "Array",
    "Hash",
    "Resource",
    "Class",
    "Collection",
    "Scalar",
    "Numeric",
    "CatalogEntry",
    "Data",
    "Tuple",
    "Struct",
    "Optional",
    "NotUndef",
    "Variant",
    "Enum",
    "Pattern",
    "Any",
    "Callable",
    "Type",
    "Runtime",
    "Undef",
    "Default",
    "Sensitive",
];

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// What follows a heredoc's text part: `(true, from, to)` an interpolation's content,
/// `(false, from, to)` an unenclosed variable.
type Inner = (bool, usize, usize);

/// A piece of source the engine found: a token or a comment.
#[derive(Clone, Copy)]
struct Piece {
    start: usize,
    end: usize,
    kind: Option<TokenKind>,
}

/// Builds the stream for a manifest. An unterminated string is an error at its line and column
/// (puppet-lint reports a syntax error then).
pub fn tokenize(src: &str) -> Result<Stream, LexError> {
    let lexed = lex_for_lint(src);
    let mut pieces: Vec<Piece> = Vec::with_capacity(lexed.tokens.len() + lexed.comments.len());
    for t in &lexed.tokens {
        if t.kind == TokenKind::Eof || (t.kind == TokenKind::String && t.span.start == t.span.end) {
            continue; // the end, or text the engine made up (an empty heredoc's string)
        }
        pieces.push(Piece {
            start: t.span.start as usize,
            end: t.span.end as usize,
            kind: Some(t.kind),
        });
    }
    for c in &lexed.comments {
        pieces.push(Piece {
            start: c.start as usize,
            end: c.end as usize,
            kind: None,
        });
    }
    crate::sort::sort_by(&mut pieces, &|a, b| (a.start, a.end).cmp(&(b.start, b.end)));
    let mut b = Builder {
        nesting: 0,
        pieces: pieces.clone(),
        src,
        bytes: src.as_bytes(),
        out: Stream::default(),
        line: 1,
        line_start: 0,
        heredocs: Vec::new(),
        pos: 0,
    };
    let mut k = 0;
    while k < pieces.len() {
        let mut p = pieces[k];
        k += 1;
        // The engine's text after an interpolation starts past its `}`; puppet-lint's at it.
        if matches!(p.kind, Some(TokenKind::DqMid | TokenKind::DqPost))
            && p.start > b.pos
            && src.as_bytes()[p.start - 1] == b'}'
        {
            p.start -= 1;
        }
        if p.start < b.pos {
            // A string part after a variable puppet-lint reads longer keeps its rest.
            let string_part = matches!(p.kind, Some(TokenKind::DqMid | TokenKind::DqPost));
            if !(string_part && p.end > b.pos && b.last_kind() == Some(K::UnencVariable)) {
                continue; // inside a heredoc body or a merged token
            }
            p.start = b.pos;
        }
        b.gap(p.start);
        if p.start < b.pos {
            continue;
        }
        b.piece(p);
    }
    b.gap(src.len());
    // puppet-lint's lexer stops at a string that does not end and at a character it has no
    // token for; it reports a syntax error there.
    for &id in &b.out.order {
        let t = &b.out.all[id];
        let unlexable = match t.kind {
            K::Other => {
                matches!(t.value.as_str(), "\"" | "'" | "&" | "^" | "`" | "~" | "$")
                    || t.value
                        .chars()
                        .next()
                        .is_some_and(|c| !c.is_ascii() && !c.is_whitespace())
            }
            K::Variable => t.value.is_empty(),
            _ => false,
        };
        if unlexable {
            let reason = if t.value == "\"" {
                Some("unterminated string")
            } else {
                None
            };
            return Err(LexError {
                line: t.line,
                column: t.column,
                reason,
            });
        }
    }
    Ok(b.out)
}

/// Where puppet-lint's lexer gives up, and why when it says.
#[derive(Debug, Clone, Copy)]
pub struct LexError {
    pub line: u32,
    pub column: u32,
    pub reason: Option<&'static str>,
}

/// How deeply strings inside interpolations are read as puppet-lint reads them (deeper ones keep
/// the engine's tokens): bounds the recursion.
const MAX_STRING_NESTING: u32 = 32;

struct Builder<'s> {
    /// Strings being read inside interpolations.
    nesting: u32,
    pieces: Vec<Piece>,
    src: &'s str,
    bytes: &'s [u8],
    out: Stream,
    line: u32,
    line_start: usize,
    /// Heredoc specifications (`\"END\":json/L`) waiting for the end of their line.
    heredocs: Vec<String>,
    pos: usize,
}

impl Builder<'_> {
    /// Whether an unenclosed variable at `at` follows a newline that ends the string part
    /// before it; if so the newline moves from that part to the variable.
    fn newline_before_variable(&mut self, at: usize) -> bool {
        if at < 2 || self.bytes[at - 1] != b'\n' || self.bytes[at - 2] == b'\\' {
            return false;
        }
        let Some(&id) = self.out.order.last() else {
            return false;
        };
        let t = &mut self.out.all[id];
        if !matches!(t.kind, K::DqPre | K::DqMid)
            || !t.value.ends_with('\n')
            || t.end as usize != at
        {
            return false;
        }
        t.value.pop();
        t.end -= 1;
        self.line -= 1;
        self.line_start = self.bytes[..at - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1);
        true
    }

    fn last_kind(&self) -> Option<K> {
        self.out.order.last().map(|&id| self.out.all[id].kind)
    }

    fn column(&self, at: usize) -> u32 {
        self.src
            .get(self.line_start..at)
            .map_or(1, |s| s.chars().count() as u32 + 1)
    }

    /// An unenclosed variable in a string (`$x` at `from..to`): its name both as its value and,
    /// as puppet-lint writes it back, its text.
    fn push_unenclosed(&mut self, from: usize, to: usize) {
        let text = &self.src[from..to];
        let name = text.strip_prefix('$').unwrap_or(text).to_string();
        self.push(K::UnencVariable, from, to, &name);
        let last = self.out.all.len() - 1;
        self.out.all[last].raw = name;
    }

    fn push(&mut self, kind: K, start: usize, end: usize, value: &str) {
        let raw = self.src.get(start..end).unwrap_or("").to_string();
        let column = self.column(start);
        self.out.all.push(Tok {
            kind,
            value: value.to_string(),
            raw,
            line: self.line,
            column,
            start: start as u32,
            end: end as u32,
        });
        self.out.order.push(self.out.all.len() - 1);
        // Lines inside the token (comments, strings, heredocs).
        let text = &self.bytes[start..end];
        for (offset, &byte) in text.iter().enumerate() {
            if byte == b'\n' {
                self.line += 1;
                self.line_start = start + offset + 1;
            }
        }
        self.pos = end;
    }

    /// Whitespace and newlines from `self.pos` up to `to`.
    fn gap(&mut self, to: usize) {
        while self.pos < to {
            let at = self.pos;
            let rest = &self.bytes[at..to];
            if rest[0] == b'\n' || rest[0] == b'\r' {
                let len = if rest.starts_with(b"\r\n") { 2 } else { 1 };
                self.push(K::Newline, at, at + len, "\n");
                if rest[0] == b'\r' && len == 1 {
                    self.line += 1;
                    self.line_start = at + 1;
                }
                if !self.heredocs.is_empty() {
                    let tag = self.heredocs.remove(0);
                    self.heredoc_body(&tag);
                    continue;
                }
                let blanks = self.blanks(self.pos, to);
                if blanks > self.pos {
                    let value = self.src[self.pos..blanks].to_string();
                    self.push(K::Indent, self.pos, blanks, &value);
                }
                continue;
            }
            let blanks = self.blanks(at, to);
            if blanks > at {
                let value = self.src[at..blanks].to_string();
                self.push(K::Whitespace, at, blanks, &value);
                continue;
            }
            // Something the engine skipped that is not whitespace.
            let len = self.src[at..].chars().next().map_or(1, char::len_utf8);
            let value = self.src[at..at + len].to_string();
            self.push(K::Other, at, at + len, &value);
        }
    }

    fn blanks(&self, from: usize, to: usize) -> usize {
        let mut end = from;
        for c in self.src[from..to].chars() {
            if c == '\t'
                || c == '\u{b}'
                || c == '\u{c}'
                || c == ' '
                || c == '\u{a0}'
                || (c as u32 >= 0x2000 && c as u32 <= 0x200a)
                || c == '\u{3000}'
                || c == '\u{202f}'
                || c == '\u{205f}'
                || c == '\u{1680}'
            {
                end += c.len_utf8();
            } else {
                break;
            }
        }
        end
    }

    /// A heredoc's text and end tag from `self.pos`: one token, or (with interpolation) the
    /// text parts around the interpolated expressions and variables, as puppet-lint splits them.
    fn heredoc_body(&mut self, spec: &str) {
        let start = self.pos;
        let tag = heredoc_name(spec);
        let interpolate = spec.starts_with('"');
        let bytes = self.bytes;
        // (text start, text end, what follows: interpolation content or variable range)
        let mut parts: Vec<(usize, usize, Option<Inner>)> = Vec::new();
        let mut seg = start;
        let mut q = start;
        let mut term = (self.src.len(), self.src.len());
        while q < bytes.len() {
            if let Some(end) = end_tag_at(bytes, q, tag.as_bytes()) {
                term = (q, end);
                break;
            }
            let escaped = q > seg && bytes[q - 1] == b'\\';
            if interpolate && bytes[q] == b'\n' && !escaped && bytes.get(q + 1) == Some(&b'$') {
                // puppet-lint's variable pattern takes the newline before `$name` along.
                let len = unenclosed_len(&bytes[q + 2..]);
                if len > 0 {
                    parts.push((seg, q, Some((false, q, q + 2 + len))));
                    q += 2 + len;
                    seg = q;
                    continue;
                }
            }
            if interpolate && bytes[q] == b'$' && !escaped {
                if bytes.get(q + 1) == Some(&b'{') {
                    let mut depth = 0;
                    let mut close = None;
                    for (k, &b) in bytes[q + 1..].iter().enumerate() {
                        match b {
                            b'{' => depth += 1,
                            b'}' => {
                                depth -= 1;
                                if depth == 0 {
                                    close = Some(q + 1 + k);
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    let Some(close) = close else { break };
                    parts.push((seg, q, Some((true, q + 2, close))));
                    q = close + 1;
                    seg = q;
                    continue;
                }
                let len = unenclosed_len(&bytes[q + 1..]);
                if len > 0 {
                    parts.push((seg, q, Some((false, q, q + 1 + len))));
                    q += 1 + len;
                    seg = q;
                    continue;
                }
            }
            q += self.src[q..].chars().next().map_or(1, char::len_utf8);
        }
        if term.0 == self.src.len() && end_tag_at(bytes, term.0, tag.as_bytes()).is_none() {
            // No end tag: puppet-lint reads the rest of the file into nothing (and --fix drops it).
            self.pos = self.src.len();
            return;
        }
        let (term_start, term_end) = term;
        let text_end = term_start.min(self.src.len()).max(seg);
        if parts.is_empty() {
            let value = self.src[start..text_end].to_string();
            self.push(K::Heredoc, start, term_end, &value);
            return;
        }
        let count = parts.len();
        for (n, (a, b, what)) in parts.into_iter().enumerate() {
            let kind = if n == 0 { K::HeredocPre } else { K::HeredocMid };
            let value = self.src[a..b].to_string();
            let token_start = if n == 0 { a } else { self.pos.min(a) };
            let _ = count;
            match what {
                Some((true, from, to)) => {
                    self.push(kind, token_start, from, &value);
                    self.emit_range(from, to);
                    self.pos = to; // the `}` goes with the next text part
                }
                Some((false, from, to)) => {
                    self.push(kind, token_start, from, &value);
                    self.push_unenclosed(from, to);
                }
                None => {}
            }
        }
        let value = self.src[seg..text_end].to_string();
        let from = self.pos.min(seg);
        self.push(K::HeredocPost, from, term_end, &value);
        let last = self.out.all.len() - 1;
        self.out.all[last].raw = self.src[seg..term_end].to_string();
    }

    /// A double-quoted string from its opening quote at `open`, split as puppet-lint's string
    /// reader splits it (a backslash before `$` keeps it text, a newline goes with an unenclosed
    /// variable); the expressions inside come from the engine's tokens. False when the string
    /// does not end (the engine's tokens are used then).
    fn dq_string(&mut self, open: usize) -> bool {
        if self.nesting >= MAX_STRING_NESTING {
            return false;
        }
        let bytes = self.bytes;
        // (token start, text start, text end, what follows)
        let mut parts: Vec<(usize, usize, usize, Inner)> = Vec::new();
        let mut token_from = open;
        let mut seg = open + 1;
        let mut q = open + 1;
        let mut depth = 0usize;
        let mut interp_start = 0;
        let close;
        loop {
            let Some(&c) = bytes.get(q) else { return false };
            let last_backslash = q > seg && bytes[q - 1] == b'\\';
            if c == b'$' && bytes.get(q + 1) == Some(&b'{') {
                if last_backslash {
                    q += 1;
                } else if depth == 0 {
                    interp_start = q;
                    depth = 1;
                    q += 2;
                } else {
                    depth += 1;
                    q += 2;
                }
                continue;
            }
            if depth > 0 && c == b'{' {
                depth += 1;
                q += 1;
                continue;
            }
            if c == b'}' {
                if depth == 0 {
                    q += 1;
                    continue;
                }
                depth -= 1;
                if depth == 0 {
                    parts.push((token_from, seg, interp_start, (true, interp_start + 2, q)));
                    token_from = q; // the `}` starts the next part
                    seg = q + 1;
                }
                q += 1;
                continue;
            }
            if depth == 0 && !last_backslash {
                // An unenclosed variable: `$name`, or a newline then `$name`.
                let (at, lead) = if c == b'$' {
                    (q, 0)
                } else if c == b'\n' && bytes.get(q + 1) == Some(&b'$') {
                    (q, 1)
                } else {
                    (q, usize::MAX)
                };
                if lead != usize::MAX {
                    let len = unenclosed_len(&bytes[at + lead + 1..]);
                    if len > 0 {
                        parts.push((token_from, seg, at, (false, at, at + lead + 1 + len)));
                        q = at + lead + 1 + len;
                        seg = q;
                        token_from = q;
                        continue;
                    }
                }
            }
            if c == b'"' && depth == 0 && !last_backslash_run_odd(bytes, seg, q) {
                close = q;
                break;
            }
            if c == b'"' && depth > 0 && !last_backslash_run_odd(bytes, seg, q) {
                // A string inside an interpolation: puppet-lint reads it as part of the text.
                q += 1;
                continue;
            }
            q += self.src[q..].chars().next().map_or(1, char::len_utf8);
        }
        if parts.is_empty() {
            let value = self.src[open + 1..close].to_string();
            self.push(K::String, open, close + 1, &value);
            return true;
        }
        for (n, (token_start, text_start, text_end, what)) in parts.into_iter().enumerate() {
            let kind = if n == 0 { K::DqPre } else { K::DqMid };
            let value = self.src[text_start..text_end].to_string();
            let (interpolation, from, to) = what;
            self.push(kind, token_start, from, &value);
            if interpolation {
                self.nesting += 1;
                self.emit_range(from, to);
                self.nesting -= 1;
                self.pos = to;
            } else {
                self.push_unenclosed(from, to);
            }
        }
        let value = self.src[seg..close].to_string();
        self.push(K::DqPost, token_from, close + 1, &value);
        true
    }

    /// The engine's tokens inside `from..to` (an interpolation), with the whitespace between.
    fn emit_range(&mut self, from: usize, to: usize) {
        let inside: Vec<Piece> = self
            .pieces
            .iter()
            .copied()
            .filter(|p| p.start >= from && p.end <= to)
            .collect();
        self.pos = from;
        for p in inside {
            if p.start < self.pos {
                continue;
            }
            self.gap(p.start);
            self.piece(p);
        }
        self.gap(to);
    }

    fn piece(&mut self, p: Piece) {
        if matches!(p.kind, Some(TokenKind::String | TokenKind::DqPre))
            && self.bytes.get(p.start) == Some(&b'"')
            && self.dq_string(p.start)
        {
            return;
        }
        let text = &self.src[p.start..p.end];
        let Some(kind) = p.kind else {
            self.comment(p, text);
            return;
        };
        use TokenKind as T;
        let k = match kind {
            T::String => {
                if text.starts_with('\'') {
                    let inner = &text[1..text.len().saturating_sub(1).max(1)];
                    self.push(K::SString, p.start, p.end, inner);
                } else {
                    let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
                    self.push(K::String, p.start, p.end, inner);
                }
                return;
            }
            T::DqPre | T::DqMid | T::DqPost => {
                self.dq_part(p, kind, text);
                return;
            }
            T::Variable
                if !text.starts_with('$') && text.starts_with(|c: char| c.is_ascii_digit()) =>
            {
                // `${1}`: a number to puppet-lint.
                K::Number
            }
            T::Variable if !text.starts_with('$') && self.bytes.get(p.end) == Some(&b'(') => {
                // `${join(...)}`: puppet-lint keeps a called name a function name.
                K::FunctionName
            }
            T::Variable => {
                self.variable(p, text);
                return;
            }
            T::Name | T::Word => {
                if self.bytes.get(p.end) == Some(&b'(') {
                    K::FunctionName
                } else {
                    K::Name
                }
            }
            T::ClassRef => match self.class_ref(p, text) {
                Some(k) => k,
                None => return,
            },
            T::Heredoc => {
                let inner = text.strip_prefix("@(").unwrap_or(text);
                let inner = inner.strip_suffix(')').unwrap_or(inner);
                self.heredocs.push(inner.to_string());
                let inner = inner.to_string();
                self.push(K::HeredocOpen, p.start, p.end, &inner);
                return;
            }
            T::Regex => {
                let inner = text
                    .get(1..text.len().saturating_sub(1))
                    .unwrap_or("")
                    .to_string();
                self.push(K::Regex, p.start, p.end, &inner);
                return;
            }
            T::Div if self.bytes.get(p.end) == Some(&b'/') => {
                // `//` comments: Puppet has none, puppet-lint reads one to the end of the line.
                let end = memchr_nl(self.bytes, p.start);
                let end = if end > p.start && self.bytes[end - 1] == b'\r' {
                    end - 1
                } else {
                    end
                };
                let value = self.src[p.start + 2..end].to_string();
                self.push(K::SlashComment, p.start, end, &value);
                return;
            }
            other => plain_kind(other),
        };
        // Inside `${...}` the first name is a variable.
        if (k == K::Name || kind.is_keyword()) && self.bytes[..p.start].ends_with(b"${") {
            let value = text.to_string();
            self.push(K::Variable, p.start, p.end, &value);
            return;
        }
        let value = text.to_string();
        self.push(k, p.start, p.end, &value);
    }

    /// A comment: `#`, `//` (to the end of the line, without a `\r`) or `/* */` (its lines'
    /// leading `*` taken off).
    fn comment(&mut self, p: Piece, text: &str) {
        let end = if text.ends_with('\r') {
            p.end - 1
        } else {
            p.end
        };
        if let Some(body) = text.strip_prefix('#') {
            let body = body.strip_suffix('\r').unwrap_or(body);
            self.push(K::Comment, p.start, end, body);
        } else if let Some(body) = text.strip_prefix("//") {
            let body = body.strip_suffix('\r').unwrap_or(body);
            self.push(K::SlashComment, p.start, end, body);
        } else {
            let mut value = text.strip_prefix("/*").unwrap_or(text);
            value = value.strip_prefix(' ').unwrap_or(value);
            value = value.strip_suffix("*/").unwrap_or(value);
            value = value.strip_suffix(' ').unwrap_or(value);
            let lines: Vec<_> = value
                .split('\n')
                .map(|l| l.trim_start_matches(' ').strip_prefix('*').unwrap_or(l))
                .collect();
            let value = crate::text::join(&lines, "\n");
            self.push(K::MlComment, p.start, p.end, &value);
        }
    }

    /// A piece of a double-quoted string around its `${...}`: its text without the quotes and
    /// braces.
    fn dq_part(&mut self, p: Piece, kind: TokenKind, text: &str) {
        let lead = if kind == TokenKind::DqPre { "\"" } else { "}" };
        let inner = text.strip_prefix(lead).unwrap_or(text);
        let inner = if kind == TokenKind::DqPost {
            inner.strip_suffix('"').unwrap_or(inner)
        } else {
            inner.strip_suffix("${").unwrap_or(inner)
        };
        let k = match kind {
            TokenKind::DqPre => K::DqPre,
            TokenKind::DqMid => K::DqMid,
            _ => K::DqPost,
        };
        let inner = inner.to_string();
        self.push(k, p.start, p.end, &inner);
    }

    /// A variable as puppet-lint reads one: its name on over dashes and `[...]` outside strings,
    /// an unenclosed one in a string (with the newline before it).
    fn variable(&mut self, p: Piece, text: &str) {
        let in_string = self
            .out
            .order
            .last()
            .map(|&id| self.out.all[id].kind)
            .is_some_and(|k| matches!(k, K::DqPre | K::DqMid))
            && !self.bytes[..p.start].ends_with(b"${");
        let mut end = p.end;
        if !in_string && text.starts_with('$') {
            // puppet-lint's variable names go on over dashes (`$a-b`), and a `[...]`
            // right after one is part of it.
            let name = unenclosed_len(&self.bytes[p.start + 1..]);
            end = end.max(p.start + 1 + name);
            while self.bytes.get(end) == Some(&b'[') {
                let close = self.src[end + 1..]
                    .char_indices()
                    .skip(1)
                    .take_while(|&(_, c)| c != '\n')
                    .find(|&(_, c)| c == ']');
                match close {
                    Some((off, _)) => end = end + 1 + off + 1,
                    None => break,
                }
            }
        }
        if in_string && text.starts_with('$') {
            end = p.start + 1 + unenclosed_len(&self.bytes[p.start + 1..]).max(p.end - p.start - 1);
        }
        let mut start = p.start;
        if in_string && self.newline_before_variable(p.start) {
            // puppet-lint's variable pattern takes the newline before `$name` along.
            start -= 1;
        }
        let full = &self.src[start..end];
        let value = full.strip_prefix('$').unwrap_or(full).to_string();
        let k = if in_string {
            K::UnencVariable
        } else {
            K::Variable
        };
        self.push(k, start, end, &value);
        if in_string {
            let last = self.out.all.len() - 1;
            self.out.all[last].raw = value;
        }
    }

    /// A class reference: a data type's name (`String`, `Integer`...) is a type, and what
    /// follows one (`Stringy`) a class reference of its own; `None` when both are pushed.
    fn class_ref(&mut self, p: Piece, text: &str) -> Option<K> {
        let ty = TYPES.iter().find(|t| {
            text.starts_with(**t)
                && !self
                    .bytes
                    .get(p.start + t.len())
                    .is_some_and(|&b| is_word_byte(b))
        });
        let Some(ty) = ty else {
            return Some(K::ClassRef);
        };
        if ty.len() < text.len() {
            let end = p.start + ty.len();
            self.push(K::Type, p.start, end, ty);
            let rest_text = self.src[end..p.end].to_string();
            self.push(K::ClassRef, end, p.end, &rest_text);
            return None;
        }
        Some(K::Type)
    }
}

/// The kind of a token puppet-lint names after its text alone (punctuation, keywords, numbers).
fn plain_kind(kind: TokenKind) -> K {
    use TokenKind as T;
    match kind {
        T::Number => K::Number,
        T::LBrack | T::ListStart => K::LBrack,
        T::RBrack => K::RBrack,
        T::LBrace | T::SelBrace => K::LBrace,
        T::RBrace => K::RBrace,
        T::LParen | T::WsLParen => K::LParen,
        T::RParen => K::RParen,
        T::Equals => K::Equals,
        T::FArrow => K::FArrow,
        T::Comma => K::Comma,
        T::Colon => K::Colon,
        T::Semic => K::Semic,
        T::QMark => K::QMark,
        T::Pipe => K::Pipe,
        T::InEdge => K::InEdge,
        T::InEdgeSub => K::InEdgeSub,
        T::OutEdge => K::OutEdge,
        T::OutEdgeSub => K::OutEdgeSub,
        T::Case => K::Case,
        T::Class => K::Class,
        T::Default => K::Default,
        T::Define => K::Define,
        T::If => K::If,
        T::Elsif => K::Elsif,
        T::Else => K::Else,
        T::Inherits => K::Inherits,
        T::Node => K::Node,
        T::Undef => K::Undef,
        T::True => K::True,
        T::False => K::False,
        _ => K::Other,
    }
}

/// The name in a heredoc specification: `"END":syntax/flags` gives `END`.
fn heredoc_name(spec: &str) -> String {
    let s = spec.strip_prefix('"').unwrap_or(spec);
    let end = s.find(['"', ':', '/', ' ', '\t']).unwrap_or(s.len());
    s[..end.max(1).min(s.len())].to_string()
}

/// puppet-lint's end-of-heredoc pattern `\|?\s*-?\s*NAME$` at `at`; returns where it ends.
fn end_tag_at(bytes: &[u8], at: usize, tag: &[u8]) -> Option<usize> {
    let mut i = at;
    if bytes.get(i) == Some(&b'|') {
        i += 1;
    }
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    if tag.is_empty() || !bytes[i.min(bytes.len())..].starts_with(tag) {
        return None;
    }
    let end = i + tag.len();
    match bytes.get(end) {
        None | Some(b'\n') => Some(end),
        _ => None,
    }
}

/// Whether the backslashes right before `at` (after `from`) are an odd run (the quote escaped).
fn last_backslash_run_odd(bytes: &[u8], from: usize, at: usize) -> bool {
    let run = bytes[from..at]
        .iter()
        .rev()
        .take_while(|&&b| b == b'\\')
        .count();
    run % 2 == 1
}

/// The length of an unenclosed variable's name after `$` (puppet-lint's pattern, with dashes).
fn unenclosed_len(bytes: &[u8]) -> usize {
    let word = |i: usize| bytes.get(i).is_some_and(|&b| is_word_byte(b));
    let mut i = 0;
    if bytes.starts_with(b"::") {
        i = 2;
    }
    if !word(i) {
        return 0;
    }
    loop {
        while word(i) {
            i += 1;
        }
        if bytes.get(i) == Some(&b'-') && word(i + 1) {
            i += 1;
            continue;
        }
        if bytes[i.min(bytes.len())..].starts_with(b"::") && word(i + 2) {
            i += 2;
            continue;
        }
        return i;
    }
}

fn memchr_nl(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| from + p)
}
