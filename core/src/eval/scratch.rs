//! What the evaluator keeps only to allocate less: shared names, spare argument lists, the
//! buffer strings are interpolated in, string literals' values, and the operand a lambda may move rather than copy.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::value::Value;

/// Reused allocations.
#[derive(Default)]
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
}
