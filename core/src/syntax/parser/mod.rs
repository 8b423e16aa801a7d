//! The parser: a recursive-descent / precedence-climbing rendering of Puppet's grammar
//! (`egrammar.ra`), producing the AST and syntax diagnostics, recovering at statement boundaries.

mod control;
mod definitions;
mod expressions;
mod primary;
mod resources;
mod statements;
mod strings;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::ast::{
    AttributeOperation, Call, CallStyle, EppTemplate, Expr, ExprKind, HashEntry, Ident, Param,
    Program,
};
use super::lexer::LexOutput;
use super::token::{Token, TokenKind, NO_TEXT};
use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;

/// Deepest nesting of expressions (brackets, blocks, operands) the parser follows before it
/// reports an error instead of recursing further; keeps native and wasm stacks safe.
pub const MAX_NESTING: u32 = 200;

/// How many syntax errors one parse reports at most (recovery can cascade on garbage input).
const MAX_SYNTAX_ERRORS: usize = 100;

/// A syntax error was recorded; the caller unwinds to a point where it can recover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fail;

pub(crate) type PResult<T> = Result<T, Fail>;

/// What the parser produced: the program, its syntax diagnostics (with the token index where
/// each was found, for ordering against lexer errors) and validation findings made while parsing.
pub(crate) struct ParseOutput {
    pub program: Program,
    pub syntax: Vec<(usize, Diagnostic)>,
    pub validation: Vec<Diagnostic>,
    /// Literal heredoc texts with a `:syntax` tag (tag, text, text span), checked after parsing.
    pub heredocs: Vec<(String, String, Span)>,
}

/// The text being parsed and where it starts in the evaluation's offset space (`sources.rs`):
/// tokens and the tree carry global offsets, so a span is turned back into a slice here.
#[derive(Clone, Copy)]
pub(crate) struct Source<'s> {
    text: &'s str,
    base: u32,
}

impl<'s> Source<'s> {
    /// The text of a (global) span, if it lies in this source.
    pub(crate) fn get(self, span: Span) -> Option<&'s str> {
        let start = span.start.checked_sub(self.base)? as usize;
        let end = span.end.checked_sub(self.base)? as usize;
        self.text.get(start..end)
    }

    /// The global offset of the end of the text.
    pub(crate) fn end(self) -> u32 {
        self.base.saturating_add(self.text.len() as u32)
    }
}

pub(crate) struct Parser<'s> {
    src: Source<'s>,
    tokens: Vec<Token>,
    texts: Vec<String>,
    /// The lexer's compiled regex literals, by text index.
    regexps: Vec<(u32, crate::value::Regexp)>,
    pos: usize,
    depth: u32,
    /// Enclosing class names, for the qualified names of nested classes and defines.
    namespace: Vec<String>,
    syntax: Vec<(usize, Diagnostic)>,
    validation: Vec<Diagnostic>,
    heredocs: Vec<(String, String, Span)>,
    /// Set once the nesting limit was hit: everything after is skipped.
    too_deep: bool,
    /// Items of the lists being parsed (arguments, statements), nested lists above outer ones:
    /// a finished list leaves as a vector of its exact size (no regrowth, no spare capacity).
    scratch: Vec<Expr>,
    /// The same for the lists of other nodes.
    lists: ListStacks,
}

/// The items of the lists being parsed whose items are not expressions, as [`Parser::scratch`]
/// keeps those of expressions. A list pushed one item at a time keeps room for four items from
/// its first push: an attribute list of one kept 312 bytes it never used, a tree took 13 times
/// its source's size (3.8 MB for the 701-file benchmark environment's 287 KB) and 2.5 MB with
/// lists of their exact size and calls' lambdas boxed.
#[derive(Default)]
struct ListStacks {
    attributes: Vec<AttributeOperation>,
    entries: Vec<HashEntry>,
    params: Vec<Param>,
}

/// The items pushed on `stack` since `mark` (when `result` is a success), as a vector of their
/// exact size; the stack is back at `mark` either way (what a failed list pushed goes too).
fn take_since<T>(stack: &mut Vec<T>, mark: usize, result: PResult<()>) -> PResult<Vec<T>> {
    let items = stack.split_off(mark.min(stack.len()));
    result.map(|()| items)
}

