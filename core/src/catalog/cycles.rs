//! Dependency cycles, found as Puppet's agent finds them when it applies a catalog
//! (`Puppet::Graph::RelationshipGraph`): the relationship edges, with every container replaced by a
//! pair of anchors (`admissible_X` before its contents, `completed_X` after them), then the strongly
//! connected components of more than one node or with an edge to itself (Tarjan's algorithm,
//! iterative), each sorted by reference, and one path through each found breadth-first, printed as
//! `(Notify[a] => Notify[b] => Notify[a])`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::graph::{CatalogGraph, EdgeKind};
use crate::span::Span;
use crate::value::Value;

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
        message.push_str(&crate::text::join(&cycle.path, " => "));
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
const NONE: u32 = u32::MAX;

/// One edge of the expanded graph: its ends, the relationship edge of the catalog graph it stands
/// for (`NONE` for containment), and whether it is still there.
struct Link {
    source: u32,
    target: u32,
    origin: u32,
    alive: bool,
}

/// The relationship graph with containers replaced by anchors. Vertices: the graph's nodes (a
/// container's own node ends with no edges), then `admissible`, `completed` of each container.
/// Edges keep Puppet's order (a Ruby hash's: by first insertion, a removed one forgotten).
struct Expanded {
    links: Vec<Link>,
    out: Vec<Vec<u32>>,
    inward: Vec<Vec<u32>>,
    /// `source << 32 | target` to the latest link between them (the value Hash: its map code is
    /// in the module already).
    index: crate::value::Hash,
}

fn pair_key(source: u32, target: u32) -> Value {
    Value::Integer(((source as i64) << 32) | target as i64)
}

impl Expanded {
    pub(crate) fn new(vertices: usize) -> Self {
        Expanded {
            links: Vec::new(),
            out: alloc::vec![Vec::new(); vertices],
            inward: alloc::vec![Vec::new(); vertices],
            index: crate::value::Hash::new(),
        }
    }

    /// The live link from `source` to `target`.
    pub(crate) fn find(&self, source: u32, target: u32) -> Option<usize> {
        match self.index.get(&pair_key(source, target))? {
            Value::Integer(at) => {
                let at = *at as usize;
                self.links.get(at).filter(|l| l.alive).map(|_| at)
            }
            _ => None,
        }
    }

    pub(crate) fn add(&mut self, source: u32, target: u32, origin: u32) {
        if let Some(at) = self.find(source, target) {
            if self.links[at].origin == NONE {
                self.links[at].origin = origin;
            }
            return;
        }
        let at = self.links.len() as u32;
        self.links.push(Link {
            source,
            target,
            origin,
            alive: true,
        });
        self.index
            .insert(pair_key(source, target), Value::Integer(i64::from(at)));
        if let Some(list) = self.out.get_mut(source as usize) {
            list.push(at);
        }
        if let Some(list) = self.inward.get_mut(target as usize) {
            list.push(at);
        }
    }

    /// The live links out of (`out`) or into (`inward`) a vertex, in order.
    pub(crate) fn live(&self, list: &[Vec<u32>], v: u32) -> Vec<usize> {
        list.get(v as usize)
            .into_iter()
            .flatten()
            .map(|at| *at as usize)
            .filter(|at| self.links[*at].alive)
            .collect()
    }

    pub(crate) fn adjacent(&self, v: u32) -> Vec<u32> {
        let out = self.live(&self.out, v);
        out.into_iter().map(|at| self.links[at].target).collect()
    }
}

