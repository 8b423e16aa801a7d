//! Parse benchmark over real-world manifests: `cargo run --release -p puppet-core --example
//! parse_bench [DIR] [ROUNDS]` (default: the Debian puppetlabs modules, 20 rounds); prints MB/s.

use std::path::Path;
use std::time::{Duration, Instant};

/// The folder walk the benchmark runners use (every file, each folder's entries by path).
#[path = "../../cli/examples/support/walk.rs"]
mod walk;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .unwrap_or_else(|| "/usr/share/puppet/modules.available".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(20);
    let files = walk::files_below(Path::new(&dir), &["pp", "epp"]);
    let sources: Vec<(bool, String)> = files
        .iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).ok()?;
            Some((f.extension().is_some_and(|e| e == "epp"), text))
        })
        .collect();
    if sources.is_empty() {
        eprintln!("no .pp or .epp files under {dir}");
        std::process::exit(2);
    }
    let bytes: usize = sources.iter().map(|(_, s)| s.len()).sum();
    let lex_only = std::env::var_os("PARSE_BENCH_LEX_ONLY").is_some();
    let mut best = Duration::MAX;
    let mut failures = 0;
    for _ in 0..rounds {
        let started = Instant::now();
        failures = 0;
        for (template, source) in &sources {
            if lex_only {
                let lexed = if *template {
                    puppet_core::syntax::lexer::lex_epp(source)
                } else {
                    puppet_core::syntax::lexer::lex(source)
                };
                failures += usize::from(lexed.stopped);
                continue;
            }
            let (_, diagnostics) = if *template {
                puppet_core::syntax::parse_epp(source)
            } else {
                puppet_core::syntax::parse(source)
            };
            if diagnostics.iter().any(|d| d.is_error()) {
                failures += 1;
            }
        }
        best = best.min(started.elapsed());
    }
    let seconds = best.as_secs_f64();
    println!(
        "files={} bytes={bytes} failures={failures} best-of-{rounds}={seconds:.4}s MB/s={:.1}",
        sources.len(),
        bytes as f64 / 1e6 / seconds
    );
}
