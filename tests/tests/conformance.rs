//! The conformance suite: every case of `conformance/cases` against what real Puppet gave for it.
//!
//! Fails on any disagreement not listed in `conformance/known-differences.jsonl`, and on any listed
//! difference that has gone away (the list only shrinks). `UPDATE_KNOWN_DIFFERENCES=1` rewrites the
//! list from the current run, keeping the reasons already written.
//!
//! While working on an area: `CONFORMANCE_AREAS=strings,heredoc` runs only those areas and
//! `CONFORMANCE_SHOW=1` prints every disagreement (known or not) instead of failing.

use std::collections::{BTreeMap, HashMap};
use std::fs;

use puppet_cli::protocol::{run_case, SNIPPET_FILE};
use puppet_conformance::cases::{conformance_dir, disagreement, read_cases, read_golden};
use puppet_core::EvalOptions;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
struct KnownDifference {
    id: String,
    src: String,
    reason: String,
}

fn known_differences() -> HashMap<(String, String), KnownDifference> {
    let path = conformance_dir().join("known-differences.jsonl");
    let text = fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<KnownDifference>(l).expect("known-differences line"))
        .map(|k| ((area_of(&k.id).to_string(), k.src.clone()), k))
        .collect()
}

/// The options of a compile for node `certname` as `puppet apply` makes it: the facts of
/// facts.json with the local facts every agent adds (implementation, clientcert, clientversion,
/// clientnoop: OpenVox 8.28.1's `Puppet::Node::Facts#add_local_facts`).
fn node_options(dir: &std::path::Path, certname: &str, options: &EvalOptions) -> EvalOptions {
    let json = fs::read_to_string(dir.join("facts.json")).expect("conformance/facts.json");
    let mut facts: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&json).expect("facts.json");
    facts.insert("implementation".into(), "openvox".into());
    facts.insert("clientcert".into(), certname.into());
    facts.insert("clientversion".into(), "8.28.1".into());
    facts.insert("clientnoop".into(), false.into());
    EvalOptions {
        facts: Some(puppet_cli::facts::facts_text(&serde_json::Value::Object(
            facts,
        ))),
        certname: Some(certname.into()),
        ..options.clone()
    }
}

fn area_of(id: &str) -> &str {
    id.split('/').next().unwrap_or(id)
}

#[test]
fn conformance_with_real_puppet() {
    let dir = conformance_dir();
    let mut areas: Vec<_> = fs::read_dir(dir.join("cases"))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect()
        })
        .unwrap_or_default();
    areas.sort();
    assert!(!areas.is_empty(), "no case files in {}", dir.display());
    let only: Option<Vec<String>> = std::env::var("CONFORMANCE_AREAS")
        .ok()
        .map(|list| list.split(',').map(|a| a.trim().to_string()).collect());
    if let Some(only) = &only {
        areas.retain(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .is_some_and(|stem| only.iter().any(|a| a == stem))
        });
    }
    let show_all = std::env::var_os("CONFORMANCE_SHOW").is_some();

    let known = known_differences();
    // The machine's clock, as Puppet's `Timestamp()` reads it.
    let options = EvalOptions {
        now: puppet_cli::clock::now(),
        ..EvalOptions::default()
    };
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    let mut missing_golden = Vec::new();
    let mut current: Vec<KnownDifference> = Vec::new();
    let mut per_area: BTreeMap<String, (usize, usize)> = BTreeMap::new();

    for path in &areas {
        let area = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let cases = read_cases(&area, &fs::read_to_string(path).expect("case file"));
        let golden_path = dir.join("golden").join(format!("{area}.jsonl"));
        let golden = read_golden(&fs::read_to_string(&golden_path).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", golden_path.display()));
        let tally = per_area.entry(area.clone()).or_default();
        // The `facts` area runs for a node with the facts regen.py gave the oracle's node; the
        // `node` area as `puppet apply --certname` compiles for it (node_oracle.rb): that
        // certname, and the local facts puppet apply adds to the facts.
        let area_options = match area.as_str() {
            "facts" => {
                let json =
                    fs::read_to_string(dir.join("facts.json")).expect("conformance/facts.json");
                EvalOptions {
                    facts: Some(puppet_cli::facts::facts_from_json(&json).expect("facts.json")),
                    ..options.clone()
                }
            }
            "node" => node_options(&dir, "web01.example.com", &options),
            _ => options.clone(),
        };
        for case in cases {
            let Some(expected) = golden.get(&case.src) else {
                missing_golden.push(case.id.clone());
                continue;
            };
            tally.1 += 1;
            let actual =
                std::panic::catch_unwind(|| run_case(&case.src, SNIPPET_FILE, &area_options));
            let problem = match &actual {
                Ok(actual) => disagreement(&expected.result, actual),
                Err(_) => Some("the evaluator panicked".to_string()),
            };
            let key = (area.clone(), case.src.clone());
            match problem {
                None => {
                    tally.0 += 1;
                    if known.contains_key(&key) {
                        fixed.push(case.id.clone());
                    }
                }
                Some(problem) => {
                    let reason = known
                        .get(&key)
                        .map(|k| k.reason.clone())
                        .unwrap_or_else(|| {
                            let first = problem.lines().next().unwrap_or_default();
                            format!("not implemented yet ({})", first.trim_end_matches(':'))
                        });
                    if show_all {
                        println!("{} `{}`: {problem}", case.id, case.src);
                    }
                    if !known.contains_key(&key) {
                        unexpected.push(format!("{} `{}`: {problem}", case.id, case.src));
                    }
                    current.push(KnownDifference {
                        id: case.id.clone(),
                        src: case.src.clone(),
                        reason,
                    });
                }
            }
        }
    }

    let (mut agree, mut total) = (0, 0);
    println!("agreement with real Puppet, per area:");
    for (area, (ok, all)) in &per_area {
        agree += ok;
        total += all;
        let percent = if *all == 0 {
            100.0
        } else {
            100.0 * *ok as f64 / *all as f64
        };
        println!("  {area:<20} {ok:>5}/{all:<5} {percent:5.1}%");
    }
    println!("  {:<20} {agree:>5}/{total:<5}", "total");

    if show_all {
        return;
    }
    if std::env::var_os("UPDATE_KNOWN_DIFFERENCES").is_some() {
        assert!(
            only.is_none(),
            "rewrite the known differences from a run of all areas"
        );
        let text: String = current
            .iter()
            .map(|k| serde_json::to_string(k).expect("json") + "\n")
            .collect();
        fs::write(dir.join("known-differences.jsonl"), text).expect("write known differences");
        println!(
            "rewrote known-differences.jsonl with {} entries",
            current.len()
        );
        return;
    }
    let mut failures = String::new();
    if !missing_golden.is_empty() {
        failures += &format!(
            "{} cases have no golden result (run tests/conformance/regen.py): {:?}\n",
            missing_golden.len(),
            &missing_golden[..missing_golden.len().min(10)]
        );
    }
    for u in unexpected.iter().take(40) {
        failures += &format!("{u}\n");
    }
    if unexpected.len() > 40 {
        failures += &format!("... and {} more disagreements\n", unexpected.len() - 40);
    }
    if !fixed.is_empty() {
        failures += &format!(
            "{} known differences now agree; remove them from known-differences.jsonl: {:?}\n",
            fixed.len(),
            &fixed[..fixed.len().min(20)]
        );
    }
    assert!(failures.is_empty(), "\n{failures}");
}
