//! What every part of an evaluation shares, below the evaluator: the caller's options, the limits
//! and the step budget, the log's entries, and how evaluation leaves an expression early.

pub(crate) mod flow;
pub(crate) mod limits;
mod log;
mod options;

pub use limits::{CancelFlag, Limits};
pub use log::{LogEntry, LogLevel};
pub use options::{EvalOptions, RecordLimits, Strictness};
