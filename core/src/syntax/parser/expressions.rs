//! Expressions: assignment and relationships, the operator precedence table, prefix operators,
//! and the postfix forms (access `[]`, calls `f()`, method calls `.f`, lambdas, collectors).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::{node, PResult, Parser};
use crate::span::Span;
use crate::syntax::ast::{
    Access, AssignOp, BinaryOp, Call, CallStyle, Expr, ExprKind, HashEntry, Ident, Lambda, Param,
    RelationshipOp, Selector, UnaryOp,
};
use crate::syntax::token::TokenKind;

/// Binding power of the selector `?` (between the comparisons and `and`).
const SELECTOR: u8 = 3;
/// Operands of prefix operators bind tighter than every binary operator.
const PREFIX_OPERAND: u8 = 11;

/// Binary operators and their binding power (higher binds tighter), from Puppet's precedence table.
fn binary_operator(kind: TokenKind) -> Option<(BinaryOp, u8)> {
    use TokenKind::*;
    Some(match kind {
        Or => (BinaryOp::Or, 1),
        And => (BinaryOp::And, 2),
        GreaterEqual => (BinaryOp::Ge, 4),
        GreaterThan => (BinaryOp::Gt, 4),
        LessThan => (BinaryOp::Lt, 4),
        LessEqual => (BinaryOp::Le, 4),
        NotEqual => (BinaryOp::Ne, 5),
        IsEqual => (BinaryOp::Eq, 5),
        LShift => (BinaryOp::Shl, 6),
        RShift => (BinaryOp::Shr, 6),
        Minus => (BinaryOp::Sub, 7),
        Plus => (BinaryOp::Add, 7),
        Times => (BinaryOp::Mul, 8),
        Div => (BinaryOp::Div, 8),
        Modulo => (BinaryOp::Mod, 8),
        Match => (BinaryOp::Match, 9),
        NoMatch => (BinaryOp::NotMatch, 9),
        In => (BinaryOp::In, 10),
        _ => return None,
    })
}

/// Whether a token after an operand makes it part of a larger expression under `assignment`:
/// `=` `+=` `-=`, the relationship arrows, a resource body's `{`, the binary operators, `?`, and
/// the postfix `[` `(` `.` `<|` `<<|` (a `[` or `(` after a blank lexes as another token).
#[cfg(not(target_arch = "wasm32"))]
fn continues_operand(kind: TokenKind) -> bool {
    use TokenKind::*;
    binary_operator(kind).is_some()
        || matches!(
            kind,
            Equals
                | Appends
                | Deletes
                | InEdge
                | InEdgeSub
                | OutEdge
                | OutEdgeSub
                | LBrace
                | SelBrace
                | QMark
                | LBrack
                | LParen
                | Dot
                | LCollect
                | LlCollect
        )
}

