//! Where the compile waits for a file another thread is reading or parsing for it: a short spin
//! before it sleeps. The other thread settles a file every few tens of microseconds, and the
//! compile, consuming files in the order that thread produces them, catches up with it now and
//! then (a whole `puppet-eval --env` of the 701-file benchmark made 33 context switches a run when
//! each catch-up slept, 14 with the spin). A sleep on a condition variable costs a system call on
//! both sides and the wake-up of an idle core; spinning on a counter the settling thread bumps
//! finds the file the moment it is there. The spin is bounded and gives the core away between
//! looks, so a busy machine falls back to the sleep; on one core there is no spin.
//!
//! The compile takes the tables' locks the same way ([`Handover::lock`]): the other thread holds a
//! lock for a microsecond or two, and std's mutex, finding it held, soon sleeps in the kernel,
//! which cost the compile 40-60 µs each time (1-8 times a run of the 701-file benchmark, for each
//! of its three tables).

use core::hint::spin_loop;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock, TryLockError};
use std::time::{Duration, Instant};

/// Looks at the counter between two checks of the clock (each look a few nanoseconds).
const LOOKS_PER_TURN: u32 = 64;

/// How long the compile spins before it sleeps: longer than most files take to read and parse
/// (about 25 µs on average for the benchmark's), shorter than anything a person notices.
const SPIN_LIMIT: Duration = Duration::from_micros(300);

/// How long the compile tries a held lock before it sleeps on it: far longer than the other
/// thread holds one, far shorter than a sleep and its wake-up.
const LOCK_SPIN_LIMIT: Duration = Duration::from_micros(30);

/// The meeting point of a waiting thread and the thread that settles what it waits for. Both lock
/// the same mutex (the slots' table) around their changes to it.
pub struct Handover {
    /// How many times the other thread settled something, bumped under the table's lock.
    settles: AtomicU64,
    /// How many waiters sleep on `settled` (changed and read under the table's lock): a file
    /// settled with none asleep wakes no one (a wake is a system call even then).
    sleeping: AtomicUsize,
    settled: Condvar,
    /// Whether spinning can help: another core can settle the file meanwhile. `None`: as the
    /// machine has cores, asked when first needed (see [`Handover::spins`]).
    spin: Option<bool>,
}

impl Default for Handover {
    fn default() -> Self {
        Self::new()
    }
}

impl Handover {
    pub fn new() -> Self {
        Self::spinning(None)
    }

    /// A meeting point that spins (or sleeps at once) whatever the machine's cores.
    pub fn with_spin(spin: bool) -> Self {
        Self::spinning(Some(spin))
    }

    fn spinning(spin: Option<bool>) -> Self {
        Handover {
            settles: AtomicU64::new(0),
            sleeping: AtomicUsize::new(0),
            settled: Condvar::new(),
            spin,
        }
    }

    /// Whether the waiting side spins; the first call asks the machine (about 60 µs of system
    /// calls), which the settling thread does as it starts, off the compile's way.
    pub fn spins(&self) -> bool {
        self.spin.unwrap_or_else(several_cores)
    }

    /// The lock of `table`, as the compile takes it: when the other thread holds it, tried again
    /// for a little while before sleeping on it (see the file's comment). `None` when poisoned.
    pub fn lock<'a, T>(&self, table: &'a Mutex<T>) -> Option<MutexGuard<'a, T>> {
        // The clock is read only once the lock was found held.
        let mut held_since = None;
        loop {
            match table.try_lock() {
                Ok(guard) => return Some(guard),
                Err(TryLockError::Poisoned(_)) => return None,
                Err(TryLockError::WouldBlock) => {}
            }
            let since = *held_since.get_or_insert_with(Instant::now);
            if !self.spins() || since.elapsed() > LOCK_SPIN_LIMIT {
                return table.lock().ok();
            }
            for _ in 0..LOOKS_PER_TURN {
                spin_loop();
            }
        }
    }

    /// Wait until the other thread settles something, then lock `table` again: `guard` is its
    /// lock, under which the caller saw that what it wants is not settled yet. `None` when the
    /// lock is poisoned. The caller looks again: what was settled may be another file.
    pub fn wait<'a, T>(
        &self,
        table: &'a Mutex<T>,
        guard: MutexGuard<'a, T>,
    ) -> Option<MutexGuard<'a, T>> {
        let seen = self.settles.load(Ordering::Acquire);
        drop(guard);
        if self.spins() && self.spun_until_settled(seen) {
            return self.lock(table);
        }
        let guard = table.lock().ok()?;
        // Settled between the look and the lock: its wake-up came before the sleep.
        if self.settles.load(Ordering::Acquire) != seen {
            return Some(guard);
        }
        self.sleeping.fetch_add(1, Ordering::Relaxed);
        let woken = self.settled.wait(guard);
        self.sleeping.fetch_sub(1, Ordering::Relaxed);
        woken.ok()
    }

    /// The other thread settled something under `guard`, the table's lock, which this releases.
    pub fn settle<T>(&self, guard: MutexGuard<'_, T>) {
        self.settles.fetch_add(1, Ordering::Release);
        let sleeping = self.sleeping.load(Ordering::Relaxed) > 0;
        drop(guard);
        if sleeping {
            self.settled.notify_all();
        }
    }

    /// Whether the count of settles moved from `seen` within the spin's time.
    fn spun_until_settled(&self, seen: u64) -> bool {
        let start = Instant::now();
        loop {
            for _ in 0..LOOKS_PER_TURN {
                if self.settles.load(Ordering::Acquire) != seen {
                    return true;
                }
                spin_loop();
            }
            if start.elapsed() > SPIN_LIMIT {
                return false;
            }
            // The settling thread may be waiting for this very core.
            std::thread::yield_now();
        }
    }
}

