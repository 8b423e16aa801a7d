//! The parser: a precedence-climbing expression parser producing the AST and syntax diagnostics.

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

use super::ast::{BinaryOp, Expr, ExprKind, Program, UnaryOp};
use super::lexer::{lex, Lexeme, Token};
use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;

/// Deepest nesting of expressions the parser accepts before it reports an error instead of recursing.
pub const MAX_NESTING: usize = 256;

/// Parse a whole program. The program is returned together with every diagnostic found.
pub fn parse(source: &str) -> (Program, Vec<Diagnostic>) {
    let mut parser = Parser {
        source,
        lexemes: lex(source),
        pos: 0,
        depth: 0,
        diagnostics: Vec::new(),
    };
    let mut body = Vec::new();
    while parser.peek().is_some() {
        match parser.expression(0) {
            Ok(expr) => body.push(expr),
            Err(diagnostic) => {
                parser.diagnostics.push(diagnostic);
                break;
            }
        }
    }
    let program = Program {
        body,
        span: Span::new(0, source.len() as u32),
    };
    (program, parser.diagnostics)
}

type ParseResult<T> = Result<T, Diagnostic>;

struct Parser<'s> {
    source: &'s str,
    lexemes: Vec<Lexeme>,
    pos: usize,
    depth: usize,
    diagnostics: Vec<Diagnostic>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<Lexeme> {
        self.lexemes.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<Lexeme> {
        let lexeme = self.peek();
        self.pos += 1;
        lexeme
    }

    fn end_span(&self) -> Span {
        let end = self.source.len() as u32;
        Span::new(end, end)
    }

    fn text(&self, span: Span) -> &str {
        &self.source[span.start as usize..span.end as usize]
    }

    /// Puppet's "Syntax error at 'x'" for the lexeme at hand (or at the end of input).
    fn unexpected(&self, lexeme: Option<Lexeme>) -> Diagnostic {
        match lexeme {
            None => Diagnostic::error(
                Stage::Syntax,
                "SYNTAX_ERROR",
                "Syntax error at end of input",
                self.end_span(),
            ),
            Some(lexeme) => {
                let text = self.text(lexeme.span);
                Diagnostic::error(
                    Stage::Syntax,
                    "SYNTAX_ERROR",
                    format!("Syntax error at '{text}'"),
                    lexeme.span,
                )
            }
        }
    }

    fn expression(&mut self, min_precedence: u8) -> ParseResult<Expr> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let span = self.peek().map_or(self.end_span(), |l| l.span);
            return Err(Diagnostic::error(
                Stage::Syntax,
                "NESTING_TOO_DEEP",
                format!("Expressions are nested more than {MAX_NESTING} levels deep"),
                span,
            ));
        }
        let result = self.expression_inner(min_precedence);
        self.depth -= 1;
        result
    }

    fn expression_inner(&mut self, min_precedence: u8) -> ParseResult<Expr> {
        let mut left = self.prefix()?;
        while let Some(lexeme) = self.peek() {
            let Some((op, precedence)) = lexeme.token.and_then(binary_operator) else {
                break;
            };
            if precedence < min_precedence {
                break;
            }
            self.bump();
            let right = self.expression(precedence + 1)?;
            let span = left.span.to(right.span);
            left = Expr {
                kind: ExprKind::Binary {
                    op,
                    op_span: lexeme.span,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                span,
            };
        }
        Ok(left)
    }

    fn prefix(&mut self) -> ParseResult<Expr> {
        let lexeme = self.bump();
        match lexeme.and_then(|l| l.token.map(|t| (t, l.span))) {
            Some((Token::Integer, span)) => self.integer(span),
            Some((Token::Minus, span)) => {
                let operand = self.expression(UNARY_PRECEDENCE)?;
                // A minus directly before a number literal is part of the literal, as in Puppet.
                if let ExprKind::Integer(n) = operand.kind {
                    if operand.span.start == span.end {
                        let negated = n.checked_neg().ok_or_else(|| overflow_literal(span))?;
                        return Ok(Expr {
                            kind: ExprKind::Integer(negated),
                            span: span.to(operand.span),
                        });
                    }
                }
                Ok(Expr {
                    span: span.to(operand.span),
                    kind: ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand: Box::new(operand),
                    },
                })
            }
            Some((Token::LParen, open)) => {
                let inner = self.expression(0)?;
                match self.bump() {
                    Some(Lexeme {
                        token: Some(Token::RParen),
                        span: close,
                    }) => Ok(Expr {
                        kind: ExprKind::Paren(Box::new(inner)),
                        span: open.to(close),
                    }),
                    other => Err(self.unexpected(other)),
                }
            }
            _ => Err(self.unexpected(lexeme)),
        }
    }

    fn integer(&mut self, span: Span) -> ParseResult<Expr> {
        let text = self.text(span);
        let parsed = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))
        {
            parse_digits(hex, 16)
        } else if text.len() > 1 && text.starts_with('0') {
            parse_digits(&text[1..], 8)
        } else {
            parse_digits(text, 10)
        };
        match parsed {
            Some(Ok(value)) => Ok(Expr {
                kind: ExprKind::Integer(value),
                span,
            }),
            Some(Err(())) => Err(overflow_literal(span)),
            None => Err(Diagnostic::error(
                Stage::Syntax,
                "INVALID_NUMBER",
                format!("Illegal number '{text}'"),
                span,
            )),
        }
    }
}

fn overflow_literal(span: Span) -> Diagnostic {
    Diagnostic::error(
        Stage::Syntax,
        "NUMERIC_OVERFLOW",
        "Integer literal is out of the 64-bit range",
        span,
    )
}

/// Digits in a radix: `None` when a character is not a digit, `Some(Err)` when the value overflows i64.
fn parse_digits(digits: &str, radix: u32) -> Option<Result<i64, ()>> {
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    let mut overflow = false;
    for c in digits.chars() {
        let digit = c.to_digit(radix)? as i64;
        match value
            .checked_mul(radix as i64)
            .and_then(|v| v.checked_add(digit))
        {
            Some(v) => value = v,
            None => overflow = true,
        }
    }
    Some(if overflow { Err(()) } else { Ok(value) })
}

const UNARY_PRECEDENCE: u8 = 30;

/// Binary operators and their precedence (higher binds tighter), from Puppet's precedence table.
fn binary_operator(token: Token) -> Option<(BinaryOp, u8)> {
    Some(match token {
        Token::Plus => (BinaryOp::Add, 10),
        Token::Minus => (BinaryOp::Sub, 10),
        Token::Star => (BinaryOp::Mul, 20),
        Token::Slash => (BinaryOp::Div, 20),
        Token::Percent => (BinaryOp::Mod, 20),
        _ => return None,
    })
}