impl Parser<'_> {
    /// Counts one more level of tree depth for a node that wraps an earlier one.
    fn wrap(&mut self, wraps: &mut u32) -> PResult<()> {
        self.enter()?;
        *wraps += 1;
        Ok(())
    }

    /// `assignment`: relationships, and `=` / `+=` / `-=` (right associative).
    pub(super) fn assignment(&mut self) -> PResult<Expr> {
        // Past `assignment` and `expression`, two levels down.
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(operand) = self.lone_operand(2) {
            return Ok(operand);
        }
        self.enter()?;
        let result = self.assignment_inner();
        self.leave();
        result
    }

    #[inline(always)]
    fn assignment_inner(&mut self) -> PResult<Expr> {
        let target = self.relationship()?;
        let op = match self.peek_kind() {
            TokenKind::Equals => AssignOp::Assign,
            TokenKind::Appends => AssignOp::AddAssign,
            TokenKind::Deletes => AssignOp::SubAssign,
            _ => return Ok(target),
        };
        let op_token = self.bump();
        let value = self.assignment()?;
        let span = target.span.to(value.span);
        Ok(node(
            ExprKind::Assignment {
                op,
                op_span: op_token.span,
                target: Box::new(target),
                value: Box::new(value),
            },
            span,
        ))
    }

    /// `a -> b ~> c` (left associative) over resource-level expressions.
    fn relationship(&mut self) -> PResult<Expr> {
        let mut wraps = 0;
        let result = self.relationship_chain(&mut wraps);
        self.depth = self.depth.saturating_sub(wraps);
        result
    }

    #[inline(always)]
    fn relationship_chain(&mut self, wraps: &mut u32) -> PResult<Expr> {
        let mut left = self.resource()?;
        loop {
            let op = match self.peek_kind() {
                TokenKind::InEdge => RelationshipOp::Before,
                TokenKind::InEdgeSub => RelationshipOp::Notify,
                TokenKind::OutEdge => RelationshipOp::Require,
                TokenKind::OutEdgeSub => RelationshipOp::Subscribe,
                _ => return Ok(left),
            };
            let op_token = self.bump();
            self.wrap(wraps)?;
            let right = self.resource()?;
            let span = left.span.to(right.span);
            left = node(
                ExprKind::Relationship {
                    op,
                    op_span: op_token.span,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                span,
            );
        }
    }

    /// An expression with operators binding at least as tightly as `min`.
    pub(super) fn expression(&mut self, min: u8) -> PResult<Expr> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(operand) = self.lone_operand(1) {
            return Ok(operand);
        }
        self.enter()?;
        let mut wraps = 0;
        let result = self.expression_inner(min, &mut wraps);
        self.depth = self.depth.saturating_sub(1 + wraps);
        result
    }

    #[inline(always)]
    fn expression_inner(&mut self, min: u8, wraps: &mut u32) -> PResult<Expr> {
        let mut left = self.prefix()?;
        loop {
            let token = self.peek();
            if token.kind == TokenKind::QMark {
                if SELECTOR < min {
                    break;
                }
                self.wrap(wraps)?;
                left = self.selector(left)?;
                continue;
            }
            let Some((op, power)) = binary_operator(token.kind) else {
                break;
            };
            if power < min {
                break;
            }
            self.bump();
            let right = self.expression(power + 1)?;
            self.wrap(wraps)?;
            let span = left.span.to(right.span);
            left = node(
                ExprKind::Binary {
                    op,
                    op_span: token.span,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                span,
            );
        }
        Ok(left)
    }

    /// A one-token operand that no rule continues (the next token is not one of
    /// `continues_operand`'s): a literal, variable, name or reference, as `primary` makes it,
    /// without the walk through the assignment, relationship, resource, operator and postfix
    /// rules, which would each find nothing to add (most attribute values, arguments, list items,
    /// hash keys and values are these). `None` otherwise, and when the `levels` of nesting the
    /// full walk enters would pass the limit (so that it reports it). Native only: in the
    /// browser's engines it would cost their size budget more than it buys their parse.
    #[cfg(not(target_arch = "wasm32"))]
    #[inline(always)]
    fn lone_operand(&mut self, levels: u32) -> Option<Expr> {
        use TokenKind as T;
        let next = self.tokens.get(self.pos + 1)?.kind;
        if continues_operand(next) || self.depth + levels > super::MAX_NESTING {
            return None;
        }
        let token = self.tokens[self.pos];
        let kind = match token.kind {
            T::Variable => ExprKind::Variable(String::from(self.variable_name(token))),
            T::String => ExprKind::String(self.take_text(token)),
            T::Name => ExprKind::Name(String::from(self.text_of(token))),
            T::Word => ExprKind::String(String::from(self.text_of(token))),
            T::ClassRef => ExprKind::TypeRef(String::from(self.text_of(token))),
            T::True | T::False => ExprKind::Boolean(token.kind == T::True),
            T::Undef => ExprKind::Undef,
            T::Default => ExprKind::Default,
            T::Number => {
                self.pos += 1;
                return Some(self.number(token));
            }
            _ => return None,
        };
        self.pos += 1;
        Some(node(kind, token.span))
    }

    /// `-x`, `!x`, `*x`, or a postfix expression.
    #[inline(always)]
    fn prefix(&mut self) -> PResult<Expr> {
        let op = match self.peek_kind() {
            TokenKind::Minus => UnaryOp::Neg,
            TokenKind::Not => UnaryOp::Not,
            TokenKind::Times => UnaryOp::Splat,
            _ => return self.postfix(),
        };
        let op_token = self.bump();
        let operand = self.expression(PREFIX_OPERAND)?;
        let span = op_token.span.to(operand.span);
        Ok(node(
            ExprKind::Unary {
                op,
                operand: Box::new(operand),
            },
            span,
        ))
    }

    /// A primary expression followed by any number of `[...]`, `(...)`, `.name`, `<| |>`.
    fn postfix(&mut self) -> PResult<Expr> {
        let mut wraps = 0;
        let result = self.postfix_chain(&mut wraps);
        self.depth = self.depth.saturating_sub(wraps);
        result
    }

    #[inline(always)]
    fn postfix_chain(&mut self, wraps: &mut u32) -> PResult<Expr> {
        let mut expr = self.primary()?;
        loop {
            expr = match self.peek_kind() {
                TokenKind::LBrack => {
                    self.wrap(wraps)?;
                    self.access(expr)?
                }
                TokenKind::LParen => {
                    self.wrap(wraps)?;
                    self.prefix_call(expr)?
                }
                TokenKind::Dot => {
                    self.wrap(wraps)?;
                    self.method_call(expr)?
                }
                TokenKind::LCollect | TokenKind::LlCollect => {
                    self.wrap(wraps)?;
                    self.collector(expr)?
                }
                _ => return Ok(expr),
            };
        }
    }

    /// `target[k1, k2]`, at the `[`.
    pub(super) fn access(&mut self, target: Expr) -> PResult<Expr> {
        self.bump();
        let keys = self.access_args(TokenKind::RBrack)?;
        let close = self.expect(TokenKind::RBrack)?;
        let span = target.span.to(close.span);
        Ok(node(
            ExprKind::Access(Box::new(Access { target, keys })),
            span,
        ))
    }

    /// Access arguments: at least one expression or hash entry, and an optional trailing comma.
    pub(super) fn access_args(&mut self, close: TokenKind) -> PResult<Vec<Expr>> {
        let mark = self.scratch.len();
        let result = self.access_args_onto_scratch(close, mark);
        self.take_scratch(mark, result)
    }

    fn access_args_onto_scratch(&mut self, close: TokenKind, mark: usize) -> PResult<()> {
        loop {
            // Puppet reads an assignment-level entry first, since it may be a `key => value`.
            let key = self.entry_key(true)?;
            let item = if self.at(TokenKind::FArrow) {
                self.maybe_pair(key)?
            } else if is_statement_level(&key) {
                return Err(self.unexpected());
            } else {
                key
            };
            push_merging_pairs(&mut self.scratch, mark, item);
            if self.eat(TokenKind::Comma).is_none() || self.at(close) {
                return Ok(());
            }
        }
    }

    /// `name(args) |lambda|`, `Type(args)`, `Type[p](args)`.
    fn prefix_call(&mut self, functor: Expr) -> PResult<Expr> {
        self.bump();
        let args = self.arguments(TokenKind::RParen)?;
        let close = self.expect(TokenKind::RParen)?;
        let lambda = self.optional_lambda()?;
        let end = lambda.as_ref().map_or(close.span, |l| l.span);
        let span = functor.span.to(end);
        let anchor = super::super::anchor::anchor(&functor);
        let (name, name_is_type, functor) = match functor.kind {
            ExprKind::Name(name) => (
                Ident {
                    name,
                    span: functor.span,
                },
                false,
                None,
            ),
            ExprKind::TypeRef(name) => (
                Ident {
                    name,
                    span: functor.span,
                },
                true,
                None,
            ),
            _ => {
                let (name, is_type) = match &functor.kind {
                    ExprKind::Access(access) => match &access.target.kind {
                        ExprKind::TypeRef(name) => (
                            Ident {
                                name: name.clone(),
                                span: access.target.span,
                            },
                            true,
                        ),
                        _ => (empty_ident(functor.span), false),
                    },
                    _ => (empty_ident(functor.span), false),
                };
                (name, is_type, Some(Box::new(functor)))
            }
        };
        Ok(node(
            ExprKind::Call(Box::new(Call {
                style: CallStyle::Prefix,
                name,
                name_is_type,
                receiver: None,
                functor,
                args,
                lambda,
                span,
                anchor,
            })),
            span,
        ))
    }

    /// `receiver.name`, `receiver.name(args)`, either with a lambda.
    fn method_call(&mut self, receiver: Expr) -> PResult<Expr> {
        let dot = self.bump();
        let name_token = match self.peek_kind() {
            TokenKind::Name | TokenKind::Type => self.bump(),
            _ => return Err(self.unexpected()),
        };
        let name = Ident {
            name: String::from(self.text_of(name_token)),
            span: name_token.span,
        };
        let mut anchor = dot.span;
        let mut end = name_token.span;
        let mut args = Vec::new();
        if let Some(open) = self.eat(TokenKind::LParen) {
            anchor = open.span;
            if !self.at(TokenKind::RParen) {
                args = self.arguments_without_trailing_comma()?;
            }
            end = self.expect(TokenKind::RParen)?.span;
        }
        let lambda = self.optional_lambda()?;
        if let Some(lambda) = &lambda {
            end = lambda.span;
        }
        let span = receiver.span.to(end);
        Ok(node(
            ExprKind::Call(Box::new(Call {
                style: CallStyle::Method,
                name,
                name_is_type: false,
                receiver: Some(Box::new(receiver)),
                functor: None,
                args,
                lambda,
                span,
                anchor,
            })),
            span,
        ))
    }

    /// Call arguments up to `close` (not consumed): `argument (, argument)* ,?`, possibly none.
    pub(super) fn arguments(&mut self, close: TokenKind) -> PResult<Vec<Expr>> {
        let mark = self.scratch.len();
        let result = self.arguments_onto_scratch(Some(close), mark);
        self.take_scratch(mark, result)
    }

    /// Method call arguments: Puppet's grammar allows no trailing comma there.
    fn arguments_without_trailing_comma(&mut self) -> PResult<Vec<Expr>> {
        let mark = self.scratch.len();
        let result = self.arguments_onto_scratch(None, mark);
        self.take_scratch(mark, result)
    }

    /// Arguments onto the scratch stack; with `close`, none before it and a trailing comma allowed.
    fn arguments_onto_scratch(&mut self, close: Option<TokenKind>, mark: usize) -> PResult<()> {
        if close.is_some_and(|close| self.at(close)) {
            return Ok(());
        }
        loop {
            let item = self.argument()?;
            push_merging_pairs(&mut self.scratch, mark, item);
            if self.eat(TokenKind::Comma).is_none() || close.is_some_and(|close| self.at(close)) {
                return Ok(());
            }
        }
    }

    /// `argument`: an assignment-level expression or a `key => value` hash entry.
    pub(super) fn argument(&mut self) -> PResult<Expr> {
        let key = self.entry_key(true)?;
        self.maybe_pair(key)
    }

    /// The left side of a possible hash entry; `type` and `function` alone are plain strings.
    fn entry_key(&mut self, assignment_level: bool) -> PResult<Expr> {
        if let Some(keyword) = self.keyword_literal() {
            return Ok(keyword);
        }
        if assignment_level {
            self.assignment()
        } else {
            self.expression(0)
        }
    }

    /// `type` or `function` used as a value in a collection (not starting a call or definition).
    pub(super) fn keyword_literal(&mut self) -> Option<Expr> {
        let token = self.peek();
        let next = self.peek_at(1).kind;
        let is_literal = match token.kind {
            TokenKind::Type => !matches!(next, TokenKind::LParen | TokenKind::ClassRef),
            TokenKind::Function => !matches!(
                next,
                TokenKind::Name
                    | TokenKind::Word
                    | TokenKind::ClassRef
                    | TokenKind::Class
                    | TokenKind::String
            ),
            _ => false,
        };
        if !is_literal {
            return None;
        }
        self.bump();
        Some(node(
            ExprKind::String(String::from(self.text_of(token))),
            token.span,
        ))
    }

    /// If a `=>` follows, the entry `key => value` as a one-entry hash.
    fn maybe_pair(&mut self, key: Expr) -> PResult<Expr> {
        if !self.at(TokenKind::FArrow) {
            return Ok(key);
        }
        let arrow = self.bump().span;
        let value = match self.keyword_literal() {
            Some(value) => value,
            None => self.assignment()?,
        };
        let span = key.span.to(value.span);
        Ok(node(
            ExprKind::Hash(alloc::vec![HashEntry {
                key,
                value,
                span,
                arrow,
            }]),
            span,
        ))
    }

    /// A lambda if one follows (`|params| { body }`).
    fn optional_lambda(&mut self) -> PResult<Option<Box<Lambda>>> {
        if !self.at(TokenKind::Pipe) {
            return Ok(None);
        }
        let (params, start) = self.lambda_parameters()?;
        let return_type = self.optional_return_type()?;
        let body = self.block()?;
        let span = start.to(body.span);
        Ok(Some(Box::new(Lambda {
            params,
            return_type,
            body,
            span,
        })))
    }

    /// `|params|` (lambdas and EPP templates); returns the parameters and the opening pipe's span.
    pub(super) fn lambda_parameters(&mut self) -> PResult<(Vec<Param>, Span)> {
        let open = self.expect(TokenKind::Pipe)?;
        let params = self.parameters_up_to(TokenKind::Pipe)?;
        Ok((params, open.span))
    }

    /// `>> Type` or `>> Type[...]` after a parameter list.
    pub(super) fn optional_return_type(&mut self) -> PResult<Option<Expr>> {
        if self.eat(TokenKind::RShift).is_none() {
            return Ok(None);
        }
        Ok(Some(self.parameter_type()?))
    }

    /// A type reference, optionally with one `[...]`: the type of a parameter or a return type.
    pub(super) fn parameter_type(&mut self) -> PResult<Expr> {
        let token = self.expect(TokenKind::ClassRef)?;
        let type_ref = node(
            ExprKind::TypeRef(String::from(self.text_of(token))),
            token.span,
        );
        if !self.at(TokenKind::LBrack) {
            return Ok(type_ref);
        }
        self.access(type_ref)
    }

    /// `{ statements }` as a `Block` spanning the braces.
    pub(super) fn block(&mut self) -> PResult<Expr> {
        let open = self.expect(TokenKind::LBrace)?;
        self.block_after_brace(open.span)
    }

    pub(super) fn block_after_brace(&mut self, open: Span) -> PResult<Expr> {
        self.enter()?;
        let statements = self.statements(TokenKind::RBrace);
        self.leave();
        let close = self.expect(TokenKind::RBrace)?;
        Ok(node(ExprKind::Block(statements), open.to(close.span)))
    }

    /// `subject ? { matcher => value, ... }` or `subject ? matcher => value`.
    fn selector(&mut self, subject: Expr) -> PResult<Expr> {
        self.bump();
        let mut entries = Vec::new();
        let end;
        if self.eat(TokenKind::SelBrace).is_some() {
            loop {
                entries.push(self.selector_entry()?);
                if self.eat(TokenKind::Comma).is_none() || self.at(TokenKind::RBrace) {
                    break;
                }
            }
            end = self.expect(TokenKind::RBrace)?.span;
        } else {
            let entry = self.selector_entry()?;
            end = entry.span;
            entries.push(entry);
        }
        let span = subject.span.to(end);
        Ok(node(
            ExprKind::Selector(Box::new(Selector { subject, entries })),
            span,
        ))
    }

    fn selector_entry(&mut self) -> PResult<crate::syntax::ast::SelectorEntry> {
        let matcher = self.expression(0)?;
        self.expect(TokenKind::FArrow)?;
        let value = self.expression(0)?;
        let span = matcher.span.to(value.span);
        Ok(crate::syntax::ast::SelectorEntry {
            matcher,
            value,
            span,
        })
    }
}

