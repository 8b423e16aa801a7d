//! The server's workspace folders: each one an environment with its own Analysis. A folder is a
//! control repository (its `environment.conf`, `manifests/`, `site/`, `modules/`, `hiera.yaml`,
//! `data/`, read as Puppet reads an environment), a single module (mounted as
//! `modules/<name>/` of an environment of its own), or loose manifests. Its files are read once,
//! through the CLI's walker and bounded reader (links followed only inside the folder), within the
//! environment's limits; the editor's open documents then stand in for their files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::bounded_read::{file_limit, read_text, ReadProblem, TextProblem};
use crate::confine::Roots;
use crate::walk::{WalkLimits, Walker};
use puppet_core::ide::Analysis;
use puppet_core::Limits;

/// What a folder holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FolderKind {
    /// An environment: `manifests/` (or `environment.conf`, `site/`, `modules/`, a Puppetfile).
    ControlRepo,
    /// A module (`metadata.json`): its files are `modules/<name>/...` of the environment.
    Module { name: String },
    /// Manifests without an environment's layout: the last one edited is the main code.
    Loose,
}

/// A workspace folder and what the server knows of it.
pub struct Folder {
    /// The folder, every link resolved; `None` for the documents outside every folder.
    pub root: Option<PathBuf>,
    pub kind: FolderKind,
    pub analysis: Analysis,
    /// The text of the folder's `.puppet-lint.rc`.
    pub lint_rc: Option<String>,
    /// What reading the folder refused or left out.
    pub notes: Vec<String>,
    /// The open documents (paths in the Analysis) and their versions.
    pub open: BTreeMap<String, i32>,
    /// Module directories given in the settings (absolute, canonical): their files are in the
    /// Analysis under their absolute paths.
    pub modulepath: Vec<PathBuf>,
    /// The documents whose diagnostics were last published non-empty.
    pub published: BTreeSet<String>,
    /// The Loose folder's main code: the last document edited.
    pub last_edited: Option<String>,
    /// Lint findings by path, with the hash of the text they are for.
    pub lint_cache:
        std::collections::HashMap<String, (u64, std::rc::Rc<Vec<puppet_core::lint::Finding>>)>,
}

/// The files a folder's environment is made of.
fn wanted(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    [".pp", ".epp", ".erb", ".yaml", ".yml", ".json"]
        .iter()
        .any(|ext| base.ends_with(ext))
        || base == "environment.conf"
}

/// Folders never read: version control, dependencies, test fixtures (a module's
/// `spec/fixtures/modules` links back to itself).
const SKIPPED: &[&str] = &[
    ".git",
    ".svn",
    ".hg",
    "node_modules",
    "vendor",
    ".bundle",
    "spec",
    "pkg",
];

impl Folder {
    /// The folder for the documents outside every workspace folder.
    pub fn outside() -> Folder {
        Folder::empty(None, FolderKind::Loose)
    }

    fn empty(root: Option<PathBuf>, kind: FolderKind) -> Folder {
        Folder {
            root,
            kind,
            analysis: Analysis::new(),
            lint_rc: None,
            notes: Vec::new(),
            open: BTreeMap::new(),
            modulepath: Vec::new(),
            published: BTreeSet::new(),
            last_edited: None,
            lint_cache: std::collections::HashMap::new(),
        }
    }

    /// Read the folder at `root`.
    pub fn load(root: &Path, now: u64) -> Folder {
        let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        let kind = kind_of(&root);
        let mut folder = Folder::empty(Some(root.clone()), kind);
        folder.lint_rc = read_small(&root.join(".puppet-lint.rc"));
        let mount = folder.mount();
        let limits = Limits::default();
        let mut budget = limits.max_env_bytes as u64;
        folder.read_tree(&root, &mount, &mut budget, now);
        folder
    }

    /// The prefix of the folder's files in its environment (`modules/<name>/` for a module).
    pub fn mount(&self) -> String {
        match &self.kind {
            FolderKind::Module { name } => format!("modules/{name}/"),
            _ => String::new(),
        }
    }

