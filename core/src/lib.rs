//! puppet-core: the Puppet language (lexer, parser, evaluator, types) as a `no_std` + `alloc` library.
#![no_std]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod diagnostic;
pub mod eval;
mod functions;
pub mod regex;
mod sort;
pub mod span;
pub mod syntax;
pub mod types;
pub mod value;

pub use diagnostic::{Diagnostic, Severity, Stage};
pub use eval::{
    catalog_text, evaluate, CancelFlag, CatalogResource, EvalOptions, Limits, LogEntry, LogLevel,
    Outcome, Strictness,
};
pub use span::{LineCol, LineIndex, Span};
pub use value::Value;

/// The engine's version, shown by the playground and the CLI.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
