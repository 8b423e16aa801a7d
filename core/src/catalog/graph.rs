//! The compiled catalog as a graph, as `puppet apply --graph` draws it: every class and resource a
//! node (with the containers Puppet adds itself, `Stage[main]`, `Class[Settings]`, `Class[Main]`),
//! containment edges (a stage contains its classes, a class, node or defined-type instance the
//! resources declared in its body) and the relationship edges of the `before`, `require`, `notify`
//! and `subscribe` metaparameters and of the chain arrows, each pointing from what is applied first.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::compiled::CatalogEntry;
use super::contents::{class_reference, Catalog};
use super::named::Named;
use crate::span::Span;
use crate::value::Value;

/// The catalog resource whose body a catalog scope is: what contains the resources declared there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ScopeOwner {
    /// The top scope: `Class[Main]`.
    Main,
    /// A class's body (its entry's place in the catalog's entries).
    Class(usize),
    /// A defined-type instance's body (its place in the catalog's resources).
    Instance(usize),
    /// A node definition's body (the node's title).
    Node(String),
}

/// A call of `require` (the scope's resource requires the class) or `contain` (it contains it).
pub(crate) struct ClassLink {
    pub owner: ScopeOwner,
    /// `Class[name]`, as a reference value.
    pub class: Value,
    pub contain: bool,
    pub span: Span,
}

/// What an edge of the catalog graph stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum EdgeKind {
    /// A container (stage, class, node, defined-type instance) and what it contains.
    Contains,
    /// `before`, `->` or `<-`: the source is applied before the target.
    Before,
    /// `require`: the source (the required resource) is applied before the target.
    Require,
    /// `notify`, `~>` or `<~`: the source is applied first and refreshes the target.
    Notify,
    /// `subscribe`: the source (the one subscribed to) is applied first and refreshes the target.
    Subscribe,
}

impl EdgeKind {
    /// `contains`, `before`, `require`, `notify`, `subscribe`.
    pub fn as_str(self) -> &'static str {
        match self {
            EdgeKind::Contains => "contains",
            EdgeKind::Before => "before",
            EdgeKind::Require => "require",
            EdgeKind::Notify => "notify",
            EdgeKind::Subscribe => "subscribe",
        }
    }

    /// Whether the edge is a relationship (not containment).
    pub fn is_relationship(self) -> bool {
        self != EdgeKind::Contains
    }
}

/// A class or resource of the graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphNode {
    /// As Puppet names it: `Notify[a]`, `Class[Foo::Bar]`, `Stage[main]`.
    pub reference: String,
    /// Where it was declared; `None` for the containers Puppet adds itself.
    pub span: Option<Span>,
    /// `Stage[main]`, `Class[Settings]` and `Class[Main]`, which every catalog has.
    pub implicit: bool,
    /// A stage, class, node or defined-type instance: Puppet's containers.
    pub container: bool,
}

/// An edge of the graph, from what is applied first (or from the container).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphEdge {
    pub source: usize,
    pub target: usize,
    pub kind: EdgeKind,
    /// The chain arrow or the metaparameter that made a relationship (`None` for containment).
    pub span: Option<Span>,
}

/// The catalog as nodes and edges, in the order Puppet adds them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CatalogGraph {
    pub nodes: Vec<GraphNode>,
    pub edges: Vec<GraphEdge>,
}

/// The relationship metaparameters in the order Puppet makes their edges (`Type#builddepends`).
const METAPARAMETERS: [(&str, EdgeKind); 4] = [
    ("require", EdgeKind::Require),
    ("subscribe", EdgeKind::Subscribe),
    ("before", EdgeKind::Before),
    ("notify", EdgeKind::Notify),
];

const STAGE_MAIN: usize = 0;
const CLASS_SETTINGS: usize = 1;
const CLASS_MAIN: usize = 2;

