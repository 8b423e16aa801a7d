//! Interpolated strings and heredocs: DQPRE expr (DQMID expr)* DQPOST into string parts, with
//! Puppet's rewrite of `${name}`, `${name[...]}`, `${name.f}` into variable references.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::{node, PResult, Parser, Source};
use crate::syntax::ast::{CallStyle, Expr, ExprKind, Heredoc, StringPart};
use crate::syntax::token::TokenKind;

impl Parser<'_> {
    /// A double-quoted string (or heredoc text) with interpolation, starting at its DQPRE.
    pub(super) fn interpolated_string(&mut self) -> PResult<Expr> {
        let pre = self.bump();
        let mut parts: Vec<StringPart> = Vec::new();
        let text = self.take_text(pre);
        if !text.is_empty() {
            parts.push(StringPart::Text {
                text,
                span: pre.span,
            });
        }
        loop {
            let expr = self.assignment()?;
            parts.push(StringPart::Expr(interpolate(expr, self.src)));
            let token = self.peek();
            match token.kind {
                TokenKind::DqMid | TokenKind::DqPost => {
                    self.bump();
                    let text = self.take_text(token);
                    if !text.is_empty() {
                        parts.push(StringPart::Text {
                            text,
                            span: token.span,
                        });
                    }
                    if token.kind == TokenKind::DqPost {
                        return Ok(node(ExprKind::Interpolated(parts), pre.span.to(token.span)));
                    }
                }
                _ => return Err(self.unexpected()),
            }
        }
    }

    /// `@(END:syntax)` followed by its text.
    pub(super) fn heredoc(&mut self) -> PResult<Expr> {
        let token = self.bump();
        let syntax = self.take_text(token);
        let text = match self.peek_kind() {
            TokenKind::String => {
                let string = self.bump();
                let text = self.take_text(string);
                if !syntax.is_empty() {
                    self.heredocs
                        .push((syntax.clone(), text.clone(), string.span));
                }
                node(ExprKind::String(text), string.span)
            }
            TokenKind::DqPre => self.interpolated_string()?,
            _ => return Err(self.unexpected()),
        };
        Ok(node(
            ExprKind::Heredoc(Box::new(Heredoc {
                syntax: (!syntax.is_empty()).then_some(syntax),
                text,
            })),
            token.span,
        ))
    }
}

/// Puppet's interpolation rewrite: a bare name or decimal number, or one at the left of an
/// access or method call chain, means the variable of that name.
fn interpolate(expr: Expr, src: Source<'_>) -> Expr {
    let Expr { kind, span } = expr;
    match kind {
        ExprKind::Name(name) => node(ExprKind::Variable(name), span),
        ExprKind::Integer(_) if is_decimal(src, span) => {
            let name = src.get(span).map(String::from).unwrap_or_default();
            node(ExprKind::Variable(name), span)
        }
        ExprKind::Access(mut access) if rewritable(&access.target, src) => {
            access.target = interpolate(access.target, src);
            node(ExprKind::Access(access), span)
        }
        ExprKind::Call(mut call) if call.style == CallStyle::Method => {
            if let Some(receiver) = call.receiver.take() {
                call.receiver = Some(if rewritable(&receiver, src) {
                    Box::new(interpolate(*receiver, src))
                } else {
                    receiver
                });
            }
            node(ExprKind::Call(call), span)
        }
        kind => node(kind, span),
    }
}

fn rewritable(expr: &Expr, src: Source<'_>) -> bool {
    match &expr.kind {
        ExprKind::Access(_) | ExprKind::Name(_) => true,
        ExprKind::Call(call) => call.style == CallStyle::Method,
        ExprKind::Integer(_) => is_decimal(src, expr.span),
        _ => false,
    }
}

fn is_decimal(src: Source<'_>, span: crate::span::Span) -> bool {
    src.get(span).is_some_and(|text| {
        text == "0" || (!text.starts_with('0') && text.bytes().all(|b| b.is_ascii_digit()))
    })
}
