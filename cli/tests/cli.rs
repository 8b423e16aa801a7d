//! The `puppet-eval` binary end to end: plain output, exit status, `--json` and `--jsonl`.

mod common;
use common::puppet_eval;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn execute_prints_the_value() {
    let out = puppet_eval(&["-e", "1 + 2 * 3"], "");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "7\n");
}

#[test]
fn type_flag_prints_the_inferred_type() {
    let out = puppet_eval(&["--type", "-e", "(1 + 2) * 3"], "");
    assert_eq!(stdout(&out), "9\nInteger[9, 9]\n");
}

#[test]
fn code_on_stdin_is_evaluated() {
    let out = puppet_eval(&["-"], "7 / 2");
    assert_eq!(stdout(&out), "3\n");
}

#[test]
fn errors_show_position_source_and_caret_and_fail() {
    let out = puppet_eval(&["-e", "1 / 0"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        // Real Puppet reports a division by zero at the divisor (column 5).
        "snippet.pp:1:5: error: Evaluation Error: Division by 0\n  1 / 0\n      ^\n"
    );
}

#[test]
fn json_gives_the_oracle_fields() {
    let out = puppet_eval(&["--json", "-e", "-4 % 3"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["value"], "2");
    assert_eq!(v["type"], "Integer[2, 2]");
    assert_eq!(v["generalized"], "Integer");
    assert_eq!(v["logs"], serde_json::json!([]));
    assert_eq!(v["error"], serde_json::Value::Null);
}

#[test]
fn jsonl_runs_every_case_and_goes_on_after_bad_lines() {
    let input = "{\"id\":\"a\",\"src\":\"1 / 0\"}\nnot json\n{\"id\":7,\"src\":\"2 * 3\"}\n";
    let out = puppet_eval(&["--jsonl"], input);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["id"], "a");
    assert_eq!(
        lines[0]["error"],
        "Evaluation Error: Division by 0 (file: snippet.pp, line: 1, column: 5)"
    );
    assert!(lines[1]["error"]
        .as_str()
        .unwrap_or_default()
        .starts_with("Invalid case line"));
    assert_eq!(lines[2]["id"], 7);
    assert_eq!(lines[2]["value"], "6");
}

#[test]
fn strict_takes_only_the_three_settings() {
    assert!(puppet_eval(&["--strict=warning", "-e", "1"], "")
        .status
        .success());
    assert!(puppet_eval(&["--strict", "off", "-e", "1"], "")
        .status
        .success());
    let out = puppet_eval(&["--strict=loose", "-e", "1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--strict takes error, warning or off"));
}

#[test]
fn jsonl_turns_an_invalid_utf8_line_into_that_cases_error() {
    let mut input = b"{\"id\":\"bad\",\"src\":\"1 \xff\"}\n".to_vec();
    input.extend_from_slice(b"{\"id\":\"good\",\"src\":\"1 + 1\"}\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .arg("--jsonl")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&input)
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0]["error"].is_string());
    assert_eq!(lines[1]["value"], "2");
}

#[test]
fn a_file_that_is_not_utf8_is_refused_with_its_offset() {
    let path = std::env::temp_dir().join(format!("puppet-eval-{}.pp", std::process::id()));
    std::fs::write(&path, b"1 +\xff 2").expect("write temp file");
    let out = puppet_eval(&[path.to_str().expect("utf-8 temp path")], "");
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid byte at offset 3"));
}

/// The catalog real Puppet compiles from this program (catalog_oracle.rb): Class[Web] {port => 80},
/// Notify[up] {message => 'port 80'}, File[/tmp/x] {ensure => 'file', require => Notify[up],
/// before => ['Notify[done]']}, Notify[done]; the virtual Notify[never] is not in it.
#[test]
fn catalog_flag_prints_the_compiled_catalog_as_a_manifest() {
    let program = "class web($port = 80) { notify { 'up': message => \"port ${port}\" } }\n\
                   include web\n\
                   file { '/tmp/x': ensure => file, require => Notify['up'] } -> notify { 'done': }\n\
                   @notify { 'never': }";
    let output = puppet_eval(&["--catalog", "-e", program], "");
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "[Notify['never']]\n\
         class { 'web':\n  port => 80,\n}\n\
         notify { 'up':\n  message => 'port 80',\n}\n\
         file { '/tmp/x':\n  ensure  => 'file',\n  require => Notify[up],\n  before  => ['Notify[done]'],\n}\n\
         notify { 'done': }\n"
    );
}

