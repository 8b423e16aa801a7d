//! Unit tests of the ERB pieces that need no Puppet scope.

use super::scanner::{scan, Segment};

#[test]
fn scanner_keeps_text_verbatim() {
    assert_eq!(scan("plain"), alloc::vec![Segment::Text("plain".into())]);
}

/// Every Ruby function file of Debian's Puppet modules (`puppet-module-*`, installed by the test
/// command's tools) outside stdlib lexes and parses (stdlib's functions are the engine's own).
#[cfg(feature = "std")]
#[test]
fn debians_module_function_files_parse() {
    use std::path::{Path, PathBuf};
    fn walk(dir: &Path, out: &mut alloc::vec::Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rb") {
                out.push(path);
            }
        }
    }
    // Another folder of modules (fetched snapshots) with RUBY_MODULES_DIR.
    let root = std::env::var("RUBY_MODULES_DIR")
        .unwrap_or_else(|_| "/usr/share/puppet/modules.available".into());
    let root = Path::new(&root);
    let mut files = alloc::vec::Vec::new();
    for module in std::fs::read_dir(root).into_iter().flatten().flatten() {
        if module.file_name().to_string_lossy().ends_with("-stdlib") {
            continue;
        }
        walk(&module.path().join("lib/puppet/functions"), &mut files);
        walk(
            &module.path().join("lib/puppet/parser/functions"),
            &mut files,
        );
    }
    let mut failures = alloc::vec::Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let parsed = super::parser::parse_ruby_file(&text);
        if let Err((message, line)) = parsed {
            failures.push(alloc::format!("{}:{line}: {message}", path.display()));
        }
    }
    assert!(!root.exists() || files.len() > 10, "{} files", files.len());
    assert!(failures.is_empty(), "{failures:#?}");
}
