//! Type expressions evaluated once: `Integer`, `Tuple[Integer[1, default], String]` and the like,
//! written with type names and literals only, give the same type every time, so the evaluator
//! keeps the value per expression instead of resolving names and parameterizing on every use
//! (a typed parameter of a function called 20,000 times, a type matched in a loop).
//!
//! Entries are found by the expression's address and checked against a copy of the expression,
//! so an address reused by another program's node is never mistaken for the cached one. The
//! check is skipped while no syntax tree has been freed since the entry was made (the program
//! and its definitions live as long as the evaluator; only trees parsed during evaluation, of
//! `inline_epp` and type strings, are freed early, and those count `Evaluator::freed_trees`).
//! A hit still counts the steps the evaluation took, so the step budget runs out exactly as before.

use alloc::rc::Rc;

use foldhash::fast::FixedState;
use indexmap::IndexMap;

use super::evaluator::Evaluator;
use super::flow::EvalResult;
use crate::syntax::ast::{Expr, ExprKind, UnaryOp};
use crate::value::Value;

/// At most this many type expressions are kept (a program rarely has more).
const CAPACITY: usize = 512;

pub(crate) struct CachedType {
    expr: Rc<Expr>,
    lenient: bool,
    value: Value,
    steps: u64,
    /// `Evaluator::freed_trees` when the entry was made or last checked against `expr`.
    freed_trees: u64,
}

pub(crate) type TypeCache = IndexMap<usize, CachedType, FixedState>;

/// Whether `expr` is made of type names and literals only (its value never changes).
fn constant_type(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::TypeRef(_) => true,
        ExprKind::Access { target, keys } => {
            matches!(target.kind, ExprKind::TypeRef(_)) && keys.iter().all(constant_part)
        }
        _ => false,
    }
}

fn constant_part(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Boolean(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Regex(_)
        | ExprKind::Name(_) => true,
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => constant_part(operand),
        ExprKind::Array(items) => items.iter().all(constant_part),
        ExprKind::Hash(entries) => entries
            .iter()
            .all(|e| constant_part(&e.key) && constant_part(&e.value)),
        _ => constant_type(expr),
    }
}

impl Evaluator<'_> {
    /// Evaluate a type name or a parameterized type through the cache; `eval` does the work.
    pub(crate) fn eval_type_cached(
        &mut self,
        expr: &Expr,
        eval: impl FnOnce(&mut Self) -> EvalResult<Value>,
    ) -> EvalResult<Value> {
        let key = expr as *const Expr as usize;
        let freed_trees = self.freed_trees;
        if let Some(hit) = self.type_cache.get_mut(&key) {
            let fits = self.budget.steps + hit.steps <= self.options.limits.max_steps;
            let same = hit.freed_trees == freed_trees || *hit.expr == *expr;
            if fits && hit.lenient == self.lenient_type_refs && same {
                hit.freed_trees = freed_trees;
                let (value, steps) = (hit.value.clone(), hit.steps);
                self.step(steps, expr.span)?;
                return Ok(value);
            }
        }
        if !constant_type(expr) {
            return eval(self);
        }
        let before = self.budget.steps;
        let value = eval(self)?;
        if self.type_cache.len() >= CAPACITY {
            self.type_cache.clear();
        }
        let entry = CachedType {
            expr: Rc::new(expr.clone()),
            lenient: self.lenient_type_refs,
            value: value.clone(),
            steps: self.budget.steps - before,
            freed_trees,
        };
        self.type_cache.insert(key, entry);
        Ok(value)
    }
}
