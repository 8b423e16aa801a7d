//! Definitions: `function`, `class`, `define`, `node`, `type` aliases, and parameter lists.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::{node, take_since, PResult, Parser};
use crate::span::Span;
use crate::syntax::ast::{
    Access, ClassDefinition, DefineDefinition, Expr, ExprKind, FunctionDefinition, Ident,
    NodeDefinition, Param, TypeAlias,
};
use crate::syntax::token::TokenKind;

impl Parser<'_> {
    /// The name of a class, define or function: NAME, WORD or a reference.
    fn definition_name(&mut self) -> PResult<Ident> {
        let token = self.peek();
        match token.kind {
            TokenKind::Name | TokenKind::Word | TokenKind::ClassRef => {
                self.bump();
                Ok(Ident {
                    name: String::from(self.text_of(token)),
                    span: token.span,
                })
            }
            TokenKind::Class => Err(self.syntax_error(
                "CLASS_NOT_A_NAME",
                "'class' keyword not allowed at this location",
                token.span,
            )),
            TokenKind::String => Err(self.syntax_error(
                "QUOTED_NAME",
                "A quoted string is not valid as a name here",
                token.span,
            )),
            _ => Err(self.unexpected()),
        }
    }

    /// A name qualified by the enclosing classes, as Puppet names nested classes and defines.
    fn qualified(&self, name: &str) -> String {
        if self.namespace.is_empty() {
            return String::from(name);
        }
        let joined = format!("{}::{name}", crate::text::join(&self.namespace, "::"));
        match joined.strip_prefix("::") {
            Some(rest) => String::from(rest),
            None => joined,
        }
    }

    /// `(params)` after a definition's name, or nothing.
    fn parameter_list(&mut self) -> PResult<Vec<Param>> {
        if !matches!(self.peek_kind(), TokenKind::LParen | TokenKind::WsLParen) {
            return Ok(Vec::new());
        }
        self.bump();
        self.parameters_up_to(TokenKind::RParen)
    }

    /// Parameters up to `close` (consumed), possibly none, a trailing comma allowed.
    pub(super) fn parameters_up_to(&mut self, close: TokenKind) -> PResult<Vec<Param>> {
        let mark = self.lists.params.len();
        let result = self.parameters_onto_stack(close);
        take_since(&mut self.lists.params, mark, result)
    }

    fn parameters_onto_stack(&mut self, close: TokenKind) -> PResult<()> {
        if self.eat(close).is_some() {
            return Ok(());
        }
        loop {
            let param = self.parameter()?;
            self.lists.params.push(param);
            if self.eat(TokenKind::Comma).is_none() || self.at(close) {
                break;
            }
        }
        self.expect(close)?;
        Ok(())
    }

    /// `Type *$name = default` (type, splat and default optional).
    pub(super) fn parameter(&mut self) -> PResult<Param> {
        let start = self.peek().span;
        let type_expr = if self.at(TokenKind::ClassRef) {
            Some(self.parameter_type()?)
        } else {
            None
        };
        let captures_rest = self.eat(TokenKind::Times).is_some();
        let variable = self.expect(TokenKind::Variable)?;
        let name = Ident {
            name: String::from(self.variable_name(variable)),
            span: variable.span,
        };
        let default = if self.eat(TokenKind::Equals).is_some() {
            Some(self.expression(0)?)
        } else {
            None
        };
        let end = default.as_ref().map_or(variable.span, |d| d.span);
        Ok(Param {
            name,
            type_expr,
            default,
            captures_rest,
            span: start.to(end),
        })
    }

    /// A definition body `{ ... }`.
    fn definition_body(&mut self) -> PResult<Expr> {
        self.block()
    }

    /// `function name(params) >> Type { body }`.
    pub(super) fn function_definition(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let name = self.definition_name()?;
        let params = self.parameter_list()?;
        let return_type = self.optional_return_type()?;
        let body = self.definition_body()?;
        let span = keyword.span.to(body.span);
        Ok(node(
            ExprKind::FunctionDefinition(Arc::new(FunctionDefinition {
                name,
                params,
                return_type,
                body,
            })),
            span,
        ))
    }

    /// `class name(params) inherits parent { body }`.
    pub(super) fn class_definition(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let written = self.definition_name()?;
        let params = self.parameter_list()?;
        let parent = if self.eat(TokenKind::Inherits).is_some() {
            let token = self.peek();
            if token.kind == TokenKind::Default {
                self.bump();
                Some(Ident {
                    name: "default".into(),
                    span: token.span,
                })
            } else {
                Some(self.definition_name()?)
            }
        } else {
            None
        };
        let name = Ident {
            name: self.qualified(&written.name),
            span: written.span,
        };
        self.namespace.push(written.name);
        let body = self.definition_body();
        self.namespace.pop();
        let body = body?;
        let span = keyword.span.to(body.span);
        Ok(node(
            ExprKind::ClassDefinition(Arc::new(ClassDefinition {
                name,
                params,
                parent,
                body,
            })),
            span,
        ))
    }

    /// `define name(params) { body }`.
    pub(super) fn define_definition(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let written = self.definition_name()?;
        let name = Ident {
            name: self.qualified(&written.name),
            span: written.span,
        };
        let params = self.parameter_list()?;
        let body = self.definition_body()?;
        let span = keyword.span.to(body.span);
        Ok(node(
            ExprKind::DefineDefinition(Arc::new(DefineDefinition { name, params, body })),
            span,
        ))
    }

    /// `node 'a', b.example.com, /re/, default inherits x { body }`.
    pub(super) fn node_definition(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let mut matches = alloc::vec![self.hostname()?];
        while self.eat(TokenKind::Comma).is_some() {
            if matches!(self.peek_kind(), TokenKind::LBrace | TokenKind::Inherits) {
                break;
            }
            matches.push(self.hostname()?);
        }
        let parent = if self.eat(TokenKind::Inherits).is_some() {
            Some(self.hostname()?)
        } else {
            None
        };
        let body = self.definition_body()?;
        let span = keyword.span.to(body.span);
        Ok(node(
            ExprKind::NodeDefinition(Arc::new(NodeDefinition {
                matches,
                parent,
                body,
            })),
            span,
        ))
    }

    /// A node matcher: a dotted name (`a.b.c`, numbers allowed), a string, a regex, `default`.
    fn hostname(&mut self) -> PResult<Expr> {
        let token = self.peek();
        match token.kind {
            TokenKind::Name | TokenKind::Number => {
                let first = self.bump();
                let mut name = String::from(self.text_of(first));
                let mut span = token.span;
                while self.at(TokenKind::Dot)
                    && matches!(self.peek_at(1).kind, TokenKind::Name | TokenKind::Number)
                {
                    self.bump();
                    let part = self.bump();
                    name.push('.');
                    name.push_str(self.text_of(part));
                    span = span.to(part.span);
                }
                if self.at(TokenKind::Dot) {
                    self.bump();
                    return Err(self.unexpected());
                }
                Ok(node(ExprKind::String(name), span))
            }
            TokenKind::String | TokenKind::Word | TokenKind::DqPre | TokenKind::Heredoc => {
                self.primary()
            }
            TokenKind::Regex => self.primary(),
            TokenKind::Default => {
                self.bump();
                Ok(node(ExprKind::Default, token.span))
            }
            _ => Err(self.unexpected()),
        }
    }

    /// `type Name = Type`, `type Name = Type[...]`, `type Name = Object {...}`, `= {...}`, `= [...]`;
    /// also the unsupported `type Name[...] = ...` mapping and `type Name { }` definition.
    pub(super) fn type_alias(&mut self) -> PResult<Expr> {
        let keyword = self.bump();
        let name_token = self.expect(TokenKind::ClassRef)?;
        let name = Ident {
            name: String::from(self.text_of(name_token)),
            span: name_token.span,
        };
        if self.at(TokenKind::LBrack) {
            // `type A[1] = ...`: a type mapping, which this version of Puppet does not support.
            self.bump();
            self.access_args(TokenKind::RBrack)?;
            self.expect(TokenKind::RBrack)?;
            self.validation_error(
                "UNSUPPORTED_EXPRESSION",
                "Expressions of type a Type Mapping are not supported in this version of Puppet",
                name_token.span,
            );
        } else if matches!(self.peek_kind(), TokenKind::LBrace | TokenKind::Inherits) {
            return self.type_definition(keyword.span, name);
        }
        self.expect(TokenKind::Equals)?;
        let type_expr = self.type_alias_value()?;
        let span = keyword.span.to(type_expr.span);
        Ok(node(
            ExprKind::TypeAlias(Box::new(TypeAlias { name, type_expr })),
            span,
        ))
    }

    fn type_alias_value(&mut self) -> PResult<Expr> {
        match self.peek_kind() {
            TokenKind::ClassRef => {
                let token = self.bump();
                let type_ref = node(
                    ExprKind::TypeRef(String::from(self.text_of(token))),
                    token.span,
                );
                match self.peek_kind() {
                    TokenKind::LBrace => {
                        let hash = self.hash()?;
                        let span = token.span.to(hash.span);
                        Ok(node(
                            ExprKind::Access(Box::new(Access {
                                target: type_ref,
                                keys: alloc::vec![hash],
                            })),
                            span,
                        ))
                    }
                    TokenKind::LBrack => self.access(type_ref),
                    _ => Ok(type_ref),
                }
            }
            TokenKind::LBrace => self.hash(),
            TokenKind::ListStart | TokenKind::LBrack => self.primary(),
            _ => Err(self.unexpected()),
        }
    }

    /// `type Name inherits Parent { ... }`: parsed, and reported as unsupported.
    fn type_definition(&mut self, start: Span, name: Ident) -> PResult<Expr> {
        if self.eat(TokenKind::Inherits).is_some() {
            self.expect(TokenKind::ClassRef)?;
        }
        let body = self.block()?;
        self.validation_error(
            "UNSUPPORTED_EXPRESSION",
            "Expressions of type a Type Definition are not supported in this version of Puppet",
            start,
        );
        let span = start.to(body.span);
        Ok(node(
            ExprKind::TypeAlias(Box::new(TypeAlias {
                name,
                type_expr: body,
            })),
            span,
        ))
    }
}
