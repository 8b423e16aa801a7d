//! The compiled catalog's graph and its dependency cycles: nodes with their declarations' places,
//! edges by kind, and each cycle's path (Puppet's words) with the nodes and edges to highlight.

use alloc::string::String;
use alloc::vec::Vec;

use crate::catalog::{CatalogGraph, DependencyCycle};

/// Most graph nodes reported per run (the rest are counted in `nodes_total`).
pub const MAX_GRAPH_NODES: usize = 5000;

/// A class or resource of the graph.
#[cfg(feature = "ide")]
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "GraphNode"))]
pub struct GraphNodeReport {
    /// `Notify[a]`, `Class[Foo]`, `Stage[main]`.
    pub reference: String,
    /// `Stage[main]`, `Class[Settings]`, `Class[Main]`, which every catalog has.
    pub implicit: bool,
    /// A stage, class, node or defined-type instance.
    pub container: bool,
    /// Where it was declared (null for the implicit ones), and the declaration's offsets there.
    pub file: Option<String>,
    pub start: u32,
    pub end: u32,
}

/// An edge, from what is applied first (or from the container): places in `nodes`.
#[cfg(feature = "ide")]
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "GraphEdge"))]
pub struct GraphEdgeReport {
    pub source: usize,
    pub target: usize,
    pub kind: crate::catalog::EdgeKind,
}

/// The catalog graph: its first `MAX_GRAPH_NODES` nodes and the edges between them.
#[cfg(feature = "ide")]
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "CatalogGraph"))]
pub struct GraphReport {
    pub nodes: Vec<GraphNodeReport>,
    pub edges: Vec<GraphEdgeReport>,
    /// How many nodes the catalog has in all.
    pub nodes_total: usize,
}

/// A dependency cycle: the path Puppet prints, and its nodes and relationship edges (places in
/// the graph's `nodes` and `edges`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "DependencyCycle")
)]
pub struct CycleReport {
    /// `['Notify[a]', 'Notify[b]', 'Notify[a]']`.
    pub path: Vec<String>,
    pub nodes: Vec<usize>,
    pub edges: Vec<usize>,
}

/// Whether an edge is reported: both its ends are among the nodes reported.
fn shown(edge: &crate::catalog::GraphEdge) -> bool {
    edge.source < MAX_GRAPH_NODES && edge.target < MAX_GRAPH_NODES
}

/// The graph's first `MAX_GRAPH_NODES` nodes and the edges between them.
#[cfg(feature = "ide")]
pub fn graph_report(graph: &CatalogGraph, places: &mut super::Places<'_, '_>) -> GraphReport {
    let nodes = graph
        .nodes
        .iter()
        .take(MAX_GRAPH_NODES)
        .map(|node| {
            let place = node.span.map(|span| places.range(span));
            GraphNodeReport {
                reference: node.reference.clone(),
                implicit: node.implicit,
                container: node.container,
                start: place.as_ref().map_or(0, |p| p.start),
                end: place.as_ref().map_or(0, |p| p.end),
                file: place.map(|p| p.file),
            }
        })
        .collect();
    let edges = graph
        .edges
        .iter()
        .filter(|e| shown(e))
        .map(|e| GraphEdgeReport {
            source: e.source,
            target: e.target,
            kind: e.kind,
        })
        .collect();
    GraphReport {
        nodes,
        edges,
        nodes_total: graph.nodes.len(),
    }
}

/// The cycles, their edges as places among the edges reported.
pub fn cycles_report(graph: &CatalogGraph, cycles: &[DependencyCycle]) -> Vec<CycleReport> {
    // An edge's place among those reported (those between reported nodes, in order).
    let mut count = 0usize;
    let reported: Vec<Option<usize>> = graph
        .edges
        .iter()
        .map(|e| {
            shown(e).then(|| {
                count += 1;
                count - 1
            })
        })
        .collect();
    cycles
        .iter()
        .map(|cycle| CycleReport {
            path: cycle.path.clone(),
            nodes: cycle
                .nodes
                .iter()
                .copied()
                .filter(|n| *n < MAX_GRAPH_NODES)
                .collect(),
            edges: cycle
                .edges
                .iter()
                .filter_map(|e| reported.get(*e).copied().flatten())
                .collect(),
        })
        .collect()
}
