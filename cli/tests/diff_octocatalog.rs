//! `puppet-eval diff` against octocatalog-diff on the corpus of `tests/diff/` (a control repository
//! built from Debian's modules, five changes, 24 nodes): for every change and node, the set of
//! resources added and removed and parameters changed must be octocatalog-diff's
//! (`tests/diff/golden/octocatalog.jsonl`, from `corpus.py --octocatalog`), except the pairs
//! `tests/diff/known-differences.jsonl` lists with their reason; and at least 95 % must agree.
//! octocatalog-diff need not be installed; Debian's modules must be (else the test says so and
//! passes, as the real-module tests do).

mod common;
use common::puppet_eval;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

const MODULES: &str = "/usr/share/puppet/modules.available";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/diff")
}

fn module_dir(name: &str) -> PathBuf {
    let suffix = format!("-{name}");
    let mut found: Vec<PathBuf> = fs::read_dir(MODULES)
        .expect("the modules")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(&suffix))
        })
        .collect();
    found.sort();
    found
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no module {name} in {MODULES}"))
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read_dir").filter_map(Result::ok) {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else if path.is_file() {
            fs::copy(&path, &target).expect("copy");
        }
    }
}

/// The base version with `change` applied (as `corpus.py --write` writes it).
fn write_version(recipe: &Json, change: Option<&Json>, into: &Path) {
    let mut files: BTreeMap<String, String> = recipe["base"]
        .as_object()
        .expect("base")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().expect("text").to_string()))
        .collect();
    let empty = Vec::new();
    let edits = change.and_then(|c| c["edits"].as_array()).unwrap_or(&empty);
    if let Some(changed) = change.and_then(|c| c["files"].as_object()) {
        for (k, v) in changed {
            files.insert(k.clone(), v.as_str().expect("text").to_string());
        }
    }
    let edited: BTreeSet<&str> = edits
        .iter()
        .filter_map(|e| e["path"].as_str()?.split('/').nth(1))
        .collect();
    for name in recipe["modules"].as_array().expect("modules") {
        let name = name.as_str().expect("name");
        let target = into.join("modules").join(name);
        fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        if edited.contains(name) {
            copy_tree(&module_dir(name), &target);
        } else {
            std::os::unix::fs::symlink(module_dir(name), &target).expect("symlink");
        }
    }
    for (path, text) in &files {
        let file = into.join(path);
        fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        fs::write(file, text).expect("write");
    }
    for edit in edits {
        let file = into.join(edit["path"].as_str().expect("path"));
        let text = fs::read_to_string(&file).expect("edited file");
        let (old, new) = (
            edit["replace"].as_str().expect("replace"),
            edit["with"].as_str().expect("with"),
        );
        assert_eq!(text.matches(old).count(), 1, "{}", file.display());
        fs::write(&file, text.replacen(old, new, 1)).expect("write");
    }
}

type Entry = Vec<String>;

