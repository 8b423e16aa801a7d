//! Where a compile's files come from (`--env DIR`, `--modulepath DIR[:DIR]`, a JSON case's
//! `files`), kept as plain data that can cross to the evaluation's thread, where the environment
//! is built and compiled, with what reading the directories refused or left out (links out of
//! them, limits: [`EnvNotes`]).

use std::path::PathBuf;

use puppet_core::environment::{EnvFiles, ReadError};
use puppet_core::{
    evaluate_environment, Environment, EvalOptions, MainCode, MemoryFiles, Outcome, ParsedFile,
};

use crate::dir_files::DirFiles;
pub use crate::env_notes::EnvNotes;

/// The files of a compile: an environment directory or given files, and module directories.
#[derive(Debug, Clone, Default)]
pub struct EnvSource {
    /// The environment directory (`--env`).
    pub dir: Option<PathBuf>,
    /// Module directories after the environment's own (`--modulepath`), absolute.
    pub modulepath: Vec<PathBuf>,
    /// Files given as text (a JSON case's `files`): they are the environment instead of `dir`.
    pub files: Option<Vec<(String, String)>>,
    /// The global Hiera layer's hiera.yaml (`--hiera_config`): an absolute path (its folder is
    /// read for its data), or a path among `files`.
    pub global_hiera: Option<String>,
    /// Directories outside the environment that its symbolic links may lead into
    /// (`--allow-links-to`: modules linked in from elsewhere).
    pub link_targets: Vec<PathBuf>,
}

impl EnvSource {
    /// Whether there is an environment at all (else a program is a snippet on its own).
    pub fn is_empty(&self) -> bool {
        self.dir.is_none()
            && self.modulepath.is_empty()
            && self.files.is_none()
            && self.global_hiera.is_none()
    }

    /// Whether the compile reads directories from disk: the environment's (unless files given as
    /// text stand in for it) or module directories.
    fn reads_directories(&self) -> bool {
        (self.dir.is_some() && self.files.is_none()) || !self.modulepath.is_empty()
    }

    /// The same module directories with these files as the environment.
    pub fn with_files(&self, files: Vec<(String, String)>) -> EnvSource {
        EnvSource {
            dir: None,
            modulepath: self.modulepath.clone(),
            files: Some(files),
            global_hiera: self.global_hiera.clone(),
            link_targets: self.link_targets.clone(),
        }
    }

    /// Compile `main` (or, when `None`, the environment's `manifests/`) and give the outcome to
    /// `f`: with an error for each file the directories left out (a link out of them, a limit)
    /// that it does not already report; other notes (link loops) are printed after as warnings.
    pub fn compile<T>(
        &self,
        main: Option<MainCode>,
        options: &EvalOptions,
        f: impl FnOnce(&Outcome) -> T,
    ) -> T {
        self.compile_then(main, options, false, f, drop)
    }

    /// [`Self::compile`] as the last work of the process: `f` prints the outcome and gives the
    /// exit status, and the process ends there, its output flushed, leaving the outcome and the
    /// evaluation's thread to the system, which takes the whole memory back at once, rather than
    /// freeing each resource, value and text one by one (with `options.leave_memory_at_end`, the
    /// evaluator's too). Nothing is printed after it, so the output is the same.
    pub fn compile_and_exit(
        &self,
        main: Option<MainCode>,
        options: &EvalOptions,
        f: impl FnOnce(&Outcome) -> u8,
    ) -> ! {
        let status = self.compile_then(main, options, true, f, std::mem::forget);
        if self.reads_directories() {
            // An environment's files, trees and catalog: the system frees them after the end is
            // reported, not before (src/late_teardown.rs).
            crate::late_teardown::hand_memory_to_successor();
        }
        crate::protocol::exit_now(status)
    }

    /// [`Self::compile`], giving the outcome to `end` once `f` and the notes are done with it;
    /// with the files read ahead on another thread when `read_ahead` (the process's one compile).
    fn compile_then<T>(
        &self,
        main: Option<MainCode>,
        options: &EvalOptions,
        read_ahead: bool,
        f: impl FnOnce(&Outcome) -> T,
        end: impl FnOnce(Outcome),
    ) -> T {
        self.with_directories(main, options, read_ahead, |env, disk| {
            let mut outcome = evaluate_environment(env, options);
            let warnings = disk.notes().into_outcome(&mut outcome);
            let value = f(&outcome);
            for line in warnings {
                eprintln!("{line}");
            }
            end(outcome);
            value
        })
    }