/// The dependency cycles of a catalog graph, sorted as Puppet reports them.
pub fn dependency_cycles(graph: &CatalogGraph) -> Vec<DependencyCycle> {
    let n = graph.nodes.len();
    // Each container's pair of anchors; the graph node each vertex stands for.
    let mut anchors: Vec<Option<(u32, u32)>> = alloc::vec![None; n];
    let mut owner: Vec<usize> = (0..n).collect();
    for (at, node) in graph.nodes.iter().enumerate() {
        if node.container {
            let a = owner.len() as u32;
            anchors[at] = Some((a, a + 1));
            owner.push(at);
            owner.push(at);
        }
    }
    // Most catalogs have no cycle: then there is nothing to find, name or sort.
    if !has_cycle(graph, &anchors, owner.len()) {
        return Vec::new();
    }
    let admissible = |v: usize| ends(&anchors, v).0;
    let completed = |v: usize| ends(&anchors, v).1;
    let mut expanded = Expanded::new(owner.len());
    let mut contents: Vec<Vec<usize>> = alloc::vec![Vec::new(); n];
    for (at, edge) in graph.edges.iter().enumerate() {
        if edge.kind == EdgeKind::Contains {
            contents[edge.source].push(edge.target);
        } else {
            expanded.add(edge.source as u32, edge.target as u32, at as u32);
        }
    }
    for x in 0..n {
        let Some((a, c)) = anchors[x] else {
            continue;
        };
        if contents[x].is_empty() {
            expanded.add(a, c, NONE);
        }
        for &v in &contents[x] {
            expanded.add(a, admissible(v), NONE);
            expanded.add(completed(v), c, NONE);
        }
        for at in expanded.live(&expanded.inward, x as u32) {
            let (source, origin) = (expanded.links[at].source, expanded.links[at].origin);
            expanded.add(completed(source as usize), a, origin);
            expanded.links[at].alive = false;
        }
        for at in expanded.live(&expanded.out, x as u32) {
            let (target, origin) = (expanded.links[at].target, expanded.links[at].origin);
            expanded.add(c, admissible(target as usize), origin);
            expanded.links[at].alive = false;
        }
    }
    // The reference Puppet sorts a vertex by.
    let sort_key = |v: u32| -> String {
        let node = owner[v as usize];
        let reference = &graph.nodes[node].reference;
        match anchors[node] {
            Some((a, _)) if a == v => format!("Whit[admissible_{reference}]"),
            Some(_) if v as usize >= n => format!("Whit[completed_{reference}]"),
            _ => reference.clone(),
        }
    };
    let components: Vec<Vec<(String, u32)>> = strongly_connected(&expanded)
        .into_iter()
        .filter(|c| match c.as_slice() {
            [one] => expanded.find(*one, *one).is_some(),
            _ => true,
        })
        .map(|c| {
            let keys: Vec<String> = c.iter().map(|v| sort_key(*v)).collect();
            crate::sort::order(c.len(), &mut |x, y| keys[x].cmp(&keys[y]))
                .into_iter()
                .map(|at| (keys[at].clone(), c[at]))
                .collect()
        })
        .collect();
    let sorted = crate::sort::order(components.len(), &mut |x, y| {
        let (x, y) = (&components[x], &components[y]);
        for (a, b) in x.iter().zip(y.iter()) {
            match a.0.cmp(&b.0) {
                Ordering::Equal => continue,
                other => return other,
            }
        }
        x.len().cmp(&y.len())
    });
    let mut in_cycle = alloc::vec![false; n];
    sorted
        .into_iter()
        .map(|at| {
            let members: Vec<u32> = components[at].iter().map(|(_, v)| *v).collect();
            let path = path_in_cycle(&expanded, &members);
            // The last step of the path that a chain arrow or a metaparameter made.
            let span = path
                .windows(2)
                .rev()
                .find_map(|step| {
                    let link = &expanded.links[expanded.find(step[0], step[1])?];
                    graph.edges.get(link.origin as usize)?.span
                })
                .or_else(|| graph.nodes[owner[members[0] as usize]].span)
                .unwrap_or_default();
            in_cycle.iter_mut().for_each(|flag| *flag = false);
            members
                .iter()
                .for_each(|v| in_cycle[owner[*v as usize]] = true);
            let nodes: Vec<usize> = (0..n).filter(|node| in_cycle[*node]).collect();
            let edges = graph
                .edges
                .iter()
                .enumerate()
                .filter(|(_, e)| {
                    e.kind.is_relationship() && in_cycle[e.source] && in_cycle[e.target]
                })
                .map(|(at, _)| at)
                .collect();
            DependencyCycle {
                path: path
                    .into_iter()
                    .map(|v| graph.nodes[owner[v as usize]].reference.clone())
                    .collect(),
                nodes,
                edges,
                span,
            }
        })
        .collect()
}

/// Where edges into vertex `v` arrive and edges out of it leave: a container's admission and
/// completion anchors, any other vertex itself for both.
fn ends(anchors: &[Option<(u32, u32)>], v: usize) -> (u32, u32) {
    anchors
        .get(v)
        .copied()
        .flatten()
        .unwrap_or((v as u32, v as u32))
}

