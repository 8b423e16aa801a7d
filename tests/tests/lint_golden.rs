//! puppet-lint goldens (tests/lint/golden/, written by tests/lint/lint_corpus.py --goldens from
//! Debian's puppet-lint 3.0.1): every finding (line, column, check, kind, message, in order) and
//! the `--fix` output byte for byte, without puppet-lint installed.

use std::path::{Path, PathBuf};

use puppet_core::lint::{self, Kind, Options};
use serde_json::Value;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lint/golden")
}

#[test]
fn lint_goldens_agree() {
    let mut names: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("golden folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    assert!(
        names.len() >= 70,
        "expected the corpus sample and the cases, got {}",
        names.len()
    );
    let mut failures = Vec::new();
    let mut findings = 0;
    for json in &names {
        let record: Value =
            serde_json::from_str(&std::fs::read_to_string(json).expect("read json")).expect("json");
        let source = std::fs::read_to_string(json.with_extension("pp")).expect("read source");
        let fixed_path = json.with_extension("fixed");
        let expected_fixed =
            std::fs::read_to_string(&fixed_path).unwrap_or_else(|_| source.clone());
        let fullpath = record["fullpath"].as_str().unwrap_or("");
        let expected: Vec<String> = record["findings"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|f| {
                        format!(
                            "{}:{} {} {} {}",
                            f["line"],
                            f["column"],
                            f["check"].as_str().unwrap_or(""),
                            f["kind"].as_str().unwrap_or(""),
                            f["message"].as_str().unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        findings += expected.len();
        let report = lint::lint(&source, Some(fullpath), &Options::default());
        let got: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.kind != Kind::Ignored)
            .map(|f| {
                format!(
                    "{}:{} {} {} {}",
                    f.line,
                    f.column,
                    f.check,
                    f.kind.as_str(),
                    f.message
                )
            })
            .collect();
        let name = json
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "{name}: findings\n  expected {expected:#?}\n  got {got:#?}"
            ));
        }
        let options = Options {
            fix: true,
            ..Options::default()
        };
        let fixed = lint::lint(&source, Some(fullpath), &options)
            .fixed
            .unwrap_or_else(|| source.clone());
        if fixed != expected_fixed {
            failures.push(format!("{name}: --fix output differs"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} goldens differ:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
    eprintln!("{} goldens, {findings} findings, all agree", names.len());
}
