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
    /// The running compile: its folder, cancel flag and start.
    running: Option<(usize, CancelFlag, Instant)>,
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
        self.running = Some((folder, flag, Instant::now()));
        true
    }

    /// The compile ended (its result was read).
    pub fn finished(&mut self) {
        self.running = None;
    }

    /// Cancel the running compile when it has run longer than `limit`.
    pub fn enforce(&self, limit: Duration) {
        if let Some((_, flag, started)) = &self.running {
            if started.elapsed() > limit {
                flag.cancel();
            }
        }
    }
}
