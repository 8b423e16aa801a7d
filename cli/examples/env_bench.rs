//! Times compiles of an environment directory in one process (the environment benchmark,
//! bench/environment/README.md): `cargo run --release -p puppet-cli --example env_bench -- DIR
//! [--runs N]`. Reads every file of DIR into memory (as the page hands them over), then compiles
//! the environment's manifests/ for the node `playground`: one warm-up, the median of N runs.
//! Prints one JSON line: `{"seconds", "runs", "files", "bytes", "resources", "error",
//! "seconds_with_parse_cache", "seconds_parsed_ahead", "thread_cpu_seconds",
//! "thread_cpu_seconds_with_parse_cache", "thread_cpu_seconds_parsed_ahead"}`: the second median is of compiles that
//! share a `ParseCache` (what a fleet's nodes, the page's keystrokes and the language server's
//! edits can reuse); the third of compiles whose manifests and templates a second thread parses
//! as they run (`ParsedAheadFiles`: the list of the texts it is handed, each shared with the
//! compile's files rather than copied, as the CLI's read-ahead shares them, and its start are
//! timed with each compile). Each median comes with the compiling thread's CPU time per compile (the
//! mean over the same runs, `thread_cpu_seconds...`, from Linux's `/proc/thread-self/schedstat`;
//! `null` elsewhere): the compile's own work, far less swayed than its wall time by other processes
//! on a loaded machine (the parse-ahead thread's work is not in it). `--once`
//! compiles once and prints the resources only: for instruction counts (`valgrind --tool=callgrind`),
//! with `--ahead` as the third median's compiles do, with `--cached` twice sharing a `ParseCache`
//! (the second compile is the evaluation without the parse: count it with callgrind's
//! `--toggle-collect` on `env_bench::second_compile`).

use std::path::PathBuf;
use std::time::Instant;

/// The allocator puppet-eval uses (cli/src/allocator.rs), so the figures are the CLI's.
#[path = "../src/allocator.rs"]
mod allocator;

#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

use puppet_core::{
    evaluate_environment, EnvFiles, Environment, EvalOptions, FileText, MemoryFiles, ParseCache,
    ParsedAheadFiles,
};

#[path = "support/environment.rs"]
mod environment;

use environment::{environment, memory_files, playground, read_files};

/// The CPU time this thread has run so far, in nanoseconds (`None` where Linux's schedstat is not).
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// The median of `times` (seconds), and the thread's CPU time per run (seconds) between the CPU
/// times `before` and `after` of `runs` runs.
fn settle(mut times: Vec<f64>, before: Option<u64>, after: Option<u64>) -> (f64, Option<f64>) {
    times.sort_by(f64::total_cmp);
    let cpu = before
        .zip(after)
        .map(|(before, after)| after.saturating_sub(before) as f64 / 1e9 / times.len() as f64);
    (times[times.len() / 2], cpu)
}

/// A JSON number, or `null`.
fn json_number(value: Option<f64>) -> String {
    value.map_or("null".into(), |v| v.to_string())
}

/// Each file of `list` with its text as `files` holds it: shared, not copied.
fn shared_texts(files: &MemoryFiles, list: &[(String, String)]) -> Vec<(String, FileText)> {
    list.iter()
        .filter_map(|(path, _)| Some((path.clone(), files.read(path).ok()?)))
        .collect()
}

/// A compile whose files are all in the environment's parse cache already (`--once --cached`).
#[inline(never)]
fn second_compile(env: &Environment<'_>, options: &EvalOptions) -> puppet_core::Outcome {
    evaluate_environment(env, options)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = None;
    let mut runs = 11usize;
    let mut once = false;
    let mut ahead = false;
    let mut cached_once = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--once" => once = true,
            "--ahead" => ahead = true,
            "--cached" => cached_once = true,
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(runs),
            _ => dir = Some(PathBuf::from(arg)),
        }
    }
    let Some(dir) = dir else {
        eprintln!("usage: env_bench DIR [--runs N] [--once [--ahead | --cached]]");
        std::process::exit(2);
    };
    let list = read_files(&dir);
    let files = memory_files(&list);
    let bytes: usize = list.iter().map(|(_, text)| text.len()).sum();
    let options = playground();
    let env = environment(&files);
    let outcome = if once && ahead {
        let ahead = ParsedAheadFiles::start(&files, shared_texts(&files, &list));
        evaluate_environment(&environment(&ahead), &options)
    } else if once && cached_once {
        let cache = ParseCache::new();
        let cached = Environment {
            parse_cache: Some(&cache),
            ..environment(&files)
        };
        drop(evaluate_environment(&cached, &options));
        second_compile(&cached, &options)
    } else {
        evaluate_environment(&env, &options)
    };
    if once {
        println!("{{\"resources\": {}}}", outcome.catalog.len());
        return;
    }
    let error = outcome.error().map(|d| d.message.clone());
    let median = |env: &Environment<'_>| {
        let before = thread_cpu_ns();
        let times: Vec<f64> = (0..runs.max(1))
            .map(|_| {
                let started = Instant::now();
                let _ = evaluate_environment(env, &options);
                started.elapsed().as_secs_f64()
            })
            .collect();
        settle(times, before, thread_cpu_ns())
    };
    let (seconds, cpu) = median(&env);
    let cache = ParseCache::new();
    let cached = Environment {
        parse_cache: Some(&cache),
        ..env
    };
    // The first compile fills the cache; the catalog must be the same as without it.
    let warm = evaluate_environment(&cached, &options);
    assert_eq!(warm.catalog.len(), outcome.catalog.len());
    let (seconds_cached, cpu_cached) = median(&cached);
    let ahead_outcome = {
        let ahead = ParsedAheadFiles::start(&files, shared_texts(&files, &list));
        evaluate_environment(&environment(&ahead), &options)
    };
    assert_eq!(ahead_outcome.catalog.len(), outcome.catalog.len());
    let before = thread_cpu_ns();
    let times: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            let ahead = ParsedAheadFiles::start(&files, shared_texts(&files, &list));
            let _ = evaluate_environment(&environment(&ahead), &options);
            started.elapsed().as_secs_f64()
        })
        .collect();
    let (seconds_ahead, cpu_ahead) = settle(times, before, thread_cpu_ns());
    println!(
        "{{\"seconds\": {seconds}, \"runs\": {runs}, \"files\": {}, \"bytes\": {bytes}, \"resources\": {}, \"error\": {}, \"seconds_with_parse_cache\": {seconds_cached}, \"seconds_parsed_ahead\": {seconds_ahead}, \"thread_cpu_seconds\": {}, \"thread_cpu_seconds_with_parse_cache\": {}, \"thread_cpu_seconds_parsed_ahead\": {}}}",
        list.len(),
        outcome.catalog.len(),
        error.map_or("null".into(), |e| format!("{e:?}")),
        json_number(cpu),
        json_number(cpu_cached),
        json_number(cpu_ahead),
    );
}
