//! Ruby's tokens, as far as templates use them: literals (numbers, strings with `#{}`, symbols,
//! `%w[]`, regexes), names, instance variables, operators; template text and output tags come
//! in as tokens of their own.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::scanner::Segment;
use crate::text::TrimBy;

/// A part of a string literal: text, or the tokens of an interpolation `#{...}`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StrPart {
    Lit(String),
    Code(Vec<Token>),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Int(i64),
    /// An integer literal beyond 64 bits.
    Big(super::bigint::Big),
    Float(f64),
    Str(Vec<StrPart>),
    /// `:name` or `:"name"`.
    Sym(Vec<StrPart>),
    Regex(Vec<StrPart>, String),
    /// `%w[a b]` (`symbols`: `%i[a b]`).
    Words(Vec<String>, bool),
    Ident(String),
    Const(String),
    IVar(String),
    GVar(String),
    /// `name:` in a hash or argument list.
    Label(String),
    Op(&'static str),
    Newline,
    /// Template text to output.
    Text(String),
    InsertStart,
    InsertEnd,
    Eof,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: u32,
    /// Whether white space comes before it (`foo -1` against `foo - 1`, `foo [1]`).
    pub spaced: bool,
}

/// A problem lexing: Ruby's syntax error, with its line.
#[derive(Debug, Clone)]
pub(crate) struct LexError {
    pub message: String,
    pub line: u32,
}

const OPS: &[&str] = &[
    "**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "**", "==", "!=", "=~", "!~", "<=",
    ">=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "..", "::", "=>", "->",
    "&.", "(", ")", "[", "]", "{", "}", ",", ".", ";", "=", "<", ">", "+", "-", "*", "/", "%", "!",
    "&", "|", "^", "~", "?", ":",
];

/// The tokens of a whole template.
pub(crate) fn lex_template(segments: &[Segment]) -> Result<Vec<Token>, LexError> {
    let mut out = Vec::new();
    let mut line = 1;
    for segment in segments {
        match segment {
            Segment::Text(text) => {
                out.push(Token {
                    tok: Tok::Text(text.clone()),
                    line,
                    spaced: true,
                });
                line += text.matches('\n').count() as u32;
                out.push(token(Tok::Newline, line));
            }
            Segment::Code { code, line: at } => {
                line = *at;
                Lexer::new(code, line).run(&mut out)?;
                line += code.matches('\n').count() as u32;
                out.push(token(Tok::Newline, line));
            }
            Segment::Insert { code, line: at } => {
                line = *at;
                out.push(token(Tok::InsertStart, line));
                Lexer::new(code, line).run(&mut out)?;
                line += code.matches('\n').count() as u32;
                out.push(token(Tok::InsertEnd, line));
                out.push(token(Tok::Newline, line));
            }
            Segment::LineBreak => {
                line += 1;
                out.push(token(Tok::Newline, line));
            }
        }
    }
    out.push(token(Tok::Eof, line));
    Ok(out)
}

