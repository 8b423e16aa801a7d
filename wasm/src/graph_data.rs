//! The compiled catalog's graph and its dependency cycles as the page's Graph pane takes them:
//! nodes with their declarations' places (UTF-16 offsets in their file), edges by kind, and each
//! cycle's path (Puppet's words) with the nodes and edges to highlight.

use puppet_core::{CatalogGraph, DependencyCycle};
use serde::Serialize;

#[cfg(feature = "ide")]
use crate::data::Positions;

/// Most graph nodes sent to the page per run (the rest are counted in `nodesTotal`).
pub const MAX_GRAPH_NODES: usize = 5000;

#[cfg(feature = "ide")]
/// A class or resource of the graph.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsGraphNode {
    /// `Notify[a]`, `Class[Foo]`, `Stage[main]`.
    pub reference: String,
    /// `Stage[main]`, `Class[Settings]`, `Class[Main]`: in every catalog, hidden by default.
    pub implicit: bool,
    /// A stage, class, node or defined-type instance.
    pub container: bool,
    /// Its declaration (none for the implicit ones): file and UTF-16 offsets.
    pub file: Option<String>,
    pub start: u32,
    pub end: u32,
}

#[cfg(feature = "ide")]
/// An edge, from what is applied first (or from the container).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsGraphEdge {
    pub source: usize,
    pub target: usize,
    /// `contains`, `before`, `require`, `notify` or `subscribe`.
    pub kind: &'static str,
}

/// One dependency cycle.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct JsCycle {
    /// The path Puppet prints: `['Notify[a]', 'Notify[b]', 'Notify[a]']`.
    pub path: Vec<String>,
    /// Its nodes and relationship edges (places in `graph.nodes` and `graph.edges`).
    pub nodes: Vec<usize>,
    pub edges: Vec<usize>,
}

#[cfg(feature = "ide")]
/// The graph as sent.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct JsGraph {
    pub nodes: Vec<JsGraphNode>,
    pub edges: Vec<JsGraphEdge>,
    /// How many nodes the catalog has in all.
    #[serde(rename = "nodesTotal")]
    pub nodes_total: usize,
}

#[cfg(feature = "ide")]
/// The graph's first `MAX_GRAPH_NODES` nodes and the edges between them.
pub(crate) fn graph_to_data(graph: &CatalogGraph, positions: &mut Positions<'_>) -> JsGraph {
    let nodes = graph
        .nodes
        .iter()
        .take(MAX_GRAPH_NODES)
        .map(|node| {
            let place = node.span.map(|span| positions.place(span));
            JsGraphNode {
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
        .filter(|e| e.source < MAX_GRAPH_NODES && e.target < MAX_GRAPH_NODES)
        .map(|e| JsGraphEdge {
            source: e.source,
            target: e.target,
            kind: e.kind.as_str(),
        })
        .collect();
    JsGraph {
        nodes,
        edges,
        nodes_total: graph.nodes.len(),
    }
}

/// The cycles, their edges as places among the edges sent.
pub(crate) fn cycles_to_data(graph: &CatalogGraph, cycles: &[DependencyCycle]) -> Vec<JsCycle> {
    // Edges sent are those between shown nodes, in order: an edge's place among them.
    let mut sent = Vec::with_capacity(graph.edges.len());
    let mut count = 0usize;
    for e in &graph.edges {
        if e.source < MAX_GRAPH_NODES && e.target < MAX_GRAPH_NODES {
            sent.push(Some(count));
            count += 1;
        } else {
            sent.push(None);
        }
    }
    cycles
        .iter()
        .map(|cycle| JsCycle {
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
                .filter_map(|e| sent.get(*e).copied().flatten())
                .collect(),
        })
        .collect()
}
