//! Conditionals: `if` / `elsif` / `else`, `unless` / `else`, and `case` with its options.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::{node, PResult, Parser};
use crate::syntax::ast::{Case, CaseOption, Conditional, Expr, ExprKind};
use crate::syntax::token::TokenKind;

impl Parser<'_> {
    /// `if cond { } elsif cond { } else { }`.
    pub(super) fn if_expression(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        self.if_part(keyword.span)
    }

    fn if_part(&mut self, start: crate::span::Span) -> PResult<Expr> {
        self.enter()?;
        let result = self.if_part_inner(start);
        self.leave();
        result
    }

    fn if_part_inner(&mut self, start: crate::span::Span) -> PResult<Expr> {
        let condition = self.expression(0)?;
        let then_branch = self.block()?;
        let mut end = then_branch.span;
        let else_branch = match self.peek_kind() {
            TokenKind::Elsif => {
                let elsif = self.bump();
                let nested = self.if_part(elsif.span)?;
                end = nested.span;
                Some(Box::new(nested))
            }
            TokenKind::Else => {
                self.bump();
                let block = self.block()?;
                end = block.span;
                Some(Box::new(block))
            }
            _ => None,
        };
        Ok(node(
            ExprKind::If(Conditional {
                condition: Box::new(condition),
                then_branch: Box::new(then_branch),
                else_branch,
            }),
            start.to(end),
        ))
    }

    /// `unless cond { } else { }` (no `elsif`).
    pub(super) fn unless_expression(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let condition = self.expression(0)?;
        let then_branch = self.block()?;
        let mut end = then_branch.span;
        let else_branch = if self.eat(TokenKind::Else).is_some() {
            let block = self.block()?;
            end = block.span;
            Some(Box::new(block))
        } else {
            None
        };
        Ok(node(
            ExprKind::Unless(Conditional {
                condition: Box::new(condition),
                then_branch: Box::new(then_branch),
                else_branch,
            }),
            keyword.span.to(end),
        ))
    }

    /// `case subject { values: { body } ... }`.
    pub(super) fn case_expression(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let subject = self.expression(0)?;
        self.expect(TokenKind::LBrace)?;
        self.enter()?;
        let options = self.case_options();
        self.leave();
        let options = options?;
        let close = self.expect(TokenKind::RBrace)?;
        Ok(node(
            ExprKind::Case(Box::new(Case { subject, options })),
            keyword.span.to(close.span),
        ))
    }

    fn case_options(&mut self) -> PResult<Vec<CaseOption>> {
        let mut options = Vec::new();
        loop {
            let mut values = alloc::vec![self.expression(0)?];
            while self.eat(TokenKind::Comma).is_some() {
                values.push(self.expression(0)?);
            }
            self.expect(TokenKind::Colon)?;
            let body = self.block()?;
            let span = values
                .first()
                .map_or(body.span, |first| first.span.to(body.span));
            options.push(CaseOption { values, body, span });
            if self.at(TokenKind::RBrace) {
                return Ok(options);
            }
        }
    }
}
