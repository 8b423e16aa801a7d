//! An environment read from disk as the engine asks for files: the environment directory (paths
//! relative to it) and module directories (`--modulepath`, named by their absolute paths). Only
//! paths inside those directories are ever read, and a symbolic link is followed only when it
//! stays inside them ([`crate::confine`]). A path that leads out is still "there" for the engine
//! (a folder and a file at once), so that reading it gives the engine's `ENV_LIMIT` error naming
//! it at the place it was asked for; what a caller cannot see that way (a walk's refused links,
//! its limits) is kept as notes.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fs::Metadata;
use std::path::{Path, PathBuf};

use puppet_core::environment::{clean_path, EnvFiles, ReadError};
use puppet_core::{FileText, Limits, ParsedFile};

use crate::bounded_read::{read_file, read_opened, read_seen, ReadProblem};
use crate::confine::{refusal, PlainDirs, PlainOpen, Resolved, Roots};
use crate::env_notes::EnvNotes;
use crate::read_ahead::{Known, PathHasher, Plan, ReadAhead};
use crate::walk::{Note, WalkLimits, Walker};

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

/// What the notes call the world a compile's files must stay in.
const WORLD: &str = "the environment";

/// Files under an environment directory and module directories.
pub struct DirFiles {
    /// The environment directory, canonical: relative paths are read in it.
    root: Option<PathBuf>,
    /// Module directories, absolute and canonical: paths that start with one of them are read
    /// in it.
    module_dirs: Vec<PathBuf>,
    /// All of them: what links must stay in.
    roots: Roots,
    walk_limits: WalkLimits,
    /// Most bytes one file may have.
    max_file_bytes: u64,
    notes: RefCell<EnvNotes>,
    /// What reading each path the engine asked for gave (`None`: not there), read from the disk
    /// once: one compile's Hiera asks for the same data files at every lookup (Puppet's default
    /// hierarchy's `common.yaml`), a template is found and then read, and the files do not change
    /// during the compile that reads them (one `DirFiles` a compile).
    read: RefCell<HashMap<String, Option<FileText>, PathHasher>>,
    /// The same for whether a path is a folder (a template's folder is asked for each template).
    dirs: RefCell<HashMap<String, bool, PathHasher>>,
    /// The folders found plain (no links) on the way to the paths read, each looked at once.
    plain: RefCell<PlainDirs>,
    /// The files another thread reads while the compile runs, when [`Self::read_ahead`] started it.
    ahead: Option<ReadAhead>,
}

impl DirFiles {
    /// The files of `root` and `module_dirs`; links may lead anywhere in them and in
    /// `link_targets`.
    pub fn new(
        root: Option<PathBuf>,
        module_dirs: Vec<PathBuf>,
        link_targets: Vec<PathBuf>,
        limits: &Limits,
    ) -> Self {
        let root = root.and_then(|dir| std::fs::canonicalize(dir).ok());
        let roots = Roots::new(root.iter().chain(&module_dirs).chain(&link_targets));
        DirFiles {
            root,
            module_dirs,
            roots,
            walk_limits: WalkLimits {
                max_files: limits.max_env_files,
                max_depth: limits.max_path_depth,
                max_path_len: limits.max_path_len,
            },
            max_file_bytes: limits.max_env_bytes as u64,
            notes: RefCell::new(EnvNotes::default()),
            read: RefCell::new(HashMap::default()),
            dirs: RefCell::new(HashMap::default()),
            plain: RefCell::new(PlainDirs::default()),
            ahead: None,
        }
    }

    /// Read the modules' files on another thread from now on, for the compile to take (see
    /// [`crate::read_ahead`]): for one compile of a whole environment, where the second core would
    /// otherwise wait. No thread is started when there is no directory to read (`-e CODE` alone).
    pub fn read_ahead(&mut self, limits: &Limits) {
        if self.root.is_none() && self.module_dirs.is_empty() {
            return;
        }
        self.ahead = ReadAhead::start(Plan {
            root: self.root.clone(),
            module_dirs: self.module_dirs.clone(),
            roots: self.roots.clone(),
            limits: self.walk_limits,
            max_file_bytes: self.max_file_bytes,
            max_total_bytes: limits.max_env_bytes as u64,
        });
    }

    /// What was refused or left out so far, each once, in the order met.
    pub fn notes(&self) -> EnvNotes {
        self.notes.borrow().clone()
    }

    /// `path`, which the engine asked for, is not read.
    fn refused(&self, path: &str, message: String) {
        self.notes.borrow_mut().add(Note::left_out(path, message));
    }

