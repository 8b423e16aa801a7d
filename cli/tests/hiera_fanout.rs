//! The Hiera interpolation fan-out through `puppet-eval --env DIR`: a 1 KB `data/common.yaml`
//! whose keys each interpolate the next four times, sixteen levels deep (4^16 copies of the last
//! one, 77 GB), ends with a diagnostic naming the keys being looked up, within the step budget and
//! under an address-space cap of 1 GiB: no allocation failure, no backtrace, exit status 1.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Generous for a debug build on a shared machine.
const TIME_LIMIT: Duration = Duration::from_secs(120);

/// The address space the engine may take, in KiB (`ulimit -v`): 1 GiB.
const ADDRESS_SPACE_KIB: u64 = 1024 * 1024;

/// The data: `xN` is `"%{lookup('xN+1')}"` four times over, `x17` 18 bytes.
fn data() -> String {
    let mut text = String::new();
    for n in 1..=16 {
        let once = format!("%{{lookup('x{}')}}", n + 1);
        text.push_str(&format!("x{n}: \"{}\"\n", once.repeat(4)));
    }
    text.push_str("x17: \"0123456789abcdefgh\"\n");
    text
}

/// A fresh environment directory with the data and a one-level hierarchy.
fn environment() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let unique = format!(
        "puppet-eval-fanout-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let dir = std::env::temp_dir().join(unique);
    std::fs::create_dir_all(dir.join("data")).expect("create the environment");
    std::fs::write(
        dir.join("hiera.yaml"),
        "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    )
    .expect("write hiera.yaml");
    std::fs::write(dir.join("data/common.yaml"), data()).expect("write the data");
    dir
}

/// `puppet-eval --env DIR ARGS...` under the address-space cap (through the shell's `ulimit`).
fn run_capped(dir: &Path, args: &[&str]) -> (Output, Duration) {
    let mut command = format!("ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" --env \"$1\"");
    for at in 0..args.len() {
        command.push_str(&format!(" \"${}\"", at + 2));
    }
    let started = Instant::now();
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .arg(env!("CARGO_BIN_EXE_puppet-eval"))
        .arg(dir)
        .args(args)
        .output()
        .expect("run puppet-eval");
    (output, started.elapsed())
}

/// The run ended by itself with exit status 1 and one diagnostic holding `expected` (and not the
/// signs of an allocation failure or a panic).
fn assert_clean_failure(output: &Output, elapsed: Duration, expected: &str) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert_eq!(
        output.status.code(),
        Some(1),
        "stderr: {stderr}\nstdout: {stdout}"
    );
    for sign in ["memory allocation", "backtrace", "panicked", "overflow"] {
        assert!(!stderr.contains(sign), "{sign}: {stderr}");
    }
    assert!(stderr.contains(expected), "{stderr:?} lacks {expected:?}");
    assert!(elapsed < TIME_LIMIT, "took {elapsed:?}");
    stderr
}

#[test]
fn the_fan_out_ends_in_a_diagnostic_naming_the_keys_within_a_gigabyte() {
    let dir = environment();
    let (output, elapsed) = run_capped(&dir, &["-e", "notice(size(lookup('x1')))"]);
    let stderr = assert_clean_failure(&output, elapsed, "in Hiera, for 'x1' > 'x2' > 'x3' > ...");
    eprintln!("lookup('x1') in {elapsed:?}: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_small_step_budget_stops_the_fan_out() {
    let dir = environment();
    let (output, elapsed) = run_capped(
        &dir,
        &["--max-steps=1000", "-e", "notice(size(lookup('x1')))"],
    );
    let stderr = assert_clean_failure(&output, elapsed, "evaluation stopped after 1000 steps");
    assert!(stderr.contains("(while looking up 'x"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_value_past_the_string_limit_is_refused() {
    let dir = environment();
    // x7 would be 4^10 copies of 18 bytes: 18.9 MB, past the 4 MiB string limit.
    let (output, elapsed) = run_capped(&dir, &["-e", "notice(size(lookup('x7')))"]);
    assert_clean_failure(
        &output,
        elapsed,
        "a string's length in bytes would exceed the limit of 4194304 (while looking up 'x8' in Hiera, for 'x7')",
    );
    // x10, 294,912 bytes, is found as it is.
    let (output, _) = run_capped(&dir, &["-e", "notice(size(lookup('x10')))"]);
    // The CLI writes the log (notices included) to stderr.
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("Notice: 294912"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
