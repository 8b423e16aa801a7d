//! Where Puppet reports a problem with an expression: the operator of a binary expression, the
//! `=` of an assignment, the `.` or `(` of a method call, the name of a type alias, and so on.

use super::ast::{Expr, ExprKind};
use crate::span::Span;

/// The span whose start is the position Puppet gives for `expr` in its messages.
pub fn anchor(expr: &Expr) -> Span {
    match &expr.kind {
        ExprKind::Binary { op_span, .. }
        | ExprKind::Assignment { op_span, .. }
        | ExprKind::Relationship { op_span, .. } => *op_span,
        ExprKind::Access(access) => Span::new(anchor(&access.target).start, expr.span.end),
        ExprKind::Selector(selector) => Span::new(anchor(&selector.subject).start, expr.span.end),
        ExprKind::Call(call) => call.anchor,
        ExprKind::TypeAlias(alias) => alias.name.span,
        ExprKind::Collector(collector) => {
            Span::new(anchor(&collector.type_ref).start, expr.span.end)
        }
        ExprKind::ResourceDefaults(defaults) => {
            Span::new(anchor(&defaults.type_ref).start, expr.span.end)
        }
        ExprKind::ResourceOverride(over) => Span::new(anchor(&over.target).start, expr.span.end),
        _ => expr.span,
    }
}
