//! The catalog as data: what a compile has defined and declared so far (`contents`, its resources
//! found by their names through `resource_index`), the scopes, collectors and overrides resources
//! see (`collect`), chain arrows kept for the end (`relationships`), the `require` function's
//! parameter (`class_require`), node definitions (`nodes`), references by type and title
//! (`named`), and the finished catalog (`compiled`, its relationship lists flattened by
//! `relationship_lists`), its graph (`graph`) and its dependency cycles (`cycles`).
//!
//! No evaluation happens here: `compile/` evaluates the catalog language into this.

mod class_require;
pub(crate) mod collect;
pub(crate) mod compiled;
mod contents;
pub(crate) mod cycles;
pub(crate) mod graph;
pub(crate) mod named;
pub(crate) mod nodes;
mod relationship_lists;
pub(crate) mod relationships;
pub(crate) mod resource_index;

pub use compiled::{catalog_text, CatalogResource};
pub(crate) use contents::{
    canonical, canonical_str, capitalize, class_of, lower_str, reference_label, resource_reference,
    Catalog, DeclaredResource,
};
pub use cycles::{cycles_message, DependencyCycle};
pub use graph::{CatalogGraph, EdgeKind, GraphEdge, GraphNode};
