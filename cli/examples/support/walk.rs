//! The files below a folder, for the benchmark runners: every file of every folder under it, each
//! folder's entries in the order of their paths (unreadable folders left out).

use std::path::{Path, PathBuf};

/// Every file below `dir`, depth first, each folder's entries sorted by path.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    walk(dir, &mut files);
    files
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}