/// Whether the process may run on more than one core: asked once (the answer reads the process's
/// affinity and its control group's quota, several system calls), then kept.
fn several_cores() -> bool {
    static SEVERAL: OnceLock<bool> = OnceLock::new();
    *SEVERAL.get_or_init(|| std::thread::available_parallelism().is_ok_and(|cores| cores.get() > 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A table of one slot: `None` until the other thread settles it.
    fn settle_later(handover: Arc<Handover>, table: Arc<Mutex<Option<u32>>>, after: Duration) {
        std::thread::spawn(move || {
            std::thread::sleep(after);
            let mut slot = table.lock().unwrap();
            *slot = Some(7);
            handover.settle(slot);
        });
    }

    fn wait_for(handover: &Handover, table: &Mutex<Option<u32>>) -> u32 {
        let mut slot = table.lock().unwrap();
        loop {
            if let Some(value) = *slot {
                return value;
            }
            slot = handover.wait(table, slot).unwrap();
        }
    }

    #[test]
    fn a_quick_settle_is_found_by_the_spin_and_a_slow_one_by_the_sleep() {
        for (spin, after) in [
            (true, Duration::from_micros(20)),
            (true, Duration::from_millis(30)),
            (false, Duration::from_micros(20)),
            (false, Duration::from_millis(30)),
        ] {
            let handover = Arc::new(Handover::with_spin(spin));
            let table = Arc::new(Mutex::new(None));
            settle_later(Arc::clone(&handover), Arc::clone(&table), after);
            assert_eq!(
                wait_for(&handover, &table),
                7,
                "spin {spin}, after {after:?}"
            );
        }
    }

    #[test]
    fn a_settle_between_the_look_and_the_sleep_is_not_lost() {
        // Many short races: each must end (a lost wake-up would hang the test).
        for round in 0..200 {
            let handover = Arc::new(Handover::with_spin(round % 2 == 0));
            let table = Arc::new(Mutex::new(None));
            settle_later(Arc::clone(&handover), Arc::clone(&table), Duration::ZERO);
            assert_eq!(wait_for(&handover, &table), 7);
        }
    }

    #[test]
    fn a_lock_held_briefly_or_long_is_taken_once_free() {
        // Held for less than the spin (found by it), for longer (the sleep), and without a spin.
        for (spin, hold) in [
            (true, Duration::from_micros(5)),
            (true, Duration::from_millis(20)),
            (false, Duration::from_micros(5)),
        ] {
            let handover = Handover::with_spin(spin);
            let table = Arc::new(Mutex::new(0u32));
            let (taken_tx, taken_rx) = std::sync::mpsc::channel();
            let theirs = Arc::clone(&table);
            let holder = std::thread::spawn(move || {
                let mut value = theirs.lock().unwrap();
                taken_tx.send(()).unwrap();
                std::thread::sleep(hold);
                *value = 5;
            });
            taken_rx.recv().unwrap();
            assert_eq!(
                *handover.lock(&table).unwrap(),
                5,
                "spin {spin}, hold {hold:?}"
            );
            holder.join().unwrap();
        }
    }

    #[test]
    fn a_poisoned_lock_is_refused() {
        let handover = Handover::with_spin(true);
        let table = Arc::new(Mutex::new(0u32));
        let theirs = Arc::clone(&table);
        let _ = std::thread::spawn(move || {
            let _held = theirs.lock().unwrap();
            panic!("poisons the lock");
        })
        .join();
        assert!(handover.lock(&table).is_none());
    }

    #[test]
    fn settles_of_other_slots_wake_the_waiter_to_look_again() {
        let handover = Arc::new(Handover::with_spin(true));
        let table = Arc::new(Mutex::new((0u32, None::<u32>)));
        let (theirs, their_table) = (Arc::clone(&handover), Arc::clone(&table));
        std::thread::spawn(move || {
            for other in 1..=50 {
                let mut slots = their_table.lock().unwrap();
                slots.0 = other;
                theirs.settle(slots);
                std::thread::sleep(Duration::from_micros(50));
            }
            let mut slots = their_table.lock().unwrap();
            slots.1 = Some(9);
            theirs.settle(slots);
        });
        let mut slots = table.lock().unwrap();
        let value = loop {
            if let Some(value) = slots.1 {
                break value;
            }
            slots = handover.wait(&table, slots).unwrap();
        };
        assert_eq!((value, slots.0), (9, 50));
    }
}
