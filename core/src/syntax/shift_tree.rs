//! Moves a tree parsed on its own from offset 0 (on another thread, before its file's place in the
//! evaluation's offset space was known: `environment/parse_ahead.rs`) to where its file sits (see
//! `sources.rs`), with its findings. The tree is the same as the parse at that offset would make
//! (a test holds the two equal); a fresh tree's definitions are shared with nothing, so they are
//! changed in place.

use alloc::sync::Arc;

use super::ast::{
    Access, AttributeOperation, Call, Case, Collector, EppTemplate, Expr, ExprKind, Ident, Lambda,
    Param, Program, ResourceDefaults, ResourceExpr, ResourceOverride, Selector, StringPart,
    TypeAlias,
};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Add `base` to every span of `program` and of `diagnostics`.
pub fn shift_program(program: &mut Program, diagnostics: &mut [Diagnostic], base: u32) {
    if base == 0 {
        return;
    }
    let shift = Shift(base);
    shift.span(&mut program.span);
    for expr in &mut program.body {
        shift.expr(expr);
    }
    for diagnostic in diagnostics {
        super::shift::diagnostic(diagnostic, base);
    }
}

struct Shift(u32);

impl Shift {
    fn span(&self, span: &mut Span) {
        span.start = span.start.saturating_add(self.0);
        span.end = span.end.saturating_add(self.0);
    }

    fn ident(&self, ident: &mut Ident) {
        self.span(&mut ident.span);
    }

    fn exprs(&self, exprs: &mut [Expr]) {
        for expr in exprs {
            self.expr(expr);
        }
    }

    fn opt(&self, expr: &mut Option<Expr>) {
        if let Some(expr) = expr {
            self.expr(expr);
        }
    }

    fn params(&self, params: &mut [Param]) {
        for param in params {
            self.ident(&mut param.name);
            self.opt(&mut param.type_expr);
            self.opt(&mut param.default);
            self.span(&mut param.span);
        }
    }

    fn lambda(&self, lambda: &mut Lambda) {
        self.params(&mut lambda.params);
        self.opt(&mut lambda.return_type);
        self.expr(&mut lambda.body);
        self.span(&mut lambda.span);
    }

    fn call(&self, call: &mut Call) {
        self.ident(&mut call.name);
        if let Some(receiver) = &mut call.receiver {
            self.expr(receiver);
        }
        if let Some(functor) = &mut call.functor {
            self.expr(functor);
        }
        self.exprs(&mut call.args);
        if let Some(lambda) = &mut call.lambda {
            self.lambda(lambda);
        }
        self.span(&mut call.span);
        self.span(&mut call.anchor);
    }

    fn operations(&self, operations: &mut [AttributeOperation]) {
        for operation in operations {
            match operation {
                AttributeOperation::Set {
                    name,
                    value,
                    span,
                    arrow,
                    ..
                } => {
                    self.ident(name);
                    self.expr(value);
                    self.span(span);
                    self.span(arrow);
                }
                AttributeOperation::Splat { value, span } => {
                    self.expr(value);
                    self.span(span);
                }
            }
        }
    }

    fn resource(&self, resource: &mut ResourceExpr) {
        self.expr(&mut resource.type_name);
        for body in &mut resource.bodies {
            self.expr(&mut body.title);
            self.operations(&mut body.operations);
            self.span(&mut body.span);
        }
    }

    fn collector(&self, collector: &mut Collector) {
        self.expr(&mut collector.type_ref);
        self.opt(&mut collector.query);
        self.operations(&mut collector.operations);
    }

