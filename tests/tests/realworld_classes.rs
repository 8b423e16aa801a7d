//! Real modules: the classes of Debian's Puppet modules (`/usr/share/puppet/modules.available`,
//! installed by the test command's tools) compiled in a control repository that links them under
//! their module names, against the catalogs real Puppet compiled (`realworld/golden/
//! classes-full-facts.jsonl`, `env_classes.py`). Every class of `realworld/classes-agree.txt`
//! must compile to Puppet's catalog, and no class Puppet refuses may compile here.
//! `compare_classes.py` reports every class's outcome and writes that list.

use puppet_cli::protocol::{listing, on_big_stack};
use puppet_cli::workspace::EnvSource;
use puppet_core::{EvalOptions, MainCode};

mod realworld_support;

use realworld_support::{
    control_repository, facts, goldens, list, listing_as_golden, realworld_dir, MODULES,
};

#[test]
fn real_module_classes_compile_to_real_puppets_catalogs() {
    let Some(env_dir) = control_repository("realworld-production") else {
        eprintln!("{MODULES} is missing: the real-module classes are not checked");
        return;
    };
    let golden = goldens("golden/classes-full-facts.jsonl");
    let agree = list(&realworld_dir().join("classes-agree.txt"));
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
                let catalog = listing_as_golden(catalog);
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
