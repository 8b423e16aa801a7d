//! The evaluator as the Ruby interpreter's host: the Ruby side's state of the run lent on each
//! use, and what only templates and modules' Ruby ask of the evaluation.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::evaluator::Evaluator;
use crate::erb::{RubyHost, RubyRun};
use crate::value::Value;

impl RubyHost for Evaluator<'_> {
    #[inline]
    fn ruby(&mut self) -> &mut RubyRun {
        &mut self.ruby.run
    }

    fn has_environment(&self) -> bool {
        self.env.is_some()
    }

    fn env_file_text(&self, path: &str) -> Option<crate::FileText> {
        self.env.and_then(|env| env.files.read(path).ok())
    }

    fn module_dirs(&mut self) -> Vec<String> {
        Evaluator::module_dirs(self)
    }

    fn ruby_function_paths(&mut self, name: &str) -> Vec<String> {
        Evaluator::ruby_function_paths(self, name)
    }

    fn visible_variable_names(&self) -> Vec<Rc<str>> {
        self.scopes.visible_names(false)
    }

    fn replace_variable(&mut self, name: &str, original: &Value, now: Value) {
        self.scopes.replace_visible(name, now.clone());
        self.replace_in_current_instance(original, &now);
    }

    fn resource_defaults(&self, type_name: &str) -> Vec<(String, Value)> {
        self.catalog
            .defaults_for(&crate::qualified::trim_leading(type_name, "::").to_ascii_lowercase())
            .into_iter()
            .map(|(name, value, _)| (name, value))
            .collect()
    }
}
