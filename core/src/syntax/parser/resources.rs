//! Catalog statements: resource declarations (titles, several bodies, `@` / `@@`), resource
//! defaults and overrides, `class { }` resources, attribute operations, and collectors.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::statements::is_statement_call;
use super::{node, take_since, PResult, Parser};
use crate::span::Span;
use crate::syntax::anchor::anchor;
use crate::syntax::ast::{
    AttributeOperation, Collector, Expr, ExprKind, HashEntry, Ident, ResourceBody,
    ResourceDefaults, ResourceExpr, ResourceForm, ResourceOverride,
};
use crate::syntax::token::TokenKind;

impl Parser<'_> {
    /// Puppet's `resource` rule: an expression, possibly followed by resource bodies.
    pub(super) fn resource(&mut self) -> PResult<Expr> {
        match self.peek_kind() {
            TokenKind::At | TokenKind::AtAt => self.virtual_resource(),
            TokenKind::Class if self.peek_at(1).kind == TokenKind::LBrace => self.class_resource(),
            _ => {
                let mut wraps = 0;
                let result = self.resource_chain(&mut wraps);
                self.depth = self.depth.saturating_sub(wraps);
                result
            }
        }
    }

    #[inline(always)]
    fn resource_chain(&mut self, wraps: &mut u32) -> PResult<Expr> {
        let mut expr = self.expression(0)?;
        while self.at(TokenKind::LBrace) {
            self.enter()?;
            *wraps += 1;
            expr = self.resource_after(expr)?;
        }
        Ok(expr)
    }

    /// `@type { ... }` and `@@type { ... }`.
    fn virtual_resource(&mut self) -> PResult<Expr> {
        let at = self.bump();
        self.enter()?;
        let inner = self.resource();
        self.leave();
        let mut inner = inner?;
        let exported = at.kind == TokenKind::AtAt;
        let span = at.span.to(inner.span);
        match &mut inner.kind {
            ExprKind::Resource(resource) => {
                resource.form = if exported {
                    ResourceForm::Exported
                } else {
                    ResourceForm::Virtual
                };
            }
            ExprKind::ResourceDefaults(_) | ExprKind::ResourceOverride(_) => {
                self.validation_error(
                    "NOT_VIRTUALIZEABLE",
                    "Resource Defaults are not virtualizable",
                    at.span,
                );
            }
            _ => {
                let message = if exported {
                    "Exported (@@) can only be applied to a Resource Expression"
                } else {
                    "Virtual (@) can only be applied to a Resource Expression"
                };
                return Err(self.syntax_error("NOT_A_RESOURCE", message, at.span));
            }
        }
        inner.span = span;
        Ok(inner)
    }

    /// `class { 'name': params }`.
    fn class_resource(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        self.bump();
        let bodies = self.titled_bodies()?;
        let close = self.expect(TokenKind::RBrace)?;
        let span = keyword.span.to(close.span);
        Ok(node(
            ExprKind::Resource(Box::new(ResourceExpr {
                form: ResourceForm::Regular,
                type_name: node(ExprKind::Name("class".into()), keyword.span),
                bodies,
            })),
            span,
        ))
    }

    /// What follows `left {`: titled bodies (a resource), or attribute operations (defaults,
    /// override, or Puppet's untitled-resource / hash-argument transformation).
    fn resource_after(&mut self, left: Expr) -> PResult<Expr> {
        let open = self.bump();
        if !self.untitled_body_follows() {
            let bodies = self.titled_bodies()?;
            let close = self.expect(TokenKind::RBrace)?;
            let span = left.span.to(close.span);
            return Ok(node(
                ExprKind::Resource(Box::new(ResourceExpr {
                    form: ResourceForm::Regular,
                    type_name: left,
                    bodies,
                })),
                span,
            ));
        }
        let operations = self.attribute_operations()?;
        let close = self.expect(TokenKind::RBrace)?;
        let span = left.span.to(close.span);
        match &left.kind {
            ExprKind::Name(name) if name != "private" && name != "attr" => {
                self.untitled_resource(left, operations, open.span, close.span)
            }
            ExprKind::TypeRef(_) => Ok(node(
                ExprKind::ResourceDefaults(Box::new(ResourceDefaults {
                    type_ref: left,
                    operations,
                })),
                span,
            )),
            ExprKind::Access(access) => {
                let is_resource_type = matches!(&access.target.kind,
                    ExprKind::TypeRef(name) if name.eq_ignore_ascii_case("resource"))
                    && access.keys.len() == 1;
                if is_resource_type {
                    Ok(node(
                        ExprKind::ResourceDefaults(Box::new(ResourceDefaults {
                            type_ref: left,
                            operations,
                        })),
                        span,
                    ))
                } else {
                    Ok(node(
                        ExprKind::ResourceOverride(Box::new(ResourceOverride {
                            target: left,
                            operations,
                        })),
                        span,
                    ))
                }
            }
            _ => Err(self.syntax_error(
                "NOT_A_RESOURCE",
                "Expression is not valid as a resource, resource-default, or resource-override",
                anchor(&left),
            )),
        }
    }

    /// `name { attr => value }`: a call with a hash for statement calls (`notice {a => 1}`),
    /// otherwise the name and the hash as a block (which validation reports as a missing title).
    fn untitled_resource(
        &mut self,
        left: Expr,
        operations: Vec<AttributeOperation>,
        open: Span,
        close: Span,
    ) -> PResult<Expr> {
        let mut entries = Vec::with_capacity(operations.len());
        for operation in operations {
            match operation {
                AttributeOperation::Set {
                    name,
                    append: false,
                    value,
                    span,
                    arrow,
                } => entries.push(HashEntry {
                    key: node(ExprKind::String(name.name), name.span),
                    value,
                    span,
                    arrow,
                }),
                _ => {
                    return Err(self.syntax_error(
                        "SYNTAX_ERROR",
                        "Syntax error resource body without title or hash with +>",
                        open,
                    ))
                }
            }
        }
        let hash = node(ExprKind::Hash(entries), open.to(close));
        let span = left.span.to(close);
        if matches!(&left.kind, ExprKind::Name(name) if is_statement_call(name)) {
            return Ok(super::statements::statement_call(left, alloc::vec![hash]));
        }
        Ok(node(ExprKind::Block(alloc::vec![left, hash]), span))
    }

    /// After `{`: attribute operations (or nothing) rather than `title:`.
    fn untitled_body_follows(&self) -> bool {
        let token = self.peek();
        let next = self.peek_at(1).kind;
        match token.kind {
            TokenKind::RBrace | TokenKind::Comma => true,
            TokenKind::Times => next == TokenKind::FArrow,
            // Keywords that cannot start a title can only be attribute names.
            TokenKind::And
            | TokenKind::Or
            | TokenKind::In
            | TokenKind::Inherits
            | TokenKind::Elsif
            | TokenKind::Else => true,
            kind if is_attribute_name(kind) => {
                matches!(next, TokenKind::FArrow | TokenKind::PArrow)
            }
            _ => false,
        }
    }

    /// `title: ops; title2: ops;` up to (not including) the closing `}`.
    fn titled_bodies(&mut self) -> PResult<Vec<ResourceBody>> {
        // Most resource expressions have one body: room for one, exactly.
        let mut bodies = Vec::with_capacity(1);
        loop {
            let title = self.expression(0)?;
            self.expect(TokenKind::Colon)?;
            let operations = self.attribute_operations()?;
            let span = Span::new(title.span.start, self.previous_end().max(title.span.end));
            bodies.push(ResourceBody {
                title,
                operations,
                span,
            });
            if self.eat(TokenKind::Semic).is_none() || self.at(TokenKind::RBrace) {
                return Ok(bodies);
            }
        }
    }

    /// `attr => value, attr +> value, * => hash` with an optional trailing comma. As in Puppet's grammar
    /// (an empty list, then `, operation`), a comma may also come first: `'x':, attr => value`.
    pub(super) fn attribute_operations(&mut self) -> PResult<Vec<AttributeOperation>> {
        let mark = self.lists.attributes.len();
        let result = self.attribute_operations_onto_stack();
        take_since(&mut self.lists.attributes, mark, result)
    }

    fn attribute_operations_onto_stack(&mut self) -> PResult<()> {
        self.eat(TokenKind::Comma);
        loop {
            if matches!(self.peek_kind(), TokenKind::RBrace | TokenKind::Semic) {
                return Ok(());
            }
            let operation = self.attribute_operation()?;
            self.lists.attributes.push(operation);
            if self.eat(TokenKind::Comma).is_none() {
                return Ok(());
            }
        }
    }

    fn attribute_operation(&mut self) -> PResult<AttributeOperation> {
        let token = self.peek();
        if token.kind == TokenKind::Times {
            self.bump();
            self.expect(TokenKind::FArrow)?;
            let value = self.expression(0)?;
            let span = token.span.to(value.span);
            return Ok(AttributeOperation::Splat { value, span });
        }
        if !is_attribute_name(token.kind) {
            return Err(self.unexpected());
        }
        self.bump();
        let append = match self.peek_kind() {
            TokenKind::FArrow => false,
            TokenKind::PArrow => true,
            _ => return Err(self.unexpected()),
        };
        let arrow = self.bump().span;
        let value = self.expression(0)?;
        let span = token.span.to(value.span);
        Ok(AttributeOperation::Set {
            name: Ident {
                name: String::from(self.text_of(token)),
                span: token.span,
            },
            append,
            value,
            span,
            arrow,
        })
    }

    /// `Type <| query |>` / `Type <<| query |>>` with an optional `{ attr => value }` block.
    pub(super) fn collector(&mut self, type_ref: Expr) -> PResult<Expr> {
        let open = self.bump();
        let exported = open.kind == TokenKind::LlCollect;
        let close_kind = if exported {
            TokenKind::RrCollect
        } else {
            TokenKind::RCollect
        };
        let query = if self.at(close_kind) {
            None
        } else {
            Some(self.expression(0)?)
        };
        let mut end = self.expect(close_kind)?.span;
        let mut operations = Vec::new();
        if self.eat(TokenKind::LBrace).is_some() {
            operations = self.attribute_operations()?;
            end = self.expect(TokenKind::RBrace)?.span;
        }
        let span = type_ref.span.to(end);
        Ok(node(
            ExprKind::Collector(Box::new(Collector {
                type_ref,
                exported,
                query,
                operations,
            })),
            span,
        ))
    }
}

/// NAME and the keywords (but not `true` / `false`) may name attributes.
fn is_attribute_name(kind: TokenKind) -> bool {
    kind == TokenKind::Name
        || (kind.is_keyword() && !matches!(kind, TokenKind::True | TokenKind::False))
}
