//! Fuzz target: one JSON protocol line (`{"id", "src"}`) always answers with one JSON object.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_core::{EvalOptions, Limits};

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let options = EvalOptions {
        limits: Limits {
            max_steps: 20_000,
            max_call_depth: 50,
            max_depth: 200,
            max_collection_len: 10_000,
            max_string_len: 100_000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let answer = puppet_cli::protocol::run_json_line(
        &line,
        &options,
        &Default::default(),
        Default::default(),
    );
    assert!(answer.starts_with('{') && answer.ends_with('}'), "{answer}");
    // A panic on the evaluation thread is caught and reported as an internal error: still a bug.
    assert!(!answer.contains("Internal error"), "{answer}");
});
