//! An environment: the files of a Puppet environment directory (`manifests/`, `modules/<name>/`,
//! `hiera.yaml`, `data/`), by path, and the main code that replaces its `manifests/` when given.
//!
//! The engine never touches a file system: it asks an [`EnvFiles`] for texts by path. The page
//! and the tests hand over every file at once ([`MemoryFiles`]); the CLI reads a directory as it
//! is asked (its own implementation, confined to the directories it was given).

#[cfg(feature = "parse-ahead")]
mod handover;
mod memory;
#[cfg(feature = "parse-ahead")]
mod mentions;
pub(crate) mod metadata;
pub(crate) mod naming;
#[cfg(feature = "parse-ahead")]
mod parse_ahead;
mod parse_cache;
mod paths;

use alloc::string::String;
use alloc::vec::Vec;

use crate::syntax::ast::Program;

#[cfg(feature = "parse-ahead")]
pub use handover::Handover;
pub use memory::MemoryFiles;
#[cfg(feature = "parse-ahead")]
pub use mentions::mentioned_modules;
#[cfg(feature = "parse-ahead")]
pub use parse_ahead::{
    parsed_kind, AheadParser, ParseAhead, ParsedAheadFiles, ParsedFile, PARSE_STACK_BYTES,
};
pub use parse_cache::ParseCache;
pub use paths::{clean_path, is_module_name, PathProblem};

/// A file's text as the environment hands it over: shared, and shareable between threads, so that a
/// file read and parsed on another thread reaches the compile without a copy (the CLI's read-ahead;
/// each copy of the 701-file benchmark environment's 294 KB was 72 freshly touched pages).
pub type FileText = alloc::sync::Arc<str>;

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// No file has this path.
    Missing,
    /// The file is not UTF-8 text.
    NotText,
    /// Reading it would go past a limit of the environment (the message says which).
    Limit(String),
}