/// Whether the graph [`dependency_cycles`] expands has a cycle. Its edges as that expansion ends
/// with them: each relationship `u -> v` from `u`'s completion to `v`'s admission (a vertex that
/// is no container is both), each container's admission before each of its contents and their
/// completions before its own completion (an empty container's admission before its
/// completion); found by a depth-first search over flat adjacency lists.
fn has_cycle(graph: &CatalogGraph, anchors: &[Option<(u32, u32)>], vertices: usize) -> bool {
    let admissible = |v: usize| ends(anchors, v).0;
    let completed = |v: usize| ends(anchors, v).1;
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(graph.edges.len() * 2);
    let mut has_contents = alloc::vec![false; anchors.len()];
    for edge in &graph.edges {
        if edge.kind != EdgeKind::Contains {
            edges.push((completed(edge.source), admissible(edge.target)));
        } else if let Some((a, c)) = anchors.get(edge.source).copied().flatten() {
            edges.push((a, admissible(edge.target)));
            edges.push((completed(edge.target), c));
            if let Some(flag) = has_contents.get_mut(edge.source) {
                *flag = true;
            }
        }
    }
    for (x, anchor) in anchors.iter().enumerate() {
        if let (Some((a, c)), Some(false)) = (anchor, has_contents.get(x)) {
            edges.push((*a, *c));
        }
    }
    // Adjacency lists, flat: vertex v's targets are `targets[start[v]..start[v + 1]]`.
    let mut start = alloc::vec![0usize; vertices + 1];
    for &(source, _) in &edges {
        if let Some(count) = start.get_mut(source as usize + 1) {
            *count += 1;
        }
    }
    for v in 0..vertices {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut targets = alloc::vec![0u32; edges.len()];
    for &(source, target) in &edges {
        if let Some(at) = fill.get_mut(source as usize) {
            if let Some(slot) = targets.get_mut(*at) {
                *slot = target;
            }
            *at += 1;
        }
    }
    // 0: not visited, 1: on the current path, 2: done.
    let mut state = alloc::vec![0u8; vertices];
    let mut path: Vec<(u32, usize)> = Vec::new();
    for root in 0..vertices {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        path.push((root as u32, start[root]));
        while let Some((v, next)) = path.last_mut() {
            let v = *v as usize;
            if *next < start[v + 1] {
                let target = targets[*next] as usize;
                *next += 1;
                match state.get(target) {
                    Some(1) => return true,
                    Some(0) => {
                        state[target] = 1;
                        path.push((target as u32, start[target]));
                    }
                    _ => {}
                }
            } else {
                state[v] = 2;
                path.pop();
            }
        }
    }
    false
}

/// Tarjan's strongly connected components, with an explicit stack (no recursion on user data).
fn strongly_connected(graph: &Expanded) -> Vec<Vec<u32>> {
    let count = graph.out.len();
    let mut index = alloc::vec![NONE; count];
    let mut low = alloc::vec![0u32; count];
    let mut on_stack = alloc::vec![false; count];
    let mut stack: Vec<u32> = Vec::new();
    let mut components = Vec::new();
    let mut number = 0u32;
    // Frames: the vertex, its adjacent vertices and how many of them were visited.
    let mut frames: Vec<(u32, Vec<u32>, usize)> = Vec::new();
    for root in 0..count as u32 {
        if index[root as usize] != NONE {
            continue;
        }
        let mut next = Some(root);
        loop {
            if let Some(v) = next.take() {
                index[v as usize] = number;
                low[v as usize] = number;
                number += 1;
                stack.push(v);
                on_stack[v as usize] = true;
                frames.push((v, graph.adjacent(v), 0));
            }
            let Some(frame) = frames.last_mut() else {
                break;
            };
            let vertex = frame.0 as usize;
            if let Some(&child) = frame.1.get(frame.2) {
                frame.2 += 1;
                let c = child as usize;
                if index[c] == NONE {
                    next = Some(child);
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
    // Each member's place, and its adjacent members by place.
    let mut place = alloc::vec![NONE; graph.out.len()];
    for (at, v) in members.iter().enumerate() {
        place[*v as usize] = at as u32;
    }
    let adjacent: Vec<Vec<u32>> = members
        .iter()
        .map(|v| {
            let out = graph.adjacent(*v);
            out.into_iter()
                .map(|t| place[t as usize])
                .filter(|p| *p != NONE)
                .collect()
        })
        .collect();
    // Frames: a member's place and the frame it was reached from.
    let mut frames: Vec<(u32, usize)> = alloc::vec![(0, usize::MAX)];
    let (mut steps, mut at) = (0usize, 0usize);
    while at < frames.len() && frames.len() <= MAX_PATH_FRAMES && steps <= MAX_PATH_STEPS {
        let (vertex, parent) = frames[at];
        let mut walk = parent;
        while walk != usize::MAX && frames[walk].0 != vertex {
            steps += 1;
            walk = frames[walk].1;
        }
        if walk != usize::MAX {
            let mut path = Vec::new();
            let mut walk = at;
            while walk != usize::MAX {
                path.push(members[frames[walk].0 as usize]);
                walk = frames[walk].1;
            }
            path.reverse();
            return path;
        }
        for to in &adjacent[vertex as usize] {
            frames.push((*to, at));
        }
        at += 1;
    }
    shortest_way_back(&adjacent)
        .into_iter()
        .map(|p| members.get(p as usize).copied().unwrap_or(first))
        .collect()
}

/// A shortest path from the first member back to itself (breadth-first, each member once).
fn shortest_way_back(adjacent: &[Vec<u32>]) -> Vec<u32> {
    let mut parent = alloc::vec![NONE; adjacent.len()];
    let mut queue = alloc::vec![0u32];
    let mut head = 0;
    while let Some(&vertex) = queue.get(head) {
        head += 1;
        for &to in &adjacent[vertex as usize] {
            if to == 0 {
                // The first member has no parent: the walk ends there.
                let mut path = alloc::vec![vertex];
                let mut walk = vertex;
                while parent[walk as usize] != NONE {
                    walk = parent[walk as usize];
                    path.push(walk);
                }
                path.reverse();
                path.push(0);
                return path;
            }
            if parent[to as usize] == NONE {
                parent[to as usize] = vertex;
                queue.push(to);
            }
        }
    }
    alloc::vec![0, 0]
}