/// What contains a node, found once every node is placed.
enum Container<'a> {
    Fixed(Option<usize>),
    /// A class's `stage` parameter.
    Stage(&'a Value),
    Owner(&'a ScopeOwner),
}

/// Where each catalog entry is in the graph.
#[derive(Default)]
struct Places {
    classes: crate::name_map::NameMap<usize>,
    /// The node of each class entry, by its place in the catalog's entries.
    class_entries: Vec<Option<usize>>,
    nodes: BTreeMap<String, usize>,
    resources: Vec<Option<usize>>,
}

impl Places {
    /// The node of the resource whose body a scope is.
    pub(crate) fn owner(&self, owner: &ScopeOwner) -> Option<usize> {
        match owner {
            ScopeOwner::Class(entry) => self.class_entries.get(*entry).copied().flatten(),
            ScopeOwner::Instance(i) => self.resources.get(*i).copied().flatten(),
            ScopeOwner::Node(title) => self.nodes.get(title).copied(),
            ScopeOwner::Main => Some(CLASS_MAIN),
        }
    }
}

/// A relationship metaparameter as set on a node: (name, value, where it was set).
type Parameter<'a> = (&'a str, &'a Value, Span);

/// The graph as it is drawn: its nodes first, then each kind of edge in Puppet's order; with its
/// nodes' references when `NAMED` (else each is `""`).
struct Drawing<'a, const NAMED: bool> {
    catalog: &'a Catalog,
    graph: CatalogGraph,
    places: Places,
    /// What each node's relationship parameters are, in their order.
    parameters: Vec<Vec<Parameter<'a>>>,
    /// What contains each node.
    containers: Vec<Container<'a>>,
}

impl<'a, const NAMED: bool> Drawing<'a, NAMED> {
    /// The containers every catalog has.
    fn new(catalog: &'a Catalog) -> Self {
        let mut graph = CatalogGraph::default();
        for reference in ["Stage[main]", "Class[Settings]", "Class[Main]"] {
            graph.nodes.push(GraphNode {
                reference: reference.to_string(),
                span: None,
                implicit: true,
                container: true,
            });
        }
        let mut places = Places::default();
        places.classes.insert("settings".into(), CLASS_SETTINGS);
        places.classes.insert("main".into(), CLASS_MAIN);
        places.resources.resize(catalog.resources.len(), None);
        places.class_entries.resize(catalog.entries.len(), None);
        Drawing {
            catalog,
            graph,
            places,
            parameters: alloc::vec![Vec::new(); 3],
            containers: alloc::vec![
                Container::Fixed(None),
                Container::Fixed(Some(STAGE_MAIN)),
                Container::Fixed(Some(STAGE_MAIN)),
            ],
        }
    }

    /// A node for each class, node definition and (not virtual) resource, in the catalog's order.
    fn nodes(&mut self) {
        let catalog = self.catalog;
        // A node per entry at most: grown once.
        let count = catalog.entries.len();
        self.graph.nodes.reserve(count);
        self.containers.reserve(count);
        self.parameters.reserve(count);
        for (entry_at, entry) in catalog.entries.iter().enumerate() {
            let at = self.graph.nodes.len();
            match entry {
                CatalogEntry::Class(class) => {
                    let super::compiled::ClassEntry {
                        name,
                        parameters: given,
                        attribute_spans,
                        span,
                    } = &**class;
                    self.places.classes.insert(name.clone(), at);
                    if let Some(place) = self.places.class_entries.get_mut(entry_at) {
                        *place = Some(at);
                    }
                    self.graph.nodes.push(GraphNode {
                        reference: if NAMED {
                            class_reference(name)
                        } else {
                            String::new()
                        },
                        span: Some(*span),
                        implicit: false,
                        container: true,
                    });
                    let stage = given.iter().find(|(p, _)| p == "stage");
                    self.containers.push(match stage {
                        Some((_, value)) => Container::Stage(value),
                        None => Container::Fixed(Some(STAGE_MAIN)),
                    });
                    self.parameters
                        .push(relationship_parameters(given, attribute_spans, *span));
                }
                CatalogEntry::Node(node) => {
                    let super::compiled::NodeEntry { title, span } = &**node;
                    self.places.nodes.insert(title.clone(), at);
                    self.graph.nodes.push(GraphNode {
                        reference: if NAMED {
                            format!("Node[{title}]")
                        } else {
                            String::new()
                        },
                        span: Some(*span),
                        implicit: false,
                        container: true,
                    });
                    self.containers.push(Container::Fixed(Some(CLASS_MAIN)));
                    self.parameters.push(Vec::new());
                }
                CatalogEntry::Resource(index) => self.resource(*index, at),
            }
        }
    }