/// The files of an environment, by `/`-separated path.
pub trait EnvFiles {
    /// The text of the file at `path`.
    fn read(&self, path: &str) -> Result<FileText, ReadError>;
    /// Whether `path` is a directory (a prefix of some file's path).
    fn is_dir(&self, path: &str) -> bool;
    /// The paths of the files under directory `dir`, at any depth, in byte order.
    fn files_under(&self, dir: &str) -> Vec<String>;
    /// The names of the entries (files and folders) directly in directory `dir`, sorted.
    fn list_dir(&self, dir: &str) -> Vec<String> {
        let prefix = alloc::format!("{}/", dir.trim_end_matches('/'));
        let mut names: Vec<String> = self
            .files_under(dir)
            .iter()
            .filter_map(|path| path.strip_prefix(&prefix))
            .filter_map(|rest| rest.split('/').next())
            .map(String::from)
            .collect();
        names.dedup();
        names
    }
    /// Whether there is a file at `path`.
    fn exists(&self, path: &str) -> bool {
        self.read(path).is_ok()
    }
    /// Whether reading `path` would be refused because of where it leads (a link out of the
    /// environment or into a loop). The compile's own look at every module's `metadata.json` skips
    /// such a file, so that only code that uses the module names the refusal.
    fn leads_outside(&self, _path: &str) -> bool {
        false
    }
    /// The tree of `text`, which this reader gave for `path`, parsed from offset 0 (as an EPP
    /// template when `template`) by another thread while the compile ran (see
    /// [`ParseAhead`]); `None` (the default): the compile parses it.
    #[cfg(feature = "parse-ahead")]
    fn parsed_ahead(&self, _path: &str, _text: &str, _template: bool) -> Option<ParsedFile> {
        None
    }
    /// Problems found when the files were gathered (paths that are not allowed, limits), each
    /// with the path it concerns: the evaluation reports them and stops.
    fn problems(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// The tree of `text`, the file `files` gave for `path`, placed at `base` in the evaluation's
/// offset space: parsed by another thread when it did (see [`EnvFiles::parsed_ahead`]) and moved
/// there, or parsed here.
pub(crate) fn parse_placed(
    files: &dyn EnvFiles,
    path: &str,
    text: &str,
    base: u32,
    template: bool,
) -> (Program, Vec<crate::diagnostic::Diagnostic>) {
    #[cfg(feature = "parse-ahead")]
    if let Some(ahead) = files.parsed_ahead(path, text, template) {
        let (mut program, mut diagnostics) = (ahead.program, ahead.diagnostics);
        crate::syntax::shift_program(&mut program, &mut diagnostics, base);
        return (program, diagnostics);
    }
    #[cfg(not(feature = "parse-ahead"))]
    let _ = (files, path);
    crate::syntax::parse_at(text, base, template)
}

/// The main code of a compile: given code (`puppet apply -e CODE` or `puppet apply FILE`), or
/// none, and then the environment's `manifests/` directory, as Puppet reads it.
#[derive(Debug, Clone)]
pub struct MainCode {
    /// The name errors give the code (`snippet.pp` for code typed in).
    pub name: String,
    pub text: String,
}

/// What a compile reads: the files, the main code, and module directories after the
/// environment's own (Puppet's `basemodulepath`, the CLI's `--modulepath`).
pub struct Environment<'f> {
    pub files: &'f dyn EnvFiles,
    pub main: Option<MainCode>,
    /// Directories (paths `files` knows) holding modules, searched after the environment's
    /// modulepath; `$basemodulepath` in `environment.conf` stands for them.
    pub base_modulepath: Vec<String>,
    /// The global layer's hiera.yaml (a path `files` knows; its datadir is relative to its
    /// folder): Puppet's `hiera_config`. `None`: Puppet's default global configuration.
    pub global_hiera: Option<String>,
    /// Parsed files kept across the caller's compiles of this environment (`None`: every
    /// compile parses what it reads). Native builds only: the browser's engine ignores it.
    pub parse_cache: Option<&'f ParseCache>,
}

impl<'f> Environment<'f> {
    /// The environment of one snippet: no files, the code as `snippet.pp`.
    pub fn snippet(files: &'f dyn EnvFiles, code: &str) -> Self {
        Environment {
            files,
            main: Some(MainCode {
                name: crate::sources::SNIPPET_FILE.into(),
                text: code.into(),
            }),
            base_modulepath: Vec::new(),
            global_hiera: None,
            parse_cache: None,
        }
    }

    /// The directories modules are found in, in order: the environment's `modulepath` from its
    /// `environment.conf` (default `modules`), then the base modulepath where that says
    /// `$basemodulepath` (default: after the environment's own).
    pub fn modulepath(&self) -> Vec<String> {
        let conf = self.files.read("environment.conf").ok();
        let declared = conf.as_deref().and_then(paths::conf_modulepath);
        match declared {
            None => {
                let mut dirs = alloc::vec![String::from("modules")];
                dirs.extend(self.base_modulepath.iter().cloned());
                dirs
            }
            Some(entries) => {
                let mut dirs = Vec::new();
                for entry in entries {
                    if entry == "$basemodulepath" {
                        dirs.extend(self.base_modulepath.iter().cloned());
                    } else if let Ok(dir) = clean_path(&entry) {
                        dirs.push(dir);
                    }
                }
                dirs
            }
        }
    }
}

/// An environment with no files at all.
pub struct NoFiles;

impl EnvFiles for NoFiles {
    fn read(&self, _: &str) -> Result<FileText, ReadError> {
        Err(ReadError::Missing)
    }
    fn is_dir(&self, _: &str) -> bool {
        false
    }
    fn files_under(&self, _: &str) -> Vec<String> {
        Vec::new()
    }
    fn list_dir(&self, _: &str) -> Vec<String> {
        Vec::new()
    }
    fn exists(&self, _: &str) -> bool {
        false
    }
}
