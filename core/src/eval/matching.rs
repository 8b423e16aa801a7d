//! Regex matches inside an evaluation: the one place the evaluator runs a pattern, taking its
//! matcher steps from the evaluation's step budget (`regex::STEPS_PER_EVAL_STEP` of them per
//! step), so a catastrophic pattern ends with the ordinary step-limit diagnostic.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::host::{error, EvalResult};
use crate::regex::{Captures, Stop, STEPS_PER_EVAL_STEP};
use crate::span::Span;
use crate::value::Regexp;

impl Evaluator<'_> {
    /// The first match of `regexp` in `text` at or after byte `from`.
    pub(crate) fn regex_search(
        &mut self,
        regexp: &Regexp,
        text: &str,
        from: usize,
        span: Span,
    ) -> EvalResult<Option<Captures>> {
        let left = self
            .options
            .limits
            .max_steps
            .saturating_sub(self.budget.steps);
        let granted = left
            .saturating_mul(STEPS_PER_EVAL_STEP)
            .saturating_add(STEPS_PER_EVAL_STEP - 1 - self.budget.regex_carry);
        let mut budget = granted;
        let result = regexp.search(text, from, &mut budget);
        let used = self.budget.regex_carry + (granted - budget);
        self.budget.regex_carry = used % STEPS_PER_EVAL_STEP;
        match result {
            Ok(found) => {
                self.step(used / STEPS_PER_EVAL_STEP, span)?;
                Ok(found)
            }
            Err(Stop::Steps) => {
                self.step(left.saturating_add(1), span)?;
                Ok(None)
            }
            Err(Stop::Memory) => Err(error(
                "REGEX_LIMIT",
                alloc::format!(
                    "matching {} needs more backtracking memory than the engine allows",
                    regexp.with_delimiters()
                ),
                span,
            )),
        }
    }

    /// Match `text` against `regexp`; on success the captures become `$0..$n`.
    pub(crate) fn regex_match(
        &mut self,
        regexp: &Regexp,
        text: &str,
        span: Span,
    ) -> EvalResult<bool> {
        match self.regex_search(regexp, text, 0, span)? {
            Some(captures) => {
                let groups: Vec<Option<Rc<str>>> = (0..captures.len())
                    .map(|i| captures.get(i).map(|(s, e)| Rc::from(&text[s..e])))
                    .collect();
                self.scopes.current_match = Some(groups.into());
                Ok(true)
            }
            None => Ok(false),
        }
    }
}