fn token(tok: Tok, line: u32) -> Token {
    Token {
        tok,
        line,
        spaced: true,
    }
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    line: u32,
    /// How many string interpolations this lexer is inside.
    depth: usize,
    /// Where lexing goes on after the end of the current line when heredocs started on it: past
    /// their bodies.
    heredoc_resume: Option<usize>,
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Whether a name is a keyword that starts or joins a clause (`if`, `and`, `then`, `do`, ...):
/// what no value or argument is.
pub(super) fn is_clause_keyword(name: &str) -> bool {
    matches!(
        name,
        "if" | "unless"
            | "while"
            | "until"
            | "and"
            | "or"
            | "then"
            | "else"
            | "elsif"
            | "do"
            | "when"
            | "in"
    )
}

/// Whether a token ends a value (then `/` divides and `[` indexes).
fn ends_value(tok: Option<&Token>) -> bool {
    match tok.map(|t| &t.tok) {
        Some(Tok::Op(op)) => matches!(*op, ")" | "]" | "}"),
        Some(Tok::Ident(name)) => {
            !(is_clause_keyword(name) || matches!(name.as_str(), "not" | "return" | "case"))
        }
        Some(Tok::Newline) | Some(Tok::InsertStart) | Some(Tok::Label(_)) | None => false,
        Some(_) => true,
    }
}

impl<'s> Lexer<'s> {
    fn new(src: &'s str, line: u32) -> Self {
        Lexer {
            src,
            pos: 0,
            line,
            depth: 0,
            heredoc_resume: None,
        }
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn fail<T>(&self, message: impl Into<String>) -> Result<T, LexError> {
        Err(LexError {
            message: message.into(),
            line: self.line,
        })
    }

    fn run(&mut self, out: &mut Vec<Token>) -> Result<(), LexError> {
        let start_len = out.len();
        loop {
            let spaced = self.skip_blank();
            let line = self.line;
            let Some(c) = self.peek() else {
                return Ok(());
            };
            let prev = if out.len() > start_len {
                out.last()
            } else {
                None
            };
            let value_before = ends_value(prev);
            let tok = if c == '\n' {
                self.bump();
                if let Some(resume) = self.heredoc_resume.take() {
                    let skipped = self.src.get(self.pos..resume).unwrap_or("");
                    self.line += skipped.matches('\n').count() as u32;
                    self.pos = resume.max(self.pos);
                }
                Tok::Newline
            } else if c.is_ascii_digit() {
                self.number()?
            } else if c == '`' {
                // A command: lexed as a literal whose flags say so, refused when it runs (a
                // function file with one still loads, as `cert_date_valid`'s does).
                self.bump();
                Tok::Regex(self.string_body(c, None, true)?, "`".into())
            } else if c == '"' {
                self.bump();
                Tok::Str(self.string_body(c, None, true)?)
            } else if c == '\'' {
                self.bump();
                Tok::Str(alloc::vec![StrPart::Lit(self.single_quoted('\'', None)?)])
            } else if c == '@' {
                self.bump();
                if self.peek() == Some('@') {
                    return self.fail("class variables (@@name) are not supported");
                }
                Tok::IVar(self.ident())
            } else if c == '$' {
                self.bump();
                self.global_var()
            } else if c == ':'
                && self.peek_at(1) == Some('\'')
                && (!value_before
                    || (spaced && matches!(prev.map(|t| &t.tok), Some(Tok::Ident(_)))))
            {
                self.bump();
                self.bump();
                Tok::Sym(alloc::vec![StrPart::Lit(self.single_quoted('\'', None)?)])
            } else if c == ':' && self.peek_at(1) == Some('"') {
                self.bump();
                self.bump();
                Tok::Sym(self.string_body('"', None, true)?)
            } else if c == ':' && !value_before && self.operator_symbol().is_some() {
                let op = self.operator_symbol().unwrap_or("");
                self.bump();
                for _ in 0..op.len() {
                    self.bump();
                }
                Tok::Sym(alloc::vec![StrPart::Lit(op.to_string())])
            } else if c == ':' && self.peek_at(1).is_some_and(is_ident_start) {
                self.bump();
                let mut name = self.ident();
                if matches!(self.peek(), Some('?' | '!' | '=')) && self.peek_at(1) != Some('=') {
                    if let Some(c) = self.bump() {
                        name.push(c);
                    }
                }
                Tok::Sym(alloc::vec![StrPart::Lit(name)])
            } else if is_ident_start(c) {
                self.word(prev)
            } else if c == '%'
                && self.percent_literal_ahead()
                && (!value_before
                    || (spaced
                        && !matches!(self.peek_at(1), Some(' ' | '='))
                        && matches!(prev.map(|t| &t.tok), Some(Tok::Ident(_)))))
            {
                self.percent_literal()?
            } else if c == '/'
                && (!value_before
                    || (spaced
                        && matches!(prev.map(|t| &t.tok), Some(Tok::Ident(_)))
                        && !matches!(self.peek_at(1), Some(' ' | '='))))
            {
                self.bump();
                let parts = self.string_body('/', None, false)?;
                let mut flags = String::new();
                while let Some(f @ ('i' | 'm' | 'x' | 'o' | 'u' | 'n')) = self.peek() {
                    self.bump();
                    flags.push(f);
                }
                Tok::Regex(parts, flags)
            } else if c == '?'
                && !value_before
                && self.peek_at(1).is_some_and(|n| n.is_alphanumeric())
                && !self.peek_at(2).is_some_and(is_ident_char)
            {
                // A character literal: `?a`.
                self.bump();
                let ch = self.bump().map(|c| c.to_string()).unwrap_or_default();
                Tok::Str(alloc::vec![StrPart::Lit(ch)])
            } else {
                let rest = &self.src[self.pos..];
                let Some(op) = OPS.iter().find(|op| rest.starts_with(**op)) else {
                    return self.fail(format!("unexpected character '{c}'"));
                };
                for _ in 0..op.chars().count() {
                    self.bump();
                }
                // `<<~EOS`, `<<-EOS` and `<<EOS` heredocs.
                // After a method name and a space (`desc <<-DOC`), as Ruby reads a command's
                // argument.
                let command_arg = spaced
                    && matches!(prev.map(|t| &t.tok), Some(Tok::Ident(_)))
                    && !matches!(self.peek(), Some(' ' | '='));
                if *op == "<<"
                    && (!value_before || command_arg)
                    && (matches!(self.peek(), Some('~' | '-' | '\'' | '"'))
                        || self.peek().is_some_and(|c| c.is_ascii_uppercase()))
                {
                    let tok = self.heredoc()?;
                    out.push(Token { tok, line, spaced });
                    continue;
                }
                Tok::Op(op)
            };
            out.push(Token { tok, line, spaced });
        }
    }

    /// White space, comments and line continuations: whether there were any but comments.
    fn skip_blank(&mut self) -> bool {
        let mut spaced = false;
        loop {
            match self.peek() {
                Some(' ' | '\t' | '\r') => {
                    self.bump();
                    spaced = true;
                }
                Some('\\') if self.peek_at(1) == Some('\n') => {
                    self.bump();
                    self.bump();
                    spaced = true;
                }
                Some('#') => {
                    while !matches!(self.peek(), None | Some('\n')) {
                        self.bump();
                    }
                }
                _ => return spaced,
            }
        }
    }

    /// A global variable after its `$`: a special one (`$~`, `$1`, `$;`...) or a name.
    fn global_var(&mut self) -> Tok {
        match self.peek() {
            Some(
                s @ ('~'
                | '!'
                | '&'
                | '0'..='9'
                | '_'
                | '`'
                | '\''
                | '+'
                | '/'
                | ';'
                | ','
                | '.'
                | '<'
                | '>'
                | '?'
                | '$'
                | ':'
                | '"'),
            ) if !self.peek_at(1).is_some_and(is_ident_char) || s.is_ascii_digit() => {
                let mut name = String::new();
                while let Some(c) = self.peek() {
                    if name.is_empty()
                        || (c.is_ascii_digit() && name.starts_with(|d: char| d.is_ascii_digit()))
                    {
                        name.push(c);
                        self.bump();
                    } else {
                        break;
                    }
                }
                Tok::GVar(name)
            }
            _ => Tok::GVar(self.ident()),
        }
    }

    /// A name: a local or method name (with its `?` or `!`), a label (`key:`), a constant.
    fn word(&mut self, prev: Option<&Token>) -> Tok {
        let mut name = self.ident();
        if matches!(self.peek(), Some('?' | '!'))
            && self.peek_at(1) != Some('=')
            && !(self.peek() == Some('?') && self.peek_at(1) == Some(':'))
        {
            if let Some(c) = self.bump() {
                name.push(c);
            }
        } else if self.peek() == Some('?')
            && self.peek_at(1) == Some('=')
            && self.peek_at(2) == Some('=')
        {
            // `x.empty?==y`
            if let Some(c) = self.bump() {
                name.push(c);
            }
        }
        let label = self.peek() == Some(':')
            && self.peek_at(1) != Some(':')
            && !matches!(prev.map(|t| &t.tok), Some(Tok::Op("?")));
        if label && !name.ends_with('?') {
            self.bump();
            Tok::Label(name)
        } else if name.starts_with(|c: char| c.is_uppercase()) {
            Tok::Const(name)
        } else {
            Tok::Ident(name)
        }
    }

    /// A heredoc whose `<<` was just read: its terminator, then its body from the next line (or
    /// after the body of an earlier heredoc of the same line) up to the terminator's line, which
    /// lexing skips when it reaches the end of this line. `~` takes the common indentation off;
    /// a quoted `'EOS'` is literal, others interpolate `#{}`.
    fn heredoc(&mut self) -> Result<Tok, LexError> {
        let squiggly = self.peek() == Some('~');
        let dash = self.peek() == Some('-');
        if squiggly || dash {
            self.bump();
        }
        let quote = match self.peek() {
            Some(q @ ('\'' | '"')) => {
                self.bump();
                Some(q)
            }
            _ => None,
        };
        let id = self.ident();
        if id.is_empty() {
            return self.fail("syntax error, unexpected <<");
        }
        if let Some(q) = quote {
            if self.bump() != Some(q) {
                return self.fail("unterminated here document identifier");
            }
        }
        let body_start = match self.heredoc_resume {
            Some(at) => at,
            None => match self.src[self.pos..].find('\n') {
                Some(i) => self.pos + i + 1,
                None => {
                    return self.fail(format!("can't find string \"{id}\" anywhere before EOF"))
                }
            },
        };
        let mut lines = Vec::new();
        let mut at = body_start;
        let resume = loop {
            if at >= self.src.len() {
                return self.fail(format!("can't find string \"{id}\" anywhere before EOF"));
            }
            let end = self.src[at..].find('\n').map_or(self.src.len(), |i| at + i);
            let text = &self.src[at..end];
            let candidate = if squiggly || dash {
                text.trim_start()
            } else {
                text
            };
            if candidate.trim_end_matches('\r') == id {
                break (end + 1).min(self.src.len());
            }
            lines.push(text);
            at = end + 1;
        };
        self.heredoc_resume = Some(resume);
        let indent = if squiggly {
            lines
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.len() - l.trim_start_by(&|c| matches!(c, ' ' | '\t')).len())
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        let mut body = String::new();
        for line in lines {
            body.push_str(line.get(indent..).unwrap_or(line.trim_start()));
            body.push('\n');
        }
        if quote == Some('\'') || !body.contains("#{") {
            return Ok(Tok::Str(alloc::vec![StrPart::Lit(body)]));
        }
        // Interpolations: each `#{...}` lexed as code (no braces inside).
        let mut parts = Vec::new();
        let mut rest = body.as_str();
        while let Some(open) = rest.find("#{") {
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            parts.push(StrPart::Lit(rest[..open].to_string()));
            let mut tokens = Vec::new();
            Lexer::new(&rest[open + 2..open + close], self.line).run(&mut tokens)?;
            parts.push(StrPart::Code(tokens));
            rest = &rest[open + close + 1..];
        }
        parts.push(StrPart::Lit(rest.to_string()));
        Ok(Tok::Str(parts))
    }

    /// `:+`, `:*`, `:<=>`, `:[]`: the operator a symbol after `:` names.
    fn operator_symbol(&self) -> Option<&'static str> {
        let rest = &self.src[self.pos + 1..];
        [
            "<=>", "===", "==", "=~", "[]=", "[]", "**", "<=", ">=", "<<", ">>", "+", "-", "*",
            "/", "%", "<", ">", "!", "&", "|", "^",
        ]
        .into_iter()
        .find(|op| rest.starts_with(op))
    }

    fn ident(&mut self) -> String {
        let start = self.pos;
        while self.peek().is_some_and(is_ident_char) {
            self.bump();
        }
        self.src[start..self.pos].to_string()
    }

    fn number(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        if self.peek() == Some('0') && matches!(self.peek_at(1), Some('x' | 'X' | 'b' | 'B' | 'o'))
        {
            self.bump();
            let radix = match self.bump() {
                Some('x' | 'X') => 16,
                Some('b' | 'B') => 2,
                _ => 8,
            };
            let digits_start = self.pos;
            while self
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                self.bump();
            }
            let digits: String = self.src[digits_start..self.pos]
                .chars()
                .filter(|&c| c != '_')
                .collect();
            return self.integer(&digits, radix);
        }
        let mut float = false;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '_') {
            self.bump();
        }
        if self.peek() == Some('.') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            float = true;
            self.bump();
            while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '_') {
                self.bump();
            }
        }
        if matches!(self.peek(), Some('e' | 'E'))
            && (self.peek_at(1).is_some_and(|c| c.is_ascii_digit())
                || (matches!(self.peek_at(1), Some('+' | '-'))
                    && self.peek_at(2).is_some_and(|c| c.is_ascii_digit())))
        {
            float = true;
            self.bump();
            self.bump();
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.bump();
            }
        }
        let text: String = self.src[start..self.pos]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        if self.peek().is_some_and(is_ident_start) {
            return self.fail(format!(
                "trailing '{}' in number",
                self.peek().unwrap_or(' ')
            ));
        }
        if float {
            match crate::value::parse_f64(&text) {
                Some(f) => Ok(Tok::Float(f)),
                None => self.fail("malformed float"),
            }
        } else {
            self.integer(&text, 10)
        }
    }

    /// An integer literal's digits (no underscores) in `radix`, of any size within the bound.
    fn integer(&self, digits: &str, radix: u32) -> Result<Tok, LexError> {
        if digits.len() as u64 > super::bigint::MAX_BITS / 3 {
            return self.fail("an integer of more than 65536 bits is not supported");
        }
        match super::bigint::Big::parse(false, digits, radix) {
            Some(n) => Ok(n.to_i64().map_or(Tok::Big(n), Tok::Int)),
            None => self.fail("numeric literal out of range or malformed"),
        }
    }

    /// The next character of a string, which must not end before its closing delimiter.
    fn string_char(&mut self) -> Result<char, LexError> {
        match self.bump() {
            Some(c) => Ok(c),
            None => self.fail("unterminated string meets end of file"),
        }
    }

    /// Single-quoted text: only `\\` and `\<close>` are escapes.
    fn single_quoted(&mut self, close: char, open: Option<char>) -> Result<String, LexError> {
        let mut text = String::new();
        let mut depth = 0;
        loop {
            let c = self.string_char()?;
            if c == '\\' {
                match self.peek() {
                    Some(n) if n == '\\' || n == close || Some(n) == open => {
                        self.bump();
                        text.push(n);
                    }
                    _ => text.push('\\'),
                }
            } else if Some(c) == open {
                depth += 1;
                text.push(c);
            } else if c == close {
                if depth == 0 {
                    return Ok(text);
                }
                depth -= 1;
                text.push(c);
            } else {
                text.push(c);
            }
        }
    }

    /// The body of a double-quoted string (or regex, `escapes` off: kept for the regex engine),
    /// up to `close`, with its interpolations lexed.
    fn string_body(
        &mut self,
        close: char,
        open: Option<char>,
        escapes: bool,
    ) -> Result<Vec<StrPart>, LexError> {
        let mut parts = Vec::new();
        let mut text = String::new();
        let mut depth = 0;
        loop {
            let c = self.string_char()?;
            if c == '\\' {
                let n = self.string_char()?;
                if !escapes {
                    if n == close {
                        // `\/` in a regex is `/`.
                        text.push(n);
                    } else {
                        text.push('\\');
                        text.push(n);
                    }
                    continue;
                }
                match n {
                    'n' => text.push('\n'),
                    't' => text.push('\t'),
                    'r' => text.push('\r'),
                    's' => text.push(' '),
                    '0'..='7' => {
                        // Octal: up to three digits.
                        let mut value = n as u32 - '0' as u32;
                        for _ in 0..2 {
                            match self.peek().and_then(|c| c.to_digit(8)) {
                                Some(d) => {
                                    value = value * 8 + d;
                                    self.bump();
                                }
                                None => break,
                            }
                        }
                        text.push(char::from_u32(value & 0xff).unwrap_or('\0'));
                    }
                    'e' => text.push('\u{1b}'),
                    'a' => text.push('\u{7}'),
                    'b' => text.push('\u{8}'),
                    'f' => text.push('\u{c}'),
                    'v' => text.push('\u{b}'),
                    '\n' => {}
                    'u' => text.push(self.unicode_escape()?),
                    'x' => {
                        let mut value = 0u32;
                        let mut count = 0;
                        while count < 2 {
                            match self.peek().and_then(|c| c.to_digit(16)) {
                                Some(d) => {
                                    value = value * 16 + d;
                                    self.bump();
                                    count += 1;
                                }
                                None => break,
                            }
                        }
                        if count == 0 || value > 0x7f {
                            return self.fail("invalid hex escape");
                        }
                        text.push(char::from_u32(value).unwrap_or('\0'));
                    }
                    other => text.push(other),
                }
            } else if c == '#' && self.peek() == Some('{') {
                self.bump();
                if !text.is_empty() {
                    parts.push(StrPart::Lit(core::mem::take(&mut text)));
                }
                let inner_start = self.pos;
                let inner_line = self.line;
                let end = self.interpolation_end()?;
                let inner = &self.src[inner_start..end];
                let mut tokens = Vec::new();
                if self.depth >= 20 {
                    return self.fail("interpolations nested this deeply are not supported by the playground's ERB");
                }
                let mut inner_lexer = Lexer::new(inner, inner_line);
                inner_lexer.depth = self.depth + 1;
                inner_lexer.run(&mut tokens)?;
                // Past the closing brace.
                while self.pos <= end {
                    if self.bump().is_none() {
                        break;
                    }
                }
                parts.push(StrPart::Code(tokens));
            } else if c == '#' && self.peek() == Some('@') {
                self.bump();
                if !text.is_empty() {
                    parts.push(StrPart::Lit(core::mem::take(&mut text)));
                }
                let line = self.line;
                let name = self.ident();
                parts.push(StrPart::Code(alloc::vec![Token {
                    tok: Tok::IVar(name),
                    line,
                    spaced: false
                }]));
            } else if Some(c) == open {
                depth += 1;
                text.push(c);
            } else if c == close {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                text.push(c);
            } else {
                text.push(c);
            }
        }
        if !text.is_empty() || parts.is_empty() {
            parts.push(StrPart::Lit(text));
        }
        Ok(parts)
    }

    fn unicode_escape(&mut self) -> Result<char, LexError> {
        let braced = self.peek() == Some('{');
        if braced {
            self.bump();
        }
        let mut value = 0u32;
        let mut count = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
            if !braced && count == 4 {
                break;
            }
            value = value.saturating_mul(16).saturating_add(d);
            self.bump();
            count += 1;
        }
        if braced {
            if self.peek() != Some('}') {
                return self.fail("unterminated Unicode escape");
            }
            self.bump();
        }
        match char::from_u32(value) {
            Some(c) if count > 0 => Ok(c),
            _ => self.fail("invalid Unicode escape"),
        }
    }

    /// Where the `}` closing an interpolation is (the text after `#{`).
    fn interpolation_end(&self) -> Result<usize, LexError> {
        let bytes = self.src.as_bytes();
        let mut depth = 0usize;
        let mut i = self.pos;
        let mut quote: Option<u8> = None;
        while i < bytes.len() {
            let b = bytes[i];
            match quote {
                Some(q) => {
                    if b == b'\\' {
                        i += 1;
                    } else if b == q {
                        quote = None;
                    }
                }
                None => match b {
                    b'"' | b'\'' => quote = Some(b),
                    b'{' => depth += 1,
                    b'}' => {
                        if depth == 0 {
                            return Ok(i);
                        }
                        depth -= 1;
                    }
                    _ => {}
                },
            }
            i += 1;
        }
        self.fail("unterminated string meets end of file")
    }

    fn percent_literal_ahead(&self) -> bool {
        match self.peek_at(1) {
            Some('w' | 'W' | 'i' | 'I' | 'q' | 'Q' | 'r' | 'x') => {
                self.peek_at(2).is_some_and(|c| "([{<|!/".contains(c))
            }
            Some(c) => "([{<|!".contains(c),
            None => false,
        }
    }

    fn percent_literal(&mut self) -> Result<Tok, LexError> {
        self.bump();
        let kind = match self.peek() {
            Some('x') => {
                let form = match self.peek_at(1) {
                    Some(open) => format!("%x{open}...{}", closing(open)),
                    None => String::from("%x"),
                };
                return self.fail(COMMAND_REFUSED.replace("{form}", &form));
            }
            Some(c @ ('w' | 'W' | 'i' | 'I' | 'q' | 'Q' | 'r')) => {
                self.bump();
                c
            }
            _ => 'Q',
        };
        let Some(open) = self.bump() else {
            return self.fail("unterminated list meets end of file");
        };
        let (close, nest) = match open {
            '(' => (')', Some('(')),
            '[' => (']', Some('[')),
            '{' => ('}', Some('{')),
            '<' => ('>', Some('<')),
            other => (other, None),
        };
        Ok(match kind {
            'w' | 'W' | 'i' | 'I' => {
                let body = self.single_quoted(close, nest)?;
                let words = body.split_whitespace().map(|w| w.to_string()).collect();
                Tok::Words(words, matches!(kind, 'i' | 'I'))
            }
            'q' => Tok::Str(alloc::vec![StrPart::Lit(self.single_quoted(close, nest)?)]),
            'r' => {
                let parts = self.string_body(close, nest, false)?;
                let mut flags = String::new();
                while let Some(f @ ('i' | 'm' | 'x' | 'o')) = self.peek() {
                    self.bump();
                    flags.push(f);
                }
                Tok::Regex(parts, flags)
            }
            _ => Tok::Str(self.string_body(close, nest, true)?),
        })
    }
}

