//! Modules Puppet's module loader leaves out of the environment for their `metadata.json`
//! (`environment/metadata.rs`): checked once when the compile starts, each rejection logged as
//! an error in the modules' order, as Puppet does before evaluating anything; such a module is
//! then not found by any autoloading, function, type or data lookup.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::environment::is_module_name;
use crate::host::{EvalResult, LogLevel};
use crate::span::Span;

impl<'o> Evaluator<'o> {
    /// Check the metadata of every module on the modulepath (the first of each name) and leave
    /// out the ones Puppet rejects.
    pub(crate) fn leave_out_modules_with_rejected_metadata(&mut self) -> EvalResult<()> {
        let Some(env) = self.environment() else {
            return Ok(());
        };
        let modulepath = self.known.loader.modulepath(env).to_vec();
        let mut seen: Vec<String> = Vec::new();
        for dir in &modulepath {
            for name in env.files.list_dir(dir) {
                if !is_module_name(&name) || seen.contains(&name) {
                    continue;
                }
                let metadata = format!("{dir}/{name}/metadata.json");
                let text = if env.files.exists(&metadata) {
                    self.read_env_file(&metadata, Span::default())?
                } else {
                    None
                };
                if let Some(text) = text.filter(|text| !text.is_empty()) {
                    if let Err(why) = crate::environment::metadata::checked_metadata(&name, &text) {
                        self.log(LogLevel::Err, why, Span::default());
                        self.known.loader.leave_out_module(&name);
                    }
                }
                seen.push(name);
            }
        }
        Ok(())
    }
}
