//! What an evaluation, a lookup and the lexer produced, as facades hand it on: plain data with each
//! span resolved to its file, line, column and offsets counted as the caller counts them.
//!
//! The wasm facade serializes these types as they are (feature `serde`); a language server or the
//! CLI can do the same. Offsets are converted through an [`OffsetEncoding`] the caller gives: the
//! browser's editor counts UTF-16 code units, the engine itself UTF-8 bytes ([`Utf8Bytes`]).

mod catalog_texts;
mod encoding;
mod graph;
mod lookup;
#[cfg(feature = "yaml")]
mod lookup_answer;
mod places;
mod run;

pub use catalog_texts::CatalogTexts;
pub use encoding::{OffsetEncoding, Utf8Bytes};
pub use graph::{cycles_report, CycleReport, MAX_GRAPH_NODES};
#[cfg(feature = "ide")]
pub use graph::{graph_report, GraphEdgeReport, GraphNodeReport, GraphReport};
pub use lookup::{lookup_calls_report, LookupCallReport};
#[cfg(feature = "yaml")]
pub use lookup_answer::{lookup_report, LookupReport};
pub use places::{DiagnosticReport, LogReport, NoteReport, Place, Places};
pub use run::{
    cut, run_report, run_report_reusing, tokens_report, ResourceReport, RunReport, StatementReport,
    TokenReport, INLINE_MAX_CHARS, MAX_CATALOG_SHOWN,
};
#[cfg(feature = "ide")]
pub use run::{RecordedReport, RecordedValueReport};
