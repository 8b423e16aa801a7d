//! `puppet-eval lookup` against real `puppet lookup`: each golden of
//! tests/conformance/golden-hiera/explain.jsonl (made by lookup_explain.py) written out as an
//! environment directory with its facts (and global Hiera layer), run with the same arguments;
//! the standard output, the standard error and the exit status must be Puppet's.

mod common;

use std::path::{Path, PathBuf};

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/conformance/golden-hiera/explain.jsonl"
);

/// Write `files` (relative paths) under `dir`.
fn write_files(dir: &Path, files: &serde_json::Value) {
    for (path, text) in files.as_object().into_iter().flatten() {
        let target = dir.join(path);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("mkdir");
        std::fs::write(&target, text.as_str().unwrap_or_default()).expect("write");
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "puppet-eval-lookup-{}-{}",
        std::process::id(),
        name.replace('/', "_")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

#[test]
fn lookup_prints_what_puppet_lookup_prints() {
    let text = std::fs::read_to_string(GOLDEN).expect("the explain goldens");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let id = case["id"].as_str().unwrap_or_default();
        count += 1;
        let dir = scratch(id);
        let env = dir.join("env");
        std::fs::create_dir_all(&env).expect("env dir");
        write_files(&env, &case["files"]);
        let global = dir.join("global");
        std::fs::create_dir_all(&global).expect("global dir");
        if let Some(hiera) = case["global_hiera"].as_str() {
            std::fs::write(global.join("hiera.yaml"), hiera).expect("global hiera.yaml");
        }
        write_files(&global, &case["global_data"]);
        let facts = dir.join("facts.json");
        std::fs::write(&facts, case["facts"].to_string()).expect("facts");
        let mut args: Vec<String> = vec![
            "lookup".into(),
            "--env".into(),
            env.display().to_string(),
            "--facts".into(),
            facts.display().to_string(),
            "--node".into(),
            "playground".into(),
        ];
        if case.get("global_hiera").is_some() || case.get("global_data").is_some() {
            args.push("--hiera_config".into());
            args.push(global.join("hiera.yaml").display().to_string());
        }
        args.extend(
            case["args"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a.as_str().map(String::from)),
        );
        let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = common::puppet_eval(&arg_refs, "");
        // As the goldens name them: the global layer's folder '@global'.
        let global_dir = global.display().to_string();
        let stdout = String::from_utf8_lossy(&output.stdout).replace(&global_dir, "@global");
        let stderr = String::from_utf8_lossy(&output.stderr)
            .replace(&global_dir, "@global")
            .replace("puppet-eval lookup", "puppet lookup");
        let status = output.status.code().unwrap_or(-1);
        let expected_status = case["status"].as_i64().unwrap_or(-1) as i32;
        let expected_stdout = case["stdout"].as_str().unwrap_or_default();
        let expected_stderr = case["stderr"].as_str().unwrap_or_default();
        if stdout != expected_stdout || stderr != expected_stderr || status != expected_status {
            failures.push(format!(
                "{id} {:?}\n  status: puppet {expected_status}, ours {status}\n  {}",
                case["args"],
                first_difference(
                    &format!("{expected_stdout}\u{0}{expected_stderr}"),
                    &format!("{stdout}\u{0}{stderr}")
                ),
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!(
        "puppet lookup goldens: {} of {count} agree",
        count - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} lookups differ from puppet lookup:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The first line where two outputs (standard output, NUL, standard error) differ.
fn first_difference(expected: &str, ours: &str) -> String {
    let mut ours_lines = ours.split('\n');
    for (n, line) in expected.split('\n').enumerate() {
        let other = ours_lines.next();
        if other != Some(line) {
            return format!("line {}: puppet {line:?}, ours {other:?}", n + 1);
        }
    }
    match ours_lines.next() {
        Some(extra) => format!("ours goes on: {extra:?}"),
        None => "same lines".into(),
    }
}
