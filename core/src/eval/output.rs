//! What an evaluation reports besides its value: the log, warnings, the output of the EPP
//! templates being rendered, the note that the run needs the full engine, and (for the editor)
//! the value each expression produced.

use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostic::Diagnostic;
use crate::host::LogEntry;

/// The evaluation's output, as it grows.
#[derive(Default)]
pub(crate) struct Output {
    pub logs: Vec<LogEntry>,
    /// Warnings raised during evaluation (strict mode set to warning, deprecations).
    pub warnings: Vec<Diagnostic>,
    /// The output of the EPP templates being rendered, innermost last.
    pub epp_output: Vec<String>,
    /// Set when the run needs what this build leaves out (`"stdlib"`: a call of one of stdlib's
    /// functions in a build without the `stdlib` feature): the page's light engine hands it over.
    pub needs_full_engine: Option<&'static str>,
    /// What each evaluated expression produced, when the caller asked (`EvalOptions::record`).
    #[cfg(feature = "ide")]
    pub recorder: Option<alloc::boxed::Box<super::record::Recorder>>,
}
