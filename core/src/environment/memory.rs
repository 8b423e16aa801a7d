//! An environment's files held in memory, as the page and the tests hand them over, checked
//! against the environment limits as they are added.

use super::FileText;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{clean_path, EnvFiles, ReadError};
use crate::host::Limits;
use crate::name_table::NameTable;

/// Files by path, in byte order of their paths.
#[derive(Debug, Clone, Default)]
pub struct MemoryFiles {
    files: NameTable<FileText>,
    /// The same texts hashed by path, natively, for the compile's many reads (a large
    /// environment's compile reads a file a thousand times and more; the sorted table compares
    /// long shared prefixes of paths). The browser's engines, whose size budget has no room for
    /// another map's code, read the sorted table.
    #[cfg(not(target_arch = "wasm32"))]
    by_path: crate::name_map::NameMap<FileText>,
    bytes: usize,
    problems: Vec<(String, String)>,
}

impl MemoryFiles {
    pub fn new() -> Self {
        MemoryFiles::default()
    }

    /// Add a file; a path that is not allowed, or one past the limits, is left out and recorded
    /// as a problem the evaluation reports.
    pub fn insert(&mut self, path: &str, text: impl Into<FileText>, limits: &Limits) {
        let text = text.into();
        let path = match clean_path(path) {
            Ok(path) => path,
            Err(problem) => {
                self.problem(
                    path,
                    format!("The file '{path}' is left out: {}", problem.message()),
                );
                return;
            }
        };
        if path.len() > limits.max_path_len {
            let message = format!(
                "The file '{path}' is left out: its path is longer than the limit of {} bytes",
                limits.max_path_len
            );
            self.problem(&path, message);
            return;
        }
        if path.split('/').count() > limits.max_path_depth {
            let message = format!(
                "The file '{path}' is left out: it is nested deeper than the limit of {} folders",
                limits.max_path_depth
            );
            self.problem(&path, message);
            return;
        }
        let replaced = self.files.get(&path).map_or(0, |old| old.len());
        if !self.files.contains_key(&path) && self.files.len() >= limits.max_env_files {
            let message = format!(
                "The file '{path}' is left out: the environment has more files than the limit of {}",
                limits.max_env_files
            );
            self.problem(&path, message);
            return;
        }
        let bytes = self.bytes - replaced + text.len();
        if bytes > limits.max_env_bytes {
            let message = format!(
                "The file '{path}' is left out: the environment's files would exceed the limit of {} bytes",
                limits.max_env_bytes
            );
            self.problem(&path, message);
            return;
        }
        self.bytes = bytes;
        #[cfg(not(target_arch = "wasm32"))]
        self.by_path.insert(path.clone(), text.clone());
        self.files.insert(path, text);
    }

    fn problem(&mut self, path: &str, message: String) {
        // One problem per kind is enough to act on; a huge folder would give thousands.
        if self.problems.len() < 20 {
            self.problems.push((path.into(), message));
        }
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Every file, by path.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &FileText)> {
        self.files.iter().map(|(path, text)| (path.as_str(), text))
    }
}

impl EnvFiles for MemoryFiles {
    fn read(&self, path: &str) -> Result<FileText, ReadError> {
        #[cfg(not(target_arch = "wasm32"))]
        let found = self.by_path.get(path);
        #[cfg(target_arch = "wasm32")]
        let found = self.files.get(path);
        found.cloned().ok_or(ReadError::Missing)
    }

    fn is_dir(&self, path: &str) -> bool {
        let prefix = [path.trim_end_matches('/'), "/"].concat();
        self.files
            .names_from(&prefix)
            .next()
            .is_some_and(|p| p.starts_with(&prefix))
    }

    fn files_under(&self, dir: &str) -> Vec<String> {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        self.files
            .names_from(&prefix)
            .take_while(|p| p.starts_with(&prefix))
            .cloned()
            .collect()
    }

