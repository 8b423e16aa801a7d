//! What the Ruby parts of an evaluation keep between calls: the objects templates stored in
//! Puppet variables, what modules' Ruby defined, and what was read of stdlib.

#[cfg(feature = "erb")]
use alloc::vec::Vec;

/// The Ruby side's state for one evaluation.
#[derive(Default)]
pub(crate) struct RubyState {
    /// Ruby objects templates stored with `scope.setvar`: the variable holds the Runtime value
    /// of the pair, and `scope.lookupvar` gives the same object back (a hash one template fills
    /// and another reads).
    #[cfg(feature = "erb")]
    pub erb_objects: Vec<crate::erb::value::KeptObject>,
    /// What modules' Ruby defined and loaded in this evaluation (their functions, `puppet_x`).
    #[cfg(feature = "erb")]
    pub world: crate::erb::module_functions::RubyWorld,
    /// stdlib's 3.x functions loaded so far, and what was read of the stdlib module.
    #[cfg(feature = "stdlib")]
    pub stdlib: crate::functions::stdlib::module_files::StdlibRun,
}
