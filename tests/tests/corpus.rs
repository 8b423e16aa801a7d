//! The real-world corpus (`corpus/cases.jsonl`: README examples and example manifests of Debian's
//! module packages, code blocks of the language documentation), compiled with Debian's modules on
//! the modulepath against real Puppet's answers (`corpus/golden.jsonl`, `corpus.py --oracle`):
//! every case of `corpus/agree.txt` must compile to Puppet's catalog and logs, and no case Puppet
//! refuses may compile here. `corpus.py` reports every case's outcome by source.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

use puppet_cli::protocol::{listing, on_big_stack};
use puppet_cli::workspace::EnvSource;
use puppet_core::{EvalOptions, LogLevel, MainCode};
use serde::Deserialize;

mod realworld_support;

use realworld_support::{as_golden, control_repository, facts, list, listing_as_golden, MODULES};

#[derive(Debug, Deserialize)]
struct Case {
    id: String,
    src: String,
}

#[derive(Debug, Deserialize)]
struct Golden {
    id: String,
    error: Option<String>,
    logs: Option<Vec<String>>,
    catalog: Option<puppet_cli::protocol::Listing>,
}

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn read_jsonl<T: for<'de> Deserialize<'de>>(name: &str) -> Vec<T> {
    fs::read_to_string(corpus_dir().join(name))
        .unwrap_or_else(|_| panic!("corpus/{name}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

type Compiled = Result<(puppet_cli::protocol::Listing, Vec<String>), String>;

#[test]
fn corpus_cases_compile_as_real_puppet_does() {
    let Some(env_dir) = control_repository("corpus-production") else {
        eprintln!("{MODULES} is missing: the corpus is not checked");
        return;
    };
    let golden: HashMap<String, Golden> = read_jsonl::<Golden>("golden.jsonl")
        .into_iter()
        .map(|g| (g.id.clone(), g))
        .collect();
    let agree = list(&corpus_dir().join("agree.txt"));
    let options = EvalOptions {
        facts: Some(facts()),
        certname: Some("playground".into()),
        ..EvalOptions::default()
    };
    let env = EnvSource {
        dir: Some(env_dir),
        // Its modules/ links Debian's modules in from outside it.
        link_targets: vec![MODULES.into()],
        ..EnvSource::default()
    };
    let mut failures = Vec::new();
    for case in read_jsonl::<Case>("cases.jsonl") {
        let expected = &golden[&case.id];
        let main = MainCode {
            name: "snippet.pp".into(),
            text: case.src.clone(),
        };
        let ours: Compiled = on_big_stack(|| {
            env.compile(Some(main), &options, |outcome| match outcome.error() {
                None => Ok((
                    listing(outcome),
                    outcome
                        .logs
                        .iter()
                        .filter(|l| !matches!(l.level, LogLevel::Debug))
                        .map(|l| as_golden(&format!("{}: {}", l.level.as_str(), l.message)))
                        .collect(),
                )),
                Some(error) => Err(error.message.clone()),
            })
        })
        .expect("the engine answers");
        let id = &case.id;
        match (&expected.error, &ours) {
            (Some(_), Ok(_)) => failures.push(format!("{id}: compiles, real Puppet refuses it")),
            (None, Ok((catalog, logs))) if agree.contains(id) => {
                if Some(&listing_as_golden(catalog)) != expected.catalog.as_ref() {
                    failures.push(format!("{id}: its catalog differs from real Puppet's"));
                }
                if Some(logs) != expected.logs.as_ref() {
                    failures.push(format!("{id}: its logs differ from real Puppet's"));
                }
            }
            (None, Err(message)) if agree.contains(id) => failures.push(format!(
                "{id}: stops ({message}) where real Puppet compiles"
            )),
            _ => {}
        }
    }
    println!(
        "{} corpus cases compile to real Puppet's catalog and logs",
        agree.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
