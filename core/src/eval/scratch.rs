//! What the evaluator keeps only to allocate less: shared names, spare argument lists, the
//! buffer strings are interpolated in, string literals' values, and the operand a lambda may move rather than copy.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::value::Value;

/// Reused allocations.
pub(crate) struct Scratch {
    /// The address of the running lambda's final `$p + ...` operand whose value may be moved
    /// out of its scope rather than copied (see `ownership.rs`).
    pub move_candidate: Option<usize>,
    /// Names of parameters and called functions, shared rather than allocated on every call.
    pub names: indexmap::IndexSet<Rc<str>, foldhash::fast::FixedState>,
    /// Emptied argument lists of finished lambda calls, reused by the next ones.
    pub arg_lists: Vec<Vec<Value>>,
    /// The buffer an interpolated string is built in, kept between strings (a nested
    /// interpolation, finding it taken, uses a new one).
    pub text_buffer: String,
    /// String literals' values, shared between evaluations of each.
    pub literals: super::literal_strings::LiteralStrings,
    /// The variables every class and defined-type scope binds, shared (in `names` too).
    pub scope_names: ScopeNames,
}

/// `$title`, `$name`, `$module_name` and `$caller_module_name`: bound in each new class and
/// defined-type scope, named without a lookup in `names` each time.
pub(crate) struct ScopeNames {
    pub title: Rc<str>,
    pub name: Rc<str>,
    pub module_name: Rc<str>,
    pub caller_module_name: Rc<str>,
}

impl Default for Scratch {
    fn default() -> Self {
        let mut names: indexmap::IndexSet<Rc<str>, foldhash::fast::FixedState> = Default::default();
        let mut shared = |name: &str| {
            let name: Rc<str> = Rc::from(name);
            names.insert(name.clone());
            name
        };
        let scope_names = ScopeNames {
            title: shared("title"),
            name: shared("name"),
            module_name: shared("module_name"),
            caller_module_name: shared("caller_module_name"),
        };
        Scratch {
            move_candidate: None,
            names,
            arg_lists: Vec::new(),
            text_buffer: String::new(),
            literals: Default::default(),
            scope_names,
        }
    }
}
