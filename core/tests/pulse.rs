//! The sign of life a client's watchdog hears during long work (`puppet_core::pulse`): a run that
//! spends its step budget calls the installed function every 65,536 evaluation steps, and one
//! stuck in a catastrophic regex every 524,288 matcher steps, so the page can tell either from a
//! hang; a short run calls it not at all. (Its own test binary: the function is installed once
//! per process.)

use std::sync::atomic::{AtomicU64, Ordering};

use puppet_core::{evaluate, pulse, EvalOptions, Limits};

static BEATS: AtomicU64 = AtomicU64::new(0);

fn count_beat() {
    BEATS.fetch_add(1, Ordering::Relaxed);
}

/// Evaluates `source` with a budget of `max_steps`: the error's message and the beats it made.
fn run(source: &str, max_steps: u64) -> (Option<String>, u64) {
    let options = EvalOptions {
        limits: Limits {
            max_steps,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let before = BEATS.load(Ordering::Relaxed);
    let outcome = evaluate(source, &options);
    let message = outcome.error().map(|d| d.message.clone());
    (message, BEATS.load(Ordering::Relaxed) - before)
}

#[test]
fn long_runs_beat_and_short_ones_do_not() {
    assert!(pulse::install(count_beat));
    assert!(!pulse::install(count_beat), "the first function stays");

    // A million steps of loops: one beat per 65,536 steps crossed (15), none more often.
    let (message, beats) = run(
        "Integer[1, 2000].each |$j| { Integer[1, 2000].each |$i| { } }",
        1_000_000,
    );
    assert_eq!(
        message.as_deref(),
        Some("evaluation stopped after 1000000 steps")
    );
    assert!((12..=15).contains(&beats), "{beats} beats");

    // 2^40 ways to fail inside one match: the matcher's 8,000,000 steps (eight per evaluation
    // step) beat 15 times on their own.
    let catastrophic =
        "$s = join(Integer[1, 40].map |$i| { 'a' })\n$t = \"${s}b\"\n$t =~ /^(a+)+\\1$/";
    let (message, beats) = run(catastrophic, 1_000_000);
    assert_eq!(
        message.as_deref(),
        Some("evaluation stopped after 1000000 steps")
    );
    assert!((14..=16).contains(&beats), "{beats} beats");

    let (message, beats) = run("[1, 2, 3].map |$x| { $x * 2 }", 1_000_000);
    assert_eq!(message, None);
    assert_eq!(beats, 0);
}
