//! Definitions made before evaluation starts, like Puppet: functions, type aliases, classes,
//! defined types and nodes are known wherever they appear in the program.

use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use super::flow::{error, EvalResult};
use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::types::TypeAlias;

impl Evaluator<'_> {
    /// Register every definition of the program, then resolve the type aliases.
    pub(crate) fn define_all(&mut self, program: &Program) -> EvalResult<()> {
        let mut aliases: Vec<(TypeAlias, &Expr)> = Vec::new();
        self.collect_definitions(&program.body, &mut aliases)?;
        for (alias, type_expr) in &aliases {
            let ty = self.eval_type_expr(type_expr)?;
            self.aliases.define(alias, ty);
        }
        for (alias, type_expr) in &aliases {
            if let Err(e) = self.aliases.check(alias) {
                return Err(error("BAD_TYPE_ALIAS", e.full_message(), type_expr.span));
            }
        }
        Ok(())
    }

    fn collect_definitions<'p>(
        &mut self,
        body: &'p [Expr],
        aliases: &mut Vec<(TypeAlias, &'p Expr)>,
    ) -> EvalResult<()> {
        for expr in body {
            match &expr.kind {
                ExprKind::FunctionDefinition(definition) => {
                    let name = definition.name.name.clone();
                    if self.functions.contains_key(&name) {
                        let at = self.line_index().line_col(self.source, expr.span.start);
                        return Err(error(
                            "REDEFINE",
                            format!(
                                "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/function/{name}'. Originally set at string:?line={}&pos={}.",
                                at.line, at.column
                            ),
                            expr.span,
                        ));
                    }
                    let names = self.param_names(&definition.params);
                    let function = super::evaluator::UserFunction {
                        definition: (**definition).clone(),
                        names,
                    };
                    self.functions.insert(name, Rc::new(function));
                }
                ExprKind::TypeAlias { name, type_expr } => {
                    let alias = self
                        .aliases
                        .declare(&name.name)
                        .map_err(|e| error("BAD_TYPE_ALIAS", e.full_message(), expr.span))?;
                    aliases.push((alias, type_expr));
                }
                ExprKind::ClassDefinition(definition) => {
                    let index = self.line_index();
                    let source = self.source;
                    self.catalog.define_class(definition, expr.span, |offset| {
                        index.line_col(source, offset).line
                    })?;
                    // Nested classes and defines (the parser qualifies their names).
                    if let ExprKind::Block(inner) = &definition.body.kind {
                        self.collect_definitions(inner, aliases)?;
                    }
                }
                ExprKind::DefineDefinition(definition) => {
                    self.catalog.define_type(definition, expr.span)?;
                }
                ExprKind::NodeDefinition(definition) => {
                    self.catalog.define_node(definition);
                }
                _ => {}
            }
        }
        Ok(())
    }
}
