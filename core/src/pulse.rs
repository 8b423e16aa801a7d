//! A sign of life during long work. A client may install one function that the engine calls every
//! [`EVAL_STEPS`] evaluation steps and every [`MATCHER_STEPS`] regex matcher steps, so a watchdog
//! can tell a long run that is still working (it ends at its step limit with a diagnostic) from
//! one that hangs. The page's worker forwards it to its watchdog; nothing else installs one.

use alloc::boxed::Box;
use once_cell::race::OnceBox;

/// Evaluation steps between two calls of the installed function (a few milliseconds of work).
pub const EVAL_STEPS: u64 = 1 << 16;

/// Regex matcher steps between two calls (a matcher step is about an eighth of an evaluation
/// step's work).
pub const MATCHER_STEPS: u64 = 1 << 19;

static HOOK: OnceBox<fn()> = OnceBox::new();

/// Installs `hook` for the rest of the process. Returns false when one was installed already (the
/// first stays).
pub fn install(hook: fn()) -> bool {
    HOOK.set(Box::new(hook)).is_ok()
}

/// Calls the installed function, if any.
#[cold]
#[inline(never)]
pub(crate) fn beat() {
    if let Some(hook) = HOOK.get() {
        hook();
    }
}