    fn resource(&mut self, index: usize, at: usize) {
        let catalog = self.catalog;
        let Some(r) = catalog.resources.get(index) else {
            return;
        };
        if r.virtual_ {
            return;
        }
        if let Some(place) = self.places.resources.get_mut(index) {
            *place = Some(at);
        }
        let stage = r.type_name == "stage";
        self.graph.nodes.push(GraphNode {
            reference: if NAMED {
                super::contents::resource_reference(&r.type_name, &r.title)
            } else {
                String::new()
            },
            span: Some(r.span),
            implicit: false,
            container: stage || catalog.defines.contains_key(&r.type_name),
        });
        // Stages are never inside anything; other resources are in their scope's owner.
        self.containers.push(match catalog.scopes.get(r.scope) {
            Some(scope) if !stage => Container::Owner(&scope.owner),
            _ if stage => Container::Fixed(None),
            _ => Container::Fixed(Some(CLASS_MAIN)),
        });
        self.parameters.push(relationship_parameters(
            &r.attributes,
            &r.attribute_spans,
            r.span,
        ));
    }

    /// The containment edges, then those of `contain` (the scope's resource contains the class
    /// too); `require` calls become the scope's resource's `require` parameters.
    fn containment(&mut self) {
        let catalog = self.catalog;
        for (at, container) in self.containers.iter().enumerate() {
            let container = match container {
                Container::Fixed(container) => *container,
                Container::Stage(value) => {
                    let title = crate::value::to_string_default(value);
                    let stage = catalog
                        .resource_position("stage", &title)
                        .and_then(|found| self.places.resources.get(found).copied().flatten());
                    Some(stage.unwrap_or(STAGE_MAIN))
                }
                Container::Owner(owner) => self.places.owner(owner),
            };
            // One edge per node, each to another node: none can repeat an earlier one, so they
            // are pushed without `push_edge`'s look back.
            if let Some(container) = container {
                self.graph.edges.push(GraphEdge {
                    source: container,
                    target: at,
                    kind: EdgeKind::Contains,
                    span: None,
                });
            }
        }
        for link in &catalog.class_links {
            let (Some(owner), Value::Type(ty)) = (self.places.owner(&link.owner), &link.class)
            else {
                continue;
            };
            let class = super::relationships::catalog_entry(ty)
                .and_then(Result::ok)
                .and_then(|named| self.places.classes.get(&named.title).copied());
            match class {
                Some(class) if link.contain => {
                    // Repeats come from the same scope's `contain` calls, one after the other.
                    let recent = self.graph.edges.len().saturating_sub(RECENT_EDGES);
                    push_edge(
                        &mut self.graph,
                        recent,
                        owner,
                        class,
                        EdgeKind::Contains,
                        None,
                    )
                }
                Some(_) => {
                    if let Some(list) = self.parameters.get_mut(owner) {
                        list.push(("require", &link.class, link.span));
                    }
                }
                None => {}
            }
        }
    }

    /// The chain arrows' edges, by their source (Puppet adds them to its `before`/`notify`).
    fn arrows(&self) -> Vec<Vec<(usize, EdgeKind, Span)>> {
        let catalog = self.catalog;
        let mut arrows: Vec<Vec<(usize, EdgeKind, Span)>> =
            alloc::vec![Vec::new(); self.graph.nodes.len()];
        for edge in &catalog.edges {
            let (Some(source), Some(target)) = (
                catalog.graph_place(&self.places, &edge.source),
                catalog.graph_place(&self.places, &edge.target),
            ) else {
                continue;
            };
            let kind = if edge.parameter == "notify" {
                EdgeKind::Notify
            } else {
                EdgeKind::Before
            };
            if let Some(list) = arrows.get_mut(source) {
                list.push((target, kind, edge.span));
            }
        }
        arrows
    }

    /// Each node's relationship edges, metaparameter by metaparameter (the chain arrows' with
    /// `before` and `notify`); at most `max_references` references in all.
    fn relationships(&mut self, max_references: usize) {
        let arrows = self.arrows();
        let mut references_left = max_references;
        for at in 0..self.parameters.len() {
            // Each of these edges has the node at one end: `before` and `notify` (and the arrows)
            // as its source, `require` and `subscribe` as its target. So one can only repeat an
            // edge of this same node's, and only those are compared.
            let first = self.graph.edges.len();
            for (name, kind) in METAPARAMETERS {
                for index in 0..self.parameters[at].len() {
                    let (p, value, span) = self.parameters[at][index];
                    if p == name {
                        references_left =
                            self.references(at, kind, value, span, references_left, first);
                    }
                }
                if matches!(kind, EdgeKind::Before | EdgeKind::Notify) {
                    for (target, arrow_kind, span) in arrows.get(at).into_iter().flatten() {
                        if *arrow_kind == kind {
                            push_edge(&mut self.graph, first, at, *target, kind, Some(*span));
                        }
                    }
                }
            }
        }
    }