/// What a command in a template (`` `id` ``, `%x(id)`) is refused with: Ruby would run it on the
/// machine compiling the catalog, and the playground runs nothing (`{form}`: how it was written).
pub(crate) const COMMAND_REFUSED: &str =
    "a command ({form}) is not supported by the playground's ERB: templates cannot run commands";

/// The delimiter closing a percent literal opened with `open`.
fn closing(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        other => other,
    }
}

/// The tokens of a Ruby source file (a module's function), ending with `Eof`.
pub(crate) fn lex_file(code: &str) -> Result<Vec<Token>, LexError> {
    let mut out = Vec::new();
    Lexer::new(code, 1).run(&mut out)?;
    let line = out.last().map_or(1, |t| t.line);
    out.push(token(Tok::Newline, line));
    out.push(token(Tok::Eof, line));
    Ok(out)
}

/// Used by tests: the kinds of tokens of one line of code.
#[cfg(test)]
pub(crate) fn lex_code(code: &str) -> Result<Vec<Tok>, LexError> {
    let mut out = Vec::new();
    Lexer::new(code, 1).run(&mut out)?;
    Ok(out.into_iter().map(|t| t.tok).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_division_from_regexes() {
        let toks = lex_code("a / 2; x.split /,/").unwrap_or_default();
        assert!(toks.contains(&Tok::Op("/")));
        assert!(toks.iter().any(|t| matches!(t, Tok::Regex(..))));
    }

    #[test]
    fn labels_predicates_and_symbols() {
        let toks = lex_code("{a: 1, :b => x.empty?}").unwrap_or_default();
        assert!(toks.contains(&Tok::Label("a".into())));
        assert!(toks.contains(&Tok::Ident("empty?".into())));
        assert!(toks.iter().any(|t| matches!(t, Tok::Sym(_))));
    }
}
