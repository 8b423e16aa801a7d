//! The files below a folder, for the benchmark runners and the real-manifest test: every file of
//! every folder under it (or those with given extensions), each folder's entries in the order of
//! their paths (unreadable folders left out).

use std::path::{Path, PathBuf};

/// The files below `dir` whose extension is one of `extensions` (every file when it is empty),
/// depth first, each folder's entries sorted by path.
pub fn files_below(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    walk(dir, extensions, &mut files);
    files
}

fn walk(dir: &Path, extensions: &[&str], files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, extensions, files);
        } else if extensions.is_empty()
            || path
                .extension()
                .is_some_and(|e| extensions.iter().any(|wanted| e == *wanted))
        {
            files.push(path);
        }
    }
}
