//! An Analysis that keeps what it knows (rust-analyzer's idea without its machinery): an
//! environment's files by id with their text hash, each file's index (definitions, words, Hiera
//! keys, syntax diagnostics) made once per text, and the last compile's findings and values per
//! file. Queries answer at once from the latest state, reading only the files that can matter; the
//! compile runs elsewhere (a thread, a worker) on a snapshot and is cancelled when the text changes.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::cell::OnceCell;
use core::hash::BuildHasher;

use super::analysis_compile::{CompileInput, CompileOutput, CompileSettings, ValueRecord};
use super::analysis_index::{is_manifest, variable_word, word_of, FileIndex};
use super::named::{named_at, Kind, Named};
use super::{Completions, Knowledge, SignatureHelp, Symbol, Target};
use crate::run::CancelFlag;
use crate::value::Value;

/// A file's id in an Analysis: stable while the file is there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

struct FileEntry {
    path: String,
    text: Arc<str>,
    hash: u64,
    index: OnceCell<FileIndex>,
}

impl FileEntry {
    fn index(&self) -> &FileIndex {
        self.index
            .get_or_init(|| FileIndex::of(&self.path, &self.text))
    }
}

/// The hash of a text (fixed seed: the same text hashes the same in every run).
pub fn text_hash(text: &str) -> u64 {
    foldhash::fast::FixedState::with_seed(0x5eed).hash_one(text)
}

/// What hover knows at a place: the docs of the name there and the value the last compile
/// recorded for the innermost range there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoverInfo {
    /// The byte range hover is about.
    pub start: usize,
    pub end: usize,
    pub docs: Option<String>,
    pub value: Option<ValueRecord>,
}

/// Where the Analysis stands with its compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompileState {
    /// The last compile saw the files as they are.
    Current,
    /// The files changed at this time (the caller's clock) since the last compile started.
    Stale { since: u64 },
    /// A compile of the current files is running.
    Running,
}

/// The environment's files and what is known of them.
pub struct Analysis {
    files: Vec<Option<FileEntry>>,
    /// Each path's `FileId` number (a map of the engine's one `BTreeMap<String, usize>`: one of
    /// `FileId`s would be another copy of the B-tree's code in the browser engine).
    by_path: BTreeMap<String, usize>,
    version: u64,
    settings: CompileSettings,
    last: Option<CompileOutput>,
    state: CompileState,
    running: Option<CancelFlag>,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis::new()
    }
}

impl Analysis {
    pub fn new() -> Self {
        Analysis {
            files: Vec::new(),
            by_path: BTreeMap::new(),
            version: 0,
            settings: CompileSettings::default(),
            last: None,
            state: CompileState::Stale { since: 0 },
            running: None,
        }
    }

    /// A number that grows with every change of a file or of the settings.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Set the text of the file at `path` (added when new) at time `now` (the caller's clock, for
    /// the pause before the next compile); its index is made again only when the text changed.
    pub fn set_file(&mut self, path: &str, text: &str, now: u64) -> FileId {
        let hash = text_hash(text);
        if let Some(id) = self.file_id(path) {
            if let Some(Some(entry)) = self.files.get_mut(id.0 as usize) {
                if entry.hash == hash && *entry.text == *text {
                    return id;
                }
                *entry = FileEntry {
                    path: path.to_string(),
                    text: Arc::from(text),
                    hash,
                    index: OnceCell::new(),
                };
            }
            self.changed(now);
            return id;
        }
        let id = FileId(self.files.len() as u32);
        self.files.push(Some(FileEntry {
            path: path.to_string(),
            text: Arc::from(text),
            hash,
            index: OnceCell::new(),
        }));
        self.by_path.insert(path.to_string(), id.0 as usize);
        self.changed(now);
        id
    }

    /// Forget the file at `path`.
    pub fn remove_file(&mut self, path: &str, now: u64) {
        if let Some(id) = self.by_path.remove(path) {
            if let Some(slot) = self.files.get_mut(id) {
                *slot = None;
            }
            self.changed(now);
        }
    }

    fn changed(&mut self, now: u64) {
        self.version += 1;
        if let Some(flag) = self.running.take() {
            flag.cancel();
        }
        self.state = match self.state {
            CompileState::Stale { since } => CompileState::Stale { since },
            _ => CompileState::Stale { since: now },
        };
    }

    /// The id of the file at `path`.
    pub fn file_id(&self, path: &str) -> Option<FileId> {
        self.by_path.get(path).map(|&id| FileId(id as u32))
    }

