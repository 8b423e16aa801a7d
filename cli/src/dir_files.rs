//! An environment read from disk as the engine asks for files: the environment directory (paths
//! relative to it) and module directories (`--modulepath`, named by their absolute paths). Only
//! paths inside those directories are ever read.

use std::fs;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use puppet_core::environment::{clean_path, EnvFiles, ReadError};

/// Folders Puppet never reads in an environment or module: version control, tests, Ruby code.
const SKIPPED_DIRS: &[&str] = &[
    ".git",
    "spec",
    "lib",
    "pkg",
    "vendor",
    ".bundle",
    "node_modules",
];

/// Files under an environment directory and module directories.
pub struct DirFiles {
    /// The environment directory: relative paths are read in it.
    root: Option<PathBuf>,
    /// Module directories, absolute: paths that start with one of them are read in it.
    module_dirs: Vec<PathBuf>,
    /// Most files listed from one directory (a runaway folder cannot flood a compile).
    max_listed: usize,
    /// Deepest folder nesting followed when listing.
    max_depth: usize,
}

impl DirFiles {
    pub fn new(
        root: Option<PathBuf>,
        module_dirs: Vec<PathBuf>,
        max_listed: usize,
        max_depth: usize,
    ) -> Self {
        DirFiles {
            root,
            module_dirs,
            max_listed,
            max_depth,
        }
    }

    /// Where on disk an environment path is, if it is inside one of the directories.
    fn locate(&self, path: &str) -> Option<PathBuf> {
        let path = clean_path(path).ok()?;
        if path.starts_with('/') {
            let wanted = Path::new(&path);
            return self
                .module_dirs
                .iter()
                .any(|dir| wanted.starts_with(dir))
                .then(|| wanted.to_path_buf());
        }
        Some(self.root.as_ref()?.join(path))
    }

    fn walk(&self, dir: &Path, prefix: &str, depth: usize, found: &mut Vec<String>) {
        if depth > self.max_depth || found.len() >= self.max_listed {
            return;
        }
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter_map(|entry| Some((entry.file_name().into_string().ok()?, entry.path())))
            .collect();
        entries.sort();
        for (name, path) in entries {
            if found.len() >= self.max_listed {
                return;
            }
            let child = format!("{prefix}/{name}");
            if path.is_dir() {
                if !SKIPPED_DIRS.contains(&name.as_str()) {
                    self.walk(&path, &child, depth + 1, found);
                }
            } else if path.is_file() {
                found.push(child);
            }
        }
    }
}

impl EnvFiles for DirFiles {
    fn read(&self, path: &str) -> Result<Rc<str>, ReadError> {
        let Some(location) = self.locate(path) else {
            return Err(ReadError::Missing);
        };
        if !location.is_file() {
            return Err(ReadError::Missing);
        }
        let bytes = fs::read(&location).map_err(|_| ReadError::Missing)?;
        let text = String::from_utf8(bytes).map_err(|_| ReadError::NotText)?;
        Ok(Rc::from(text))
    }

    fn is_dir(&self, path: &str) -> bool {
        self.locate(path).is_some_and(|location| location.is_dir())
    }

    fn list_dir(&self, dir: &str) -> Vec<String> {
        let Some(location) = self.locate(dir) else {
            return Vec::new();
        };
        let mut names: Vec<String> = fs::read_dir(location)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter_map(|entry| entry.file_name().into_string().ok())
                    .take(self.max_listed)
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    fn exists(&self, path: &str) -> bool {
        self.locate(path).is_some_and(|location| location.is_file())
    }

    fn files_under(&self, dir: &str) -> Vec<String> {
        let Some(location) = self.locate(dir) else {
            return Vec::new();
        };
        let prefix = clean_path(dir).unwrap_or_default();
        let mut found = Vec::new();
        self.walk(&location, &prefix, 1, &mut found);
        // In byte order of the whole path, as Puppet sorts a manifest directory's files.
        found.sort();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "puppet-eval-dirfiles-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    #[test]
    fn reads_inside_its_directories_only() {
        let env = scratch("env");
        fs::create_dir_all(env.join("modules/a/manifests")).unwrap();
        fs::write(env.join("modules/a/manifests/init.pp"), "class a {}").unwrap();
        fs::write(env.join("secret"), "no").unwrap();
        let mods = scratch("mods");
        fs::create_dir_all(mods.join("b/manifests")).unwrap();
        fs::write(mods.join("b/manifests/init.pp"), "class b {}").unwrap();
        let files = DirFiles::new(Some(env.join("modules")), vec![mods.clone()], 100, 10);
        assert_eq!(&*files.read("a/manifests/init.pp").unwrap(), "class a {}");
        assert_eq!(files.read("../secret"), Err(ReadError::Missing));
        assert_eq!(files.read("/etc/passwd"), Err(ReadError::Missing));
        let b = format!("{}/b/manifests/init.pp", mods.display());
        assert_eq!(&*files.read(&b).unwrap(), "class b {}");
        assert!(files.is_dir("a/manifests"));
        assert_eq!(
            files.files_under("a"),
            vec!["a/manifests/init.pp".to_string()]
        );
        let _ = fs::remove_dir_all(env);
        let _ = fs::remove_dir_all(mods);
    }

    #[test]
    fn binary_files_are_not_text() {
        let env = scratch("bin");
        fs::write(env.join("x.bin"), [0xff, 0xfe, 0x00]).unwrap();
        let files = DirFiles::new(Some(env.clone()), Vec::new(), 100, 10);
        assert_eq!(files.read("x.bin"), Err(ReadError::NotText));
        let _ = fs::remove_dir_all(env);
    }
}
