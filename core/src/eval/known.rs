//! What an evaluation has learnt of the program's definitions: the files autoloading found and
//! read, the functions written in Puppet, the type aliases (and those being defined), and the
//! values of constant type expressions.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::evaluator::UserFunction;
use crate::name_table::NameTable;
use crate::types::{AliasRegistry, Type};

/// The definitions known so far.
#[derive(Default)]
pub(crate) struct Known {
    /// What autoloading has found and read.
    pub loader: super::loader::Loader,
    /// Functions written in Puppet, by name.
    pub functions: crate::name_map::NameMap<Rc<UserFunction>>,
    pub aliases: AliasRegistry,
    /// How many type aliases' bodies are being evaluated in each other (autoloading).
    pub alias_nesting: usize,
    /// Aliases defined while another was, checked when the outermost one is done.
    pub deferred_aliases: Vec<crate::types::TypeAlias>,
    /// Whether an unknown capitalized name is a `TypeReference` here, not an error.
    pub lenient_type_refs: bool,
    /// Inside a type alias's body or a type written as text (Puppet's type parser, not its
    /// evaluator) every unknown name is a `TypeReference`, in type parameters too.
    pub type_text: bool,
    /// Values of constant type expressions (see `type_cache.rs`).
    pub type_cache: super::type_cache::TypeCache,
    /// Values of type expressions of built-in names only, by their text (see `type_cache.rs`).
    pub text_types: super::type_cache::TextTypeCache,
    /// Addresses of constant type expressions evaluated once, one per slot (`type_cache.rs`).
    pub seen_types: Vec<usize>,
    /// The buffer the text of a type expression is written in to look it up.
    pub type_text_key: Vec<u8>,
    /// How many syntax trees parsed during evaluation have been evaluated and freed: an address
    /// the type cache knows may since name another node. Whatever evaluates a tree it parsed
    /// counts it with `Evaluator::tree_freed`.
    pub freed_trees: u64,
    /// Function signatures' parameter types (`Value::Type`) by their text, parsed once per run
    /// (`checks.rs`).
    pub signature_types: NameTable<Rc<Type>>,
    /// Built-in resource types' closed attribute value sets, read per type once per run.
    pub closed_values: crate::types::closed_values::ClosedValues,
    /// Built-in resource types' attribute names, sorted per type once per run.
    pub attribute_names: crate::types::AttributeNames,
}
