//! Environments and Hiera against real Puppet: every case of `conformance/golden-env/<area>.jsonl`
//! (made by `env_regen.py` through `../shared/oracle/env_oracle.rb`) and of
//! `conformance/golden-hiera/<area>.jsonl` (`env_regen.py --dir hiera` through `hiera_oracle.rb`,
//! which adds a global Hiera layer) is compiled by the engine in the same environment (its files,
//! Debian's stdlib after the environment's modules as the oracles have it), and must agree on the
//! value, the logs, the error (its whole first line, with file and position) and the compiled
//! catalog. Cases listed in `conformance/known-differences-env.jsonl` (or `-hiera.jsonl`) may
//! differ, with their reason; the lists only shrink: a listed case that now agrees fails the test
//! until it is removed.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::PathBuf;

use puppet_cli::protocol::{case_environment, run_in, Case, CaseResult, Listing, Report};
use puppet_cli::workspace::EnvSource;
use puppet_conformance::cases::conformance_dir;
use puppet_core::{BuiltinStdlib, EvalOptions};
use serde::Deserialize;

/// One line of `golden-env/<area>.jsonl`: the case and what real Puppet compiled.
#[derive(Debug, Deserialize)]
struct Golden {
    id: String,
    value: Option<String>,
    logs: Vec<String>,
    error: Option<String>,
    catalog: Option<Listing>,
}

#[derive(Debug, Deserialize)]
struct KnownDifference {
    id: String,
    reason: String,
}

/// Where the oracle's stdlib is: Debian's package, linked as `stdlib` into a folder of its own
/// (the modulepath wants folders named by module name), as `env_oracle.rb` does.
fn stdlib_modulepath() -> Vec<PathBuf> {
    linked_stdlib_modulepath(
        PathBuf::from("/usr/share/puppet/modules.available/puppetlabs-stdlib"),
        "stdlibmods",
    )
}

/// A modulepath of one folder, `env-conformance-<folder>`, with `stdlib` linked to `stdlib`.
fn linked_stdlib_modulepath(stdlib: PathBuf, folder: &str) -> Vec<PathBuf> {
    if !stdlib.is_dir() {
        return Vec::new();
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("env-conformance-{folder}"));
    let _ = fs::create_dir_all(&dir);
    let link = dir.join("stdlib");
    if !link.exists() {
        let _ = std::os::unix::fs::symlink(&stdlib, &link);
    }
    match fs::canonicalize(&dir) {
        Ok(dir) => vec![dir],
        Err(_) => Vec::new(),
    }
}

/// What the engine gives for a case, in the oracle's terms (Puppet's own chatter left out of the
/// logs as the oracle leaves it out), its built-in stdlib following `stdlib` when the environment
/// has no stdlib module.
fn engine_result(line: &str, base: &EnvSource, stdlib: BuiltinStdlib) -> CaseResult {
    let case: Case = serde_json::from_str(line).expect("golden line is a case");
    let options = EvalOptions {
        facts: case
            .facts
            .as_ref()
            .filter(|f| f.as_object().is_some_and(|o| !o.is_empty()))
            .map(puppet_cli::facts::facts_text),
        certname: Some("playground".into()),
        stdlib,
        now: puppet_cli::clock::now(),
        ..EvalOptions::default()
    };
    let (env, main) = case_environment(&case, base);
    let report = Report {
        catalog: true,
        compile: true,
    };
    let mut result = run_in(&env, main, &options, report);
    // Puppet's own chatter, which the oracle leaves out.
    result.logs.retain(|log| {
        !(log.starts_with("debug: Retrieving template ")
            || log.starts_with("debug: Retrieving epp template ")
            || log.starts_with("debug: Bound template variables for ")
            || log.starts_with("debug: Interpolated template ")
            || log.starts_with("debug: Adding default for ")
            || log.starts_with("debug: Lookup of ")
            || log.starts_with("debug: Automatic Parameter Lookup of "))
    });
    // The built-in stdlib 9.7 stands where the oracle's module stood (`modules/stdlib`, as the
    // oracle writes its place): its deprecation warnings name its files, and so do errors in its
    // own Puppet code (`stdlib::manage`'s failures, which it keeps at stdlib 9.7.0's places).
    if stdlib == BuiltinStdlib::V9_7 {
        if let Some(error) = result.error.as_mut() {
            *error = error.replace("(file: <stdlib>/", "(file: modules/stdlib/");
        }
    }
    // A module on the modulepath is named by its folder here, by `modules/` there.
    let module_dirs: Vec<String> = base
        .modulepath
        .iter()
        .map(|dir| format!("{}/", dir.display()))
        .collect();
    for log in &mut result.logs {
        if stdlib == BuiltinStdlib::V9_7 {
            *log = log.replace("<stdlib>/", "modules/stdlib/");
        }
        for dir in &module_dirs {
            *log = log.replace(dir.as_str(), "modules/");
        }
    }
    result
}

