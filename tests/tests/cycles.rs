//! Dependency cycles against real Puppet: `conformance/golden-cycles/cycles.jsonl`, made by
//! `conformance/cycles_regen.py` with `puppet apply --noop` (without and with `--graph`).
//!
//! Each case is compiled for the node Puppet applied it as. Where Puppet found cycles, the engine
//! must report them with Puppet's text, word for word (which resources, in which order, how classes
//! and defined types appear), and still give the catalog; where Puppet applied the catalog, the
//! engine must find no cycle; where Puppet failed otherwise, the engine must fail and find none.
//! The relationship edges of the engine's catalog graph must be those of the `relationships.dot`
//! Puppet wrote.

use std::fs;

use puppet_conformance::cases::conformance_dir;
use puppet_core::{evaluate, EvalOptions};
use serde::Deserialize;

/// One line of `golden-cycles/cycles.jsonl`.
#[derive(Debug, Deserialize)]
struct GoldenCycle {
    id: String,
    src: String,
    error: Option<String>,
    relationships: Option<Vec<(String, String)>>,
}

const CERTNAME: &str = "web01.example.com";

fn goldens() -> Vec<GoldenCycle> {
    let path = conformance_dir().join("golden-cycles/cycles.jsonl");
    let text = fs::read_to_string(&path).expect("golden-cycles/cycles.jsonl");
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("a golden line"))
        .collect()
}

/// What the engine says of one case, or why it disagrees with Puppet.
fn check(case: &GoldenCycle) -> Result<(), String> {
    let options = EvalOptions {
        certname: Some(CERTNAME.into()),
        ..EvalOptions::default()
    };
    let outcome = evaluate(&case.src, &options);
    let cycle = outcome
        .diagnostics
        .iter()
        .find(|d| d.code == "DEPENDENCY_CYCLE");
    let other = outcome
        .diagnostics
        .iter()
        .find(|d| d.is_error() && d.code != "DEPENDENCY_CYCLE");
    match (&case.error, cycle, other) {
        (Some(expected), Some(found), None) if expected.starts_with("Found ") => {
            if &found.message != expected {
                return Err(format!("expected\n{expected}\nfound\n{}", found.message));
            }
            if outcome.catalog.is_empty() {
                return Err("the catalog is not given with the cycle".into());
            }
        }
        (None, None, None) => {}
        (Some(expected), None, Some(_)) if !expected.starts_with("Found ") => return Ok(()),
        (expected, cycle, other) => {
            return Err(format!(
                "expected {expected:?}, found cycle {:?} and error {:?}",
                cycle.map(|d| &d.message),
                other.map(|d| &d.message)
            ))
        }
    }
    if let Some(expected) = &case.relationships {
        let graph = &outcome.graph;
        let mut found: Vec<(String, String)> = graph
            .edges
            .iter()
            .filter(|e| e.kind.is_relationship())
            .map(|e| {
                (
                    graph.nodes[e.source].reference.clone(),
                    graph.nodes[e.target].reference.clone(),
                )
            })
            .collect();
        found.sort();
        found.dedup();
        let mut expected = expected.clone();
        expected.dedup();
        if found != expected {
            return Err(format!(
                "relationship edges: expected {expected:?}, found {found:?}"
            ));
        }
    }
    Ok(())
}

#[test]
fn dependency_cycles_agree_with_puppet() {
    let cases = goldens();
    assert!(cases.len() >= 20, "at least 20 cycle cases");
    let mut failures = Vec::new();
    for case in &cases {
        if let Err(problem) = check(case) {
            failures.push(format!("{}: {problem}", case.id));
        }
    }
    let cyclic = cases
        .iter()
        .filter(|c| c.error.as_deref().is_some_and(|e| e.starts_with("Found ")))
        .count();
    println!(
        "dependency cycles: {}/{} agree ({cyclic} with cycles)",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A ring of 3,000 resources and a chain of 3,000 classes: found without deep recursion.
#[test]
fn long_rings_are_found_without_recursion() {
    let mut src = String::new();
    for i in 0..3000 {
        src.push_str(&format!(
            "notify {{ 'r{i}': before => Notify['r{}'] }}\n",
            (i + 1) % 3000
        ));
    }
    let options = EvalOptions {
        certname: Some(CERTNAME.into()),
        ..EvalOptions::default()
    };
    let outcome = evaluate(&src, &options);
    assert_eq!(outcome.cycles.len(), 1);
    assert_eq!(outcome.cycles[0].path.len(), 3001);
    assert_eq!(outcome.cycles[0].path[0], "Notify[r0]");
    assert_eq!(outcome.cycles[0].nodes.len(), 3000);
}
