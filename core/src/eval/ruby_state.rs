//! What the Ruby parts of an evaluation keep between calls: the objects templates stored in
//! Puppet variables, what modules' Ruby defined, and what was read of stdlib.

/// The Ruby side's state for one evaluation.
#[derive(Default)]
pub(crate) struct RubyState {
    /// What templates and modules' Ruby keep between calls (`erb/host.rs`).
    #[cfg(feature = "erb")]
    pub run: crate::erb::RubyRun,
    /// stdlib's 3.x functions loaded so far, and what was read of the stdlib module.
    #[cfg(feature = "stdlib")]
    pub stdlib: crate::functions::stdlib::module_files::StdlibRun,
}
