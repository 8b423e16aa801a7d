//! Variables as expressions read them: local and top scope, match variables (`$1`), and class
//! variables (`$apache::port`) of classes evaluated or being evaluated.

use super::evaluator::Evaluator;
use crate::host::numeric_variable;
use crate::host::EvalResult;
use crate::span::Span;
use crate::value::Value;

impl Evaluator<'_> {
    pub(super) fn eval_variable(&mut self, name: &str, span: Span) -> EvalResult<Value> {
        if let Some(index) = numeric_variable(name) {
            return Ok(self.scopes.match_variable(index));
        }
        if let Some(value) = self.scopes.lookup(name) {
            return Ok(value.clone());
        }
        if crate::qualified::is_qualified(name) {
            if let Some(value) = self.live_class_variable(name) {
                return Ok(value);
            }
        }
        if let Some(value) = self.catalog.class_variable(name) {
            return Ok(value);
        }
        Err(self.unknown_variable(name, span))
    }

    /// `$class::var` of a class that is being evaluated now (its variables so far).
    pub(crate) fn live_class_variable(&self, name: &str) -> Option<Value> {
        let (class, var) = crate::qualified::split_last(crate::qualified::trim_leading(name))?;
        let (_, frame) = self
            .catalog
            .live_classes
            .iter()
            .rev()
            .find(|(live, _)| live == class)?;
        self.scopes.lookup_from(*frame, var)
    }
}