    /// Where on disk an environment path is, if it is inside one of the directories, with the
    /// path cleaned as the engine names it.
    fn locate(&self, path: &str) -> Option<(String, PathBuf)> {
        let path = clean_path(path).ok()?;
        if path.starts_with('/') {
            let wanted = PathBuf::from(&path);
            return self
                .module_dirs
                .iter()
                .any(|dir| wanted.starts_with(dir))
                .then_some((path, wanted));
        }
        let disk = self.root.as_ref()?.join(&path);
        Some((path, disk))
    }

    /// How a path on disk is named to the engine: relative to the environment directory, or
    /// absolute in a module directory.
    fn engine_name(&self, disk: &Path) -> String {
        match self
            .root
            .as_ref()
            .and_then(|root| disk.strip_prefix(root).ok())
        {
            Some(relative) => relative.to_string_lossy().into_owned(),
            None => disk.to_string_lossy().into_owned(),
        }
    }

    /// What the read-ahead thread's listing found at `path`, when it looked there.
    fn known(&self, path: &str) -> Option<Known> {
        let ahead = self.ahead.as_ref()?;
        ahead.known(&clean_path(path).ok()?)
    }

    /// [`EnvFiles::read`] from the disk.
    fn read_uncached(&self, path: &str) -> Result<FileText, ReadError> {
        let name = clean_path(path).unwrap_or_default();
        if let Some(ahead) = &self.ahead {
            if let Some(Known::Absent | Known::Folder | Known::PlainFolder) = ahead.known(&name) {
                return Err(ReadError::Missing);
            }
            if let Some(text) = ahead.take(&name) {
                return Ok(text);
            }
        }
        let plain_folder = |folder: &str| {
            self.ahead
                .as_ref()?
                .known(folder)
                .filter(|known| *known == Known::PlainFolder)
        };
        // A file behind plain folders: opened at once, unless it is a link.
        if let Some((_, disk)) = self.locate(path) {
            // A folder the read-ahead's listing found plain needs no look of the compile's own.
            if let Some((folder, _)) = name.rsplit_once('/') {
                if let (Some(_), Some(folder_disk)) = (plain_folder(folder), disk.parent()) {
                    self.plain.borrow_mut().keep_found(folder_disk);
                }
            }
            match self
                .roots
                .open_plain_walking(&disk, &mut self.plain.borrow_mut())
            {
                PlainOpen::Opened(_, metadata) if metadata.is_dir() => {
                    return Err(ReadError::Missing)
                }
                PlainOpen::Opened(file, metadata) => {
                    return self.text(&name, read_opened(file, self.max_file_bytes, &metadata))
                }
                PlainOpen::Missing => return Err(ReadError::Missing),
                PlainOpen::Unknown => {}
            }
        }
        let Some((resolved, reason, seen)) = self.resolve(path) else {
            return Err(ReadError::Missing);
        };
        let canonical = match resolved {
            Resolved::Inside(canonical) => canonical,
            Resolved::Missing => return Err(ReadError::Missing),
            Resolved::Outside { .. } | Resolved::Loop { .. } => {
                return self.refuse(&name, reason.unwrap_or_default())
            }
        };
        // What the confinement's `lstat` saw, else a look of its own.
        let read = match seen {
            Some(seen) if seen.is_dir() => return Err(ReadError::Missing),
            Some(seen) => read_seen(&canonical, self.max_file_bytes, &seen),
            None if canonical.is_dir() => return Err(ReadError::Missing),
            None => read_file(&canonical, self.max_file_bytes),
        };
        self.text(&name, read)
    }

