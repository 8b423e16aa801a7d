//! A thread started on another core than the one its caller runs on, where the system lets the
//! program choose (Linux): the read-ahead thread, which is to work beside the compile from its
//! first microsecond, not after it.
//!
//! Linux may queue a new thread on the core that creates it. When that core is busy
//! (the compile creates the read-ahead thread while it runs) and the scheduler does not move the
//! thread to an idle core at once (a virtual machine whose cores share no cache, or that packs
//! threads onto few cores, as the benchmark machine does), the thread waits for the next periodic
//! balance: on that machine, 37 % of `puppet-eval --env` runs started their read-ahead 3-4 ms late,
//! and those runs took 7 ms longer (bench/README.md). So the new thread waits at a gate until the
//! caller has confined it to the other cores, then takes back every core the caller may use: it
//! starts on another core, and is free to move from then on.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{Builder, JoinHandle};

/// `builder`'s thread running `work`, started on another core than the calling thread's when
/// there is one it may use (see the file's comment); as `builder.spawn` would start it otherwise.
pub fn spawn_beside<F, T>(builder: Builder, work: F) -> io::Result<JoinHandle<T>>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let Some(cores) = cores::Cores::of_caller() else {
        return builder.spawn(work);
    };
    let gate = Arc::new(AtomicBool::new(false));
    let theirs = Arc::clone(&gate);
    let allowed = cores.allowed;
    let handle = builder.spawn(move || {
        while !theirs.load(Ordering::Acquire) {
            std::thread::park();
        }
        cores::allow_self(&allowed);
        work()
    })?;
    cores.confine_elsewhere(&handle);
    gate.store(true, Ordering::Release);
    handle.thread().unpark();
    Ok(handle)
}

#[cfg(target_os = "linux")]
mod cores {
    //! The cores a thread may run on, through the system calls of Linux.

    use std::mem::{size_of, zeroed};
    use std::os::unix::thread::JoinHandleExt;
    use std::thread::JoinHandle;

    /// The cores the calling thread may use, and those of them but the one it runs on now.
    pub struct Cores {
        pub allowed: libc::cpu_set_t,
        others: libc::cpu_set_t,
    }

    impl Cores {
        /// The caller's cores, when it may use another than the one it runs on.
        pub fn of_caller() -> Option<Cores> {
            // SAFETY: an all-zero bit set is a valid empty one.
            let mut allowed: libc::cpu_set_t = unsafe { zeroed() };
            // SAFETY: the call fills a set of the size it is told.
            let read =
                unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut allowed) };
            // SAFETY: a system call without arguments.
            let here = usize::try_from(unsafe { libc::sched_getcpu() }).ok()?;
            let mut others = allowed;
            if here < 8 * size_of::<libc::cpu_set_t>() {
                // SAFETY: a bit inside the set (checked above).
                unsafe { libc::CPU_CLR(here, &mut others) };
            }
            // SAFETY: counts the bits of a set it only reads.
            let count = unsafe { libc::CPU_COUNT(&others) };
            (read == 0 && count > 0).then_some(Cores { allowed, others })
        }

        /// Let `thread` (waiting at its gate) run on the other cores only. Should the system
        /// refuse, it starts where the system puts it.
        pub fn confine_elsewhere<T>(&self, thread: &JoinHandle<T>) {
            // SAFETY: the thread is alive (it waits at its gate, which opens after this call) and
            // the set is of the size the call is told.
            unsafe {
                libc::pthread_setaffinity_np(
                    thread.as_pthread_t(),
                    size_of::<libc::cpu_set_t>(),
                    &self.others,
                );
            }
        }
    }

    /// Let the calling thread run on `allowed` again.
    pub fn allow_self(allowed: &libc::cpu_set_t) {
        // SAFETY: a set of the size the call is told, read only.
        unsafe {
            libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), allowed);
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod cores {
    //! Elsewhere the system places the thread.

    use std::thread::JoinHandle;

    pub struct Cores {
        pub allowed: (),
    }

    impl Cores {
        pub fn of_caller() -> Option<Cores> {
            None
        }

        pub fn confine_elsewhere<T>(&self, _thread: &JoinHandle<T>) {}
    }

    pub fn allow_self(_allowed: &()) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_runs_and_its_result_comes_back() {
        let handle =
            spawn_beside(Builder::new().name("beside".into()), || 6 * 7).expect("a thread starts");
        assert_eq!(handle.join().ok(), Some(42));
    }

    #[cfg(target_os = "linux")]
    fn allowed_of_self() -> libc::cpu_set_t {
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
        set
    }

    #[cfg(target_os = "linux")]
    fn cores_in(set: &libc::cpu_set_t) -> Vec<usize> {
        (0..8 * std::mem::size_of::<libc::cpu_set_t>())
            .filter(|&core| unsafe { libc::CPU_ISSET(core, set) })
            .collect()
    }

    /// Once started, the thread may use every core its caller may: it is not left confined.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_thread_takes_back_the_callers_cores_once_it_runs() {
        let callers = cores_in(&allowed_of_self());
        let handle =
            spawn_beside(Builder::new(), || cores_in(&allowed_of_self())).expect("a thread starts");
        assert_eq!(handle.join().ok(), Some(callers));
    }

    /// A caller confined to one core has no other: the thread starts there, as a plain one would.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_caller_with_one_core_starts_its_thread_there() {
        let outcome = std::thread::spawn(|| {
            let &core = cores_in(&allowed_of_self()).first()?;
            let mut one: libc::cpu_set_t = unsafe { std::mem::zeroed() };
            unsafe { libc::CPU_SET(core, &mut one) };
            // Where the system refuses the confinement, there is nothing to check.
            let confined =
                unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &one) };
            if confined != 0 {
                return None;
            }
            let handle = spawn_beside(Builder::new(), || unsafe { libc::sched_getcpu() }).ok()?;
            Some((core, handle.join().ok()?))
        })
        .join()
        .expect("the test's thread ends");
        if let Some((core, ran_on)) = outcome {
            assert_eq!(usize::try_from(ran_on).ok(), Some(core));
        }
    }
}
