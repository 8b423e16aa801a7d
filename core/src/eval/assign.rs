//! Assignment: `$x = v`, chained, and multi-assignment from arrays and hashes; variables are
//! assigned once per scope.

use alloc::format;
use alloc::rc::Rc;

use super::builtin_vars::{BUILT_IN, RESERVED};
use super::evaluator::{numeric_variable, Evaluator};
use super::scope::Assign;
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{AssignOp, Expr, ExprKind};
use crate::value::Value;

impl Evaluator<'_> {
    pub(crate) fn eval_assignment(
        &mut self,
        op: AssignOp,
        target: &Expr,
        value: &Expr,
        op_span: Span,
    ) -> EvalResult<Value> {
        if op != AssignOp::Assign {
            let symbol = if op == AssignOp::AddAssign {
                "+="
            } else {
                "-="
            };
            return Err(error(
                "UNSUPPORTED_OPERATOR",
                format!("The operator '{symbol}' is no longer supported. See http://links.puppet.com/remove-plus-equals"),
                op_span,
            ));
        }
        let value_span = value.span;
        let value = self.eval(value)?;
        if let (ExprKind::Array(targets), Value::Type(ty)) = (&target.kind, &value) {
            if let Some(class) = crate::catalog::class_of(ty) {
                return self.assign_from_class(targets, &class, value.clone(), value_span);
            }
        }
        self.assign_to(target, value.clone(), op_span)?;
        Ok(value)
    }

    /// Bind `value` to a variable, or spread it over an array of variables.
    fn assign_to(&mut self, target: &Expr, value: Value, op_span: Span) -> EvalResult<()> {
        match &target.kind {
            ExprKind::Variable(name) => self.assign_variable(name, value, target.span, op_span),
            ExprKind::Array(targets) => match value {
                Value::Array(values) => {
                    if values.len() != targets.len() {
                        return Err(mismatched(targets.len(), values.len(), op_span));
                    }
                    for (t, v) in targets.iter().zip(values.iter()) {
                        self.assign_to(t, v.clone(), op_span)?;
                    }
                    Ok(())
                }
                Value::Hash(hash) => {
                    for t in targets {
                        let ExprKind::Variable(name) = &t.kind else {
                            return Err(not_assignable(t));
                        };
                        let key = Value::string(name);
                        let Some(v) = hash.get(&key) else {
                            return Err(error(
                                "MISSING_HASH_KEY",
                                format!("No value for required key '{name}' in assignment to variables from hash"),
                                op_span,
                            ));
                        };
                        let v = v.clone();
                        self.assign_variable(name, v, t.span, op_span)?;
                    }
                    Ok(())
                }
                _ => Err(mismatched(targets.len(), 1, op_span)),
            },
            _ => Err(not_assignable(target)),
        }
    }

    pub(crate) fn assign_variable(
        &mut self,
        name: &str,
        value: Value,
        target_span: Span,
        op_span: Span,
    ) -> EvalResult<()> {
        if numeric_variable(name).is_some() {
            return Err(error(
                "ASSIGN_TO_NUMERIC",
                format!("Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"),
                target_span,
            ));
        }
        if crate::qualified::is_qualified(name) {
            return Err(error(
                "ASSIGN_TO_QUALIFIED",
                format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
                target_span,
            ));
        }
        if RESERVED.contains(&name) {
            // Inside a class, define or lambda Puppet names the expression that failed.
            let context = if self.scopes.is_top() {
                ""
            } else {
                "Error while evaluating a '=' expression, "
            };
            return Err(error(
                "ASSIGN_TO_RESERVED",
                format!("{context}Attempt to assign to a reserved variable name: '{name}'"),
                op_span,
            ));
        }
        match self.scopes.assign(Rc::from(name), value) {
            Assign::Done => Ok(()),
            Assign::AlreadyAssigned if self.scopes.is_top() && BUILT_IN.contains(&name) => {
                Err(error(
                    "REASSIGN_BUILT_IN",
                    format!("Cannot reassign built in (or already assigned) variable '${name}'"),
                    op_span,
                ))
            }
            Assign::AlreadyAssigned => Err(error(
                "REASSIGN",
                format!("Cannot reassign variable '${name}'"),
                op_span,
            )),
        }
    }
}

impl Evaluator<'_> {
    /// `[$a, $b] = Class['name']`: the variables of a declared class.
    fn assign_from_class(
        &mut self,
        targets: &[Expr],
        class: &str,
        value: Value,
        span: Span,
    ) -> EvalResult<Value> {
        if !self.catalog.is_class_declared(class) {
            return Err(error(
                "RESOURCE_NOT_FOUND",
                format!("Resource not found: Class['{class}']"),
                span,
            ));
        }
        for t in targets {
            let ExprKind::Variable(name) = &t.kind else {
                return Err(not_assignable(t));
            };
            let Some(v) = self.catalog.class_variable(&format!("{class}::{name}")) else {
                return Err(error(
                    "MISSING_CLASS_VARIABLE",
                    format!("No value for required variable '${class}::{name}' in assignment to variables from class reference"),
                    t.span,
                ));
            };
            self.assign_variable(name, v, t.span, span)?;
        }
        Ok(value)
    }
}

fn mismatched(expected: usize, got: usize, span: Span) -> crate::host::Unwind {
    error(
        "MISMATCHED_ASSIGNMENT",
        format!(
            "Mismatched number of assignable entries and values, expected {expected}, got {got}"
        ),
        span,
    )
}

fn not_assignable(target: &Expr) -> crate::host::Unwind {
    error(
        "NOT_ASSIGNABLE",
        "Illegal attempt to assign to this expression. Not an assignable reference",
        target.span,
    )
}