    /// Read the wanted files under `dir` into the Analysis, named `prefix` + their path.
    fn read_tree(&mut self, dir: &Path, prefix: &str, budget: &mut u64, now: u64) {
        let limits = Limits::default();
        let roots = Roots::new([dir]);
        let walker = Walker {
            roots: &roots,
            limits: WalkLimits {
                max_files: limits.max_env_files,
                max_depth: limits.max_path_depth,
                max_path_len: limits.max_path_len,
            },
            world: "the workspace folder",
            skipped_dirs: SKIPPED,
            wanted: &wanted,
        };
        let walked = walker.walk(dir, "", 0);
        self.notes
            .extend(walked.notes.into_iter().map(|note| note.message));
        for file in walked.files {
            match read_text(&file.disk, *budget) {
                Ok(text) => {
                    *budget -= text.len() as u64;
                    let path = format!("{prefix}{}", file.name);
                    self.analysis.set_file(&path, &text, now);
                }
                Err(TextProblem::Read(ReadProblem::TooLarge { .. })) => {
                    self.notes.push(format!(
                        "The file '{}' is left out, and any after it: the folder's files would exceed the limit of {} bytes",
                        file.name, limits.max_env_bytes
                    ));
                    break;
                }
                Err(problem) => self
                    .notes
                    .push(format!("'{}' is not read: {problem}", file.name)),
            }
        }
    }

    /// Set the module directories after the folder's own: their files are read in (under
    /// their absolute paths), those of directories no longer named are dropped.
    pub fn set_modulepath(&mut self, dirs: Vec<PathBuf>, now: u64) {
        if dirs == self.modulepath {
            return;
        }
        let old: Vec<String> = self
            .analysis
            .paths()
            .filter(|p| p.starts_with('/'))
            .map(String::from)
            .collect();
        for path in old {
            self.analysis.remove_file(&path, now);
        }
        let mut budget = Limits::default().max_env_bytes as u64;
        for dir in &dirs {
            let prefix = format!("{}/", dir.display());
            self.read_tree(dir, &prefix, &mut budget, now);
        }
        self.modulepath = dirs;
    }

    /// The path in the Analysis of the file at `disk` (absolute), if it belongs to this folder.
    pub fn path_of(&self, disk: &Path) -> Option<String> {
        for dir in &self.modulepath {
            if disk.starts_with(dir) {
                return disk.to_str().map(String::from);
            }
        }
        match &self.root {
            Some(root) => {
                let relative = disk.strip_prefix(root).ok()?;
                let parts: Vec<&str> = relative
                    .components()
                    .map(|c| c.as_os_str().to_str())
                    .collect::<Option<_>>()?;
                if parts.is_empty() {
                    return None;
                }
                Some(format!("{}{}", self.mount(), parts.join("/")))
            }
            None => disk.to_str().map(String::from),
        }
    }

    /// The file on disk of a path in the Analysis.
    pub fn disk_of(&self, path: &str) -> Option<PathBuf> {
        if path.starts_with('/') {
            return Some(PathBuf::from(path));
        }
        let root = self.root.as_ref()?;
        let relative = path.strip_prefix(&self.mount()).unwrap_or(path);
        Some(root.join(relative))
    }

    /// Whether a document at `disk` belongs here: inside the root (or a module directory).
    pub fn contains(&self, disk: &Path) -> bool {
        self.modulepath.iter().any(|d| disk.starts_with(d))
            || self
                .root
                .as_ref()
                .is_some_and(|root| disk.starts_with(root))
    }

    /// Read a file of the folder again from disk (it changed there, or its document closed).
    pub fn reload(&mut self, path: &str, now: u64) {
        let Some(disk) = self.disk_of(path) else {
            return;
        };
        match read_text(&disk, file_limit()) {
            Ok(text) => {
                self.analysis.set_file(path, &text, now);
            }
            Err(_) => self.analysis.remove_file(path, now),
        }
    }
}

