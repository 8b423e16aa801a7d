//! Real-world manifests: every `.pp` and `.epp` file of Debian's puppet-module-puppetlabs-*
//! packages (which real Puppet parses) must parse with no diagnostic at all.
//!
//! The packages (listed in `scripts/ensure-tools.sh`) are installed when missing. Without them the
//! test is skipped with a message, except under `CI=true`, where it fails. Prints files, bytes,
//! failures and throughput (measure with `--release` for meaningful numbers).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use puppet_core::syntax::{parse, parse_epp};
use puppet_core::LineIndex;

const MODULES_DIR: &str = "/usr/share/puppet/modules.available";

fn modules_dir() -> PathBuf {
    std::env::var_os("PUPPET_MODULES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(MODULES_DIR))
}

/// The Debian packages of the manifests, as listed in `scripts/ensure-tools.sh`.
fn packages() -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/ensure-tools.sh");
    let text = std::fs::read_to_string(script).unwrap_or_default();
    text.lines()
        .skip_while(|line| !line.starts_with("PUPPET_MODULES=("))
        .skip(1)
        .take_while(|line| !line.starts_with(')'))
        .map(|line| line.trim().to_string())
        .filter(|name| name.starts_with("puppet-module-"))
        .collect()
}

/// Tries to install the packages with apt-get (as root, or with sudo).
fn install(packages: &[String]) -> bool {
    if packages.is_empty() {
        return false;
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            let mut sudo = Command::new("sudo");
            sudo.arg("-n").arg("apt-get");
            sudo
        };
        command
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .is_ok_and(|status| status.success())
    };
    eprintln!(
        "installing the real-world manifests: {}",
        packages.join(" ")
    );
    let mut args = vec!["install", "-y", "-qq"];
    args.extend(packages.iter().map(String::as_str));
    apt(&args) || (apt(&["update", "-qq"]) && apt(&args))
}

/// The folder walk the benchmark runners use (every file, each folder's entries by path).
#[path = "../../cli/examples/support/walk.rs"]
mod walk;

#[test]
fn every_real_world_manifest_parses_without_diagnostics() {
    let dir = modules_dir();
    let in_ci = std::env::var("CI").is_ok_and(|v| v == "true");
    if !dir.is_dir() && !install(&packages()) {
        assert!(
            !in_ci,
            "{} is missing and the puppet-module-puppetlabs-* packages could not be installed",
            dir.display()
        );
        eprintln!(
            "SKIPPED: {} is missing (apt-get install the puppet-module-puppetlabs-* packages listed in scripts/ensure-tools.sh)",
            dir.display()
        );
        return;
    }
    let files = walk::files_below(&dir, &["pp", "epp"]);
    assert!(
        files.len() >= 300,
        "expected about 350 manifests under {}, found {}",
        dir.display(),
        files.len()
    );
    let mut bytes = 0;
    let mut parsing = Duration::ZERO;
    let mut failures = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("manifest is UTF-8");
        bytes += source.len();
        let template = file.extension().is_some_and(|e| e == "epp");
        let started = Instant::now();
        let (_, diagnostics) = if template {
            parse_epp(&source)
        } else {
            parse(&source)
        };
        parsing += started.elapsed();
        if let Some(first) = diagnostics.first() {
            let at = LineIndex::new(&source).line_col(&source, first.span.start);
            failures.push(format!(
                "{}:{}:{}: {}",
                file.display(),
                at.line,
                at.column,
                first.message
            ));
        }
    }
    let seconds = parsing.as_secs_f64();
    println!(
        "real-world manifests: files={} bytes={bytes} failures={} seconds={seconds:.4} MB/s={:.1}",
        files.len(),
        failures.len(),
        bytes as f64 / 1e6 / seconds.max(1e-9)
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
