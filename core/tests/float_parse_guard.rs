//! Size guard: numbers are read through `value::parse_f64`; one `str::parse::<f64>` anywhere brings std's 10 KB
//! powers-of-five table back into the .wasm (13.8 KB gzipped, bench/README.md "Size of the release .wasm").

use std::{fs, path::Path};

fn scan(dir: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).expect("core/src is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            scan(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "float_parse.rs")
        {
            let text = fs::read_to_string(&path).expect("a source file is text");
            for (i, line) in text.lines().enumerate() {
                if line.contains("parse::<f64>") || line.contains("f64::from_str") {
                    found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
}

#[test]
fn floats_are_parsed_by_value_parse_f64_only() {
    let mut found = Vec::new();
    scan(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(
        found.is_empty(),
        "use puppet_core::value::parse_f64 instead:\n{}",
        found.join("\n")
    );
}