    /// The edges of one relationship parameter's references; what is left of the limit.
    /// `first`: where the node's own relationship edges start (those a new one could repeat).
    fn references(
        &mut self,
        at: usize,
        kind: EdgeKind,
        value: &Value,
        span: Span,
        references_left: usize,
        first: usize,
    ) -> usize {
        // Past the collection limit (for all parameters together) the rest of the references are
        // not drawn: the graph is made after the compile, whose limits it keeps.
        let mut references = Vec::new();
        super::named::flatten_references(value, &mut references, references_left);
        let left = references_left - references.len();
        for reference in references {
            let named = match reference {
                Value::Type(ty) => super::relationships::catalog_entry(ty).and_then(Result::ok),
                Value::String(text) => super::named::parse_reference(text),
                _ => None,
            };
            let Some(other) = named.and_then(|n| self.catalog.graph_place(&self.places, &n)) else {
                continue;
            };
            let (source, target) = match kind {
                EdgeKind::Require | EdgeKind::Subscribe => (other, at),
                _ => (at, other),
            };
            push_edge(&mut self.graph, first, source, target, kind, Some(span));
        }
        left
    }
}

impl Catalog {
    /// The finished catalog as a graph (call it after `finish` succeeded); relationship
    /// metaparameters draw at most `max_references` references together (the collection limit).
    pub(crate) fn graph(&self, max_references: usize) -> CatalogGraph {
        self.draw::<true>(max_references)
    }

    /// The same graph with every node's reference left `""`: for a dependency-cycle check that
    /// nothing else reads the graph of (`EvalOptions::catalog_unread`), which needs the names only
    /// when it finds a cycle (the graph is then drawn again, named). Not in the browser's engines:
    /// they always read the catalog.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn unnamed_graph(&self, max_references: usize) -> CatalogGraph {
        self.draw::<false>(max_references)
    }

    fn draw<const NAMED: bool>(&self, max_references: usize) -> CatalogGraph {
        let mut drawing = Drawing::<NAMED>::new(self);
        drawing.nodes();
        drawing.containment();
        drawing.relationships(max_references);
        drawing.graph
    }

    /// The node of a class or resource a relationship names.
    fn graph_place(&self, places: &Places, named: &Named) -> Option<usize> {
        match (named.kind.as_str(), named.title.as_str()) {
            ("class", name) => places.classes.get(name).copied(),
            ("stage", "main") => Some(STAGE_MAIN),
            ("node", title) => places.nodes.get(title).copied(),
            (kind, title) => {
                let at = self.resource_position(kind, title)?;
                places.resources.get(at).copied().flatten()
            }
        }
    }
}

/// A resource's or class's relationship metaparameters with where each was set.
fn relationship_parameters<'a>(
    given: &'a [(String, Value)],
    spans: &[(String, Span)],
    span: Span,
) -> Vec<(&'a str, &'a Value, Span)> {
    given
        .iter()
        .filter(|(name, _)| is_relationship_parameter(name))
        .map(|(name, value)| {
            let at = spans
                .iter()
                .find(|(n, _)| n == name)
                .map_or(span, |(_, s)| *s);
            (name.as_str(), value, at)
        })
        .collect()
}

/// Whether `name` is one of [`METAPARAMETERS`], the one list of them (four names, each compared
/// by its length first).
fn is_relationship_parameter(name: &str) -> bool {
    METAPARAMETERS.iter().any(|(listed, _)| *listed == name)
}

/// How far back a `contain` edge is compared with the edges before it.
const RECENT_EDGES: usize = 64;

/// Adds an edge unless the same one (ends and kind) is among the edges from `from` on (those
/// it could repeat).
fn push_edge(
    graph: &mut CatalogGraph,
    from: usize,
    source: usize,
    target: usize,
    kind: EdgeKind,
    span: Option<Span>,
) {
    let duplicate = (graph.edges.get(from..).unwrap_or_default())
        .iter()
        .any(|e| e.source == source && e.target == target && e.kind == kind);
    if !duplicate {
        graph.edges.push(GraphEdge {
            source,
            target,
            kind,
            span,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relationship_parameters_are_the_metaparameters_listed() {
        for (name, _) in METAPARAMETERS {
            assert!(is_relationship_parameter(name));
        }
        for name in ["tag", "alias", "requires", "Notify", ""] {
            assert!(!is_relationship_parameter(name));
        }
    }
}
