//! What Hiera runs on (`HieraHost`: the evaluation it serves, reached as a built-in function
//! reaches it, and Hiera's own state of the run, which the evaluator keeps from one lookup to the
//! next), and `Hiera`, Hiera on its host, which its lookups are methods of.

use alloc::string::String;

use super::lookup::HieraState;
use crate::host::Embedded;
#[cfg(feature = "yaml")]
use crate::host::{CallSite, EvalResult};
#[cfg(feature = "yaml")]
use crate::span::Span;
#[cfg(feature = "yaml")]
use crate::value::Value;

/// Hiera on its host: what its lookups, searches, data files and interpolation are methods of
/// (in `lookup.rs`, `search.rs`, `layers.rs`, ...). Generic rather than a trait object: the
/// evaluator is the only host, so Hiera's calls of it are direct ones (lookups are hot), and its
/// code is laid out as when it was the evaluator's own (the browser engine's compressed size).
pub(crate) struct Hiera<'h, H: HieraHost> {
    pub(crate) host: &'h mut H,
}

impl<'h, H: HieraHost> Hiera<'h, H> {
    pub(crate) fn new(host: &'h mut H) -> Self {
        Hiera { host }
    }
}

/// The evaluation as Hiera needs it: what a built-in function may ask of it, Hiera's state of
/// the run (lent on each use, not held: a lookup made inside a lookup, from a data function
/// calling `lookup()`, reaches the same state through the evaluator), and what only Hiera asks.
pub(crate) trait HieraHost: Embedded {
    /// Hiera's state of this run.
    fn hiera(&mut self) -> &mut HieraState;

    /// The global layer's hiera.yaml (Puppet's `hiera_config`), when the caller gave one.
    fn global_hiera(&self) -> Option<String>;

    /// The paths of the environment's files under `dir`, at any depth, in byte order.
    #[cfg(feature = "yaml")]
    fn files_under(&self, dir: &str) -> alloc::vec::Vec<String>;

    /// Whether function `name` is written in Puppet, autoloaded from the modules when needed.
    #[cfg(feature = "yaml")]
    fn puppet_function_known(&mut self, name: &str, span: Span) -> EvalResult<bool>;

    /// Evaluate a type expression parsed from text as a parameter's type is evaluated (a bare
    /// name must name a type), recording nothing; the tree is freed after.
    #[cfg(feature = "yaml")]
    fn eval_type(&mut self, expr: &crate::syntax::ast::Expr) -> EvalResult<crate::types::Type>;

    /// Call the built-in function `name`, never one written in Puppet (`convert_to`'s `new`);
    /// `None` when there is no such built-in.
    #[cfg(feature = "yaml")]
    fn call_builtin(
        &mut self,
        site: &CallSite,
        name: &str,
        args: alloc::vec::Vec<Value>,
    ) -> Option<EvalResult<Value>>;
}
