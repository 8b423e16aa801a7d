//! Dependency cycles, found as Puppet's agent finds them when it applies a catalog
//! (`Puppet::Graph::RelationshipGraph`): the relationship edges, with every container replaced by a
//! pair of anchors (`admissible_X` before its contents, `completed_X` after them), then the strongly
//! connected components of more than one node or with an edge to itself (Tarjan's algorithm,
//! iterative), each sorted by reference, and one path through each found breadth-first, printed as
//! `(Notify[a] => Notify[b] => Notify[a])`.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::graph::{CatalogGraph, EdgeKind};
use crate::span::Span;

/// One dependency cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DependencyCycle {
    /// The path Puppet prints, its last reference one met before (a container by its own name).
    pub path: Vec<String>,
    /// The graph's nodes in the cycle (a container whose anchors are in it, by its own node).
    pub nodes: Vec<usize>,
    /// The graph's relationship edges between the cycle's nodes (places in `CatalogGraph::edges`).
    pub edges: Vec<usize>,
    /// The chain arrow or metaparameter that closes the path.
    pub span: Span,
}

/// Puppet's report of the cycles (`report_cycles_in_graph`), word for word: its separators after
/// each path are a backslash and an `n`, as Puppet 7.23 writes them (in single quotes).
pub fn cycles_message(cycles: &[DependencyCycle]) -> String {
    let mut message = match cycles.len() {
        1 => String::from("Found 1 dependency cycle:\n"),
        n => format!("Found {n} dependency cycles:\n"),
    };
    for cycle in cycles {
        message.push('(');
        message.push_str(&cycle.path.join(" => "));
        message.push_str(")\\n");
    }
    message.push_str(
        "Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz",
    );
    message
}

/// Breadth-first frames `paths_in_cycle` may visit before a simpler search finds the path.
const MAX_PATH_FRAMES: usize = 20_000;
/// Steps spent looking whether a frame's vertex is on its path, before the simpler search.
const MAX_PATH_STEPS: usize = 2_000_000;

/// The relationship graph with containers replaced by anchors. Vertices: the graph's nodes (a
/// container's own node ends with no edges), then `admissible`, `completed` of each container.
/// Edges keep Puppet's order (a Ruby hash's: by first insertion, a removed one forgotten).
struct Expanded {
    out: Vec<Vec<(u32, u32)>>,
    inward: Vec<Vec<(u32, u32)>>,
    /// Live edges: their stamp (which entry of `out`/`inward` is current) and the relationship
    /// edge of the catalog graph they stand for.
    live: BTreeMap<(u32, u32), (u32, Option<usize>)>,
    stamp: u32,
}

impl Expanded {
    fn new(vertices: usize) -> Self {
        Expanded {
            out: alloc::vec![Vec::new(); vertices],
            inward: alloc::vec![Vec::new(); vertices],
            live: BTreeMap::new(),
            stamp: 0,
        }
    }

    fn add(&mut self, source: u32, target: u32, origin: Option<usize>) {
        if let Some((_, existing)) = self.live.get_mut(&(source, target)) {
            if existing.is_none() {
                *existing = origin;
            }
            return;
        }
        self.stamp += 1;
        self.live.insert((source, target), (self.stamp, origin));
        if let Some(list) = self.out.get_mut(source as usize) {
            list.push((target, self.stamp));
        }
        if let Some(list) = self.inward.get_mut(target as usize) {
            list.push((source, self.stamp));
        }
    }

    fn is_live(&self, source: u32, target: u32, stamp: u32) -> bool {
        self.live.get(&(source, target)).map(|e| e.0) == Some(stamp)
    }

    /// The vertices `v` has an edge to, in order.
    fn adjacent(&self, v: u32) -> Vec<u32> {
        self.out
            .get(v as usize)
            .into_iter()
            .flatten()
            .filter(|(t, stamp)| self.is_live(v, *t, *stamp))
            .map(|(t, _)| *t)
            .collect()
    }

    /// The live edges into `v` with the relationship each stands for, in order.
    fn incoming(&self, v: u32) -> Vec<(u32, Option<usize>)> {
        self.inward
            .get(v as usize)
            .into_iter()
            .flatten()
            .filter(|(s, stamp)| self.is_live(*s, v, *stamp))
            .map(|(s, _)| (*s, self.live.get(&(*s, v)).and_then(|e| e.1)))
            .collect()
    }

    fn outgoing(&self, v: u32) -> Vec<(u32, Option<usize>)> {
        self.adjacent(v)
            .into_iter()
            .map(|t| (t, self.live.get(&(v, t)).and_then(|e| e.1)))
            .collect()
    }

