//! Fuzz target: evaluation with small limits never panics, and its result prints and types.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_core::{evaluate, types, value, EvalOptions, Limits};

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    // Small limits keep each run quick; depth stays modest for libFuzzer's default thread stack.
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
    let outcome = evaluate(source, &options);
    if let Some(v) = &outcome.value {
        let _ = value::programmatic(v);
        let _ = types::infer(v).generalize().to_string();
    }
});