/// `puppet-eval --catalog -e program`, killed (and failing the test) if it has not finished within
/// 20 s: generous for a debug build on a shared CI machine, where the programs given take about 1 s.
fn catalog_within_deadline(program: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .args(["--catalog", "-e", program])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn puppet-eval");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    // Read stdout while waiting: a large catalog would fill the pipe and stall the child.
    let mut out = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut text).map(|_| text)
    });
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the compile did not finish within 120 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut output = child.wait_with_output().expect("output");
    output.stdout = reader.join().expect("reader").expect("read stdout");
    output
}

/// 100,000 overrides that ran before their resources were declared are applied when the compile
/// finishes, each found through the catalog's index: pairing every override with every resource
/// (10^10 comparisons) would not finish within the limit. The last resource's unknown attribute
/// then fails the compile, as in Puppet.
#[test]
fn many_late_overrides_are_applied_in_linear_time() {
    let output = catalog_within_deadline(
        "Integer[1, 100000].each |$i| { Notify[\"n${i}\"] { message => 'late' } }\n\
         Integer[1, 100000].each |$i| { notify { \"n${i}\": } }\n\
         notify { 'last': bogus => 1 }",
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no parameter named 'bogus' (file: snippet.pp, line: 3) on Notify[last]"),
        "{stderr}"
    );
}

/// 100,000 chain arrows from one resource: its `before` list is built once when the catalog is
/// listed (adding each edge to a copy of the list so far took minutes: 5 × 10^9 copies).
#[test]
fn many_arrows_from_one_resource_are_listed_in_linear_time() {
    let output = catalog_within_deadline(
        "notify { 'a': }\n\
         Integer[1, 100000].each |$i| { notify { \"t${i}\": } Notify['a'] -> Notify[\"t${i}\"] }",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let catalog = stdout(&output);
    assert!(catalog.contains("notify { 'a':\n  before => ['Notify[t1]', 'Notify[t2]', "));
    assert!(catalog.contains("'Notify[t99999]', 'Notify[t100000]'],\n}"));
}

/// Collectors on both sides of an arrow make every collected resource before every other one:
/// 3,000 resources would make 9 million edges, each a string in the catalog. The compile stops at
/// the engine's collection limit instead, where the arrow stands.
#[test]
fn collector_arrows_stop_at_the_collection_limit() {
    let output = catalog_within_deadline(
        "Integer[1, 3000].each |$i| { notify { \"t${i}\": } }\nNotify <| |> -> Notify <| |>",
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "snippet.pp:2:1: error: The catalog's relationships would exceed the limit of 1000000"
        ),
        "{stderr}"
    );
}

