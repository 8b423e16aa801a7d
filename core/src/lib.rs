//! puppet-core: the Puppet language (lexer, parser, evaluator, types) as a `no_std` + `alloc` library.
#![no_std]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod diagnostic;
pub mod diff;
pub mod environment;
#[cfg(feature = "erb")]
mod erb;
pub mod eval;
mod functions;
// The built-ins move onto the interface in the commits that follow this one.
#[allow(dead_code)]
mod host;
#[cfg(feature = "ide")]
pub mod ide;
pub use functions::erb::NEEDS_ERB;
pub use functions::stdlib_names::NEEDS_STDLIB;
pub mod hiera;
#[cfg(feature = "lint")]
pub mod lint;
mod puppet_text;
pub mod regex;
mod sort;
pub mod sources;
pub mod span;
#[cfg(feature = "stdlib")]
mod stdlib_module;
pub mod syntax;
pub mod types;
pub mod value;

pub use diagnostic::{Diagnostic, Note, Severity, Stage};
pub use environment::{EnvFiles, Environment, MainCode, MemoryFiles};
pub use eval::{
    catalog_text, cycles_message, evaluate, evaluate_environment, CancelFlag, CatalogGraph,
    CatalogResource, DependencyCycle, EdgeKind, EvalOptions, GraphEdge, GraphNode, Limits,
    LogEntry, LogLevel, LookupCall, LookupCalls, LookupKind, Outcome, RecordLimits, Recorded,
    RecordedValue, Strictness,
};
pub use puppet_text::puppet_text;
pub use sources::{Location, Sources, SNIPPET_FILE};
pub use span::{LineCol, LineIndex, Span};
pub use value::Value;

/// The engine's version, shown by the playground and the CLI.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A value as Ruby's Psych writes it (`value.to_yaml`: stdlib's `to_yaml`, `puppet lookup`'s
/// default output), or `None` for a value Psych would write as a tagged Ruby object (a type, a
/// Sensitive, a timestamp, ...).
#[cfg(feature = "stdlib")]
pub fn psych_yaml(value: &Value) -> Option<alloc::string::String> {
    functions::stdlib::yaml_text(value)
}

/// The puppetlabs-stdlib functions the engine has, as `(name, API, one-line description)`:
/// the declarations of `functions/stdlib/`, for lists, help and the conformance test.
#[cfg(feature = "stdlib")]
pub fn stdlib_functions() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    functions::stdlib::all().map(|(name, def)| {
        let api = match def.api {
            functions::signature::Api::V3 { .. } => "3.x",
            functions::signature::Api::V4(_) => "4.x",
        };
        (name, api, def.doc)
    })
}
