//! How evaluation leaves an expression early: the types live below the evaluator, in
//! [`crate::host`], where built-in functions reach them too.

pub(crate) use crate::host::{error, EvalResult, Unwind};