    fn list_dir(&self, dir: &str) -> Vec<String> {
        // The names straight from the sorted table: no copy of the paths under `dir` (the whole
        // environment, for `modules`), one string per entry.
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        let mut names: Vec<String> = Vec::new();
        for path in self.files.names_from(&prefix) {
            let Some(rest) = path.strip_prefix(&prefix) else {
                break;
            };
            let end = rest.bytes().position(|b| b == b'/').unwrap_or(rest.len());
            let name = rest.get(..end).unwrap_or_default();
            if names.last().is_none_or(|last| last != name) {
                names.push(name.into());
            }
        }
        names
    }

    fn problems(&self) -> Vec<(String, String)> {
        self.problems.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_each_entry_once_in_path_order() {
        let limits = Limits::default();
        let mut files = MemoryFiles::new();
        for path in [
            "modules/a/manifests/init.pp",
            "modules/a/manifests/b/c.pp",
            "modules/a-b/manifests/init.pp",
            "modules/ab/metadata.json",
            "modules/README",
            "modulesx/z/init.pp",
        ] {
            files.insert(path, "", &limits);
        }
        // In the sorted paths' order (`a-b/` before `a/`), as the default listing gives them.
        assert_eq!(files.list_dir("modules"), ["README", "a-b", "a", "ab"]);
        assert_eq!(files.list_dir("modules/"), ["README", "a-b", "a", "ab"]);
        assert_eq!(files.list_dir("modules/a"), ["manifests"]);
        assert_eq!(files.list_dir("modules/a/manifests"), ["b", "init.pp"]);
        assert!(files.list_dir("nothing").is_empty());
    }

    #[test]
    fn directories_and_listing() {
        let limits = Limits::default();
        let mut files = MemoryFiles::new();
        files.insert("modules/a/manifests/init.pp", "class a {}", &limits);
        files.insert("modules/a/manifests/b/c.pp", "", &limits);
        files.insert("modules/ab/manifests/init.pp", "", &limits);
        assert!(files.is_dir("modules/a"));
        assert!(files.is_dir("modules/a/manifests/b"));
        assert!(!files.is_dir("modules/a/manifests/init.pp"));
        assert!(!files.is_dir("modules/x"));
        assert_eq!(
            files.files_under("modules/a"),
            alloc::vec![
                String::from("modules/a/manifests/b/c.pp"),
                String::from("modules/a/manifests/init.pp")
            ]
        );
        assert_eq!(
            &*files.read("modules/a/manifests/init.pp").unwrap(),
            "class a {}"
        );
        assert_eq!(files.read("nope"), Err(ReadError::Missing));
    }

    #[test]
    fn a_file_given_again_reads_as_its_last_text_and_a_left_out_one_not_at_all() {
        let limits = Limits {
            max_env_bytes: 20,
            ..Limits::default()
        };
        let mut files = MemoryFiles::new();
        files.insert("./manifests/site.pp", "notice(1)", &limits);
        files.insert("manifests/site.pp", "notice(2)", &limits);
        assert_eq!(&*files.read("manifests/site.pp").unwrap(), "notice(2)");
        assert_eq!(files.len(), 1);
        files.insert("manifests/big.pp", "x".repeat(21), &limits);
        assert_eq!(files.read("manifests/big.pp"), Err(ReadError::Missing));
        assert_eq!(files.read("manifests/site.pp/"), Err(ReadError::Missing));
    }

    #[test]
    fn limits_leave_files_out_and_say_so() {
        let limits = Limits {
            max_env_files: 2,
            max_env_bytes: 10,
            max_path_len: 20,
            max_path_depth: 3,
            ..Limits::default()
        };
        let mut files = MemoryFiles::new();
        files.insert("a.pp", "12345", &limits);
        files.insert("../etc/passwd", "x", &limits);
        files.insert("b/c/d/e.pp", "", &limits);
        files.insert("a-very-long-path-name.pp", "", &limits);
        files.insert("b.pp", "123456", &limits);
        files.insert("c.pp", "1", &limits);
        files.insert("d.pp", "1", &limits);
        assert_eq!(files.len(), 2);
        let problems = files.problems();
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert!(problems[0].1.contains("'..'"));
        assert!(problems[1].1.contains("deeper"));
        assert!(problems[2].1.contains("longer"));
        assert!(problems[3].1.contains("bytes"));
        assert!(problems[4].1.contains("more files"));
    }
}