    /// The text of what a read of the file the engine names `name` gave; a refusal is noted.
    fn text(&self, name: &str, read: Result<Vec<u8>, ReadProblem>) -> Result<FileText, ReadError> {
        match read {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).map_err(|_| ReadError::NotText)?;
                Ok(FileText::from(text))
            }
            Err(ReadProblem::Io(_)) => Err(ReadError::Missing),
            Err(problem) => self.refuse(name, format!("'{name}' is not read: {problem}")),
        }
    }

    /// Refuse the file the engine names `name`, noting why.
    fn refuse(&self, name: &str, message: String) -> Result<FileText, ReadError> {
        self.refused(name, message.clone());
        Err(ReadError::Limit(message))
    }

    /// [`EnvFiles::is_dir`] from the disk.
    fn is_dir_uncached(&self, path: &str) -> bool {
        if let Some(known) = self.known(path) {
            return matches!(known, Known::Folder | Known::PlainFolder);
        }
        // A folder kept plain was seen to be one (a module's folder its listing found).
        if let Some((_, disk)) = self.locate(path) {
            if self.plain.borrow().holds(&disk) {
                return true;
            }
        }
        match self.resolve(path) {
            Some((Resolved::Inside(_), _, Some(seen))) => seen.is_dir(),
            Some((Resolved::Inside(canonical), _, None)) => canonical.is_dir(),
            // There, but refused: reading under it says why.
            Some((Resolved::Outside { .. } | Resolved::Loop { .. }, _, _)) => true,
            Some((Resolved::Missing, _, _)) | None => false,
        }
    }

    /// Where an environment path leads; a refusal is noted and returned as the reason; with what
    /// the confinement's last `lstat` saw there when it tells (see [`Roots::resolve_seen`]).
    fn resolve(&self, path: &str) -> Option<(Resolved, Option<String>, Option<Metadata>)> {
        let (name, disk) = self.locate(path)?;
        let (resolved, seen) = self.roots.resolve_seen(&disk, &mut self.plain.borrow_mut());
        let reason = match &resolved {
            Resolved::Outside { link, .. } => {
                refusal(&name, &resolved, &self.engine_name(link), WORLD)
                    .map(|reason| format!("{reason} (--allow-links-to DIR allows links into DIR)"))
            }
            Resolved::Loop { link } => refusal(&name, &resolved, &self.engine_name(link), WORLD),
            Resolved::Inside(_) | Resolved::Missing => None,
        };
        Some((resolved, reason, seen))
    }
}

impl EnvFiles for DirFiles {
    fn read(&self, path: &str) -> Result<FileText, ReadError> {
        if let Some(known) = self.read.borrow().get(path) {
            return known.clone().ok_or(ReadError::Missing);
        }
        let read = self.read_uncached(path);
        // Refusals are not kept: each read of one notes it again, as before.
        let known = match &read {
            Ok(text) => Some(FileText::clone(text)),
            Err(ReadError::Missing) => None,
            Err(_) => return read,
        };
        self.read.borrow_mut().insert(path.to_string(), known);
        read
    }

    fn parsed_ahead(&self, path: &str, text: &str, template: bool) -> Option<ParsedFile> {
        let ahead = self.ahead.as_ref()?;
        ahead.parsed(&clean_path(path).ok()?, text, template)
    }

    fn is_dir(&self, path: &str) -> bool {
        if let Some(&known) = self.dirs.borrow().get(path) {
            return known;
        }
        let is_dir = self.is_dir_uncached(path);
        self.dirs.borrow_mut().insert(path.to_string(), is_dir);
        is_dir
    }

    fn list_dir(&self, dir: &str) -> Vec<String> {
        let canonical = match self.resolve(dir) {
            Some((Resolved::Inside(canonical), _, _)) => canonical,
            Some((_, Some(reason), _)) => {
                self.refused(&clean_path(dir).unwrap_or_default(), reason);
                return Vec::new();
            }
            _ => return Vec::new(),
        };
        let mut plain = self.plain.borrow_mut();
        let mut names: Vec<String> = std::fs::read_dir(&canonical)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter_map(|entry| {
                        // A folder of its own (not a link) in a plain folder is plain: the
                        // paths read under it need no look at it (a module's `metadata.json`).
                        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                            plain.keep_listed(&canonical, &entry.path());
                        }
                        entry.file_name().into_string().ok()
                    })
                    .take(self.walk_limits.max_files)
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    fn exists(&self, path: &str) -> bool {
        if let Some(known) = self.known(path) {
            return known == Known::File;
        }
        match self.resolve(path) {
            Some((Resolved::Inside(_), _, Some(seen))) => seen.is_file(),
            Some((Resolved::Inside(canonical), _, None)) => canonical.is_file(),
            // There, but refused: reading it says why.
            Some((Resolved::Outside { .. } | Resolved::Loop { .. }, _, _)) => true,
            Some((Resolved::Missing, _, _)) | None => false,
        }
    }

    fn leads_outside(&self, path: &str) -> bool {
        // What the read-ahead's listing saw there is a file, a folder or nothing, not a link,
        // in a folder inside the roots: it leads nowhere else.
        if self.known(path).is_some() {
            return false;
        }
        match self.resolve(path) {
            Some((Resolved::Outside { .. } | Resolved::Loop { .. }, _, _)) => true,
            // Nothing there: a read of it, which usually comes next (a module's
            // `metadata.json`), finds nothing without looking again.
            Some((Resolved::Missing, _, _)) => {
                self.read
                    .borrow_mut()
                    .entry(path.to_string())
                    .or_insert(None);
                false
            }
            Some((Resolved::Inside(_), _, _)) | None => false,
        }
    }

