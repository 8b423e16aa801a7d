//! puppet-core: the Puppet language (lexer, parser, evaluator, types) as a `no_std` + `alloc` library.
// With `typescript` (test-time TypeScript declarations) the crate has std's prelude, which ts-rs's
// derive expects; every other build is no_std.
#![cfg_attr(not(feature = "typescript"), no_std)]
extern crate alloc;
#[cfg(all(feature = "std", not(feature = "typescript")))]
extern crate std;

/// `Serialize` for an enum of names, as the text its `as_str()` gives: one string per value, which
/// costs the .wasm less code than serde's derive (a unit variant each).
macro_rules! serialize_as_str {
    ($t:ty) => {
        #[cfg(feature = "serde")]
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
}
pub(crate) use serialize_as_str;

/// A fieldless enum whose values each have one name: the enum (`Debug`, `Clone`, `Copy`,
/// `PartialEq`, `Eq`), its `as_str()`, `Serialize` as that name and the same names in the
/// TypeScript declarations, all from one list of `Variant => "name"`.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident => $text:tt, )*
        }
    ) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        $(#[$meta])*
        $vis enum $name {
            $(
                $(#[$variant_meta])*
                #[cfg_attr(feature = "typescript", ts(rename = $text))]
                $variant,
            )*
        }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )*
                }
            }
        }

        $crate::serialize_as_str!($name);
    };
}
pub(crate) use named_enum;

pub mod catalog;
pub mod compile;
pub mod diagnostic;
pub mod diff;
pub mod environment;
#[cfg(feature = "erb")]
mod erb;
pub mod eval;
pub mod facts;
mod functions;
mod host;
#[cfg(feature = "ide")]
pub mod ide;
mod key_buffer;
mod name_map;
mod name_order;
pub use functions::{
    builtin_functions, class_declaring_functions, FunctionInfo, LIBRARIES, NEEDS_ERB, NEEDS_STDLIB,
};
pub mod hiera;
#[cfg(feature = "lint")]
pub mod lint;
mod name_table;
mod pair_map;
pub mod pulse;
mod puppet_text;
mod qualified;
pub mod regex;
pub mod report;
pub mod run;
mod sort;
pub mod sources;
pub mod span;
#[cfg(feature = "stdlib")]
mod stdlib_module;
pub mod syntax;
mod text;
pub mod types;
pub mod value;

pub use catalog::{
    catalog_text, cycles_message, CatalogGraph, CatalogResource, DependencyCycle, EdgeKind,
    GraphEdge, GraphNode,
};
pub use compile::{evaluate, evaluate_environment, Outcome};
#[cfg(feature = "yaml")]
pub use compile::{lookup, LookupAnswer, LookupQuery, QueryProblem};
pub use diagnostic::{Diagnostic, Note, Severity, Stage};
#[cfg(feature = "parse-ahead")]
pub use environment::{
    mentioned_modules, parsed_kind, AheadParser, Handover, ParseAhead, ParsedAheadFiles,
    ParsedFile, PARSE_STACK_BYTES,
};
pub use environment::{EnvFiles, Environment, FileText, MainCode, MemoryFiles, ParseCache};
pub use eval::{Recorded, RecordedValue};
pub use hiera::calls::{LookupCall, LookupCalls, LookupKind};
pub use host::{Limits, LogEntry, LogLevel, Strictness};
pub use puppet_text::puppet_text;
pub use run::{BuiltinStdlib, CancelFlag, EvalOptions, RecordLimits};
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

/// A value as Ruby's `JSON.generate` writes it (stdlib's `to_json`, `puppet lookup --render-as
/// json`), or Ruby's message for what JSON cannot hold (`NaN`, nesting deeper than 100).
#[cfg(feature = "stdlib")]
pub fn ruby_json(value: &Value) -> Result<alloc::string::String, alloc::string::String> {
    functions::stdlib::json_text(value)
}

/// Whether this build has the libraries of Ruby's that the page's full engine leaves out for its size:
/// stdlib's HOCON reader (feature `hocon`) and Ruby's `uri` (`ruby-uri`). Without one, a run that
/// needs it stops with an error, its outcome's `needs_full_engine` being [`LIBRARIES`] (the page
/// then runs it on its libraries engine).
pub const HAS_LIBRARIES: bool = cfg!(all(feature = "hocon", feature = "ruby-uri"));

/// HOCON text as stdlib's `parsehocon` reads it (after Ruby's hocon gem 1.3.1), spending at most
/// `fuel` steps of work: its data, or why it has none. The HOCON reader's fuzz target calls it.
#[cfg(feature = "hocon")]
pub fn hocon_data(text: &str, fuel: u64) -> Result<Value, alloc::string::String> {
    functions::stdlib::hocon_data(text, fuel)
}

/// Whether a module's Ruby file (a function, a type, a `puppet_x` helper) parses as the engine's
/// Ruby reads it: `None`, or the first syntax error's message and line. The Ruby parser's fuzz
/// target calls it; compiles parse the files they load the same way.
#[cfg(feature = "erb")]
pub fn ruby_syntax_error(text: &str) -> Option<(alloc::string::String, u32)> {
    erb::ruby_syntax_error(text)
}

/// The puppetlabs-stdlib functions the engine runs, as `(name, API, one-line description)`:
/// the declarations of `functions/stdlib/`, for lists, help and the conformance test.
#[cfg(all(feature = "stdlib", feature = "ide"))]
pub fn stdlib_functions() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    builtin_functions()
        .filter(|f| f.origin == "stdlib" && f.refused.is_none())
        .map(|f| (f.name, f.api, f.doc))
}
