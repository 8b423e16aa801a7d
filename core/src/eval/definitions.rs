//! Definitions made before evaluation starts, like Puppet: functions, type aliases, classes,
//! defined types and nodes are known wherever they appear in the program.

use alloc::format;
use alloc::rc::Rc;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::host::{error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::types::TypeAlias;

impl Evaluator<'_> {
    /// Register every definition of the program, then resolve the type aliases.
    pub(crate) fn define_all(&mut self, program: &Program) -> EvalResult<()> {
        let mut aliases: Vec<(TypeAlias, &Expr, Span)> = Vec::new();
        self.collect_definitions(&program.body, &mut aliases)?;
        // An alias body may autoload other aliases, which may refer back to this one: their
        // checks wait until the outermost definitions are done.
        self.known.alias_nesting += 1;
        let mut defined = Ok(());
        for (alias, type_expr, _) in &aliases {
            match self.eval_alias_body(type_expr) {
                Ok(ty) => self.known.aliases.define(alias, ty),
                Err(e) => {
                    defined = Err(e);
                    break;
                }
            }
        }
        self.known.alias_nesting -= 1;
        defined?;
        if self.known.alias_nesting > 0 {
            self.known
                .deferred_aliases
                .extend(aliases.iter().map(|(alias, _, _)| alias.clone()));
            return Ok(());
        }
        // An alias only of aliases is an error where it is used, as in Puppet.
        let failed: Vec<bool> = aliases
            .iter()
            .map(|(alias, _, _)| self.known.aliases.check(alias).is_err())
            .collect();
        if failed.contains(&true) {
            super::alias_cycles::mark_unresolved(&mut self.known.aliases, &aliases, &failed);
        }
        // Aliases of other files (autoloaded) are named themselves when they cannot resolve.
        let mut failing: Vec<TypeAlias> = aliases
            .iter()
            .zip(&failed)
            .filter(|(_, failed)| **failed)
            .map(|((alias, _, _), _)| alias.clone())
            .collect();
        for alias in core::mem::take(&mut self.known.deferred_aliases) {
            if self.known.aliases.check(&alias).is_err() {
                failing.push(alias);
            }
        }
        for alias in failing {
            if self.known.aliases.unresolved(&alias).is_none() {
                let name = alias.name().into();
                self.known.aliases.mark_unresolved(&alias, name);
            }
        }
        Ok(())
    }

    fn collect_definitions<'p>(
        &mut self,
        body: &'p [Expr],
        aliases: &mut Vec<(TypeAlias, &'p Expr, Span)>,
    ) -> EvalResult<()> {
        for expr in body {
            match &expr.kind {
                ExprKind::FunctionDefinition(definition) => {
                    let name = definition.name.name.clone();
                    if self.known.functions.contains_key(&name) {
                        // Puppet names where the first definition was made.
                        let first = body.iter().find(|e| matches!(&e.kind, ExprKind::FunctionDefinition(d) if d.name.name == name));
                        let start = first.unwrap_or(expr).span.start;
                        return Err(error(
                            "REDEFINE",
                            format!(
                                "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/function/{name}'. Originally set at {}.",
                                self.sources.origin(start)
                            ),
                            expr.span,
                        ));
                    }
                    let params = self.param_list(&definition.params);
                    let function = super::evaluator::UserFunction {
                        definition: Arc::clone(definition),
                        params,
                    };
                    self.known.functions.insert(name, Rc::new(function));
                }
                ExprKind::TypeAlias(type_alias) => {
                    let (name, type_expr) = (&type_alias.name, &type_alias.type_expr);
                    let alias = self.known.aliases.declare(&name.name).map_err(|e| {
                        let mut message = e.full_message();
                        let first = aliases
                            .iter()
                            .find(|(a, _, _)| a.name().eq_ignore_ascii_case(&name.name));
                        if let Some((_, _, first)) = first {
                            message += &format!(
                                " Originally set at {}.",
                                self.sources.origin(first.start)
                            );
                        }
                        error("REDEFINE", message, expr.span)
                    })?;
                    aliases.push((alias, type_expr, name.span));
                }
                ExprKind::ClassDefinition(definition) => {
                    self.catalog
                        .define_class(definition, expr.span, &self.sources)?;
                    // Nested classes and defines (the parser qualifies their names).
                    if let ExprKind::Block(inner) = &definition.body.kind {
                        self.collect_definitions(inner, aliases)?;
                    }
                }
                ExprKind::DefineDefinition(definition) => {
                    self.catalog
                        .define_type(definition, expr.span, &self.sources)?;
                }
                ExprKind::NodeDefinition(definition) => {
                    self.catalog
                        .define_node(definition, expr.span, &self.sources)?;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// A definition (class, defined type, node, function, type alias): its value is no result.
pub(crate) fn is_definition(expr: &Expr) -> bool {
    matches!(
        expr.kind,
        ExprKind::FunctionDefinition(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::ClassDefinition(_)
            | ExprKind::DefineDefinition(_)
            | ExprKind::NodeDefinition(_)
    )
}
