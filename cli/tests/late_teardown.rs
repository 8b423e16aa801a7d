//! A `puppet-eval` that compiles an environment from disk leaves the freeing of its memory to a
//! second process that shares the memory and ends once it has exited (src/late_teardown.rs): the
//! output still ends with the process, the status is its own, and that second process ends too; a
//! snippet leaves none. This test binary makes itself the reaper of the processes its children
//! leave (`PR_SET_CHILD_SUBREAPER`), so it can see that one was left and ended; it is a file of its
//! own so that no other test's children are reaped here.

#[cfg(target_os = "linux")]
#[test]
fn an_environments_compile_leaves_its_memory_to_a_process_that_ends_after_it() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    // SAFETY: a system call with integer arguments only.
    let made_reaper = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    assert_eq!(made_reaper, 0, "PR_SET_CHILD_SUBREAPER");
    // A process still here, or ended and not yet reaped, is reparented before its parent's end is
    // reported: right after a `wait`, `waitpid(-1)` sees it.
    let no_child_left = || {
        // SAFETY: `waitpid` writes the status it is given.
        let found = unsafe { libc::waitpid(-1, &mut 0, libc::WNOHANG) };
        found == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD)
    };

    // A snippet frees its little memory itself: nothing is left.
    let small = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .args(["-e", "1 + 1"])
        .output()
        .expect("run puppet-eval");
    assert!(small.status.success());
    assert_eq!(String::from_utf8_lossy(&small.stdout), "2\n");
    assert!(no_child_left(), "a run of `1 + 1` left a process");

    // An environment read from disk, however small, is compiled by a process that leaves one.
    let env = std::env::temp_dir().join(format!("late-teardown-{}", std::process::id()));
    std::fs::create_dir_all(env.join("manifests")).expect("make the environment");
    std::fs::write(env.join("manifests/site.pp"), "notify { 'a': } 'done'").expect("write site.pp");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .arg("--env")
        .arg(&env)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn puppet-eval");
    let pid = child.id() as libc::pid_t;
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read stdout");
    let status = child.wait().expect("wait for puppet-eval");
    let _ = std::fs::remove_dir_all(&env);
    assert!(status.success(), "status {status:?}");
    assert_eq!(out, "'done'\n");

    // The successor was reparented here when puppet-eval ended; it ends by itself.
    let started = Instant::now();
    let mut reaped = None;
    while reaped.is_none() && started.elapsed() < Duration::from_secs(20) {
        let mut wait_status = 0;
        // SAFETY: `waitpid` writes the status it is given.
        let ended = unsafe { libc::waitpid(-1, &mut wait_status, libc::WNOHANG) };
        if ended < 0 {
            break;
        }
        if ended > 0 {
            reaped = Some((ended, wait_status));
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    let Some((successor, wait_status)) = reaped else {
        panic!("no process was left to free the memory, or it did not end");
    };
    assert_ne!(successor, pid);
    // Killed by the system as puppet-eval ended (`PR_SET_PDEATHSIG`), or, when puppet-eval had
    // ended before it asked for that, ended by itself.
    let killed = libc::WIFSIGNALED(wait_status) && libc::WTERMSIG(wait_status) == libc::SIGKILL;
    let ended = libc::WIFEXITED(wait_status) && libc::WEXITSTATUS(wait_status) == 0;
    assert!(killed || ended, "wait status {wait_status:#x}");
    assert!(no_child_left(), "more than one process was left");
}
