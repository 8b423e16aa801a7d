//! What the CLI's end-to-end tests share: running `puppet-eval` with arguments and standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `puppet-eval` with `args`, `stdin` written to its standard input.
pub fn puppet_eval(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn puppet-eval");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}
