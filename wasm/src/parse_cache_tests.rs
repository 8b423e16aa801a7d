//! The page's parse cache: runs that reuse it answer exactly as runs that parse every file, and it
//! never holds a file the last environment does not have.

use puppet_core::report::{run_report, RunReport};
use puppet_core::ParseCache;

use crate::run::run_with;
use crate::{Options, Utf16};

/// The 99-file environment the allocation guard compiles (`bench/environment/generate.py`).
fn generated_environment() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/data/env-7x10");
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(root)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the environment's folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let text = std::fs::read_to_string(&path).expect("a text file");
                let relative = path.strip_prefix(root).expect("under the root");
                files.push((relative.to_string_lossy().replace('\\', "/"), text));
            }
        }
    }
    files.sort();
    files
}

fn options(files: Vec<(String, String)>) -> Options {
    Options {
        certname: Some("playground".into()),
        files: Some(files),
        ..Options::default()
    }
}

fn report(source: &str, options: &Options, cache: Option<&ParseCache>) -> RunReport {
    run_report(&run_with(source, options, cache), &mut Utf16::default())
}

/// `files` with `text` appended to the file at `path`.
fn edited(files: &[(String, String)], path: &str, text: &str) -> Vec<(String, String)> {
    let mut files = files.to_vec();
    let file = files.iter_mut().find(|(p, _)| p == path).expect("the file");
    file.1.push_str(text);
    files
}

#[test]
fn runs_reusing_parsed_files_answer_as_runs_that_parse_them_all() {
    let files = generated_environment();
    assert_eq!(files.len(), 99);
    let cache = ParseCache::new();
    let first = options(files.clone());
    let fresh = report("", &first, None);
    assert_eq!(fresh.catalog_total, 330, "{:?}", fresh.diagnostics);
    assert_eq!(report("", &first, Some(&cache)), fresh);
    // Every file the compile read is kept; the next run reads them all from the cache.
    let kept = cache.len();
    assert!(kept > 80, "{kept}");
    assert_eq!(report("", &first, Some(&cache)), fresh);
    // Keystrokes in a module's class: a comment, then a warning and a changed resource, then a
    // syntax error, then back.
    let path = "modules/m0/manifests/c1.pp";
    for text in [
        "\n# a comment",
        "\nclass m0::extra { notify { \"\\[\": } }\nnotify { 'edited': }",
        "\nclass {",
        "",
    ] {
        let options = options(edited(&files, path, text));
        let fresh = report("", &options, None);
        assert_eq!(report("", &options, Some(&cache)), fresh, "{text}");
        assert_eq!(report("", &options, Some(&cache)), fresh, "{text} again");
        assert_eq!(cache.len(), kept, "{text}");
    }
    // With main code, as the page's snippet over the environment.
    let options = options(files);
    let fresh = report("include m3\nnotice('x')", &options, None);
    assert_eq!(
        report("include m3\nnotice('x')", &options, Some(&cache)),
        fresh
    );
}

#[test]
fn the_cache_holds_only_files_of_the_last_environment() {
    let files = generated_environment();
    let cache = ParseCache::new();
    report("", &options(files.clone()), Some(&cache));
    let kept = cache.len();
    // Many keystrokes, each a different text of the same file: one tree for it, not one per text.
    for n in 0..20 {
        let edit = format!("\n# {}", "x".repeat(n * 100));
        report(
            "",
            &options(edited(&files, "modules/m1/manifests/c2.pp", &edit)),
            Some(&cache),
        );
        assert_eq!(cache.len(), kept, "{n}");
    }
    // A smaller environment: the files it lacks go.
    let m0: Vec<_> = files
        .iter()
        .filter(|(p, _)| !p.starts_with("modules/") || p.starts_with("modules/m0/"))
        .cloned()
        .collect();
    report("include m0", &options(m0.clone()), Some(&cache));
    assert!(cache.len() <= m0.len(), "{} of {}", cache.len(), m0.len());
    assert!(!cache.is_empty());
    // A run without files keeps none.
    report("notice(1)", &Options::default(), Some(&cache));
    assert!(cache.is_empty());
}
