//! Catalog diffs as data: what changes for each node between two versions of an environment
//! (resources, parameters, classes, relationship edges, dependency cycles, compile errors), with
//! octocatalog-diff's default semantics, and many nodes' diffs grouped by equality. Renderings
//! (text, Markdown, JSON) are the callers'.

mod catalog;
mod compare;
mod data;
mod file_sources;
mod from_outcome;
mod group;
mod options;
#[cfg(test)]
mod tests;

pub use catalog::{Edge, NodeCatalog, Position, Resource};
pub use compare::{diff_catalogs, ErrorChange, NodeDiff, ParameterChange, ResourceEntry, Status};
pub use data::Data;
pub use file_sources::inline_file_sources;
pub use from_outcome::{catalog_of, RELATIONSHIP_METAPARAMETERS, TOO_LARGE};
pub use group::{counts, headline, Counts, Group, Grouper};
pub use options::{glob_matches, DiffOptions, IgnoreRule};
