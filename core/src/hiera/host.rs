//! What Hiera runs on: the evaluation it serves, reached as a built-in function reaches it, and
//! Hiera's own state of the run, which the evaluator keeps from one lookup to the next.

use super::lookup::HieraState;
use crate::host::FunctionHost;

/// The evaluation as Hiera needs it. Both parts are lent on each use, not held: a lookup made
/// inside a lookup (a data function calling `lookup()`) reaches the same state through the
/// evaluator, which sees the keys being looked up, the files read and the explanation being kept.
pub(crate) trait HieraHost {
    /// The evaluation, as a built-in function's host.
    fn host(&mut self) -> &mut dyn FunctionHost;

    /// Hiera's state of this run.
    fn hiera(&mut self) -> &mut HieraState;
}
