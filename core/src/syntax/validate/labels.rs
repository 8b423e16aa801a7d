//! How Puppet names expressions in messages ("Literal Integer", "'+' expression", "an 'if'
//! statement"), and which expressions have no effect when their value is not used ("idem").

use alloc::format;
use alloc::string::String;

use crate::syntax::ast::{AssignOp, CallStyle, Expr, ExprKind, RelationshipOp, UnaryOp};

/// Puppet's label for an expression (its model label provider).
pub fn label(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Undef => "'undef' expression".into(),
        ExprKind::Default => "'default' expression".into(),
        ExprKind::Boolean(_) => "Boolean".into(),
        ExprKind::Integer(_) => "Literal Integer".into(),
        ExprKind::Float(_) => "Literal Float".into(),
        ExprKind::String(_) => "String".into(),
        ExprKind::Interpolated(_) => "Double Quoted String".into(),
        ExprKind::Heredoc(heredoc) => {
            format!(
                "'@({})' expression",
                heredoc.syntax.as_deref().unwrap_or("")
            )
        }
        ExprKind::Regex(_) => "Regular Expression".into(),
        ExprKind::Name(name) if name == "private" || name == "attr" => {
            format!("Reserved Word '{name}'")
        }
        ExprKind::Name(_) => "Name".into(),
        ExprKind::TypeRef(_) => "Type-Name".into(),
        ExprKind::Variable(_) => "Variable".into(),
        ExprKind::Array(_) => "Array Expression".into(),
        ExprKind::Hash(_) => "Hash Expression".into(),
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Neg => "Unary Minus".into(),
            UnaryOp::Not => "'not' expression".into(),
            UnaryOp::Splat => "Unfold".into(),
        },
        ExprKind::Binary { op, .. } => format!("'{}' expression", op.symbol()),
        ExprKind::Assignment { op, .. } => match op {
            AssignOp::Assign => "'=' expression".into(),
            AssignOp::AddAssign => "'+=' expression".into(),
            AssignOp::SubAssign => "'-=' expression".into(),
        },
        ExprKind::Access(_) => "'[]' expression".into(),
        ExprKind::Paren(_) => "Parenthesized Expression".into(),
        ExprKind::Block(_) => "Block Expression".into(),
        ExprKind::If { .. } => "'if' statement".into(),
        ExprKind::Unless { .. } => "'unless' Statement".into(),
        ExprKind::Case(_) => "'case' statement".into(),
        ExprKind::Selector(_) => "Selector Expression".into(),
        ExprKind::Call(call) => match call.style {
            CallStyle::Method => "Method call".into(),
            _ => "Function Call".into(),
        },
        ExprKind::Lambda(_) => "Lambda".into(),
        ExprKind::FunctionDefinition(_) => "Function Definition".into(),
        ExprKind::TypeAlias(_) => "Type Alias".into(),
        ExprKind::ClassDefinition(_) => "Host Class Definition".into(),
        ExprKind::DefineDefinition(_) => "'define' expression".into(),
        ExprKind::NodeDefinition(_) => "Node Definition".into(),
        ExprKind::Resource(_) => "Resource Statement".into(),
        ExprKind::ResourceDefaults(_) => "Resource Defaults Expression".into(),
        ExprKind::ResourceOverride(_) => "Resource Override".into(),
        ExprKind::Collector(collector) => if collector.exported {
            "Exported Query"
        } else {
            "Virtual Query"
        }
        .into(),
        ExprKind::Relationship { op, .. } => format!(
            "'{}' expression",
            match op {
                RelationshipOp::Before => "->",
                RelationshipOp::Notify => "~>",
                RelationshipOp::Require => "<-",
                RelationshipOp::Subscribe => "<~",
            }
        ),
        ExprKind::EppTemplate(_) => "Epp Template".into(),
        ExprKind::RenderText(_) => "Epp Text".into(),
        ExprKind::RenderExpr(_) => "Epp Interpolated Expression".into(),
    }
}

/// "a Literal Integer", "an 'if' statement" (the article skips a leading quote).
pub fn a_an(text: &str) -> String {
    format!("{} {text}", article(text))
}

/// "A Literal Integer", "An 'if' statement".
pub fn a_an_uc(text: &str) -> String {
    let article = article(text);
    let mut capitalized = article[..1].to_ascii_uppercase();
    capitalized.push_str(&article[1..]);
    format!("{capitalized} {text}")
}

fn article(text: &str) -> &'static str {
    let mut chars = text.chars();
    let mut first = chars.next();
    if matches!(first, Some('\'' | '"')) {
        first = chars.next();
    }
    match first.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    }
}

/// True when evaluating `expr` is known to change nothing (Puppet's "idem").
pub fn idem(expr: &Expr) -> bool {
    match &expr.kind {
        kind if kind.is_literal() => true,
        ExprKind::Interpolated(_)
        | ExprKind::Heredoc(_)
        | ExprKind::Regex(_)
        | ExprKind::TypeRef(_)
        | ExprKind::Variable(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::Access(_)
        | ExprKind::Unary { .. }
        | ExprKind::Selector(_) => true,
        ExprKind::Binary { op, .. } => !matches!(
            op,
            crate::syntax::ast::BinaryOp::Match | crate::syntax::ast::BinaryOp::NotMatch
        ),
        ExprKind::Paren(inner) => idem(inner),
        ExprKind::Block(statements) => statements.iter().all(idem),
        kind @ (ExprKind::If { .. } | ExprKind::Unless { .. } | ExprKind::Case(_)) => {
            kind.all_branches(&mut idem)
        }
        _ => false,
    }
}
