//! Modules Puppet's module loader leaves out of the environment for their `metadata.json`
//! (`environment/metadata.rs`): checked once when the compile starts, each rejection logged as
//! an error in the modules' order, as Puppet does before evaluating anything; such a module's
//! classes, defined types, functions, type aliases and data are then not found (its Ruby resource
//! types still are: Puppet's autoloader looks in every module folder, `ruby_types.rs`).

use alloc::format;

use super::evaluator::Evaluator;
use crate::host::LogLevel;
use crate::span::Span;

impl<'o> Evaluator<'o> {
    /// Check the metadata of every module on the modulepath (the first of each name) and leave
    /// out the ones Puppet rejects.
    pub(crate) fn leave_out_modules_with_rejected_metadata(&mut self) {
        let Some(env) = self.environment() else {
            return;
        };
        for dir in self.module_dirs() {
            // A file that cannot be read here (a link out of the environment, a limit) is left
            // for the code that uses the module to name.
            let path = format!("{dir}/metadata.json");
            if env.files.leads_outside(&path) {
                continue;
            }
            let Ok(Some(text)) = self.read_env_file(&path, Span::default()) else {
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
    }
}
