//! Ctrl+C (SIGINT) cancels a running `puppet-eval`: the evaluation ends with "evaluation was
//! cancelled" and exit status 130, promptly.

use std::process::{Command, Stdio};
use std::time::Duration;

#[cfg(unix)]
#[test]
fn sigint_cancels_a_running_evaluation() {
    // Far more steps than the test waits for: only the cancellation can end it in time.
    let child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .args([
            "--max-steps",
            "100000000000",
            "-e",
            "Integer[1, 1000000].each |$i| { Integer[1, 1000000].each |$j| { } }",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn puppet-eval");
    // Let it start evaluating.
    std::thread::sleep(Duration::from_millis(700));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let output = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&output.stderr);
    eprintln!("cancelled: {stderr}");
    assert!(
        stderr.contains("evaluation was cancelled"),
        "stderr: {stderr}"
    );
    assert_eq!(output.status.code(), Some(130));
}
