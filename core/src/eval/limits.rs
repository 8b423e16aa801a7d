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
    /// Bytes of the strings, arrays and hashes one evaluation builds, counted as each is built
    /// (what is freed gives nothing back): bounds the memory a run can take however its values
    /// are shared, copied or thrown away (Hiera's interpolations, templates, string building).
    pub max_memory: usize,
    /// Files of an environment.
    pub max_env_files: usize,
    /// Bytes of all the files of an environment (those the page hands over, or those the CLI
    /// reads during one compile).
    pub max_env_bytes: usize,
    /// Bytes of a file's path in an environment.
    pub max_path_len: usize,
    /// Segments of a file's path in an environment (`modules/a/manifests/init.pp` has 4).
    pub max_path_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_call_depth: 1000,
            max_depth: 4000,
            max_collection_len: 1_000_000,
            max_string_len: 4 * 1024 * 1024,
            max_memory: 256 * 1024 * 1024,
            max_env_files: 20_000,
            max_env_bytes: 64 * 1024 * 1024,
            max_path_len: 1024,
            max_path_depth: 32,
        }
    }
}

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
fn memory_exhausted(limits: &Limits, span: Span) -> super::flow::Unwind {
    error(
        "MEMORY_LIMIT",
        format!(
            "evaluation stopped after building more than {} bytes of values",
            limits.max_memory
        ),
        span,
    )
}

/// Bytes an element of an array or hash a program builds counts for in the memory budget: an
/// array's element takes a value's size, a hash's entry (key, value, hash and index) about three.
pub const ELEMENT_BYTES: usize = 2 * core::mem::size_of::<Value>();

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

/// How a walk over all of a value may end besides within the budget.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walk {
    /// The walk only reads (comparing, hashing): bounded by the step budget alone.
    Reads,
    /// The walk builds something as large as the value (a type, a flattened array): also
    /// refused past the collection limit, counting shared parts each time they occur.
    Builds,
    /// The walk prints the value: its printed form must fit the string limit (which bounds
    /// the elements too), and the elements are charged as for `Reads`.
    Prints,
}

/// Charge as steps a walk over all of `value`, as comparing, hashing, printing, inferring or
/// flattening it does. A value built by sharing (`[$a, $a]` sixty times over) has far more
/// elements than the steps that built it; they are counted each time they occur, at most as
/// many as the budget has left, so this check costs no more than the steps it charges.
#[inline]
pub(crate) fn charge_walk(
    ev: &mut super::evaluator::Evaluator<'_>,
    value: &Value,
    walk: Walk,
    span: Span,
) -> EvalResult<()> {
    match value {
        Value::Array(_) | Value::Hash(_) | Value::Sensitive(_) => {
            charge_collection_walk(ev, value, walk, span)
        }
        _ => Ok(()),
    }
}

/// [`charge_walk`] of a collection (out of line: scalars, the common case, cost nothing).
#[inline(never)]
fn charge_collection_walk(
    ev: &mut super::evaluator::Evaluator<'_>,
    value: &Value,
    walk: Walk,
    span: Span,
) -> EvalResult<()> {
    let limits = &ev.options.limits;
    if walk == Walk::Prints {
        showable(value, limits, span)?;
    }
    let left = limits.max_steps.saturating_sub(ev.budget.steps);
    let affordable = left.saturating_mul(ELEMENTS_PER_STEP as u64);
    let max_len = limits.max_collection_len as u64;
    let cap = match walk {
        Walk::Reads | Walk::Prints => affordable,
        Walk::Builds => affordable.min(max_len),
    };
    // The walk recurses as deep as the value is nested, on top of the expressions being
    // evaluated: together they must stay within the nesting limit (see [`Limits::max_depth`]).
    let max_depth = limits.max_depth.saturating_sub(ev.budget.depth);
    // The elements below `value`, visited depth first without recursion, with their depth.
    let mut elements = 0u64;
    let mut pending: alloc::vec::Vec<(&Value, usize)> = alloc::vec![(value, 1)];
    while let Some((next, depth)) = pending.pop() {
        if elements > cap {
            break;
        }
        if depth > max_depth {
            return Err(too_deep(walk, limits.max_depth, span));
        }
        match next {
            Value::Array(items) => {
                elements += items.len() as u64;
                pending.extend(items.iter().map(|item| (item, depth + 1)));
            }
            Value::Hash(hash) => {
                elements += 2 * hash.len() as u64;
                for (key, item) in hash.iter() {
                    pending.push((key, depth + 1));
                    pending.push((item, depth + 1));
                }
            }
            Value::Sensitive(inner) => {
                elements += 1;
                pending.push((inner, depth + 1));
            }
            _ => {}
        }
    }
    if walk == Walk::Builds && elements > max_len {
        return Err(error(
            "SIZE_LIMIT",
            format!(
                "the value has more than {max_len} elements (shared parts count each time they occur): too large to process"
            ),
            span,
        ));
    }
    if elements > affordable {
        return ev.step(left.saturating_add(1), span);
    }
    ev.step(elements / ELEMENTS_PER_STEP as u64, span)
}