    /// Give `f` the environment these files make, with `main` as its main code; then print the
    /// notes of the directories.
    pub fn with_environment<T>(
        &self,
        main: Option<MainCode>,
        options: &EvalOptions,
        f: impl FnOnce(&Environment<'_>) -> T,
    ) -> T {
        let (value, notes) = self.with_environment_noted(main, options, f);
        notes.print(&[]);
        value
    }

    /// Give `f` the environment these files make, with `main` as its main code, and return what
    /// reading the directories refused or left out with its result.
    pub fn with_environment_noted<T>(
        &self,
        main: Option<MainCode>,
        options: &EvalOptions,
        f: impl FnOnce(&Environment<'_>) -> T,
    ) -> (T, EnvNotes) {
        self.with_directories(main, options, false, |env, disk| (f(env), disk.notes()))
    }

    /// Give `f` the environment these files make and the directories' reader (for its notes).
    fn with_directories<T>(
        &self,
        main: Option<MainCode>,
        options: &EvalOptions,
        read_ahead: bool,
        f: impl FnOnce(&Environment<'_>, &DirFiles) -> T,
    ) -> T {
        let limits = &options.limits;
        // The global hiera.yaml's folder is read like a module directory (for its data).
        let mut roots = self.modulepath.clone();
        if let Some(dir) = self
            .global_hiera
            .as_deref()
            .filter(|path| path.starts_with('/'))
            .and_then(|path| std::path::Path::new(path).parent())
        {
            roots.push(dir.to_path_buf());
        }
        // Links may lead into the directories given, the modules a module directory given
        // links in, and the directories allowed.
        let mut link_targets = self.link_targets.clone();
        for dir in &self.modulepath {
            link_targets.extend(linked_modules(dir, limits.max_env_files));
        }
        let mut disk = DirFiles::new(
            if self.files.is_some() {
                None
            } else {
                self.dir.clone()
            },
            roots,
            link_targets,
            limits,
        );
        if read_ahead {
            disk.read_ahead(limits);
        }
        let mut memory = MemoryFiles::new();
        for (path, text) in self.files.iter().flatten() {
            memory.insert(path, text.as_str(), limits);
        }
        let layered = Layered {
            memory: &memory,
            disk: &disk,
        };
        let env = Environment {
            files: &layered,
            main,
            base_modulepath: self
                .modulepath
                .iter()
                .map(|dir| dir.to_string_lossy().into_owned())
                .collect(),
            global_hiera: self.global_hiera.clone(),
            parse_cache: None,
        };
        f(&env, &disk)
    }
}

/// Where the module folders of a module directory given (`--modulepath DIR`) lead when they are
/// symbolic links: naming the directory names its modules, wherever they are (Debian's
/// `/usr/share/puppet/modules` holds only such links, into `/usr/share/puppet/modules.available`).
/// At most `max` entries are looked at.
fn linked_modules(dir: &std::path::Path, max: usize) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .take(max)
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_symlink()))
        .filter_map(|entry| std::fs::canonicalize(entry.path()).ok())
        .filter(|target| target.is_dir())
        .collect()
}

/// The directories of `--allow-links-to DIR[:DIR]`, every link resolved.
pub fn link_targets(value: &str) -> Result<Vec<PathBuf>, String> {
    value
        .split(':')
        .filter(|dir| !dir.is_empty())
        .map(|dir| {
            std::fs::canonicalize(dir)
                .map_err(|e| format!("--allow-links-to {dir}: {e}"))
                .and_then(|path| {
                    if path.is_dir() {
                        Ok(path)
                    } else {
                        Err(format!("--allow-links-to {dir}: not a directory"))
                    }
                })
        })
        .collect()
}