    fn remove(&mut self, source: u32, target: u32) {
        self.live.remove(&(source, target));
    }
}

/// The dependency cycles of a catalog graph, sorted as Puppet reports them.
pub fn dependency_cycles(graph: &CatalogGraph) -> Vec<DependencyCycle> {
    let n = graph.nodes.len();
    // Each container's pair of anchors.
    let mut anchors: Vec<Option<(u32, u32)>> = alloc::vec![None; n];
    let mut next = n as u32;
    for (at, node) in graph.nodes.iter().enumerate() {
        if node.container {
            anchors[at] = Some((next, next + 1));
            next += 2;
        }
    }
    let admissible = |v: usize| anchors[v].map_or(v as u32, |(a, _)| a);
    let completed = |v: usize| anchors[v].map_or(v as u32, |(_, c)| c);
    let mut expanded = Expanded::new(next as usize);
    let mut contents: Vec<Vec<usize>> = alloc::vec![Vec::new(); n];
    for (at, edge) in graph.edges.iter().enumerate() {
        if edge.kind == EdgeKind::Contains {
            contents[edge.source].push(edge.target);
        } else {
            expanded.add(edge.source as u32, edge.target as u32, Some(at));
        }
    }
    for x in 0..n {
        let Some((a, c)) = anchors[x] else {
            continue;
        };
        if contents[x].is_empty() {
            expanded.add(a, c, None);
        }
        for &v in &contents[x] {
            expanded.add(a, admissible(v), None);
            expanded.add(completed(v), c, None);
        }
        for (source, origin) in expanded.incoming(x as u32) {
            expanded.add(completed(source as usize), a, origin);
            expanded.remove(source, x as u32);
        }
        for (target, origin) in expanded.outgoing(x as u32) {
            expanded.add(c, admissible(target as usize), origin);
            expanded.remove(x as u32, target);
        }
    }
    // What each vertex is: its graph node, and the reference Puppet sorts it by.
    let mut owner: Vec<usize> = (0..next as usize).collect();
    for (at, pair) in anchors.iter().enumerate() {
        if let Some((a, c)) = pair {
            owner[*a as usize] = at;
            owner[*c as usize] = at;
        }
    }
    let sort_key = |v: u32| -> String {
        let node = owner[v as usize];
        let reference = &graph.nodes[node].reference;
        match anchors[node] {
            Some((a, _)) if a == v => format!("Whit[admissible_{reference}]"),
            Some(_) if v as usize >= n => format!("Whit[completed_{reference}]"),
            _ => reference.clone(),
        }
    };
    let mut components: Vec<Vec<(String, u32)>> = strongly_connected(&expanded)
        .into_iter()
        .filter(|c| {
            c.len() > 1
                || c.first()
                    .is_some_and(|v| expanded.live.contains_key(&(*v, *v)))
        })
        .map(|c| {
            let mut keyed: Vec<(String, u32)> = c.into_iter().map(|v| (sort_key(v), v)).collect();
            keyed.sort_by(|x, y| x.0.cmp(&y.0));
            keyed
        })
        .collect();
    components.sort_by(|x, y| {
        for (a, b) in x.iter().zip(y.iter()) {
            match a.0.cmp(&b.0) {
                Ordering::Equal => continue,
                other => return other,
            }
        }
        x.len().cmp(&y.len())
    });
    components
        .into_iter()
        .map(|component| {
            let members: Vec<u32> = component.iter().map(|(_, v)| *v).collect();
            let path = path_in_cycle(&expanded, &members);
            let reference = |v: u32| graph.nodes[owner[v as usize]].reference.clone();
            // The last step of the path that a chain arrow or a metaparameter made.
            let span = path
                .windows(2)
                .rev()
                .find_map(|step| {
                    let origin = expanded.live.get(&(step[0], step[1]))?.1?;
                    graph.edges.get(origin)?.span
                })
                .or_else(|| graph.nodes[owner[members[0] as usize]].span)
                .unwrap_or_default();
            let mut nodes: Vec<usize> = members.iter().map(|v| owner[*v as usize]).collect();
            nodes.sort_unstable();
            nodes.dedup();
            let edges = graph
                .edges
                .iter()
                .enumerate()
                .filter(|(_, e)| {
                    e.kind.is_relationship()
                        && nodes.binary_search(&e.source).is_ok()
                        && nodes.binary_search(&e.target).is_ok()
                })
                .map(|(at, _)| at)
                .collect();
            DependencyCycle {
                path: path.into_iter().map(reference).collect(),
                nodes,
                edges,
                span,
            }
        })
        .collect()
}