impl<'s> Parser<'s> {
    /// A parser of the tokens of `text`, which starts at `base`: the tokens' spans are moved there
    /// once, so every span the parser makes is global (no pass over the tree afterwards).
    pub(crate) fn new(text: &'s str, base: u32, lexed: LexOutput) -> Self {
        let mut tokens = lexed.tokens;
        if base != 0 {
            for token in &mut tokens {
                token.span = Span::new(
                    token.span.start.saturating_add(base),
                    token.span.end.saturating_add(base),
                );
            }
        }
        let src = Source { text, base };
        if tokens.last().map(|t| t.kind) != Some(TokenKind::Eof) {
            let end = src.end();
            tokens.push(Token {
                kind: TokenKind::Eof,
                span: Span::new(end, end),
                text: NO_TEXT,
            });
        }
        Parser {
            src,
            tokens,
            texts: lexed.texts,
            regexps: lexed.regexps,
            pos: 0,
            depth: 0,
            namespace: Vec::new(),
            syntax: Vec::new(),
            validation: Vec::new(),
            heredocs: Vec::new(),
            too_deep: false,
            scratch: Vec::new(),
            lists: ListStacks::default(),
        }
    }

    /// Parses a whole manifest.
    pub(crate) fn parse_program(mut self) -> ParseOutput {
        let body = self.statements(TokenKind::Eof);
        self.finish(body)
    }

    /// Parses an EPP template: `EPP_START` and optional parameters, then the body.
    pub(crate) fn parse_template(mut self) -> ParseOutput {
        let start = self.peek().span;
        if self.peek_kind() == TokenKind::EppStart {
            self.bump();
        }
        let params = if self.peek_kind() == TokenKind::Pipe {
            match self.lambda_parameters() {
                Ok((params, _)) => Some(params),
                Err(Fail) => {
                    self.recover_statement(TokenKind::Eof);
                    None
                }
            }
        } else {
            None
        };
        let body_start = self.peek().span.start;
        let statements = self.statements(TokenKind::Eof);
        let end = self.src.end();
        let body = Expr {
            kind: ExprKind::Block(statements),
            span: Span::new(body_start.min(end), end),
        };
        let template = Expr {
            kind: ExprKind::EppTemplate(Box::new(EppTemplate { params, body })),
            span: Span::new(start.start, end),
        };
        self.finish(alloc::vec![template])
    }

    fn finish(self, body: Vec<Expr>) -> ParseOutput {
        ParseOutput {
            program: Program {
                body,
                span: Span::new(self.src.base, self.src.end()),
            },
            syntax: self.syntax,
            validation: self.validation,
            heredocs: self.heredocs,
        }
    }

    // ---- the token cursor -------------------------------------------------------------------

    #[inline(always)]
    fn peek(&self) -> Token {
        match self.tokens.get(self.pos) {
            Some(token) => *token,
            None => self.peek_at(0),
        }
    }

    fn peek_at(&self, ahead: usize) -> Token {
        self.tokens
            .get(self.pos + ahead)
            .or_else(|| self.tokens.last())
            .copied()
            .unwrap_or(Token {
                kind: TokenKind::Eof,
                span: Span::new(self.src.end(), self.src.end()),
                text: NO_TEXT,
            })
    }

    #[inline(always)]
    fn peek_kind(&self) -> TokenKind {
        self.tokens
            .get(self.pos)
            .map_or(TokenKind::Eof, |token| token.kind)
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.peek_kind() == kind
    }

    fn bump(&mut self) -> Token {
        let token = self.peek();
        if token.kind != TokenKind::Eof {
            self.pos += 1;
        }
        token
    }

    fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        if self.at(kind) {
            Some(self.bump())
        } else {
            None
        }
    }

    fn expect(&mut self, kind: TokenKind) -> PResult<Token> {
        if self.at(kind) {
            Ok(self.bump())
        } else {
            Err(self.unexpected())
        }
    }

    /// The end of the previous token (for spans that end at what was just consumed).
    fn previous_end(&self) -> u32 {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(0, |t| t.span.end)
    }

    fn text_of(&self, token: Token) -> &'s str {
        self.src.get(token.span).unwrap_or("")
    }

    /// The processed text a string-like token carries (moved out of the table).
    fn take_text(&mut self, token: Token) -> String {
        if token.text == NO_TEXT {
            return String::new();
        }
        self.texts
            .get_mut(token.text as usize)
            .map(core::mem::take)
            .unwrap_or_default()
    }

    /// The regex literal the lexer compiled for this token.
    fn take_regexp(&mut self, token: Token) -> Option<crate::value::Regexp> {
        let at = self
            .regexps
            .binary_search_by_key(&token.text, |(index, _)| *index)
            .ok()?;
        Some(self.regexps[at].1.clone())
    }

    fn peek_text(&self, token: Token) -> &str {
        if token.text == NO_TEXT {
            return "";
        }
        self.texts
            .get(token.text as usize)
            .map_or("", String::as_str)
    }

    /// A variable token's name: its text without `$` (a NAME turned variable inside `${}` has none).
    fn variable_name(&self, token: Token) -> &'s str {
        let text = self.text_of(token);
        text.strip_prefix('$').unwrap_or(text)
    }

    /// The items pushed on the scratch stack since `mark` (when `result` is a success), as a
    /// vector of their exact size; the stack is back at `mark` either way.
    fn take_scratch(&mut self, mark: usize, result: PResult<()>) -> PResult<Vec<Expr>> {
        take_since(&mut self.scratch, mark, result)
    }

    // ---- diagnostics ------------------------------------------------------------------------

    /// Records Puppet's "Syntax error at ..." for the token at hand.
    #[cold]
    #[inline(never)]
    fn unexpected(&mut self) -> Fail {
        let token = self.peek();
        if !self.should_report(token.span) {
            return Fail;
        }
        let diagnostic = if token.kind == TokenKind::Eof {
            Diagnostic::error(
                Stage::Syntax,
                "SYNTAX_ERROR",
                "Syntax error at end of input",
                token.span,
            )
        } else {
            let shown = self.token_value(token);
            Diagnostic::error(
                Stage::Syntax,
                "SYNTAX_ERROR",
                format!("Syntax error at '{shown}'"),
                token.span,
            )
        };
        self.syntax.push((self.pos, diagnostic));
        Fail
    }

    /// A syntax-stage error with its own wording (e.g. "Virtual (@) can only be applied to ...").
    #[cold]
    #[inline(never)]
    fn syntax_error(&mut self, code: &'static str, message: impl Into<String>, span: Span) -> Fail {
        if !self.should_report(span) {
            return Fail;
        }
        self.syntax.push((
            self.pos,
            Diagnostic::error(Stage::Syntax, code, message, span),
        ));
        Fail
    }

    /// Whether another error is worth reporting: not after the nesting limit stopped the parse,
    /// not twice at one place, and not more than `MAX_SYNTAX_ERRORS` in all.
    fn should_report(&self, span: Span) -> bool {
        !self.too_deep
            && self.syntax.len() < MAX_SYNTAX_ERRORS
            && self.syntax.last().is_none_or(|(_, last)| last.span != span)
    }

    fn validation_error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.validation
            .push(Diagnostic::error(Stage::Validation, code, message, span));
    }

    /// How Puppet shows a token in "Syntax error at '...'": its value, not always its text.
    fn token_value(&self, token: Token) -> String {
        use TokenKind as T;
        match token.kind {
            T::Variable => String::from(self.variable_name(token)),
            T::String | T::DqPre | T::DqMid | T::DqPost | T::Heredoc | T::RenderString => {
                String::from(self.peek_text(token))
            }
            // Ruby's Regexp#to_s, which escapes the slashes.
            T::Regex => format!("(?-mix:{})", self.peek_text(token).replace('/', "\\/")),
            T::Other | T::EppStart | T::RenderExpr => String::new(),
            _ => String::from(self.text_of(token)),
        }
    }

    /// Guards recursion: past `MAX_NESTING` levels an error is reported (once) and parsing stops.
    #[inline]
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.too_deep_error());
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn too_deep_error(&mut self) -> Fail {
        if !self.too_deep {
            self.too_deep = true;
            let span = self.peek().span;
            self.syntax.push((
                self.pos,
                Diagnostic::error(
                    Stage::Syntax,
                    "NESTING_TOO_DEEP",
                    format!("Expressions are nested more than {MAX_NESTING} levels deep"),
                    span,
                ),
            ));
        }
        self.depth -= 1;
        Fail
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

/// An expression node.
fn node(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

/// A call of the function `name` with `args` alone (no receiver, callee expression or lambda),
/// whose errors are reported at its name: `type(...)` and statement calls like `notice 'x'`.
fn named_call(style: CallStyle, name: Ident, args: Vec<Expr>, span: Span) -> Expr {
    let anchor = name.span;
    let call = Call {
        style,
        name,
        name_is_type: false,
        receiver: None,
        functor: None,
        args,
        lambda: None,
        span,
        anchor,
    };
    node(ExprKind::Call(Box::new(call)), span)
}
