//! Ctrl+C (SIGINT) sets the engine's cancel flag: on Unix from a signal handler of our own (an
//! atomic store, nothing else), elsewhere through the `ctrlc` crate. The crate waits for the
//! signal on a thread of its own, and a thread costs every run: its stack, its first allocation
//! (mimalloc's region for it), its start on a core the compile and the read-ahead share.

use puppet_core::CancelFlag;

/// The exit status of a process ended by a second Ctrl+C (128 + SIGINT, as shells report it).
const SECOND_CTRL_C_STATUS: i32 = 130;

/// Cancel `flag` at Ctrl+C; a second Ctrl+C before the program notices ends the process (status
/// 130). An error says why no handler could be installed.
#[cfg(unix)]
pub fn cancel_on_ctrl_c(flag: CancelFlag) -> Result<(), String> {
    use std::sync::OnceLock;

    /// The flag the handler sets; set once, before the handler is installed.
    static FLAG: OnceLock<CancelFlag> = OnceLock::new();

    /// The handler: only what a signal handler may do (atomic loads and stores, `_exit`).
    extern "C" fn on_sigint(_signal: libc::c_int) {
        if let Some(flag) = FLAG.get() {
            if flag.is_cancelled() {
                // SAFETY: `_exit` is async-signal-safe; the process ends here.
                unsafe { libc::_exit(SECOND_CTRL_C_STATUS) }
            }
            flag.cancel();
        }
    }

    if FLAG.set(flag).is_err() {
        return Err("a Ctrl+C handler is installed already".into());
    }
    // SAFETY: a zeroed `sigaction` is a valid value to fill in; the handler only touches the
    // static set above (an atomic load of an `Arc`'s flag that is never dropped) and `_exit`.
    let installed = unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // System calls the signal interrupts are restarted (a read of standard input goes on).
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut())
    };
    if installed == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error().to_string())
    }
}

/// Cancel `flag` at Ctrl+C; a second Ctrl+C before the program notices ends the process (status
/// 130). An error says why no handler could be installed.
#[cfg(not(unix))]
pub fn cancel_on_ctrl_c(flag: CancelFlag) -> Result<(), String> {
    ctrlc::set_handler(move || {
        if flag.is_cancelled() {
            std::process::exit(SECOND_CTRL_C_STATUS);
        }
        flag.cancel();
    })
    .map_err(|e| e.to_string())
}