/// Tarjan's strongly connected components, with an explicit stack (no recursion on user data).
fn strongly_connected(graph: &Expanded) -> Vec<Vec<u32>> {
    let count = graph.out.len();
    let unseen = u32::MAX;
    let mut index = alloc::vec![unseen; count];
    let mut low = alloc::vec![0u32; count];
    let mut on_stack = alloc::vec![false; count];
    let mut stack: Vec<u32> = Vec::new();
    let mut components = Vec::new();
    let mut number = 0u32;
    // Frames: the vertex, its adjacent vertices and how many of them were visited.
    let mut frames: Vec<(u32, Vec<u32>, usize)> = Vec::new();
    for root in 0..count as u32 {
        if index[root as usize] != unseen {
            continue;
        }
        frames.push((root, graph.adjacent(root), 0));
        index[root as usize] = number;
        low[root as usize] = number;
        number += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(frame) = frames.last_mut() {
            let vertex = frame.0 as usize;
            if let Some(&child) = frame.1.get(frame.2) {
                frame.2 += 1;
                let c = child as usize;
                if index[c] == unseen {
                    index[c] = number;
                    low[c] = number;
                    number += 1;
                    stack.push(child);
                    on_stack[c] = true;
                    frames.push((child, graph.adjacent(child), 0));
                } else if on_stack[c] {
                    low[vertex] = low[vertex].min(index[c]);
                }
                continue;
            }
            if low[vertex] == index[vertex] {
                let mut component = Vec::new();
                while let Some(top) = stack.pop() {
                    on_stack[top as usize] = false;
                    component.push(top);
                    if top as usize == vertex {
                        break;
                    }
                }
                components.push(component);
            }
            frames.pop();
            if let Some(parent) = frames.last() {
                let p = parent.0 as usize;
                low[p] = low[p].min(low[vertex]);
            }
        }
    }
    components
}

/// `paths_in_cycle(cycle, 1)`: breadth-first from the component's first vertex, over its own
/// edges, to the first path that meets a vertex again. Past a bound on the work, the shortest
/// way back to the first vertex.
fn path_in_cycle(graph: &Expanded, members: &[u32]) -> Vec<u32> {
    let Some(&first) = members.first() else {
        return Vec::new();
    };
    let mut sorted = members.to_vec();
    sorted.sort_unstable();
    let inside = |v: &u32| sorted.binary_search(v).is_ok();
    let adjacent: BTreeMap<u32, Vec<u32>> = members
        .iter()
        .map(|v| (*v, graph.adjacent(*v).into_iter().filter(inside).collect()))
        .collect();
    // Frames: a vertex and the frame it was reached from.
    let mut frames: Vec<(u32, usize)> = alloc::vec![(first, usize::MAX)];
    let mut steps = 0usize;
    let mut at = 0;
    while at < frames.len() && frames.len() <= MAX_PATH_FRAMES && steps <= MAX_PATH_STEPS {
        let (vertex, parent) = frames[at];
        let mut on_path = false;
        let mut walk = parent;
        while walk != usize::MAX {
            steps += 1;
            if frames[walk].0 == vertex {
                on_path = true;
                break;
            }
            walk = frames[walk].1;
        }
        if on_path {
            let mut path = Vec::new();
            let mut walk = at;
            while walk != usize::MAX {
                path.push(frames[walk].0);
                walk = frames[walk].1;
            }
            path.reverse();
            return path;
        }
        for to in adjacent.get(&vertex).into_iter().flatten() {
            frames.push((*to, at));
        }
        at += 1;
    }
    shortest_way_back(&adjacent, first)
}

/// A shortest path from `first` back to itself (breadth-first with each vertex visited once).
fn shortest_way_back(adjacent: &BTreeMap<u32, Vec<u32>>, first: u32) -> Vec<u32> {
    let mut parent: BTreeMap<u32, u32> = BTreeMap::new();
    let mut queue = alloc::collections::VecDeque::from([first]);
    while let Some(vertex) = queue.pop_front() {
        for &to in adjacent.get(&vertex).into_iter().flatten() {
            if to == first {
                // `first` has no parent: the walk ends there.
                let mut path = alloc::vec![vertex];
                let mut walk = vertex;
                while let Some(&p) = parent.get(&walk) {
                    path.push(p);
                    walk = p;
                }
                path.reverse();
                path.push(first);
                return path;
            }
            if to != first && !parent.contains_key(&to) {
                parent.insert(to, vertex);
                queue.push_back(to);
            }
        }
    }
    alloc::vec![first, first]
}
