//! Modules Puppet's module loader leaves out of the environment for their `metadata.json`
//! (`environment/metadata.rs`): checked once when the compile starts, each rejection logged as
//! an error in the modules' order, as Puppet does before evaluating anything; such a module is
//! then not found by any autoloading, function, type or data lookup.

use alloc::format;

use super::evaluator::Evaluator;
use crate::host::{EvalResult, LogLevel};
use crate::span::Span;

impl<'o> Evaluator<'o> {
    /// Check the metadata of every module on the modulepath (the first of each name) and leave
    /// out the ones Puppet rejects.
    pub(crate) fn leave_out_modules_with_rejected_metadata(&mut self) -> EvalResult<()> {
        for dir in self.module_dirs() {
            let Some(text) =
                self.read_env_file(&format!("{dir}/metadata.json"), Span::default())?
            else {
                continue;
            };
            let name = dir.rsplit('/').next().unwrap_or_default();
            if text.is_empty() {
                continue;
            }
            if let Err(why) = crate::environment::metadata::checked_metadata(name, &text) {
                self.log(LogLevel::Err, why, Span::default());
                self.known.loader.leave_out_module(name);
            }
        }
        Ok(())
    }
}
