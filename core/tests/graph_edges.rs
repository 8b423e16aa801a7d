//! The catalog graph's relationship edges: a relationship named twice by one resource (in one
//! parameter, in two, or by a parameter and a chain arrow) is drawn as one edge, however many
//! edges the resource has (Puppet's `relationships.dot` repeats it; the cycles it finds are the
//! same either way); the same two resources related by different kinds keep an edge of each kind.

use puppet_core::{evaluate, EdgeKind, EvalOptions, Outcome};

fn compiled(code: &str) -> Outcome {
    let outcome = evaluate(code, &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    outcome
}

/// The relationship edges (source reference, target reference, kind) of a compile's graph.
fn relationships(outcome: &Outcome) -> Vec<(String, String, EdgeKind)> {
    let graph = &outcome.graph;
    let name = |at: usize| graph.nodes[at].reference.clone();
    graph
        .edges
        .iter()
        .filter(|e| e.kind.is_relationship())
        .map(|e| (name(e.source), name(e.target), e.kind))
        .collect()
}

/// Fails unless the edge `source` -> `target` of `kind` is among `edges` exactly once.
fn assert_once(edges: &[(String, String, EdgeKind)], source: &str, target: &str, kind: EdgeKind) {
    let count = edges
        .iter()
        .filter(|(s, t, k)| s == source && t == target && *k == kind)
        .count();
    assert_eq!(count, 1, "{source} -> {target} ({kind:?}) in {edges:?}");
}

#[test]
fn a_relationship_named_twice_by_one_resource_is_one_edge() {
    let outcome = compiled(
        "notify { 'b': }\n\
         notify { 'a': before => [Notify['b'], Notify['b']], require => Notify['c'] }\n\
         notify { 'c': }\n\
         Notify['a'] -> Notify['b']\n\
         Notify['a'] ~> Notify['b']",
    );
    let edges = relationships(&outcome);
    assert_once(&edges, "Notify[a]", "Notify[b]", EdgeKind::Before);
    assert_once(&edges, "Notify[a]", "Notify[b]", EdgeKind::Notify);
    assert_once(&edges, "Notify[c]", "Notify[a]", EdgeKind::Require);
}

#[test]
fn a_repeat_far_behind_a_resources_other_edges_is_still_one_edge() {
    // 80 targets, then the first again: its edge was made 80 edges before.
    let targets: Vec<String> = (0..80).map(|n| format!("Notify['t{n}']")).collect();
    let code = format!(
        "notify {{ [{}]: }}\nnotify {{ 'hub': before => [{}, Notify['t0']] }}",
        (0..80)
            .map(|n| format!("'t{n}'"))
            .collect::<Vec<_>>()
            .join(", "),
        targets.join(", "),
    );
    let edges = relationships(&compiled(&code));
    assert_once(&edges, "Notify[hub]", "Notify[t0]", EdgeKind::Before);
    assert_eq!(edges.len(), 80, "{edges:?}");
}

#[test]
fn two_resources_relating_each_other_the_same_way_keep_both_edges() {
    // `before` from a and `require` from b name the same order, as two edges of their own kinds.
    let outcome =
        compiled("notify { 'a': before => Notify['b'] }\nnotify { 'b': require => Notify['a'] }");
    let edges = relationships(&outcome);
    assert_once(&edges, "Notify[a]", "Notify[b]", EdgeKind::Before);
    assert_once(&edges, "Notify[a]", "Notify[b]", EdgeKind::Require);
}
