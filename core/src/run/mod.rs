//! What every part of an evaluation shares below the evaluator, beside the host interface
//! (`crate::host`: the limits, the log's entries, how evaluation leaves an expression early): the
//! caller's options, and the step budget and cancellation a run spends and checks.

pub(crate) mod budget;
mod options;

pub use budget::CancelFlag;
pub use options::{BuiltinStdlib, EvalOptions, RecordLimits};
