//! What the Ruby interpreter runs on: the evaluation it serves, reached as a built-in function
//! reaches it, and what the Ruby of the run keeps from one template or function to the next.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::module_functions::RubyWorld;
use super::value::KeptObject;
use crate::host::Embedded;
use crate::value::Value;

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

/// The evaluation as the Ruby interpreter needs it: what a built-in function may ask of it, the
/// Ruby side's state of the run (lent on each use, not held: Ruby calling Puppet calling Ruby, a
/// template's `scope.call_function` or a module's function, reaches the same state through the
/// evaluator), and what only the Ruby side asks. The interpreter is generic over it; the
/// evaluator is the only one, so its calls compile to direct ones.
pub(crate) trait RubyHost: Embedded {
    /// The Ruby side's state of this run.
    fn ruby(&mut self) -> &mut RubyRun;

    /// Whether there is an environment at all (a run of code alone has none).
    fn has_environment(&self) -> bool;

    /// The text of the environment's file `path` as it is, its bytes not counted against the
    /// limit (`read_env_file` counts them); `None`: no such text file.
    fn env_file_text(&self, path: &str) -> Option<crate::FileText>;

    /// The directories of the environment's modules, in modulepath order.
    fn module_dirs(&mut self) -> Vec<String>;

    /// Where Puppet's loaders look for function `name` written in Ruby.
    fn ruby_function_paths(&mut self, name: &str) -> Vec<String>;

    /// The names of the variables the calling scope sees (locals outwards, then top scope's).
    fn visible_variable_names(&self) -> Vec<Rc<str>>;

    /// A template changed the array or hash `original` of variable `name` in place: the
    /// variable, and the parameter of the running defined-type instance holding the same value,
    /// become `now`.
    fn replace_variable(&mut self, name: &str, original: &Value, now: Value);

    /// The resource defaults (`File { mode => ... }`) of type `type_name` the calling scope
    /// sees, as `(attribute, value)`.
    fn resource_defaults(&self, type_name: &str) -> Vec<(String, Value)>;
}
