//! The evaluator: runs expressions to values, with scopes, calls and the loaders that find what a
//! program names.
//!
//! One file per concern: `evaluator` (state and dispatch), `literals` (and `literal_strings`, the
//! string literals' shared values), `operators` with
//! `arithmetic` and `numeric`, `access`, `assign`, `control` (if/case/selectors), `calls`
//! (functions, lambdas, parameters), `definitions` (hoisting), `loader` (autoloading), `scope`,
//! `matching` (regex matches and their steps), `epp` (EPP templates), `record` (what each
//! expression produced) and `suggest` ("did you mean").

mod access;
mod alias_cycles;
mod arithmetic;
mod assign;
mod attributes;
pub(crate) mod builtin_vars;
pub(crate) mod calls;
mod control;
pub(crate) mod definitions;
mod epp;
pub(crate) mod evaluator;
mod hiera_host;
mod host_impl;
pub(crate) mod known;
mod literal_strings;
mod literals;
pub(crate) mod loader;
mod matching;
pub(crate) mod module_metadata;
mod numeric;
mod operators;
pub(crate) mod output;
mod ownership;
mod record;
#[cfg(feature = "erb")]
mod ruby_host;
mod ruby_resource_api;
pub(crate) mod ruby_state;
pub(crate) mod ruby_type_titles;
pub(crate) mod ruby_types;
pub(crate) mod scope;
pub(crate) mod scratch;
mod suggest;
mod time_arithmetic;
mod type_cache;
mod variables;

pub use crate::hiera::calls::{LookupCall, LookupCalls, LookupKind, MAX_LOOKUPS_RECORDED};
pub use crate::host::{Limits, LogEntry, LogLevel, Strictness};
pub use crate::run::{CancelFlag, EvalOptions, RecordLimits};
pub use record::{Recorded, RecordedValue};
#[cfg(feature = "ide")]
pub(crate) use suggest::type_names;
