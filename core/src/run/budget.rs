//! The engine's own limits as a run spends them: the step budget, call and nesting depth, the
//! memory built, and cancellation (the limits themselves are `crate::host::Limits`).

use alloc::format;
use alloc::sync::Arc;
use core::sync::atomic::{AtomicBool, Ordering};

use crate::host::{error, EvalResult, Limits, Unwind};
use crate::span::Span;

/// Whether a diagnostic code is one of the engine's own limits (not an error of the program).
pub(crate) fn is_limit(code: &str) -> bool {
    matches!(
        code,
        "STEP_LIMIT"
            | "CANCELLED"
            | "SIZE_LIMIT"
            | "DEPTH_LIMIT"
            | "CALL_DEPTH_LIMIT"
            | "ENV_LIMIT"
            | "MEMORY_LIMIT"
    )
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
    /// Bytes of values built so far (see [`Limits::max_memory`]).
    pub memory: u64,
    /// Regex matcher steps not yet charged (fewer than one evaluation step's worth).
    pub regex_carry: u64,
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

    /// Count `bytes` of values built against the memory budget; fails once it is spent (and on
    /// every charge after that, so the evaluation cannot go on building).
    #[inline]
    pub fn charge_memory(&mut self, bytes: usize, limits: &Limits, span: Span) -> EvalResult<()> {
        self.memory = self.memory.saturating_add(bytes as u64);
        if self.memory > limits.max_memory as u64 {
            return Err(memory_exhausted(limits, span));
        }
        Ok(())
    }

    /// Charges the matcher steps taken by matches with no budget of their own since the last
    /// settling (`regex::meter`), and grants them what is left of the budget until the next.
    pub fn settle_regex_meter(&mut self, limits: &Limits) {
        let per_step = crate::regex::STEPS_PER_EVAL_STEP;
        let used = crate::regex::meter::take_used().saturating_add(self.regex_carry);
        self.steps = self.steps.saturating_add(used / per_step);
        self.regex_carry = used % per_step;
        let left = limits.max_steps.saturating_sub(self.steps);
        crate::regex::meter::grant(left.saturating_mul(per_step));
    }

    /// The budget spent, or a cancellation check due (every 1024 steps).
    #[cold]
    #[inline(never)]
    fn step_checks(
        &mut self,
        n: u64,
        limits: &Limits,
        cancel: Option<&CancelFlag>,
        span: Span,
    ) -> EvalResult<()> {
        self.settle_regex_meter(limits);
        if self.steps > limits.max_steps {
            return Err(error(
                "STEP_LIMIT",
                format!("evaluation stopped after {} steps", limits.max_steps),
                span,
            ));
        }
        // A sign of life for a client's watchdog (`crate::pulse`), every 65,536 steps.
        if self.steps & (crate::pulse::EVAL_STEPS - 1) < n {
            crate::pulse::beat();
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

/// The diagnostic of a spent memory budget.
#[cold]
#[inline(never)]
fn memory_exhausted(limits: &Limits, span: Span) -> Unwind {
    error(
        "MEMORY_LIMIT",
        format!(
            "evaluation stopped after building more than {} bytes of values",
            limits.max_memory
        ),
        span,
    )
}
