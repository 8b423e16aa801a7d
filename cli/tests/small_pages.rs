//! `puppet-eval` runs in the system's small pages from its first allocation on (see
//! `WITHOUT_HUGE_PAGES` in src/main.rs): a process that waits for input holds no huge page and
//! has them turned off. Where Linux has no huge pages to give (`never`), there is nothing to see.

#[cfg(target_os = "linux")]
#[test]
fn a_waiting_process_holds_no_huge_page() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let setting =
        std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled").unwrap_or_default();
    if setting.is_empty() || setting.contains("[never]") {
        eprintln!("this system gives no huge pages: nothing to check");
        return;
    }
    // The language server reads its input until it ends: a process that has started and waits.
    let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn puppet-eval lsp");
    let proc_dir = format!("/proc/{}", child.id());
    let started = Instant::now();
    // Its main thread waits for the threads it has started, which have allocated by then.
    let threads = |status: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix("Threads:"))
            .and_then(|count| count.trim().parse::<u32>().ok())
            .unwrap_or(0)
    };
    let mut status = String::new();
    while started.elapsed() < Duration::from_secs(10) && threads(&status) < 2 {
        std::thread::sleep(Duration::from_millis(20));
        status = std::fs::read_to_string(format!("{proc_dir}/status")).unwrap_or_default();
    }
    std::thread::sleep(Duration::from_millis(100));
    let rollup = std::fs::read_to_string(format!("{proc_dir}/smaps_rollup")).unwrap_or_default();
    let _ = child.kill();
    let _ = child.wait();
    let huge_kb = rollup
        .lines()
        .find_map(|line| line.strip_prefix("AnonHugePages:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        });
    assert_eq!(huge_kb, Some(0), "smaps_rollup:\n{rollup}");
    if status.contains("THP_enabled:") {
        assert!(status.contains("THP_enabled:\t0"), "status:\n{status}");
    }
}
