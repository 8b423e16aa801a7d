//! The engine's own limits: a step budget, call and nesting depth, sizes, and cancellation.

use alloc::format;
use alloc::sync::Arc;
use core::sync::atomic::{AtomicBool, Ordering};

use super::flow::{error, EvalResult};
use crate::span::Span;
use crate::value::{TooLarge, Value};

/// Limits on one evaluation, with defaults suited to a browser tab. Reaching one is an ordinary
/// diagnostic at the position where evaluation stood.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Evaluation steps (expressions evaluated, iterations inside functions, elements matched).
    pub max_steps: u64,
    /// Calls of user functions and lambdas nested in each other.
    pub max_call_depth: usize,
    /// Expressions nested in each other during evaluation (bounds the native stack).
    pub max_depth: usize,
    /// Elements of an array or hash a program builds.
    pub max_collection_len: usize,
    /// Bytes of a string a program builds.
    pub max_string_len: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_call_depth: 1000,
            max_depth: 4000,
            max_collection_len: 1_000_000,
            max_string_len: 4 * 1024 * 1024,
        }
    }
}

/// A flag another thread (a Ctrl+C handler, a UI) sets to stop a running evaluation.
#[derive(Debug, Clone, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    pub fn new() -> Self {
        CancelFlag::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The running counters checked against [`Limits`].
#[derive(Debug, Default)]
pub(crate) struct Budget {
    pub steps: u64,
    pub depth: usize,
    pub call_depth: usize,
}

impl Budget {
    /// Count `n` steps; fails when the budget is spent or the evaluation was cancelled.
    #[inline]
    pub fn step(
        &mut self,
        n: u64,
        limits: &Limits,
        cancel: Option<&CancelFlag>,
        span: Span,
    ) -> EvalResult<()> {
        self.steps += n;
        if self.steps <= limits.max_steps && self.steps & 1023 >= n {
            return Ok(());
        }
        self.step_checks(n, limits, cancel, span)
    }

    /// The budget spent, or a cancellation check due (every 1024 steps).
    #[cold]
    #[inline(never)]
    fn step_checks(
        &self,
        n: u64,
        limits: &Limits,
        cancel: Option<&CancelFlag>,
        span: Span,
    ) -> EvalResult<()> {
        if self.steps > limits.max_steps {
            return Err(error(
                "STEP_LIMIT",
                format!("evaluation stopped after {} steps", limits.max_steps),
                span,
            ));
        }
        // Checking an atomic every step would cost; every 1024 steps is prompt enough.
        if self.steps & 1023 < n {
            if let Some(flag) = cancel {
                if flag.is_cancelled() {
                    return Err(error("CANCELLED", "evaluation was cancelled", span));
                }
            }
        }
        Ok(())
    }
}

/// Elements of a collection a program builds that cost one step: copying values is work too, and
/// without a charge `$a + [$x]` in a loop would copy without bound within a few steps.
pub const ELEMENTS_PER_STEP: usize = 8;

/// Bytes of a string a program builds that cost one step (copying bytes is cheaper than values).
pub const BYTES_PER_STEP: usize = 64;

/// The steps that building `len` units costs, at `per_step` units a step.
#[inline]
pub(crate) fn size_steps(len: usize, per_step: usize) -> u64 {
    (len / per_step) as u64
}

/// Fail when a collection or string a program builds would exceed the limits.
pub(crate) fn check_len(len: usize, max: usize, what: &str, span: Span) -> EvalResult<()> {
    if len > max {
        return Err(error(
            "SIZE_LIMIT",
            format!("{what} would exceed the limit of {max}"),
            span,
        ));
    }
    Ok(())
}

/// Fail when a result is too large or too deeply nested to print or describe within the limits
/// (a value built by sharing can be far larger than the steps that built it).
pub(crate) fn showable(value: &Value, limits: &Limits, span: Span) -> EvalResult<()> {
    match crate::value::measure(value, limits.max_string_len, limits.max_depth) {
        Ok(()) => Ok(()),
        Err(TooLarge::Bytes(max)) => Err(error(
            "SIZE_LIMIT",
            format!("the result is too large to show (its printed form would exceed {max} bytes)"),
            span,
        )),
        Err(TooLarge::Depth(max)) => Err(error(
            "DEPTH_LIMIT",
            format!("the result is nested more than {max} levels deep to show"),
            span,
        )),
    }
}

/// `value =~ ty` within the step budget: the values visited are charged as steps, and a value
/// too deep or too large to check is a diagnostic instead of a silent `false`.
pub(crate) fn checked_instance_of(
    ev: &mut super::evaluator::Evaluator<'_>,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<bool> {
    let left = ev.options.limits.max_steps.saturating_sub(ev.budget.steps);
    match crate::types::instance_of_checked(ty, value, left.max(1)) {
        Ok((result, visits)) => {
            ev.step(visits / ELEMENTS_PER_STEP as u64, span)?;
            Ok(result)
        }
        Err(crate::types::MatchLimit::Depth(max)) => Err(error(
            "DEPTH_LIMIT",
            format!("the value is nested more than {max} levels deep to match against a type"),
            span,
        )),
        Err(crate::types::MatchLimit::Visits(_)) => {
            ev.step(left.saturating_add(1), span)?;
            Ok(false)
        }
    }
}