    fn entry(&self, path: &str) -> Option<&FileEntry> {
        let id = self.by_path.get(path)?;
        self.files.get(*id)?.as_ref()
    }

    /// The text of the file at `path`.
    pub fn text(&self, path: &str) -> Option<&str> {
        self.entry(path).map(|e| &*e.text)
    }

    /// The paths of every file, in path order.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.by_path.keys().map(String::as_str)
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.by_path.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_path.is_empty()
    }

    fn entries(&self) -> impl Iterator<Item = &FileEntry> {
        self.by_path
            .values()
            .filter_map(|id| self.files.get(*id)?.as_ref())
    }

    /// The index of the file at `path` (made now if this text has none yet).
    pub fn index(&self, path: &str) -> Option<&FileIndex> {
        self.entry(path).map(FileEntry::index)
    }

    // ---- the compile -------------------------------------------------------------------------

    /// How to compile (node, facts, main code, modules): a change makes the last compile stale.
    pub fn set_settings(&mut self, settings: CompileSettings, now: u64) {
        self.settings = settings;
        self.changed(now);
    }

    pub fn settings(&self) -> &CompileSettings {
        &self.settings
    }

    pub fn compile_state(&self) -> CompileState {
        self.state
    }

    /// Whether a compile should start at `now`: the files changed at least `pause` ago and no
    /// compile of them runs.
    pub fn compile_due(&self, now: u64, pause: u64) -> bool {
        matches!(self.state, CompileState::Stale { since } if now.saturating_sub(since) >= pause)
    }

    /// A snapshot to compile (on any thread) with a fresh cancel flag, which the next change of a
    /// file or of the settings sets.
    pub fn start_compile(&mut self) -> CompileInput {
        if let Some(flag) = self.running.take() {
            flag.cancel();
        }
        let flag = CancelFlag::new();
        let mut settings = self.settings.clone();
        settings.options.cancel = Some(flag.clone());
        self.running = Some(flag);
        self.state = CompileState::Running;
        CompileInput {
            version: self.version,
            files: self
                .entries()
                .map(|e| (e.path.clone(), e.text.clone(), e.hash))
                .collect(),
            settings,
        }
    }

    /// Keep a compile's result: a cancelled one is dropped; one of an older version is kept (its
    /// records hold for the files whose text has not changed since), and the state stays stale.
    pub fn finish_compile(&mut self, output: CompileOutput) -> bool {
        if output.cancelled {
            return false;
        }
        if output.version == self.version {
            self.state = CompileState::Current;
            self.running = None;
        }
        self.last = Some(output);
        true
    }

    /// The last compile's result.
    pub fn last_compile(&self) -> Option<&CompileOutput> {
        self.last.as_ref()
    }

    /// Whether the last compile saw the file at `path` as it is now.
    pub fn compiled_as_is(&self, path: &str) -> bool {
        let (Some(last), Some(entry)) = (&self.last, self.entry(path)) else {
            return false;
        };
        last.hashes.get(path) == Some(&entry.hash)
    }

    /// The value the last compile recorded at byte `offset` of `path` (the innermost range), if
    /// it saw the file as it is now.
    pub fn value_at(&self, path: &str, offset: usize) -> Option<&ValueRecord> {
        if !self.compiled_as_is(path) {
            return None;
        }
        self.last
            .as_ref()?
            .records
            .get(path)?
            .iter()
            .filter(|r| r.start <= offset && offset < r.end)
            .min_by_key(|r| r.end - r.start)
    }

    // ---- queries ------------------------------------------------------------------------------

    /// `(path, text)` of the given files, the file at `path` first.
    fn texts<'a>(
        &'a self,
        path: &str,
        others: impl IntoIterator<Item = &'a FileEntry>,
    ) -> Vec<(&'a str, &'a str)> {
        let mut out: Vec<(&str, &str)> = Vec::new();
        if let Some(own) = self.entry(path) {
            out.push((&own.path, &own.text));
        }
        for entry in others {
            if entry.path != path && !out.iter().any(|(p, _)| *p == entry.path) {
                out.push((&entry.path, &entry.text));
            }
        }
        out
    }

    /// The files that define `name` as one of `kinds`.
    fn defining(&self, name: &str, kinds: &[Kind]) -> Vec<&FileEntry> {
        self.entries()
            .filter(|e| is_manifest(&e.path) && e.index().defines(name, kinds))
            .collect()
    }

    /// The files that spell `word` (see [`FileIndex::words`]).
    fn spelling(&self, word: &str) -> Vec<&FileEntry> {
        self.entries()
            .filter(|e| is_manifest(&e.path) && e.index().spells(word))
            .collect()
    }

    /// The data files that define Hiera key `key`.
    fn data_files_with(&self, key: &str) -> Vec<&FileEntry> {
        self.entries()
            .filter(|e| e.index().hiera_keys.iter().any(|k| k.key == key))
            .collect()
    }

    /// The files a query about what is at `offset` of `path` may need besides it: where the
    /// name there is defined.
    fn definition_files(&self, path: &str, offset: usize) -> Vec<(&str, &str)> {
        let Some(entry) = self.entry(path) else {
            return Vec::new();
        };
        let mut others: Vec<&FileEntry> = Vec::new();
        match named_at(&entry.text, offset).map(|(named, _, _)| named) {
            Some(Named::Variable(name)) => {
                if let Some((class, _)) = crate::qualified::split_last(&name) {
                    others.extend(self.defining(class, &[Kind::Class]));
                }
            }
            Some(Named::Name(name)) => {
                others.extend(self.defining(&name, &[Kind::Class, Kind::Function]));
            }
            Some(Named::Type(word)) => {
                others.extend(self.defining(&word, &[Kind::TypeAlias]));
                let lower = word.to_ascii_lowercase();
                others.extend(self.defining(&lower, &[Kind::Class]));
            }
            Some(Named::ClassString(name)) => {
                others.extend(self.defining(&name, &[Kind::Class]));
            }
            Some(Named::HieraKey(key)) => others.extend(self.data_files_with(&key)),
            Some(Named::Definition(_)) | None => {}
        }
        self.texts(path, others)
    }

    /// Where what is at byte `offset` of `path` is defined.
    pub fn definition(&self, path: &str, offset: usize) -> Option<Target> {
        let files = self.definition_files(path, offset);
        super::definition(&files, path, offset)
    }

    /// What hover shows at byte `offset` of `path`: docs of the name there and the value the
    /// last compile recorded there.
    pub fn hover(&self, path: &str, offset: usize) -> Option<HoverInfo> {
        let value = self.value_at(path, offset).cloned();
        let docs = if is_manifest(path) {
            let files = self.definition_files(path, offset);
            super::docs_at(&files, path, offset)
        } else {
            None
        };
        match (docs, value) {
            (Some((start, end, text)), value) => Some(HoverInfo {
                start,
                end,
                docs: Some(text),
                value,
            }),
            (None, Some(value)) => Some(HoverInfo {
                start: value.start,
                end: value.end,
                docs: None,
                value: Some(value),
            }),
            (None, None) => None,
        }
    }

    /// Every place that names what is at byte `offset` of `path`, its definition included.
    pub fn references(&self, path: &str, offset: usize) -> Vec<Target> {
        let Some(entry) = self.entry(path) else {
            return Vec::new();
        };
        let mut others: Vec<&FileEntry> = Vec::new();
        if is_manifest(path) {
            match named_at(&entry.text, offset).map(|(named, _, _)| named) {
                Some(Named::Variable(name)) => {
                    let last = variable_word(&name, true);
                    others.extend(self.spelling(&last));
                    if let Some((class, _)) = crate::qualified::split_last(&name) {
                        others.extend(self.defining(class, &[Kind::Class]));
                    }
                }
                Some(Named::Name(name) | Named::ClassString(name)) => {
                    others.extend(self.spelling(&word_of(&name)));
                    others.extend(self.defining(&name, &[Kind::Class, Kind::Function]));
                }
                Some(Named::Type(word)) => {
                    others.extend(self.spelling(&word_of(&word)));
                    others.extend(self.defining(&word, &[Kind::TypeAlias, Kind::Class]));
                }
                Some(Named::HieraKey(key)) => {
                    others.extend(self.spelling(&word_of(&key)));
                    others.extend(self.data_files_with(&key));
                }
                Some(Named::Definition(own)) => {
                    others.extend(self.spelling(&word_of(&own.name)));
                }
                None => {}
            }
        } else if let Some(key) = entry
            .index()
            .hiera_keys
            .iter()
            .find(|k| k.start <= offset && offset <= k.end)
        {
            others.extend(self.spelling(&word_of(&key.key)));
            others.extend(self.data_files_with(&key.key));
        }
        let files = self.texts(path, others);
        super::references(&files, path, offset)
    }

    /// The completions at byte `offset` of `path`, with the node's `facts` (a hash).
    pub fn complete(&self, path: &str, offset: usize, facts: Option<&Value>) -> Completions {
        let Some(entry) = self.entry(path) else {
            return Completions::default();
        };
        let own = entry.index();
        let mut known = Knowledge {
            facts: facts.filter(|v| matches!(v, Value::Hash(_))).cloned(),
            ..Knowledge::default()
        };
        for other in self.entries() {
            let index = other.index();
            for defined in &index.definitions {
                match defined.kind {
                    Kind::Class => known.classes.push(defined.name.to_ascii_lowercase()),
                    Kind::Function => known.functions.push(defined.name.to_ascii_lowercase()),
                    Kind::TypeAlias => {}
                }
            }
            known.hiera_keys.extend(index.hiera_keys.iter().cloned());
            // The parameters of the classes and defined types this file names.
            let named_here = index
                .definitions
                .iter()
                .any(|d| d.kind == Kind::Class && own.spells(&d.name.to_ascii_lowercase()));
            if named_here && other.path != path {
                known
                    .manifests
                    .push((other.path.clone(), other.text.to_string()));
            }
        }
        known.add_environment_paths(self.paths());
        crate::sort::sort_by(&mut known.classes, &|a, b| a.cmp(b));
        known.classes.dedup();
        crate::sort::sort_by(&mut known.functions, &|a, b| a.cmp(b));
        known.functions.dedup();
        known
            .manifests
            .push((path.to_string(), entry.text.to_string()));
        super::complete(&entry.text, offset, &known)
    }

    /// Signature help inside a call at byte `offset` of `path`.
    pub fn signature_help(&self, path: &str, offset: usize) -> Option<SignatureHelp> {
        let own = self.entry(path)?.index();
        let others = self.entries().filter(|e| {
            e.index()
                .definitions
                .iter()
                .any(|d| d.kind == Kind::Function && own.spells(&d.name.to_ascii_lowercase()))
        });
        let files = self.texts(path, others);
        super::signature_help(&files, path, offset)
    }

    /// The outline of the manifest at `path`.
    pub fn outline(&self, path: &str) -> Vec<Symbol> {
        match self.entry(path) {
            Some(entry) if is_manifest(path) => super::outline(&entry.text),
            _ => Vec::new(),
        }
    }

    /// The definitions whose name holds the letters of `query` in order (any case), at most
    /// `max`: `(name, kind, place)`, best first (the query as a prefix, then shorter names).
    pub fn workspace_symbols(
        &self,
        query: &str,
        max: usize,
    ) -> Vec<(String, DefinitionKind, Target)> {
        let query = query.to_ascii_lowercase();
        let mut found = Vec::new();
        for entry in self.entries().filter(|e| is_manifest(&e.path)) {
            for defined in &entry.index().definitions {
                let lower = defined.name.to_ascii_lowercase();
                if !subsequence(&query, &lower) {
                    continue;
                }
                let kind = match defined.kind {
                    Kind::Class => {
                        if defines_type(&entry.text, defined.start) {
                            DefinitionKind::DefinedType
                        } else {
                            DefinitionKind::Class
                        }
                    }
                    Kind::Function => DefinitionKind::Function,
                    Kind::TypeAlias => DefinitionKind::TypeAlias,
                };
                let rank = (
                    !lower.starts_with(&query),
                    !lower.contains(&query),
                    lower.len(),
                );
                found.push((
                    rank,
                    (
                        defined.name.clone(),
                        kind,
                        Target {
                            path: entry.path.clone(),
                            start: defined.start,
                            end: defined.end,
                        },
                    ),
                ));
            }
        }
        crate::sort::sort_by(&mut found, &|a, b| (a.0, &a.1 .0).cmp(&(b.0, &b.1 .0)));
        found.into_iter().take(max).map(|(_, s)| s).collect()
    }
}

/// What a workspace symbol defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefinitionKind {
    Class,
    DefinedType,
    Function,
    TypeAlias,
}

/// Whether the definition whose name starts at `name_start` is a `define`.
fn defines_type(text: &str, name_start: usize) -> bool {
    text.get(..name_start)
        .map(|before| before.trim_end().ends_with("define"))
        .unwrap_or(false)
}

/// Whether `needle`'s characters appear in `haystack` in order.
fn subsequence(needle: &str, haystack: &str) -> bool {
    let mut rest = haystack.chars();
    needle.chars().all(|c| rest.any(|h| h == c))
}

#[cfg(test)]
#[path = "analysis_tests.rs"]
mod tests;
