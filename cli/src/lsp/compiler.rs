//! The compile thread: compiles run one at a time off the main loop (on the engine's big stack),
//! each on a snapshot of a folder's files; the main loop cancels one when the text changes again
//! or when it runs past the time limit, and reads the results from a channel. Each folder's parsed
//! files are kept from one of its compiles to the next (`ParseCache`).

use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use puppet_core::ide::{compile_reusing, CompileInput, CompileOutput};
use puppet_core::{CancelFlag, ParseCache};

/// A compile asked for: the folder it is for and its snapshot.
pub struct Job {
    pub folder: usize,
    pub input: CompileInput,
}

/// A compile done.
pub struct Done {
    pub folder: usize,
    pub output: CompileOutput,
    pub took: Duration,
}

/// The compile thread and what the main loop knows of the compile it runs.
pub struct Compiler {
    jobs: Sender<Job>,
    pub done: Receiver<Done>,
    /// The running compile.
    running: Option<Running>,
}

/// What the main loop knows of the compile that runs: its cancel flag, when it was sent and
/// whether the time limit stopped it (decided by the main loop's clock, so the compile thread's
/// own timing, which starts when it wakes, cannot disagree with it).
struct Running {
    flag: CancelFlag,
    sent: Instant,
    timed_out: bool,
}

/// How a compile ended, as the main loop saw it.
pub struct Ended {
    /// The time limit stopped it, after this long.
    pub timed_out_after: Option<Duration>,
}

impl Compiler {
    /// Start the thread.
    pub fn spawn() -> std::io::Result<Compiler> {
        let (jobs, job_rx) = crossbeam_channel::unbounded::<Job>();
        let (done_tx, done) = crossbeam_channel::unbounded::<Done>();
        thread::Builder::new()
            .name("lsp-compile".into())
            .stack_size(crate::protocol::EVAL_STACK_BYTES)
            .spawn(move || {
                // Each folder's parsed files, kept from one of its compiles to the next.
                let mut caches: std::collections::BTreeMap<usize, ParseCache> = Default::default();
                for job in job_rx {
                    let started = Instant::now();
                    let cache = caches.entry(job.folder).or_default();
                    let output = compile_reusing(&job.input, Some(cache));
                    let done = Done {
                        folder: job.folder,
                        output,
                        took: started.elapsed(),
                    };
                    if done_tx.send(done).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Compiler {
            jobs,
            done,
            running: None,
        })
    }

    /// Whether a compile runs.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Start a compile (when none runs).
    pub fn start(&mut self, folder: usize, input: CompileInput) -> bool {
        if self.running.is_some() {
            return false;
        }
        let Some(flag) = input.settings.options.cancel.clone() else {
            return false;
        };
        if self.jobs.send(Job { folder, input }).is_err() {
            return false;
        }
        self.running = Some(Running {
            flag,
            sent: Instant::now(),
            timed_out: false,
        });
        true
    }

    /// The compile ended (its result was read): whether the time limit stopped it.
    pub fn finished(&mut self) -> Ended {
        let timed_out_after = self
            .running
            .take()
            .filter(|running| running.timed_out)
            .map(|running| running.sent.elapsed());
        Ended { timed_out_after }
    }

    /// Cancel the running compile when it has run longer than `limit`.
    pub fn enforce(&mut self, limit: Duration) {
        if let Some(running) = &mut self.running {
            if !running.timed_out && running.sent.elapsed() > limit {
                running.timed_out = true;
                running.flag.cancel();
            }
        }
    }
}