/// What differs between the engine's answer and the golden one (empty when they agree).
fn differences(golden: &Golden, ours: &CaseResult) -> Vec<String> {
    let mut found = Vec::new();
    if golden.error != ours.error {
        found.push(format!(
            "error:\n      puppet: {:?}\n      ours:   {:?}",
            golden.error, ours.error
        ));
    }
    if golden.error.is_none() && golden.value != ours.value {
        found.push(format!(
            "value: puppet {:?}, ours {:?}",
            golden.value, ours.value
        ));
    }
    if golden.logs != ours.logs {
        found.push(format!(
            "logs:\n      puppet: {:?}\n      ours:   {:?}",
            golden.logs, ours.logs
        ));
    }
    let catalog = ours.catalog.clone().flatten();
    if golden.error.is_none() && golden.catalog != catalog {
        found.push(format!(
            "catalog:\n      puppet: {:?}\n      ours:   {:?}",
            golden.catalog, catalog
        ));
    }
    found
}

#[test]
fn environments_agree_with_real_puppet() {
    suite("golden-env", "known-differences-env.jsonl", "environment");
}

#[test]
fn hiera_agrees_with_real_puppet() {
    suite("golden-hiera", "known-differences-hiera.jsonl", "Hiera");
}

/// puppetlabs-stdlib's functions (`golden-stdlib/`, `stdlib_regen.py`): with Debian's stdlib on
/// the modulepath as the oracle had it, and without it, where the engine's functions stand in.
#[test]
fn stdlib_agrees_with_real_puppet() {
    suite("golden-stdlib", "known-differences-stdlib.jsonl", "stdlib");
    suite_with(
        "golden-stdlib",
        "known-differences-stdlib.jsonl",
        "stdlib (no stdlib module on the modulepath, the built-in one following 8.5.0)",
        EnvSource::default(),
        BuiltinStdlib::V8_5,
    );
}

/// puppetlabs-stdlib 9.7.0 (`golden-stdlib9/`, `stdlib_regen.py --stdlib9`): the functions it
/// removed, the shims it keeps under the old names, its new type aliases, as OpenVox 8 with the
/// module on the modulepath has them; the engine's built-in stdlib follows 9.7.0 by default. With
/// `STDLIB9_DIR` naming a stdlib 9.7.0 module (kept outside the repository), the cases run with it
/// on the modulepath too.
#[test]
fn stdlib9_agrees_with_real_puppet() {
    suite_with(
        "golden-stdlib9",
        "known-differences-stdlib9.jsonl",
        "stdlib 9.7 (no stdlib module on the modulepath, the built-in one following 9.7.0)",
        EnvSource::default(),
        BuiltinStdlib::V9_7,
    );
    if let Some(dir) = std::env::var_os("STDLIB9_DIR") {
        suite_in(
            "golden-stdlib9",
            "known-differences-stdlib9.jsonl",
            "stdlib 9.7 (the module on the modulepath)",
            EnvSource {
                modulepath: linked_stdlib_modulepath(PathBuf::from(dir), "stdlib9mods"),
                ..EnvSource::default()
            },
            BuiltinStdlib::V9_7,
            false,
        );
    }
}

