//! Editor knowledge, a layer over the engine (as rust-analyzer's `ide` crate is): queries at a file
//! and offset answered as plain data. Recorded values for hover come from the evaluation itself
//! (`EvalOptions::record`).

mod analysis;
mod analysis_compile;
mod analysis_folding;
mod analysis_index;
mod analysis_rename;
mod complete;
mod definition;
mod described;
mod docs;
mod editor;
mod hiera_keys;
mod hover;
mod named;
mod outline;
mod references;
mod scopes;
mod signature_help;
mod type_docs;

pub use analysis::{text_hash, Analysis, CompileState, DefinitionKind, FileId, HoverInfo};
pub use analysis_compile::{
    compile, compile_reusing, CompileInput, CompileOutput, CompileSettings, PlacedDiagnostic,
    ValueRecord,
};
pub use analysis_folding::{folding_ranges, Fold, FoldKind};
pub use analysis_index::FileIndex;
pub use analysis_rename::{RenameTarget, Renamed, TextEdit};
pub use complete::{complete, Completion, CompletionKind, Completions, Knowledge};
pub use definition::{definition, Target};
pub use docs::{function_names, function_signatures, signature_text};
pub use editor::{outline_encoded, Docs, EditorFiles};
pub use hiera_keys::{hiera_keys, HieraKey};
pub use hover::docs_at;
pub use outline::{outline, Symbol, SymbolKind};
pub use references::references;
pub use signature_help::{signature_help, Signature, SignatureHelp};