/// What a folder holds, from what is at its top.
fn kind_of(root: &Path) -> FolderKind {
    if root.join("metadata.json").is_file() && !root.join("environment.conf").is_file() {
        let from_metadata = read_small(&root.join("metadata.json"))
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .and_then(|meta| meta.get("name")?.as_str().map(String::from))
            .and_then(|full| {
                full.rsplit(['-', '/'])
                    .next()
                    .map(String::from)
                    .filter(|n| puppet_core::environment::is_module_name(n))
            });
        let from_dir = root
            .file_name()
            .and_then(|n| n.to_str())
            .map(|n| n.rsplit('-').next().unwrap_or(n).to_string())
            .filter(|n| puppet_core::environment::is_module_name(n));
        if let Some(name) = from_metadata.or(from_dir) {
            return FolderKind::Module { name };
        }
    }
    let environment = ["environment.conf", "Puppetfile"]
        .iter()
        .any(|f| root.join(f).is_file())
        || ["manifests", "site", "modules", "site-modules"]
            .iter()
            .any(|d| root.join(d).is_dir());
    if environment {
        FolderKind::ControlRepo
    } else {
        FolderKind::Loose
    }
}

/// A small configuration file's text (at most 1 MiB), if it is there.
fn read_small(path: &Path) -> Option<String> {
    read_text(path, 1024 * 1024).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("lsp-folders-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn write(root: &Path, path: &str, text: &str) {
        let file = root.join(path);
        if let Some(parent) = file.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = std::fs::write(file, text);
    }

    #[test]
    fn a_control_repository_by_its_paths() {
        let root = scratch("control");
        write(&root, "environment.conf", "modulepath = site:modules\n");
        write(&root, "manifests/site.pp", "include role\n");
        write(&root, "site/role/manifests/init.pp", "class role { }\n");
        write(&root, "README.md", "not read");
        write(&root, ".git/x.pp", "not read");
        let folder = Folder::load(&root, 0);
        assert_eq!(folder.kind, FolderKind::ControlRepo);
        let paths: Vec<&str> = folder.analysis.paths().collect();
        assert_eq!(
            paths,
            [
                "environment.conf",
                "manifests/site.pp",
                "site/role/manifests/init.pp"
            ]
        );
        let canonical = folder.root.clone().unwrap_or_default();
        let disk = canonical.join("site/role/manifests/init.pp");
        assert_eq!(
            folder.path_of(&disk).as_deref(),
            Some("site/role/manifests/init.pp")
        );
        assert_eq!(folder.disk_of("site/role/manifests/init.pp"), Some(disk));
        assert_eq!(folder.path_of(Path::new("/elsewhere/x.pp")), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_module_is_mounted_under_its_name() {
        let root = scratch("module");
        write(
            &root,
            "metadata.json",
            r#"{"name": "acme-ntp", "version": "1.0.0"}"#,
        );
        write(&root, "manifests/init.pp", "class ntp { }\n");
        write(
            &root,
            "spec/fixtures/modules/ntp/manifests/init.pp",
            "class ntp { }\n",
        );
        let folder = Folder::load(&root, 0);
        assert_eq!(folder.kind, FolderKind::Module { name: "ntp".into() });
        let paths: Vec<&str> = folder.analysis.paths().collect();
        assert_eq!(
            paths,
            ["modules/ntp/manifests/init.pp", "modules/ntp/metadata.json"]
        );
        let canonical = folder.root.clone().unwrap_or_default();
        assert_eq!(
            folder
                .path_of(&canonical.join("manifests/init.pp"))
                .as_deref(),
            Some("modules/ntp/manifests/init.pp")
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn loose_manifests_and_a_link_out_of_the_folder() {
        let root = scratch("loose");
        write(&root, "a.pp", "notice(1)\n");
        #[cfg(unix)]
        let _ = std::os::unix::fs::symlink("/etc", root.join("etc"));
        let folder = Folder::load(&root, 0);
        assert_eq!(folder.kind, FolderKind::Loose);
        let paths: Vec<&str> = folder.analysis.paths().collect();
        assert_eq!(paths, ["a.pp"]);
        let _ = std::fs::remove_dir_all(&root);
    }
}
