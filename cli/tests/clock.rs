//! The compile's current time: `Timestamp()`, `strftime(format)` and stdlib's `time()` read the
//! machine's clock, or `SOURCE_DATE_EPOCH` when it is set.

use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

fn run_at(epoch: Option<&str>, code: &str) -> (String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puppet-eval"));
    command.args(["-e", code]);
    match epoch {
        Some(seconds) => command.env("SOURCE_DATE_EPOCH", seconds),
        None => command.env_remove("SOURCE_DATE_EPOCH"),
    };
    let out = command.output().expect("puppet-eval runs");
    assert!(out.status.success(), "{code}: {out:?}");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn source_date_epoch_fixes_now() {
    let (out, _) = run_at(Some("1700000000"), "Timestamp()");
    assert_eq!(out, "Timestamp('2023-11-14T22:13:20.000000000 UTC')\n");
    let (out, _) = run_at(Some("1700000000"), "time()");
    assert_eq!(out, "1700000000\n");
    let (out, _) = run_at(Some("1700000000"), "$t = time()\n$t");
    assert_eq!(out, "1700000000\n");
}

#[test]
fn the_deprecated_strftime_formats_now_and_warns_once() {
    let (out, err) = run_at(
        Some("1700000000"),
        "notice(strftime('%Y-%m-%d'))\nnotice(strftime('%H:%M', '+02:00'))",
    );
    assert_eq!(out, "undef\n");
    assert!(err.contains("Notice: 2023-11-14\n"), "{err}");
    assert!(err.contains("Notice: 00:13\n"), "{err}");
    assert_eq!(
        err.matches("The argument signature (String format, [String timezone]) is deprecated")
            .count(),
        1,
        "{err}"
    );
}

#[test]
fn without_source_date_epoch_now_is_the_machines_clock() {
    let before = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after the epoch")
        .as_secs();
    let (out, _) = run_at(None, "Integer(Timestamp().strftime('%s'))");
    let seconds: u64 = out.trim().parse().expect("seconds");
    assert!(
        seconds >= before && seconds <= before + 60,
        "{seconds} vs {before}"
    );
}

#[test]
fn one_compile_sees_one_time() {
    let (out, _) = run_at(None, "$a = Timestamp()\n$b = Timestamp()\n$a == $b");
    assert_eq!(out, "true\n");
}
