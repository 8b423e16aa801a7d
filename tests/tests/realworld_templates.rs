//! Real modules' templates: the cases of `realworld/template_cases/` (classes and defined types of
//! Debian's modules declared with the parameters and facts that render the templates no class
//! alone renders) compiled with the modules on the modulepath, against the catalogs real Puppet
//! compiled (`realworld/golden/template-cases.jsonl`, `template_cases.py --oracle`, with the facts
//! of `golden/template-facts.json`). Every case of `realworld/template-cases-agree.txt` must
//! compile to Puppet's catalog (the rendered files' `content` included), and no case Puppet refuses
//! may compile here. `template_coverage.py` counts the templates these cases render.

use std::collections::HashMap;
use std::fs;

use puppet_cli::protocol::{listing, on_big_stack};
use puppet_cli::workspace::EnvSource;
use puppet_core::{EvalOptions, MainCode};

mod realworld_support;

use realworld_support::{
    control_repository, goldens, list, listing_as_golden, realworld_dir, MODULES,
};

/// The cases: `(id, manifest, facts set name)` from `template_cases/<module>/<name>.pp`, whose
/// first line is `# facts: NAME`.
fn cases() -> Vec<(String, String, String)> {
    let dir = realworld_dir().join("template_cases");
    let mut out = Vec::new();
    for module in fs::read_dir(&dir).expect("template_cases/") {
        let module = module.expect("a module folder").path();
        for file in fs::read_dir(&module).expect("a module folder") {
            let path = file.expect("a case file").path();
            if path.extension().is_none_or(|e| e != "pp") {
                continue;
            }
            let src = fs::read_to_string(&path).expect("a case manifest");
            let facts = src
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("# facts: "))
                .unwrap_or_else(|| panic!("{}: no '# facts: NAME' line", path.display()))
                .trim()
                .to_string();
            let id = format!(
                "{}/{}",
                module.file_name().unwrap_or_default().to_string_lossy(),
                path.file_stem().unwrap_or_default().to_string_lossy()
            );
            out.push((id, src, facts));
        }
    }
    out.sort();
    out
}

#[test]
fn template_cases_compile_to_real_puppets_catalogs() {
    let Some(env_dir) = control_repository("template-cases-production") else {
        eprintln!("{MODULES} is missing: the template cases are not checked");
        return;
    };
    let golden = goldens("golden/template-cases.jsonl");
    let fact_sets: HashMap<String, serde_json::Value> = serde_json::from_str(
        &fs::read_to_string(realworld_dir().join("golden/template-facts.json"))
            .expect("golden/template-facts.json"),
    )
    .expect("facts are JSON");
    let agree = list(&realworld_dir().join("template-cases-agree.txt"));
    let env = EnvSource {
        dir: Some(env_dir),
        // Its modules/ links Debian's modules in from outside it.
        link_targets: vec![MODULES.into()],
        ..EnvSource::default()
    };
    let cases = cases();
    assert_eq!(cases.len(), golden.len(), "a golden answer for every case");
    let mut failures = Vec::new();
    for (id, src, facts) in cases {
        let expected = &golden[&id];
        let options = EvalOptions {
            facts: Some(puppet_cli::facts::facts_text(&fact_sets[&facts])),
            certname: Some("playground".into()),
            ..EvalOptions::default()
        };
        let main = MainCode {
            name: "snippet.pp".into(),
            text: src,
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
            (None, Ok(catalog))
                if agree.contains(&id)
                    && Some(&listing_as_golden(catalog)) != expected.catalog.as_ref() =>
            {
                failures.push(format!("{id}: its catalog differs from real Puppet's"))
            }
            (None, Err(message)) if agree.contains(&id) => failures.push(format!(
                "{id}: stops ({message}) where real Puppet compiles"
            )),
            _ => {}
        }
    }
    println!(
        "{} template cases compile to real Puppet's catalog",
        agree.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