/// Adds an argument to those above `mark`, merging adjacent `key => value` entries into one hash
/// as Puppet does.
fn push_merging_pairs(args: &mut Vec<Expr>, mark: usize, item: Expr) {
    let item_is_pair = is_unfolded_pair(&item);
    if item_is_pair && args.len() > mark {
        if let Some(Expr {
            kind: ExprKind::Hash(entries),
            span,
        }) = args.last_mut()
        {
            if let ExprKind::Hash(new_entries) = item.kind {
                *span = span.to(item.span);
                entries.extend(new_entries);
                return;
            }
        }
    }
    args.push(item);
}

/// A one-entry hash made from `key => value` without braces (its span does not start with `{`).
fn is_unfolded_pair(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Hash(entries) => entries
            .first()
            .is_some_and(|entry| entry.span.start == expr.span.start),
        _ => false,
    }
}

/// Forms of the assignment level that are not plain expressions (valid only as hash entries).
fn is_statement_level(expr: &Expr) -> bool {
    matches!(
        &expr.kind,
        ExprKind::Assignment { .. }
            | ExprKind::Relationship { .. }
            | ExprKind::Resource(_)
            | ExprKind::ResourceDefaults(_)
            | ExprKind::ResourceOverride(_)
            | ExprKind::Block(_)
    ) || matches!(&expr.kind, ExprKind::Call(call) if call.style == CallStyle::Statement)
}

fn empty_ident(span: Span) -> Ident {
    Ident {
        name: String::new(),
        span,
    }
}