/// The Ruby functions of Debian 12's modules (`golden-debian-ruby/`, `env_regen.py --dir
/// debian_ruby`): every module of `/usr/share/puppet/modules.available` on the modulepath, as the
/// oracle had them, each function's own Ruby file run by the engine.
#[test]
fn debian_modules_ruby_functions_agree_with_real_puppet() {
    let available = PathBuf::from("/usr/share/puppet/modules.available");
    let Ok(entries) = fs::read_dir(&available) else {
        eprintln!("skipped: {} is not there", available.display());
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("env-conformance-debianmods");
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::create_dir_all(&dir);
    for entry in entries.filter_map(Result::ok) {
        let link = dir.join(debian_module_name(&entry.path()));
        let _ = std::os::unix::fs::symlink(entry.path(), &link);
    }
    let base = EnvSource {
        modulepath: fs::canonicalize(&dir).map(|d| vec![d]).unwrap_or_default(),
        ..EnvSource::default()
    };
    suite_with(
        "golden-debian-ruby",
        "known-differences-debian-ruby.jsonl",
        "Debian modules' Ruby functions",
        base,
        BuiltinStdlib::V8_5,
    );
}

/// The module name a folder of Debian's modules is installed under, as `env_regen.py` links it:
/// the name in its `metadata.json` after the author (`openstack-openstack_extras`), else the folder's
/// name after the author (`puppetlabs-mongodb`), or the whole folder's name (`oci`).
fn debian_module_name(folder: &std::path::Path) -> String {
    #[derive(Deserialize)]
    struct Metadata {
        name: String,
    }
    let from_metadata = fs::read_to_string(folder.join("metadata.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<Metadata>(&text).ok())
        .and_then(|m| {
            m.name
                .split_once(['-', '/'])
                .map(|(_, name)| name.to_string())
        });
    from_metadata.unwrap_or_else(|| {
        let folder = folder.file_name().unwrap_or_default().to_string_lossy();
        let folder = folder.strip_prefix("puppet-module-").unwrap_or(&folder);
        let name = folder.split_once('-').map_or(folder, |(_, name)| name);
        name.replace('-', "_")
    })
}

/// Every function the engine declares in `functions/stdlib/` has at least three golden cases
/// calling it (with stdlib 8.5.0 or 9.7.0), one of them a refusal, and a description.
#[test]
fn every_stdlib_function_has_its_cases() {
    let mut calls = golden_calls(&["golden-stdlib", "golden-stdlib9"]);
    calls.extend(stdlib9_oracle_cases());
    let mut missing = Vec::new();
    for (name, _, doc) in puppet_core::stdlib_functions() {
        assert!(!doc.is_empty(), "{name} has no description");
        if !has_its_cases(&calls, name) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "stdlib functions with fewer than 3 golden cases or no error case: {missing:?}"
    );
}

/// Every function puppetlabs-stdlib 9.7.0 has (its files, when `STDLIB9_DIR` names the module) has
/// at least three cases asked of OpenVox with it, one of them a refusal.
#[test]
fn every_function_of_stdlib_9_has_its_cases() {
    let Some(dir) = std::env::var_os("STDLIB9_DIR").map(PathBuf::from) else {
        println!("STDLIB9_DIR is not set: stdlib 9.7.0's list of functions is not read");
        return;
    };
    let mut names = Vec::new();
    let mut add = |folder: &str, prefix: &str, extension: &str| {
        for entry in fs::read_dir(dir.join(folder)).expect("a folder of the stdlib module") {
            let file = entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            if let Some(stem) = file.strip_suffix(extension) {
                names.push(format!("{prefix}{stem}"));
            }
        }
    };
    add("lib/puppet/functions", "", ".rb");
    add("lib/puppet/functions/stdlib", "stdlib::", ".rb");
    add("lib/puppet/parser/functions", "", ".rb");
    add("functions", "stdlib::", ".pp");
    names.sort();
    names.dedup();
    let mut calls = golden_calls(&["golden-stdlib9"]);
    calls.extend(stdlib9_oracle_cases());
    let missing: Vec<&String> = names.iter().filter(|n| !has_its_cases(&calls, n)).collect();
    assert!(
        names.len() > 100,
        "stdlib 9.7.0 has more functions than {names:?}"
    );
    assert!(
        missing.is_empty(),
        "stdlib 9.7.0's functions with fewer than 3 golden cases or no error case: {missing:?}"
    );
}

/// Every case of the golden folders: its source, and whether Puppet answered with an error.
fn golden_calls(folders: &[&str]) -> Vec<(String, bool)> {
    let mut calls = Vec::new();
    for golden in folders {
        let dir = conformance_dir().join(golden);
        for entry in fs::read_dir(&dir).expect("golden folder") {
            let text = fs::read_to_string(entry.expect("entry").path()).expect("golden file");
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let case: serde_json::Value = serde_json::from_str(line).expect("golden line");
                let src = case["src"].as_str().unwrap_or_default().to_string();
                calls.push((src, !case["error"].is_null()));
            }
        }
    }
    calls
}

/// Whether at least three of `calls` call function `name`, one of them answered with an error.
fn has_its_cases(calls: &[(String, bool)], name: &str) -> bool {
    let calling: Vec<&(String, bool)> = calls
        .iter()
        .filter(|(src, _)| {
            src.match_indices(name).any(|(at, _)| {
                let before = src[..at].chars().next_back();
                let after = src[at + name.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                    && matches!(after, Some('(' | ' ' | '|'))
            })
        })
        .collect();
    calling.len() >= 3 && calling.iter().any(|(_, error)| *error)
}

/// stdlib 9's functions beyond 8.5 have their OpenVox cases (asked with stdlib 9.7.0 on the
/// modulepath) in `core/tests/stdlib9_functions.rs`, not in the goldens made with Debian's stdlib
/// 8.5.0: each case's `src` with whether its answer is an error.
fn stdlib9_oracle_cases() -> Vec<(String, bool)> {
    let path = conformance_dir().join("../../core/tests/stdlib9_functions.rs");
    let text = fs::read_to_string(&path).expect("core/tests/stdlib9_functions.rs");
    let mut cases = Vec::new();
    let mut src: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("src: \"") {
            src = Some(rest.trim_end_matches("\",").replace("\\n", "\n"));
        } else if let Some(answer) = line.strip_prefix("answer: ") {
            if let Some(src) = src.take() {
                cases.push((src, answer.starts_with("Error(")));
            }
        }
    }
    cases
}

/// The state column of `tests/stdlib/SURVEY.md` (written by `count_calls.py`) is the engine's
/// answer at this commit: each function called with no arguments is known ("works", "core"),
/// refused with the reason given, or unknown ("not yet"); stdlib's Puppet-language functions are
/// asked with the stdlib module on the modulepath.
#[test]
fn the_stdlib_survey_says_what_the_engine_does() {
    let survey = conformance_dir().join("../stdlib/SURVEY.md");
    let text = fs::read_to_string(&survey).expect("tests/stdlib/SURVEY.md");
    let with_module = EnvSource {
        modulepath: stdlib_modulepath(),
        ..EnvSource::default()
    };
    let mut wrong = Vec::new();
    let mut rows = 0;
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let (name, state) = (cells[0].trim_matches('`'), cells[3]);
        let base = if state.starts_with("works with the stdlib module") {
            &with_module
        } else {
            &EnvSource::default()
        };
        let case = serde_json::json!({"id": name, "src": format!("{name}()"), "files": {}});
        let error = engine_result(&case.to_string(), base, BuiltinStdlib::V8_5)
            .error
            .unwrap_or_default();
        let refused = error
            .split_once("is not available in the playground: ")
            .map(|(_, why)| why.split(" (file:").next().unwrap_or_default().to_string());
        let agrees = match state {
            "not yet" => error.contains("Unknown function"),
            _ if state.starts_with("refused: ") => {
                // Refused when called, or, for the functions that check their arguments first
                // (a call without any fails on them), refused by their declaration.
                let declared = puppet_core::builtin_functions()
                    .find(|f| f.name == name)
                    .and_then(|f| f.refused)
                    .filter(|_| !error.contains("Unknown function"));
                let why = state.strip_prefix("refused: ");
                refused.as_deref() == why || declared == why
            }
            _ => !error.contains("Unknown function") && refused.is_none(),
        };
        rows += 1;
        if !agrees {
            wrong.push(format!(
                "{name}: the survey says {state:?}, the engine answers {error:?}"
            ));
        }
    }
    assert!(
        rows > 150,
        "the survey lists every function of stdlib 8.5.0 ({rows} rows)"
    );
    assert!(
        wrong.is_empty(),
        "rewrite the survey (count_calls.py --write):\n{}",
        wrong.join("\n")
    );
}

/// Every case of the goldens in `golden` (but `explain.jsonl`, `puppet lookup`'s output).
fn suite(golden: &str, known_file: &str, what: &str) {
    let base = EnvSource {
        modulepath: stdlib_modulepath(),
        ..EnvSource::default()
    };
    suite_with(golden, known_file, what, base, BuiltinStdlib::V8_5);
}

/// [`suite`] in the environment `base` (its modulepath).
fn suite_with(golden: &str, known_file: &str, what: &str, base: EnvSource, stdlib: BuiltinStdlib) {
    suite_in(golden, known_file, what, base, stdlib, true);
}

/// [`suite_with`]; `known_must_differ`: a known difference that agrees fails the run (off when
/// the same goldens run with the real module, which closes some of the built-in's differences).
fn suite_in(
    golden: &str,
    known_file: &str,
    what: &str,
    base: EnvSource,
    stdlib: BuiltinStdlib,
    known_must_differ: bool,
) {
    let dir = conformance_dir();
    let known: HashMap<String, KnownDifference> = fs::read_to_string(dir.join(known_file))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<KnownDifference>(l).expect("known difference line"))
        .map(|k| (k.id.clone(), k))
        .collect();
    let mut areas: Vec<PathBuf> = fs::read_dir(dir.join(golden))
        .expect("conformance goldens")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .filter(|p| !p.ends_with("explain.jsonl"))
        .collect();
    areas.sort();
    let mut table: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut gone = Vec::new();
    let mut seen = Vec::new();
    for path in &areas {
        let text = fs::read_to_string(path).expect("golden-env file");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let golden: Golden = serde_json::from_str(line).expect("golden-env line");
            seen.push(golden.id.clone());
            let ours = engine_result(line, &base, stdlib);
            let diffs = differences(&golden, &ours);
            let area = golden.id.split('/').next().unwrap_or_default().to_string();
            let entry = table.entry(area).or_default();
            entry.1 += 1;
            match (diffs.is_empty(), known.get(&golden.id)) {
                (true, None) => entry.0 += 1,
                (true, Some(_)) => {
                    entry.0 += 1;
                    gone.push(golden.id.clone());
                }
                (false, Some(_)) => {}
                (false, None) => {
                    failures.push(format!("{}\n    {}", golden.id, diffs.join("\n    ")))
                }
            }
        }
    }
    let (mut agreed, mut total) = (0, 0);
    println!("{what} conformance (cases agreeing with real Puppet):");
    for (area, (ok, all)) in &table {
        agreed += ok;
        total += all;
        println!(
            "  {area:<22} {ok:>4}/{all:<4} {:>6.1}%",
            100.0 * *ok as f64 / *all as f64
        );
    }
    println!("  {:<22} {agreed:>4}/{total:<4}", "total");
    let stale: Vec<&String> = known.keys().filter(|id| !seen.contains(id)).collect();
    assert!(
        stale.is_empty(),
        "known differences for cases that do not exist: {stale:?}"
    );
    assert!(
        failures.is_empty(),
        "{} {what} cases disagree with real Puppet:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        gone.is_empty() || !known_must_differ,
        "these cases agree now; remove them from {known_file}: {gone:?}"
    );
    for (id, difference) in &known {
        assert!(!difference.reason.is_empty(), "{id} has no reason");
    }
}
