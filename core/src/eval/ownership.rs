//! Moving a lambda's last reference to a value instead of copying it: in
//! `reduce({}) |$memo, $x| { $memo + { $x => 1 } }` the hash in `$memo` is read once, as the left
//! operand of the body's final `+`, so the evaluator may take it out of the lambda's scope and
//! `+` then extends it in place instead of copying all of it on every call (quadratic otherwise).
//!
//! The analysis is conservative: the body's last expression is `$p + right` or `$p << right` where `$p` is a parameter, and `right`
//! (evaluated after the move) neither reads `$p` nor holds anything that could read variables by
//! name or leave the lambda early: no `getvar`, `defined`, templates, `break`, `next`, functions
//! written in Puppet, definitions or catalog statements.

use crate::syntax::ast::{BinaryOp, Expr, ExprKind, Lambda, StringPart};

use super::evaluator::Evaluator;
use crate::value::Value;

/// The body's final expression, through blocks and parentheses. What runs before it may read the
/// parameter freely: the value is only moved when the final expression starts.
fn tail(expr: &Expr) -> Option<&Expr> {
    match &expr.kind {
        ExprKind::Block(body) => tail(body.last()?),
        ExprKind::Paren(inner) => tail(inner),
        _ => Some(expr),
    }
}

/// Whether `expr` neither reads `$name` nor does anything that could reach it by other means.
fn harmless(expr: &Expr, name: &str, user_function: &dyn Fn(&str) -> bool) -> bool {
    let ok = |e: &Expr| harmless(e, name, user_function);
    match &expr.kind {
        kind if kind.is_literal() => true,
        ExprKind::TypeRef(_) => true,
        ExprKind::Variable(var) => var != name,
        ExprKind::Interpolated(parts) => parts.iter().all(|part| match part {
            StringPart::Text { .. } => true,
            StringPart::Expr(e) => ok(e),
        }),
        ExprKind::Heredoc(heredoc) => ok(&heredoc.text),
        ExprKind::Array(items) | ExprKind::Block(items) => items.iter().all(ok),
        ExprKind::Hash(entries) => entries.iter().all(|e| ok(&e.key) && ok(&e.value)),
        ExprKind::Unary { operand, .. } => ok(operand),
        ExprKind::Binary { left, right, .. } => ok(left) && ok(right),
        ExprKind::Access(access) => ok(&access.target) && access.keys.iter().all(ok),
        ExprKind::Paren(inner) => ok(inner),
        kind @ (ExprKind::If { .. } | ExprKind::Unless { .. } | ExprKind::Case(_)) => {
            kind.all_branches(&mut |e| ok(e))
        }
        ExprKind::Selector(selector) => {
            ok(&selector.subject)
                && selector
                    .entries
                    .iter()
                    .all(|e| ok(&e.matcher) && ok(&e.value))
        }
        ExprKind::Call(call) => {
            let callee = call.name.name.as_str();
            !crate::functions::reaches_scope(callee)
                && !user_function(callee)
                && call.receiver.as_deref().is_none_or(ok)
                && call.functor.as_deref().is_none_or(ok)
                && call.args.iter().all(ok)
                && call.lambda.as_ref().is_none_or(|l| {
                    ok(&l.body)
                        && l.params.iter().all(|p| {
                            p.type_expr.as_ref().is_none_or(ok) && p.default.as_ref().is_none_or(ok)
                        })
                })
        }
        _ => false,
    }
}

impl Evaluator<'_> {
    /// The address of the variable expression of `lambda` whose value may be moved, if any (made
    /// on each call: it only walks the final expression's right operand, and an address kept
    /// across calls could name another program's node once this one is freed).
    pub(crate) fn movable_tail(&self, lambda: &Lambda) -> Option<usize> {
        let ExprKind::Binary {
            op: BinaryOp::Add | BinaryOp::Shl,
            left,
            right,
            ..
        } = &tail(&lambda.body)?.kind
        else {
            return None;
        };
        let ExprKind::Variable(name) = &left.kind else {
            return None;
        };
        let is_param = lambda
            .params
            .iter()
            .any(|p| p.name.name == *name && !p.captures_rest);
        let user_function = |f: &str| self.known.functions.contains_key(f);
        let safe = is_param && harmless(right, name, &user_function);
        safe.then_some(&**left as *const Expr as usize)
    }

    /// The value of `left` in `left + right`: moved out of the scope when this is the current
    /// lambda's movable tail, otherwise evaluated as usual.
    pub(crate) fn eval_left_operand(&mut self, left: &Expr) -> crate::host::EvalResult<Value> {
        if self.scratch.move_candidate == Some(left as *const Expr as usize) {
            if let ExprKind::Variable(name) = &left.kind {
                if let Some(value) = self.scopes.take_local(name) {
                    self.step(1, left.span)?;
                    return Ok(value);
                }
            }
        }
        self.eval(left)
    }
}