/// `--facts FILE`: a JSON object of facts gives `$facts` and a top-scope variable per fact; a file
/// that is not a JSON object is refused before anything runs.
#[test]
fn facts_come_from_a_json_file() {
    let dir = std::env::temp_dir().join(format!("puppet-eval-facts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("facts.json");
    std::fs::write(
        &good,
        r#"{"os": {"family": "Debian"}, "hostname": "web01"}"#,
    )
    .expect("write");
    let out = puppet_eval(
        &[
            "--facts",
            good.to_str().expect("path"),
            "-e",
            "[$facts['os']['family'], $::hostname]",
        ],
        "",
    );
    assert_eq!(stdout(&out), "['Debian', 'web01']\n");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "[1]").expect("write");
    let out = puppet_eval(&["--facts", bad.to_str().expect("path"), "-e", "1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the facts must be a JSON object"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Facts with integers above 2^53 and beyond 64 bits run: real Puppet (env_oracle.rb, OpenVox 8.28.1)
/// keeps 9007199254740993 exact and a Ruby Bignum beyond 64 bits, which the engine's 64-bit Integer
/// reads as the nearest Float (core/src/facts.rs); from a file and from a `--jsonl` case alike.
#[test]
fn wide_integers_in_facts_do_not_break_the_run() {
    let dir = std::env::temp_dir().join(format!("puppet-eval-wide-facts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let facts =
        r#"{"big": 9007199254740993, "huge": 18446744073709551616, "max": 9223372036854775807}"#;
    let file = dir.join("facts.json");
    std::fs::write(&file, facts).expect("write");
    let code = "[$big, $big + 1, $huge, $max]";
    let out = puppet_eval(&["--facts", file.to_str().expect("path"), "-e", code], "");
    let expected =
        "[9007199254740993, 9007199254740994, 1.8446744073709552e+19, 9223372036854775807]";
    assert_eq!(stdout(&out), format!("{expected}\n"));
    let line = format!("{{\"id\":1,\"src\":{code:?},\"facts\":{facts}}}\n");
    let out = puppet_eval(&["--jsonl"], &line);
    let result: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("json line");
    assert_eq!(result["value"], expected);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--facts NAME`: a preset of `facts/presets/` by its name (the files say os.family is RedHat for
/// redhat-9, Debian for debian-12, windows for windows-2019); a name that is neither a file nor a
/// preset is refused with the presets' names.
#[test]
fn facts_may_name_a_preset() {
    let program = "case $facts['os']['family'] { 'RedHat': { \"rh ${os['release']['major']}\" } default: { $os['family'] } }";
    for (preset, value) in [
        ("redhat-9", "'rh 9'\n"),
        ("debian-12", "'Debian'\n"),
        ("windows-2019", "'windows'\n"),
    ] {
        let out = puppet_eval(&["--facts", preset, "-e", program], "");
        assert_eq!(stdout(&out), value, "{preset}");
    }
    let out = puppet_eval(&["--facts=redhat-10", "-e", "1"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no such file, nor a preset of that name (presets: debian-11, debian-12,"),
        "{stderr}"
    );
}

/// A `--jsonl` case may carry its node's facts; a case without them has none.
#[test]
fn jsonl_cases_may_carry_facts() {
    let out = puppet_eval(
        &["--jsonl"],
        "{\"id\":1,\"src\":\"$os['name']\",\"facts\":{\"os\":{\"name\":\"Debian\"}}}\n{\"id\":2,\"src\":\"$facts\"}\n",
    );
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(lines[0]["value"], "'Debian'");
    assert_eq!(lines[1]["value"], "{}");
}

/// The built-in stdlib follows 9.7.0 unless `--stdlib 8.5` asks for Debian's 8.5.0: stdlib 9
/// removed `is_string` and keeps `merge` as a shim that warns (OpenVox 8's words:
/// tests/conformance/golden-stdlib9/).
#[test]
fn stdlib_flag_chooses_the_built_in_stdlib() {
    let removed = puppet_eval(&["-e", "notice(is_string('a'))"], "");
    assert!(!removed.status.success());
    assert!(
        String::from_utf8_lossy(&removed.stderr).contains("Unknown function: 'is_string'."),
        "{}",
        String::from_utf8_lossy(&removed.stderr)
    );
    let kept = puppet_eval(
        &[
            "--stdlib",
            "8.5",
            "--strict",
            "warning",
            "-e",
            "is_string('a')",
        ],
        "",
    );
    assert!(kept.status.success());
    assert_eq!(stdout(&kept), "true\n");
    let shim = puppet_eval(&["-e", "merge({a => 1}, {b => 2})"], "");
    assert_eq!(stdout(&shim), "{'a' => 1, 'b' => 2}\n");
    let warning = String::from_utf8_lossy(&shim.stderr);
    assert!(
        warning.contains("This function is deprecated, please use stdlib::merge instead."),
        "{warning}"
    );
    let wrong = puppet_eval(&["--stdlib", "7", "-e", "1"], "");
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("--stdlib takes 9.7 or 8.5, not '7'"));
}
