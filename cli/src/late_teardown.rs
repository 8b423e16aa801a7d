//! A process's memory taken back by the system after the process has ended rather than before it
//! ends (Linux), so that whoever waits for `puppet-eval` is told as soon as its output is out.
//!
//! When the last process using an address space ends, the system frees every page of it before it
//! reports the end to the parent. After a compile of the 701-file benchmark environment that is
//! about a millisecond of the fourteen a shell waits for (bench/README.md, session 64). So, just
//! before it ends, the process starts a small second process that shares its memory (`clone` with
//! `CLONE_VM` and nothing else shared). That process closes every file it inherited, so a reader of
//! the output sees the end of it when the first process exits, and waits. The system kills it when
//! the first process ends (`PR_SET_PDEATHSIG`; it ends by itself if the first has ended before it
//! asked), and being the last user of the memory, it is the one that frees the pages, on any free
//! core, after the parent has been told. The work is the same; the caller no longer waits for it.
//!
//! Only the compile of an environment read from disk (`--env`, `--modulepath`) does it: it holds the
//! files, their trees and the catalog, megabytes for a large environment, where a `puppet-eval -e`
//! snippet has little to free, and each successor is one more process for the system to reap. Each
//! step may fail (no `clone`, an old kernel without `close_range`): the second process then ends at
//! once and the process ends as it did without it.

/// Start the process that outlives this one for as long as the system takes to free the memory
/// they share (see the file's comment). Called just before the process ends (`_exit`), by the
/// thread that ends it, which does nothing else from here on.
#[cfg(target_os = "linux")]
pub fn hand_memory_to_successor() {
    use std::ffi::{c_int, c_void};

    /// The second process: only system calls, on a stack of its own, in memory it must not
    /// change (the first process is still running in it). A failing call's `errno` lands in the
    /// cloning thread's slot, which nothing reads again: that thread only calls `_exit`.
    extern "C" fn successor(parent: *mut c_void) -> c_int {
        // SAFETY: system calls with integer arguments; none reads or writes memory of ours.
        unsafe {
            let closed = libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32);
            let told = libc::syscall(
                libc::SYS_prctl,
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
            );
            // The parent may have ended before it asked to be told: ending now is then right.
            if closed != 0
                || told != 0
                || libc::syscall(libc::SYS_getppid) != parent as libc::c_long
            {
                libc::syscall(libc::SYS_exit_group, 0);
            }
            loop {
                libc::syscall(libc::SYS_ppoll, 0usize, 0usize, 0usize, 0usize);
            }
        }
    }

    // Every signal blocked from here on, in this thread and so in the successor, which inherits the
    // mask: a handler of the program's own (Ctrl-C's) never runs in it. The thread only ends now;
    // `SIGKILL`, which ends the successor, cannot be blocked.
    // SAFETY: the set is filled before use; `pthread_sigmask` reads it and writes no old mask.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_BLOCK, &all, std::ptr::null_mut());
    }
    const STACK_BYTES: usize = 64 * 1024;
    // The stack is never freed: the process ends right after, and the successor runs on it.
    let stack: &'static mut [u8] = vec![0u8; STACK_BYTES].leak();
    let top = stack.as_mut_ptr_range().end as usize & !15;
    // SAFETY: `getpid` reads nothing of ours; `clone` runs `successor` on the leaked stack, in the
    // shared memory, where it only makes system calls, and it ends without returning.
    unsafe {
        let parent = libc::getpid() as usize;
        libc::clone(
            successor,
            top as *mut c_void,
            libc::CLONE_VM | libc::SIGCHLD,
            parent as *mut c_void,
        );
    }
}

/// Elsewhere the process ends as usual.
#[cfg(not(target_os = "linux"))]
pub fn hand_memory_to_successor() {}
