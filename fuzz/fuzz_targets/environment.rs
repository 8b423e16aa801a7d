//! Fuzz target: an environment of files (`==> path` lines, see `environment_listing`) compiles
//! with small limits without a panic: hostile paths, autoloading, templates, module checks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_cli::workspace::{environment_listing, EnvSource};
use puppet_core::{EvalOptions, Limits};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let options = EvalOptions {
        limits: Limits {
            max_steps: 20_000,
            max_call_depth: 50,
            max_depth: 200,
            max_collection_len: 10_000,
            max_string_len: 100_000,
            max_env_files: 50,
            max_env_bytes: 200_000,
            ..Limits::default()
        },
        certname: Some("playground".into()),
        ..EvalOptions::default()
    };
    let (main, files) = environment_listing(text);
    let env = EnvSource::default().with_files(files);
    env.compile(main, &options, |outcome| {
        for diagnostic in &outcome.diagnostics {
            let _ = puppet_core::puppet_text(&outcome.sources, diagnostic);
        }
        let _ = puppet_cli::protocol::listing(outcome);
    });
});
