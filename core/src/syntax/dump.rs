//! A readable dump of the AST: an indented S-expression where every node shows its `start..end` bytes.

use alloc::format;
use alloc::string::String;

use super::ast::{Expr, ExprKind, Program};

/// The dump of a whole program, one node per line, children indented by two spaces.
pub fn dump_ast(program: &Program) -> String {
    let mut out = format!("(program {}..{}\n", program.span.start, program.span.end);
    for expr in &program.body {
        dump_expr(expr, 1, &mut out);
    }
    out.push_str(")\n");
    out
}

fn dump_expr(expr: &Expr, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    let range = format!("{}..{}", expr.span.start, expr.span.end);
    match &expr.kind {
        ExprKind::Integer(n) => out.push_str(&format!("{indent}(integer {range} {n})\n")),
        ExprKind::Paren(inner) => {
            out.push_str(&format!("{indent}(paren {range}\n"));
            dump_expr(inner, depth + 1, out);
            out.push_str(&format!("{indent})\n"));
        }
        ExprKind::Unary { op, operand } => {
            out.push_str(&format!("{indent}(unary {range} {op:?}\n"));
            dump_expr(operand, depth + 1, out);
            out.push_str(&format!("{indent})\n"));
        }
        ExprKind::Binary {
            op, left, right, ..
        } => {
            out.push_str(&format!("{indent}(binary {range} '{}'\n", op.symbol()));
            dump_expr(left, depth + 1, out);
            dump_expr(right, depth + 1, out);
            out.push_str(&format!("{indent})\n"));
        }
        other => out.push_str(&format!("{indent}({other:?} {range})\n")),
    }
}
