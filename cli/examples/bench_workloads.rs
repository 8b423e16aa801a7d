//! Times the benchmark workloads in one process and prints one JSON line per workload (medians):
//! `cargo run --release -p puppet-cli --example bench_workloads -- [--runs N] [--record] [--parse DIR] FILE...`.
//!
//! Each run of a `.pp` file parses and evaluates it (what a catalog compile of it does); one run
//! warms up first. `--parse DIR` adds a `parse` line: the median time to parse every `.pp` under
//! DIR, with the bytes parsed. `bench/puppet_compare.rb` reads these lines. `--record` keeps what
//! every expression produced, as the page asks for its hover (`EvalOptions::record`, the page's
//! limits), to measure what that costs.

use std::path::{Path, PathBuf};
use std::time::Instant;

/// The allocator puppet-eval uses (cli/src/allocator.rs), so the figures are the CLI's.
#[path = "../src/allocator.rs"]
mod allocator;

#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

use puppet_core::value::programmatic;
use puppet_core::{evaluate, EvalOptions};

#[path = "support/walk.rs"]
mod walk;

/// The median of `runs` timings of `f`, after one warm-up call, in seconds.
fn median_of(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut times: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let mut runs = 11;
    let mut parse_dir = None;
    let mut record = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(runs),
            "--parse" => parse_dir = args.next(),
            "--record" => record = true,
            _ => files.push(PathBuf::from(arg)),
        }
    }
    let options = EvalOptions {
        record: record.then_some(puppet_core::RecordLimits {
            max_ranges: 5_000,
            kept_values: 3,
        }),
        ..EvalOptions::default()
    };
    for file in &files {
        let Ok(source) = std::fs::read_to_string(file) else {
            eprintln!("cannot read {}", file.display());
            std::process::exit(2);
        };
        let outcome = evaluate(&source, &options);
        let value = match (&outcome.value, outcome.error()) {
            (Some(value), _) => programmatic(value),
            (None, Some(error)) => format!("error: {}", error.message),
            (None, None) => String::from("error"),
        };
        let seconds = median_of(runs, || {
            std::hint::black_box(evaluate(&source, &options));
        });
        let name = file.file_stem().map(|s| s.to_string_lossy().into_owned());
        println!(
            "{{\"name\":{},\"seconds\":{seconds:.9},\"runs\":{runs},\"value\":{}}}",
            json_string(&name.unwrap_or_default()),
            json_string(&value)
        );
    }
    if let Some(dir) = parse_dir {
        let paths = walk::files_below(Path::new(&dir), &["pp"]);
        let sources: Vec<String> = paths
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect();
        let bytes: usize = sources.iter().map(String::len).sum();
        let seconds = median_of(runs, || {
            for source in &sources {
                std::hint::black_box(puppet_core::syntax::parse(source));
            }
        });
        println!(
            "{{\"name\":\"parse\",\"seconds\":{seconds:.9},\"runs\":{runs},\"files\":{},\"bytes\":{bytes}}}",
            sources.len()
        );
    }
}
