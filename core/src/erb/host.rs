//! What the Ruby interpreter runs on: the evaluation it serves, reached as a built-in function
//! reaches it, and what the Ruby of the run keeps from one template or function to the next.

use alloc::vec::Vec;

use super::module_functions::RubyWorld;
use super::value::KeptObject;
use crate::host::FunctionHost;

/// The Ruby side's state of one evaluation.
#[derive(Default)]
pub(crate) struct RubyRun {
    /// Ruby objects templates stored with `scope.setvar`: the variable holds the Runtime value
    /// of the pair, and `scope.lookupvar` gives the same object back (a hash one template fills
    /// and another reads).
    pub objects: Vec<KeptObject>,
    /// What modules' Ruby defined and loaded in this evaluation (their functions, `puppet_x`).
    pub world: RubyWorld,
}

/// The evaluation as the Ruby interpreter needs it. Both parts are lent on each use, not held:
/// Ruby calling Puppet calling Ruby (a template's `scope.call_function`, a module's function)
/// reaches the same state through the evaluator.
pub(crate) trait RubyHost {
    /// The evaluation, as a built-in function's host.
    fn host(&mut self) -> &mut dyn FunctionHost;

    /// The Ruby side's state of this run.
    fn ruby(&mut self) -> &mut RubyRun;
}