    fn expr(&self, expr: &mut Expr) {
        self.span(&mut expr.span);
        match &mut expr.kind {
            ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Boolean(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Regex(_)
            | ExprKind::Name(_)
            | ExprKind::TypeRef(_)
            | ExprKind::Variable(_)
            | ExprKind::RenderText(_) => {}
            ExprKind::Interpolated(parts) => {
                for part in parts {
                    match part {
                        StringPart::Text { span, .. } => self.span(span),
                        StringPart::Expr(inner) => self.expr(inner),
                    }
                }
            }
            ExprKind::Heredoc(heredoc) => self.expr(&mut heredoc.text),
            ExprKind::Array(items) | ExprKind::Block(items) => self.exprs(items),
            ExprKind::Hash(entries) => {
                for entry in entries {
                    self.expr(&mut entry.key);
                    self.expr(&mut entry.value);
                    self.span(&mut entry.span);
                    self.span(&mut entry.arrow);
                }
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary {
                op_span,
                left,
                right,
                ..
            }
            | ExprKind::Assignment {
                op_span,
                target: left,
                value: right,
                ..
            }
            | ExprKind::Relationship {
                op_span,
                left,
                right,
                ..
            } => {
                self.span(op_span);
                self.expr(left);
                self.expr(right);
            }
            ExprKind::Access(node) => {
                let Access { target, keys } = &mut **node;
                self.expr(target);
                self.exprs(keys);
            }
            ExprKind::Paren(inner) | ExprKind::RenderExpr(inner) => self.expr(inner),
            ExprKind::If(branches) | ExprKind::Unless(branches) => {
                self.expr(&mut branches.condition);
                self.expr(&mut branches.then_branch);
                if let Some(else_branch) = &mut branches.else_branch {
                    self.expr(else_branch);
                }
            }
            ExprKind::Case(node) => {
                let Case { subject, options } = &mut **node;
                self.expr(subject);
                for option in options {
                    self.exprs(&mut option.values);
                    self.expr(&mut option.body);
                    self.span(&mut option.span);
                }
            }
            ExprKind::Selector(node) => {
                let Selector { subject, entries } = &mut **node;
                self.expr(subject);
                for entry in entries {
                    self.expr(&mut entry.matcher);
                    self.expr(&mut entry.value);
                    self.span(&mut entry.span);
                }
            }
            ExprKind::Call(call) => self.call(call),
            ExprKind::Lambda(lambda) => self.lambda(lambda),
            ExprKind::TypeAlias(node) => {
                let TypeAlias { name, type_expr } = &mut **node;
                self.ident(name);
                self.expr(type_expr);
            }
            ExprKind::FunctionDefinition(_)
            | ExprKind::ClassDefinition(_)
            | ExprKind::DefineDefinition(_)
            | ExprKind::NodeDefinition(_) => self.definition(&mut expr.kind),
            ExprKind::Resource(resource) => self.resource(resource),
            ExprKind::ResourceDefaults(node) => {
                let ResourceDefaults {
                    type_ref,
                    operations,
                } = &mut **node;
                self.expr(type_ref);
                self.operations(operations);
            }
            ExprKind::ResourceOverride(node) => {
                let ResourceOverride { target, operations } = &mut **node;
                self.expr(target);
                self.operations(operations);
            }
            ExprKind::Collector(collector) => self.collector(collector),
            ExprKind::EppTemplate(node) => {
                let EppTemplate { params, body } = &mut **node;
                if let Some(params) = params {
                    self.params(params);
                }
                self.expr(body);
            }
        }
    }

    /// A definition's name, parameters and body (in place: a fresh tree shares it with no one).
    fn definition(&self, kind: &mut ExprKind) {
        match kind {
            ExprKind::FunctionDefinition(definition) => {
                let definition = Arc::make_mut(definition);
                self.ident(&mut definition.name);
                self.params(&mut definition.params);
                self.opt(&mut definition.return_type);
                self.expr(&mut definition.body);
            }
            ExprKind::ClassDefinition(definition) => {
                let definition = Arc::make_mut(definition);
                self.ident(&mut definition.name);
                self.params(&mut definition.params);
                if let Some(parent) = &mut definition.parent {
                    self.ident(parent);
                }
                self.expr(&mut definition.body);
            }
            ExprKind::DefineDefinition(definition) => {
                let definition = Arc::make_mut(definition);
                self.ident(&mut definition.name);
                self.params(&mut definition.params);
                self.expr(&mut definition.body);
            }
            ExprKind::NodeDefinition(definition) => {
                let definition = Arc::make_mut(definition);
                self.exprs(&mut definition.matches);
                self.opt(&mut definition.parent);
                self.expr(&mut definition.body);
            }
            _ => {}
        }
    }
}
