//! Real modules: the classes of Debian's Puppet modules (`/usr/share/puppet/modules.available`,
//! installed by the test command's tools) compiled in a control repository that links them under
//! their module names, against the catalogs real Puppet compiled (`realworld/golden/
//! classes-full-facts.jsonl`, `env_classes.py`). Every class of `realworld/classes-agree.txt`
//! must compile to Puppet's catalog, and no class Puppet refuses may compile here.
//! `compare_classes.py` reports every class's outcome and writes that list.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use puppet_cli::protocol::{listing, on_big_stack};
use puppet_cli::workspace::EnvSource;
use puppet_core::{EvalOptions, MainCode};
use serde::Deserialize;

const MODULES: &str = "/usr/share/puppet/modules.available";

#[derive(Debug, Deserialize)]
struct Golden {
    id: String,
    error: Option<String>,
    catalog: Option<puppet_cli::protocol::Listing>,
}

fn realworld_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("realworld")
}

/// An environment whose `modules/` links each of Debian's modules under its module name.
fn control_repository() -> Option<PathBuf> {
    let available = fs::read_dir(MODULES).ok()?;
    let env = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("realworld-production");
    let modules = env.join("modules");
    fs::create_dir_all(&modules).ok()?;
    for entry in available.filter_map(Result::ok) {
        let folder = entry.file_name().to_string_lossy().into_owned();
        let Some((_, name)) = folder.split_once('-') else {
            continue;
        };
        let link = modules.join(name.replace('-', "_"));
        if !link.exists() {
            std::os::unix::fs::symlink(entry.path(), &link).ok()?;
        }
    }
    Some(env)
}

/// The full facts of the goldens' run, as `compare_classes.py` derives them (kept next to them).
fn facts() -> String {
    let text = fs::read_to_string(realworld_dir().join("golden/full-facts.json"))
        .expect("realworld/golden/full-facts.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("facts are JSON");
    puppet_cli::facts::json_to_puppet(&json)
}

/// Module paths as the goldens print them (`<tmp>/stdlibmods/<m>/`).
fn as_golden(text: &str) -> String {
    text.replace("modules/", "<tmp>/stdlibmods/")
}

#[test]
fn real_module_classes_compile_to_real_puppets_catalogs() {
    let Some(env_dir) = control_repository() else {
        eprintln!("{MODULES} is missing: the real-module classes are not checked");
        return;
    };
    let golden: HashMap<String, Golden> =
        fs::read_to_string(realworld_dir().join("golden/classes-full-facts.jsonl"))
            .expect("golden classes")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str::<Golden>(l).expect("golden line"))
            .map(|g| (g.id.clone(), g))
            .collect();
    let agree: Vec<String> = fs::read_to_string(realworld_dir().join("classes-agree.txt"))
        .expect("classes-agree.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(String::from)
        .collect();
    let options = EvalOptions {
        facts: Some(facts()),
        certname: Some("playground".into()),
        ..EvalOptions::default()
    };
    let env = EnvSource {
        dir: Some(env_dir),
        ..EnvSource::default()
    };
    let mut failures = Vec::new();
    let mut ids: Vec<&String> = golden.keys().collect();
    ids.sort();
    for id in ids {
        let expected = &golden[id];
        let main = MainCode {
            name: "snippet.pp".into(),
            text: format!("include {id}"),
        };
        let ours = on_big_stack(|| {
            env.compile(Some(main), &options, |outcome| match outcome.error() {
                None => Ok(listing(outcome)),
                Some(error) => Err(error.message.clone()),
            })
        })
        .expect("the engine answers");
        match (&expected.error, &ours) {
            (Some(_), Ok(_)) => failures.push(format!("{id}: compiles, real Puppet refuses it")),
            (None, Ok(catalog)) if agree.contains(id) => {
                let catalog: puppet_cli::protocol::Listing = catalog
                    .iter()
                    .map(|(r, ps)| {
                        let ps = ps.iter().map(|(p, v)| (p.clone(), as_golden(v))).collect();
                        (r.clone(), ps)
                    })
                    .collect();
                if Some(&catalog) != expected.catalog.as_ref() {
                    failures.push(format!("{id}: its catalog differs from real Puppet's"));
                }
            }
            (None, Err(message)) if agree.contains(id) => failures.push(format!(
                "{id}: stops ({message}) where real Puppet compiles"
            )),
            _ => {}
        }
    }
    println!(
        "{} classes of real modules compile to real Puppet's catalog",
        agree.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