/// The diagnostic of a value too deeply nested for a walk where it is made.
#[cold]
#[inline(never)]
fn too_deep(walk: Walk, max: usize, span: Span) -> super::flow::Unwind {
    let what = match walk {
        Walk::Reads => "compare or hash",
        Walk::Builds => "process",
        Walk::Prints => "print",
    };
    error(
        "DEPTH_LIMIT",
        format!(
            "the value is nested too deeply to {what}: its nesting and the evaluation's together pass the limit of {max} levels"
        ),
        span,
    )
}

/// Charge the walk `==` (or strict key equality) makes over two values: both containers of
/// the same kind and size are compared element by element, anything else at once.
pub(crate) fn charge_compare(
    ev: &mut super::evaluator::Evaluator<'_>,
    left: &Value,
    right: &Value,
    span: Span,
) -> EvalResult<()> {
    let same_shape = match (left, right) {
        (Value::Array(a), Value::Array(b)) => a.len() == b.len(),
        (Value::Hash(a), Value::Hash(b)) => a.len() == b.len(),
        (Value::Sensitive(_), Value::Sensitive(_)) => true,
        _ => false,
    };
    if same_shape {
        charge_walk(ev, left, Walk::Reads, span)?;
    }
    Ok(())
}

/// `value =~ ty` within the step budget: the values visited are charged as steps, and a value
/// too deep or too large to check is a diagnostic instead of a silent `false`.
pub(crate) fn checked_instance_of(
    ev: &mut super::evaluator::Evaluator<'_>,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<bool> {
    // One visit costs no step (visits / ELEMENTS_PER_STEP).
    if let Some(result) = crate::types::instance_of_flat(ty, value) {
        return Ok(result);
    }
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

/// Why `value` does not match `ty` (`None` when it does), for parameter, return and
/// `assert_type` checks: the match is charged as steps, and describing a mismatch (which infers
/// the value's type) is refused for a value too large to infer.
#[inline]
pub(crate) fn checked_mismatch(
    ev: &mut super::evaluator::Evaluator<'_>,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<Option<alloc::string::String>> {
    // One visit costs no step (visits / ELEMENTS_PER_STEP).
    if crate::types::instance_of_flat(ty, value) == Some(true) {
        return Ok(None);
    }
    checked_mismatch_walk(ev, ty, value, span)
}

/// [`checked_mismatch`] with the walk that counts the values visited.
#[inline(never)]
fn checked_mismatch_walk(
    ev: &mut super::evaluator::Evaluator<'_>,
    ty: &crate::types::Type,
    value: &Value,
    span: Span,
) -> EvalResult<Option<alloc::string::String>> {
    if checked_instance_of(ev, ty, value, span)? {
        return Ok(None);
    }
    charge_walk(ev, value, Walk::Builds, span)?;
    let actual = crate::types::infer(value);
    Ok(Some(crate::types::describe_type_mismatch(ty, &actual)))
}
