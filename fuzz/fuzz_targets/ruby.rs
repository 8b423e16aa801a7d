//! Fuzz target: any text as a module's Ruby (a 4.x function file, a 3.x one, a template, a resource
//! type; see `ruby_environments`) compiles with small limits without a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_cli::workspace::{ruby_environments, EnvSource};
use puppet_core::{EvalOptions, Limits};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let options = EvalOptions {
        limits: Limits {
            max_steps: 20_000,
            max_call_depth: 50,
            // Templates and Ruby functions count 500 levels: room for them.
            max_depth: 1_000,
            max_collection_len: 10_000,
            max_string_len: 100_000,
            ..Limits::default()
        },
        certname: Some("playground".into()),
        ..EvalOptions::default()
    };
    for (main, files) in ruby_environments(&text) {
        let env = EnvSource::default().with_files(files);
        env.compile(main, &options, |outcome| {
            for diagnostic in &outcome.diagnostics {
                let _ = puppet_core::puppet_text(&outcome.sources, diagnostic);
            }
        });
    }
});