/// The absolute path of `--hiera_config FILE`, every link resolved (its folder is read for its
/// data, and links must stay in it). The file need not exist (Puppet then uses its default
/// global configuration, over the data beside it), its folder must.
pub fn global_hiera_path(file: &str) -> Result<PathBuf, String> {
    if let Ok(canonical) = std::fs::canonicalize(file) {
        if canonical.is_file() {
            return Ok(canonical);
        }
    }
    let path = std::path::Path::new(file);
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => std::path::Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| format!("--hiera_config {file}: not a file name"))?;
    let dir = std::fs::canonicalize(dir).map_err(|e| format!("--hiera_config {file}: {e}"))?;
    Ok(dir.join(name))
}

/// An environment as its main code and its files by path.
pub type Listing = (Option<MainCode>, Vec<(String, String)>);

/// The environments the Ruby fuzz target compiles for one text (and its regression files): the
/// text as a module's 4.x function file (`m::f`), as a 3.x one (`g`), as a template, each called
/// from the main code, and as a resource type (`t`) declared twice.
pub fn ruby_environments(text: &str) -> Vec<Listing> {
    let places = [
        (
            "modules/m/lib/puppet/functions/m/f.rb",
            "notice(m::f(1, 'a', [undef], {'k' => 2}))",
        ),
        (
            "modules/m/lib/puppet/parser/functions/g.rb",
            "notice(g(1, undef))",
        ),
        (
            "modules/m/templates/t.erb",
            "$x = [1]\nnotice(template('m/t.erb'))",
        ),
        // A resource type's file: its namevar and title patterns are read from the text.
        (
            "modules/m/lib/puppet/type/t.rb",
            "t { 'a:b@c/d': }\nt { 'plain': }",
        ),
    ];
    places
        .iter()
        .map(|(path, code)| {
            let main = MainCode {
                name: puppet_core::SNIPPET_FILE.into(),
                text: (*code).into(),
            };
            (Some(main), vec![(path.to_string(), text.to_string())])
        })
        .collect()
}

/// An environment written as one text (the environment fuzz target's input and its regression
/// files): the main code, then each file after a line `==> <path>`. An empty main code compiles
/// the files' `manifests/`.
pub fn environment_listing(text: &str) -> Listing {
    let mut parts = text.split("\n==> ");
    let main = parts.next().unwrap_or_default();
    let files = parts
        .map(|part| {
            let (path, text) = part.split_once('\n').unwrap_or((part, ""));
            (path.to_string(), text.to_string())
        })
        .collect();
    let main = (!main.is_empty()).then(|| MainCode {
        name: puppet_core::SNIPPET_FILE.into(),
        text: main.into(),
    });
    (main, files)
}

/// Given files over the directories on disk.
struct Layered<'a> {
    memory: &'a MemoryFiles,
    disk: &'a DirFiles,
}

impl EnvFiles for Layered<'_> {
    fn read(&self, path: &str) -> Result<puppet_core::FileText, ReadError> {
        match self.memory.read(path) {
            Err(ReadError::Missing) => self.disk.read(path),
            found => found,
        }
    }

    fn is_dir(&self, path: &str) -> bool {
        // Most runs give no files of their own: no folder of theirs to look for.
        (!self.memory.is_empty() && self.memory.is_dir(path)) || self.disk.is_dir(path)
    }

    fn list_dir(&self, dir: &str) -> Vec<String> {
        let mut names = self.memory.list_dir(dir);
        names.extend(self.disk.list_dir(dir));
        names.sort();
        names.dedup();
        names
    }

    fn exists(&self, path: &str) -> bool {
        self.memory.exists(path) || self.disk.exists(path)
    }

    fn leads_outside(&self, path: &str) -> bool {
        !self.memory.exists(path) && self.disk.leads_outside(path)
    }

    fn files_under(&self, dir: &str) -> Vec<String> {
        let mut files = self.memory.files_under(dir);
        files.extend(self.disk.files_under(dir));
        files.sort();
        files.dedup();
        files
    }

    fn problems(&self) -> Vec<(String, String)> {
        self.memory.problems()
    }

    fn parsed_ahead(&self, path: &str, text: &str, template: bool) -> Option<ParsedFile> {
        // A given file of the same path has its own text: the tree is handed over for its text only.
        self.disk.parsed_ahead(path, text, template)
    }
}