    fn files_under(&self, dir: &str) -> Vec<String> {
        let Some((prefix, disk)) = self.locate(dir) else {
            return Vec::new();
        };
        // The depth counts the segments below the directory the path is in.
        let base_depth = match self.module_dirs.iter().find(|root| disk.starts_with(root)) {
            Some(root) if prefix.starts_with('/') => {
                disk.components().count() - root.components().count()
            }
            _ => prefix.split('/').count(),
        };
        let walker = Walker {
            roots: &self.roots,
            limits: self.walk_limits,
            world: WORLD,
            skipped_dirs: SKIPPED_DIRS,
            wanted: &|_| true,
        };
        let walked = walker.walk(&disk, &prefix, base_depth);
        let mut notes = self.notes.borrow_mut();
        for note in walked.notes {
            notes.add(note);
        }
        let mut found: Vec<String> = walked.files.into_iter().map(|file| file.name).collect();
        // In byte order of the whole path, as Puppet sorts a manifest directory's files.
        found.sort();
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "puppet-eval-dirfiles-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        fs::canonicalize(dir).expect("canonical")
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
        let limits = Limits::default();
        let files = DirFiles::new(
            Some(env.join("modules")),
            vec![mods.clone()],
            Vec::new(),
            &limits,
        );
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
        let files = DirFiles::new(
            Some(env.clone()),
            Vec::new(),
            Vec::new(),
            &Limits::default(),
        );
        assert_eq!(files.read("x.bin"), Err(ReadError::NotText));
        let _ = fs::remove_dir_all(env);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_is_there_but_refused_and_noted() {
        use std::os::unix::fs::symlink;
        let base = scratch("linked");
        let env = base.join("env");
        fs::create_dir_all(env.join("data")).unwrap();
        fs::write(base.join("secret.yaml"), "key: secret").unwrap();
        symlink(base.join("secret.yaml"), env.join("data/common.yaml")).unwrap();
        fs::write(env.join("data/real.yaml"), "key: real").unwrap();
        symlink("real.yaml", env.join("data/alias.yaml")).unwrap();
        let files = DirFiles::new(
            Some(env.clone()),
            Vec::new(),
            Vec::new(),
            &Limits::default(),
        );
        assert!(files.exists("data/common.yaml"));
        let expected = format!(
            "'data/common.yaml' is not read: it is a symbolic link to '{}', outside the environment (--allow-links-to DIR allows links into DIR)",
            base.join("secret.yaml").display()
        );
        assert_eq!(
            files.read("data/common.yaml"),
            Err(ReadError::Limit(expected.clone()))
        );
        assert_eq!(&*files.read("data/alias.yaml").unwrap(), "key: real");
        let notes = files.notes();
        assert_eq!(
            notes.kept,
            [Note::left_out("data/common.yaml", expected.clone())]
        );
        // The same with the files read ahead: the link is the compile's to refuse and note.
        let mut files = DirFiles::new(Some(env), Vec::new(), Vec::new(), &Limits::default());
        files.read_ahead(&Limits::default());
        assert_eq!(&*files.read("data/real.yaml").unwrap(), "key: real");
        assert_eq!(
            files.read("data/common.yaml"),
            Err(ReadError::Limit(expected.clone()))
        );
        assert_eq!(
            files.notes().kept,
            [Note::left_out("data/common.yaml", expected)]
        );
        let _ = fs::remove_dir_all(base);
    }

    #[test]
    fn no_thread_reads_ahead_when_there_is_no_directory() {
        let limits = Limits::default();
        let mut none = DirFiles::new(None, Vec::new(), Vec::new(), &limits);
        none.read_ahead(&limits);
        assert!(none.ahead.is_none());
        let env = scratch("ahead");
        let mut some = DirFiles::new(Some(env.clone()), Vec::new(), Vec::new(), &limits);
        some.read_ahead(&limits);
        assert!(some.ahead.is_some());
        let mut modules = DirFiles::new(None, vec![env.clone()], Vec::new(), &limits);
        modules.read_ahead(&limits);
        assert!(modules.ahead.is_some());
        drop((some, modules));
        let _ = fs::remove_dir_all(env);
    }

    #[test]
    fn a_file_past_the_size_limit_is_refused_unread() {
        let env = scratch("large");
        let file = fs::File::create(env.join("big.txt")).unwrap();
        file.set_len(11).unwrap();
        let limits = Limits {
            max_env_bytes: 10,
            ..Limits::default()
        };
        let files = DirFiles::new(Some(env.clone()), Vec::new(), Vec::new(), &limits);
        assert_eq!(
            files.read("big.txt"),
            Err(ReadError::Limit(
                "'big.txt' is not read: it is 11 bytes, more than the limit of 10 bytes for one file"
                    .into()
            ))
        );
        let _ = fs::remove_dir_all(env);
    }
}
