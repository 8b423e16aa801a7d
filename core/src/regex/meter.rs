//! Matcher steps taken where no caller's budget reaches (comparing `Pattern` types with the strings
//! inside other types, `type(...)`, format maps): the evaluation running on this thread grants them
//! an allowance out of its step budget and pays for what they took (`run::budget`), so even those
//! matches end with the step-limit diagnostic instead of running unaccounted.

#[cfg(feature = "std")]
mod cell {
    use core::cell::Cell;

    std::thread_local! {
        /// (allowance, used), in matcher steps.
        static METER: Cell<(u64, u64)> = const { Cell::new((u64::MAX, 0)) };
    }

    pub fn get() -> (u64, u64) {
        METER.with(Cell::get)
    }

    pub fn set(value: (u64, u64)) {
        METER.with(|m| m.set(value));
    }
}

#[cfg(not(feature = "std"))]
mod cell {
    use core::sync::atomic::{AtomicU64, Ordering};

    // Without `std` there are no threads to tell apart.
    static ALLOWANCE: AtomicU64 = AtomicU64::new(u64::MAX);
    static USED: AtomicU64 = AtomicU64::new(0);

    pub fn get() -> (u64, u64) {
        (
            ALLOWANCE.load(Ordering::Relaxed),
            USED.load(Ordering::Relaxed),
        )
    }

    pub fn set(value: (u64, u64)) {
        ALLOWANCE.store(value.0, Ordering::Relaxed);
        USED.store(value.1, Ordering::Relaxed);
    }
}

/// The evaluation on this thread allows this many matcher steps before it next settles.
pub(crate) fn grant(allowance: u64) {
    let (_, used) = cell::get();
    cell::set((allowance, used));
}

/// No evaluation runs on this thread any more: unbudgeted matches get their default cap again.
pub(crate) fn release() {
    cell::set((u64::MAX, 0));
}

/// The matcher steps taken since the last call (the evaluation charges them).
pub(crate) fn take_used() -> u64 {
    let (allowance, used) = cell::get();
    cell::set((allowance, 0));
    used
}

/// Steps an unbudgeted match may take now: what is left of the allowance, at most `cap`.
pub(crate) fn available(cap: u64) -> u64 {
    let (allowance, used) = cell::get();
    allowance.saturating_sub(used).min(cap)
}

/// Counts steps an unbudgeted match took.
pub(crate) fn spend(steps: u64) {
    let (allowance, used) = cell::get();
    cell::set((allowance, used.saturating_add(steps)));
}
