//! The compiled catalog (the page's Catalog pane, `puppet-eval --catalog`) against the catalogs real
//! Puppet compiled from the same cases: `conformance/golden-catalog/<area>.jsonl`, made by
//! `regen.py --catalog` through `catalog_oracle.rb`.
//!
//! For every case Puppet compiled, the engine must list the same classes and resources in the same
//! order, with the same parameters in the same order and the same values (`%p`, resource references
//! unquoted as the catalog prints them); where Puppet failed, the engine must fail too, with Puppet's
//! text when the failure is one of the checks Puppet makes as it finishes the compile. Cases listed
//! in `conformance/known-differences-catalog.jsonl` may differ (with their reason), and the list only
//! shrinks: a listed case that now agrees fails the test until it is removed.

use std::collections::HashMap;
use std::fs;

use puppet_cli::protocol::{error_text, on_big_stack, Listing};
use puppet_conformance::cases::{conformance_dir, read_cases};
use puppet_core::{evaluate, EvalOptions, Stage};
use serde::Deserialize;

/// One line of `golden-catalog/<area>.jsonl`.
#[derive(Debug, Deserialize)]
struct GoldenCatalog {
    id: String,
    src: String,
    resources: Option<Listing>,
    error: Option<String>,
}

#[derive(Debug, Deserialize)]
struct KnownDifference {
    id: String,
    reason: String,
}

/// The engine's catalog for `src` in the golden form, or `Err` when the program failed: with the
/// error's text when the compile failed as Puppet finished it (Puppet's text is compared then; an
/// error of the evaluation is compared by the value conformance suite).
fn engine_catalog(src: &str) -> Result<Listing, Option<String>> {
    let outcome = evaluate(src, &EvalOptions::default());
    if let Some(error) = outcome.error() {
        let finishing = error.stage == Stage::Compile;
        return Err(finishing.then(|| error_text(&outcome.sources, error)));
    }
    Ok(puppet_cli::protocol::listing(&outcome))
}

#[test]
fn compiled_catalogs_agree_with_real_puppet() {
    let dir = conformance_dir();
    let known: HashMap<String, KnownDifference> =
        fs::read_to_string(dir.join("known-differences-catalog.jsonl"))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str::<KnownDifference>(l).expect("known difference line"))
            .map(|k| (k.id.clone(), k))
            .collect();
    let mut areas: Vec<_> = fs::read_dir(dir.join("golden-catalog"))
        .expect("conformance/golden-catalog")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    areas.sort();
    let (mut agreed, mut total) = (0, 0);
    let mut failures = Vec::new();
    let mut gone = Vec::new();
    for path in &areas {
        let area = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let text = fs::read_to_string(path).expect("golden catalog");
        let goldens: Vec<GoldenCatalog> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("golden catalog line"))
            .collect();
        let cases = read_cases(
            area,
            &fs::read_to_string(dir.join("cases").join(format!("{area}.txt"))).unwrap_or_default(),
        );
        let sources: Vec<&str> = cases.iter().map(|c| c.src.as_str()).collect();
        let stale: Vec<&str> = goldens.iter().map(|g| g.src.as_str()).collect();
        assert_eq!(
            sources, stale,
            "golden-catalog/{area}.jsonl is stale: run tests/conformance/regen.py --catalog {area}"
        );
        for golden in goldens {
            total += 1;
            let src = golden.src.clone();
            let ours = on_big_stack(move || engine_catalog(&src))
                .unwrap_or(Err(Some("the engine panicked".into())));
            let agrees = match (&ours, &golden.error, &golden.resources) {
                (Err(Some(text)), Some(error), _) => text == error,
                (Err(None), Some(_), _) => true,
                (Ok(listing), None, Some(resources)) => listing == resources,
                _ => false,
            };
            match (agrees, known.get(&golden.id)) {
                (true, None) => agreed += 1,
                (true, Some(_)) => gone.push(golden.id.clone()),
                (false, Some(k)) => assert!(!k.reason.is_empty(), "{}: a reason", k.id),
                (false, None) => failures.push(format!(
                    "{}: {}\n  Puppet: {}\n  engine: {}",
                    golden.id,
                    golden.src.replace('\n', "↵"),
                    golden
                        .error
                        .clone()
                        .unwrap_or_else(|| format!("{:?}", golden.resources)),
                    match ours {
                        Ok(listing) => format!("{listing:?}"),
                        Err(text) => text.unwrap_or_else(|| "an error".into()),
                    },
                )),
            }
        }
    }
    println!(
        "compiled catalogs: {agreed}/{total} agree, {} known differences",
        known.len()
    );
    assert!(
        failures.is_empty(),
        "{} catalogs differ from real Puppet's:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        gone.is_empty(),
        "these known differences agree now; remove them from known-differences-catalog.jsonl: {gone:?}"
    );
}