/// Why octocatalog-diff's record and our group differ, or `None`.
fn disagreement(record: &Json, group: &Json) -> Option<String> {
    let ours_error = !group["error"].is_null();
    if record.get("error").is_some() || ours_error {
        return (record.get("error").is_some() != ours_error)
            .then(|| format!("errors: {} / {}", record["error"], group["error"]));
    }
    let mut theirs: BTreeSet<Entry> = record["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            e.as_array()
                .expect("entry")
                .iter()
                .map(|s| s.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .collect();
    let mut ours: BTreeSet<Entry> = BTreeSet::new();
    for (key, sign) in [("resources_added", "+"), ("resources_removed", "-")] {
        for e in group[key].as_array().expect("list") {
            ours.insert(vec![
                sign.into(),
                e["resource"].as_str().unwrap_or_default().into(),
            ]);
        }
    }
    for c in group["parameters_changed"].as_array().expect("list") {
        ours.insert(vec![
            "~".into(),
            c["resource"].as_str().unwrap_or_default().into(),
            c["parameter"].as_str().unwrap_or_default().into(),
        ]);
    }
    let touched: BTreeSet<String> = ["edges_added", "edges_removed"]
        .iter()
        .flat_map(|k| group[*k].as_array().expect("edges").clone())
        .flat_map(|e| {
            [
                e["source"].as_str().unwrap_or_default().to_string(),
                e["target"].as_str().unwrap_or_default().to_string(),
            ]
        })
        .collect();
    let relationships: Vec<Entry> = theirs
        .iter()
        .filter(|e| e.len() == 3 && e[0] == "~" && (e[2] == "notify" || e[2] == "subscribe"))
        .cloned()
        .collect();
    let mut unmatched = Vec::new();
    for e in relationships {
        theirs.remove(&e);
        if !touched.contains(&e[1]) {
            unmatched.push(e);
        }
    }
    (theirs != ours || !unmatched.is_empty()).then(|| {
        format!(
            "only octocatalog-diff: {:?}; only puppet-eval diff: {:?}; relationships without an edge: {unmatched:?}",
            theirs.difference(&ours).collect::<Vec<_>>(),
            ours.difference(&theirs).collect::<Vec<_>>()
        )
    })
}

#[test]
fn agrees_with_octocatalog_diff_on_the_corpus() {
    if !Path::new(MODULES).is_dir() {
        eprintln!("{MODULES} is missing: the catalog-diff corpus is not checked");
        return;
    }
    let dir = corpus_dir();
    let recipe: Json =
        serde_json::from_str(&fs::read_to_string(dir.join("corpus.json")).expect("corpus.json"))
            .expect("JSON");
    let golden: Vec<Json> = fs::read_to_string(dir.join("golden/octocatalog.jsonl"))
        .expect("goldens")
        .lines()
        .map(|l| serde_json::from_str(l).expect("golden line"))
        .collect();
    let known: BTreeSet<(String, String)> = fs::read_to_string(dir.join("known-differences.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Json>(l).ok())
        .map(|k| {
            (
                k["change"].as_str().unwrap_or_default().to_string(),
                k["node"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let work = std::env::temp_dir().join(format!("puppet-eval-diff-corpus-{}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    write_version(&recipe, None, &work.join("base"));
    let mut ours: BTreeMap<(String, String), Json> = BTreeMap::new();
    for change in recipe["changes"].as_array().expect("changes") {
        let name = change["name"].as_str().expect("name");
        let version = work.join(name);
        write_version(&recipe, Some(change), &version);
        let output = puppet_eval(
            &[
                "diff",
                work.join("base").to_str().unwrap(),
                version.to_str().unwrap(),
                "--nodes",
                dir.join("nodes").to_str().unwrap(),
                "--format",
                "json",
                // The corpus's modules are links into Debian's module folder.
                "--allow-links-to",
                MODULES,
            ],
            "",
        );
        let report: Json = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
        for group in report["groups"].as_array().expect("groups") {
            for node in group["nodes"].as_array().expect("nodes") {
                ours.insert(
                    (
                        name.to_string(),
                        node.as_str().unwrap_or_default().to_string(),
                    ),
                    group.clone(),
                );
            }
        }
    }
    let _ = fs::remove_dir_all(&work);
    let mut same = 0;
    let mut failures = Vec::new();
    for record in &golden {
        let key = (
            record["change"].as_str().unwrap_or_default().to_string(),
            record["node"].as_str().unwrap_or_default().to_string(),
        );
        let group = ours
            .get(&key)
            .unwrap_or_else(|| panic!("no diff for {key:?}"));
        match disagreement(record, group) {
            None => same += 1,
            Some(_) if known.contains(&key) => {}
            Some(why) => failures.push(format!("{}/{}: {why}", key.0, key.1)),
        }
    }
    let share = 100.0 * same as f64 / golden.len() as f64;
    eprintln!(
        "{same} of {} node/version pairs agree with octocatalog-diff ({share:.1} %)",
        golden.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(share >= 95.0, "{share:.1} % agree");
    assert!(golden.len() >= 100, "{} pairs", golden.len());
}
