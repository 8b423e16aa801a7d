//! An environment folder as the benchmark runners compile it: every file read into memory (as the
//! page hands them over), compiled for the node `playground` with no other module directories.

use std::path::Path;

use puppet_core::{EnvFiles, Environment, EvalOptions, Limits, MemoryFiles};

#[path = "walk.rs"]
mod walk;

/// Every file below `root` with its text, named by its path relative to `root`; ends the program
/// with a message when `root` is not a folder (rather than timing an empty environment).
pub fn read_files(root: &Path) -> Vec<(String, String)> {
    if !root.is_dir() {
        eprintln!("{} is not a folder", root.display());
        std::process::exit(2);
    }
    walk::files_below(root, &[])
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let relative = path.strip_prefix(root).ok()?;
            Some((relative.to_string_lossy().into_owned(), text))
        })
        .collect()
}

/// The files of `list` as the engine holds them.
pub fn memory_files(list: &[(String, String)]) -> MemoryFiles {
    let limits = Limits::default();
    let mut files = MemoryFiles::new();
    for (path, text) in list {
        files.insert(path, text.as_str(), &limits);
    }
    files
}

/// The compile's options: the node `playground`, everything else as by default.
pub fn playground() -> EvalOptions {
    EvalOptions {
        certname: Some("playground".into()),
        ..EvalOptions::default()
    }
}

/// The environment of `files`: its own manifests, no other module directories.
pub fn environment(files: &dyn EnvFiles) -> Environment<'_> {
    Environment {
        files,
        main: None,
        base_modulepath: Vec::new(),
        global_hiera: None,
        parse_cache: None,
    }
}
