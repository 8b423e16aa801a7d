//! An environment's files read on a second thread while the compile runs on the first: the
//! modules' manifests, functions, types, templates, data and metadata, found by listing their
//! folders, each read the way the compile would read it (the same confinement, the same bounded
//! read, UTF-8 checked). The compile then takes a file's text instead of reading it, so the two
//! cores share the system calls (four a file of a plain folder: open, `fstat`, read, close) and
//! the checks. Only what reads cleanly is handed over: a file that leads out, loops, is too large
//! or is not text is left to the compile, which reads it itself and notes why it refused it, as
//! without this. A file is read once: whichever
//! thread claims it first reads it, and the compile waits for a file the other thread is reading.
//! The thread parses each manifest and template it read, too (`puppet_core::ParseAhead`): the
//! compile then moves its tree into place instead of parsing it.

use std::collections::HashSet;
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use puppet_core::{
    mentioned_modules, parsed_kind, AheadParser, FileText, Handover, ParseAhead, ParsedFile,
};

use crate::bounded_read::{read_file, read_opened, read_seen};
use crate::confine::{PlainDirs, PlainOpen, Resolved, Roots};
use crate::walk::WalkLimits;

/// The hasher of the maps keyed by an environment path (foldhash, seeded per process).
pub type PathHasher = foldhash::fast::RandomState;

/// The folders of a module (and of the environment) whose files a compile reads, with how deep
/// under each it may look.
const MODULE_FOLDERS: &[(&str, usize)] = &[
    ("manifests", usize::MAX),
    ("functions", usize::MAX),
    ("types", usize::MAX),
    ("templates", usize::MAX),
    ("data", usize::MAX),
    ("lib/puppet/functions", usize::MAX),
    ("lib/puppet/parser/functions", 1),
    ("lib/puppet/type", 1),
];

/// The files of a module (and of the environment) a compile reads by name.
const MODULE_FILES: &[&str] = &["metadata.json", "hiera.yaml"];

/// Where one file stands between the two threads.
enum Slot {
    /// The read-ahead thread is reading it.
    Reading,
    /// Read: its text, for the compile to take.
    Read(FileText),
    /// The compile reads it itself (it asked first, took it already, or the read-ahead thread
    /// found it does not read cleanly).
    Compile,
}

/// What the read-ahead thread's listing found at a path (not through a link of its own), which
/// the compile's own look would find too: whether a file is there needs no system call then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    File,
    Folder,
    /// A folder, and every folder from its root to it a folder of its own (no link on the
    /// way): a file in it is opened without a look at its folders first.
    PlainFolder,
    Absent,
}

struct Shared {
    slots: Mutex<HashMap<String, Slot, PathHasher>>,
    known: Mutex<HashMap<String, Known, PathHasher>>,
    /// Where the compile waits for a file being read.
    handover: Handover,
    /// Set when the compile no longer wants files: the thread stops at its next file.
    stop: AtomicBool,
    /// The last file the compile asked for before the thread had it: the thread goes on with
    /// that file's module.
    wanted: Mutex<Option<String>>,
}

/// The compile's side: the texts the other thread read, by the engine's name for each path, and
/// the trees of those it parsed.
pub struct ReadAhead {
    shared: Arc<Shared>,
    parsed: ParseAhead,
}

/// Where the read-ahead thread looks and how much it may read.
pub struct Plan {
    /// The environment directory, canonical (its files are named relative to it).
    pub root: Option<PathBuf>,
    /// Module directories, absolute (their files are named by absolute paths).
    pub module_dirs: Vec<PathBuf>,
    /// What links must stay in: the compile's own confinement.
    pub roots: Roots,
    pub limits: WalkLimits,
    /// Most bytes one file may have.
    pub max_file_bytes: u64,
    /// Most bytes read ahead in all.
    pub max_total_bytes: u64,
}

impl ReadAhead {
    /// Start reading the files `plan` names on a thread of their own; `None` when no thread can
    /// be started (the compile then reads everything itself).
    pub fn start(plan: Plan) -> Option<ReadAhead> {
        let ahead = ReadAhead::idle();
        let theirs = Arc::clone(&ahead.shared);
        let parser = ahead.parsed.parser();
        // On another core from its start: the compile that starts it keeps its own busy.
        let builder = std::thread::Builder::new()
            .name("read-ahead".into())
            .stack_size(puppet_core::PARSE_STACK_BYTES);
        crate::beside::spawn_beside(builder, move || read_all(&plan, &theirs, &parser)).ok()?;
        Some(ahead)
    }

    /// One with nothing read and no thread reading.
    fn idle() -> ReadAhead {
        ReadAhead {
            shared: Arc::new(Shared {
                slots: Mutex::new(HashMap::default()),
                known: Mutex::new(HashMap::default()),
                handover: Handover::new(),
                stop: AtomicBool::new(false),
                wanted: Mutex::new(None),
            }),
            parsed: ParseAhead::new(),
        }
    }

    /// The text of the file the engine names `name`, when the other thread read it cleanly
    /// (waiting while it reads it); `None` when the compile is to read it itself, which the
    /// other thread then leaves alone.
    pub fn take(&self, name: &str) -> Option<FileText> {
        let mut slots = self.shared.handover.lock(&self.shared.slots)?;
        loop {
            match slots.get_mut(name) {
                Some(Slot::Reading) => {
                    slots = self.shared.handover.wait(&self.shared.slots, slots)?;
                }
                Some(slot @ Slot::Read(_)) => {
                    return match std::mem::replace(slot, Slot::Compile) {
                        Slot::Read(text) => Some(text),
                        _ => None,
                    };
                }
                Some(Slot::Compile) => return None,
                None => {
                    slots.insert(name.to_string(), Slot::Compile);
                    drop(slots);
                    if let Ok(mut wanted) = self.shared.wanted.lock() {
                        *wanted = Some(name.to_string());
                    }
                    return None;
                }
            }
        }
    }

    /// The tree of `text`, the file the engine names `name`, when the other thread parsed it (see
    /// [`ParseAhead::take`]).
    pub fn parsed(&self, name: &str, text: &str, template: bool) -> Option<ParsedFile> {
        self.parsed.take(name, text, template)
    }

    /// What the listing found at the path the engine names `name`, if it looked there.
    pub fn known(&self, name: &str) -> Option<Known> {
        let known = self.shared.handover.lock(&self.shared.known)?;
        known.get(name).copied()
    }
}

impl Drop for ReadAhead {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}

/// Whatever way the read-ahead thread ends (a panic included), no file stays marked as being
/// read: the compile would wait for it.
struct Settle<'a>(&'a Shared);

impl Drop for Settle<'_> {
    fn drop(&mut self) {
        let mut slots = match self.0.slots.lock() {
            Ok(slots) => slots,
            Err(poisoned) => poisoned.into_inner(),
        };
        for slot in slots.values_mut() {
            if matches!(slot, Slot::Reading) {
                *slot = Slot::Compile;
            }
        }
        self.0.handover.settle(slots);
    }
}

/// The read-ahead thread: the environment's own files, every module's metadata (the compile
/// checks them all first), then the modules' folders one module at a time, the module of the
/// file the compile last had to read itself first (it is reading that module now).
fn read_all(plan: &Plan, shared: &Shared, parser: &AheadParser) {
    let _settle = Settle(shared);
    // Whether the compile is to spin when it waits, asked here rather than on its thread.
    shared.handover.spins();
    let mut reader = Reader::new(plan, shared, parser);
    let mut modules: Vec<PathBuf> = Vec::new();
    if let Some(root) = &plan.root {
        reader
            .list
            .folder(root, &[("manifests", usize::MAX), ("data", usize::MAX)]);
        reader.list.files_named(root, &["hiera.yaml"]);
        modules.extend(reader.list.subfolders(&root.join("modules")));
    }
    for dir in &plan.module_dirs {
        modules.extend(reader.list.subfolders(dir));
    }
    for module in &modules {
        reader.list.module(module);
    }
    let mut pending: VecDeque<(String, PathBuf)> = modules
        .into_iter()
        .map(|folder| {
            (
                format!("{}/", reader.list.name(&folder).unwrap_or_default()),
                folder,
            )
        })
        .collect();
    while reader.read_listed() {
        first_mentioned(&mut pending, &std::mem::take(&mut reader.mentioned));
        let wanted = shared
            .wanted
            .lock()
            .ok()
            .and_then(|mut wanted| wanted.take());
        let next = wanted
            .and_then(|name| {
                pending
                    .iter()
                    .position(|(prefix, _)| name.starts_with(prefix))
            })
            .and_then(|at| pending.remove(at))
            .or_else(|| pending.pop_front());
        let Some((_, folder)) = next else {
            break;
        };
        reader.list.folder(&folder, MODULE_FOLDERS);
    }
}

/// Put the modules of `pending` (each as its files' name prefix, `modules/apache/`, and its
/// folder) that `mentioned` names first, in the order of their first mention: the compile
/// includes what a manifest names, so a module named by the manifests read so far is likely the
/// next the compile reads.
fn first_mentioned(pending: &mut VecDeque<(String, PathBuf)>, mentioned: &[String]) {
    if mentioned.is_empty() {
        return;
    }
    // Each pending module by its folder's name (the first of a name), then the order: the
    // named ones as named, then the rest as they were (linear in both lists).
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for (at, (_, folder)) in pending.iter().enumerate() {
        if let Some(name) = folder.file_name().and_then(|name| name.to_str()) {
            by_name.entry(name).or_insert(at);
        }
    }
    let mut first = Vec::new();
    let mut moved = vec![false; pending.len()];
    for name in mentioned {
        if let Some(&at) = by_name.get(name.as_str()) {
            if let Some(seen @ false) = moved.get_mut(at) {
                *seen = true;
                first.push(at);
            }
        }
    }
    let rest = (0..pending.len()).filter(|&at| moved.get(at) == Some(&false));
    let order: Vec<usize> = first.into_iter().chain(rest).collect();
    let mut old: Vec<Option<(String, PathBuf)>> = pending.drain(..).map(Some).collect();
    pending.extend(order.into_iter().filter_map(|at| old.get_mut(at)?.take()));
}

/// The read-ahead thread's reading.
struct Reader<'a> {
    plan: &'a Plan,
    shared: &'a Shared,
    parser: &'a AheadParser,
    list: Listing<'a>,
    /// Bytes read so far.
    total: u64,
    /// The module names the environment's own manifests read since the last module was listed
    /// mention (see [`mentioned_modules`]), in the order of their first mention; a name already
    /// in `mentioned_once` is not added again.
    mentioned: Vec<String>,
    /// Every name in `mentioned` since the thread started.
    mentioned_once: HashSet<String, PathHasher>,
}

impl<'a> Reader<'a> {
    /// One that has listed and read nothing yet.
    fn new(plan: &'a Plan, shared: &'a Shared, parser: &'a AheadParser) -> Self {
        Reader {
            plan,
            shared,
            parser,
            list: Listing::new(plan),
            total: 0,
            mentioned: Vec::new(),
            mentioned_once: HashSet::default(),
        }
    }

    /// Read the files listed and not read yet that the compile has not claimed; `false` when the
    /// thread is to stop (the compile is over, the byte limit is reached).
    fn read_listed(&mut self) -> bool {
        let known = std::mem::take(&mut self.list.known);
        if let Ok(mut shared) = self.shared.known.lock() {
            shared.extend(known);
        }
        let files = std::mem::take(&mut self.list.files);
        for (name, disk) in files {
            if self.shared.stop.load(Ordering::Relaxed) || self.total > self.plan.max_total_bytes {
                return false;
            }
            // Only the environment's own manifests (the node definitions) are scanned for the
            // modules they name: a scan of every module's files took 6.5 M instructions for the
            // 701-file environment.
            let own_manifest =
                self.plan.root.is_some() && name.starts_with("manifests/") && name.ends_with(".pp");
            match self.shared.slots.lock() {
                Ok(mut slots) if !slots.contains_key(&name) => {
                    slots.insert(name.clone(), Slot::Reading);
                }
                Ok(slots) => {
                    drop(slots);
                    // The compile reads this one itself. It reads `site.pp` before this thread
                    // has started, so the order of the modules its nodes name is learned here
                    // from a reading of its own (without it, the modules were read in the
                    // order of their folders' names: `m10` before `m2`).
                    if own_manifest {
                        self.scan_claimed(&disk);
                    }
                    continue;
                }
                Err(_) => return false,
            }
            let text = read_cleanly(
                &self.plan.roots,
                &mut self.list.plain,
                &disk,
                self.plan.max_file_bytes,
            );
            self.total = self
                .total
                .saturating_add(text.as_ref().map_or(0, |text| text.len() as u64));
            // The compile may take the text at once; the parse is claimed after (the compile
            // parses the file itself if it gets there first).
            if let Some(text) = text.as_deref().filter(|_| own_manifest) {
                self.note_mentions(text);
            }
            let parse = text
                .as_ref()
                .and_then(|text| Some((parsed_kind(&name)?, FileText::clone(text))));
            let Ok(mut slots) = self.shared.slots.lock() else {
                return false;
            };
            slots.insert(name.clone(), text.map_or(Slot::Compile, Slot::Read));
            self.shared.handover.settle(slots);
            if let Some((template, text)) = parse {
                if !self.parser.parse(&name, text, template) {
                    return false;
                }
            }
        }
        !self.list.full()
    }

    /// Learn the modules named by an environment manifest the compile claimed, from a reading
    /// of this thread's own that is not handed over.
    fn scan_claimed(&mut self, disk: &Path) {
        if let Some(text) = read_cleanly(
            &self.plan.roots,
            &mut self.list.plain,
            disk,
            self.plan.max_file_bytes,
        ) {
            self.total = self.total.saturating_add(text.len() as u64);
            self.note_mentions(&text);
        }
    }

    /// The modules `text` (an environment manifest) names, each once (a set: a manifest may
    /// name a million distinct words), in the order of their first mention.
    fn note_mentions(&mut self, text: &str) {
        mentioned_modules(text, |module| {
            if !self.mentioned_once.contains(module) {
                self.mentioned_once.insert(module.to_string());
                self.mentioned.push(module.to_string());
            }
        });
    }
}

/// The text of `disk` when the compile would read it without a remark: inside the roots, a
/// regular file within the size limit, UTF-8.
fn read_cleanly(
    roots: &Roots,
    plain: &mut PlainDirs,
    disk: &Path,
    max_bytes: u64,
) -> Option<FileText> {
    let bytes = match roots.open_plain_walking(disk, plain) {
        PlainOpen::Opened(file, metadata) => read_opened(file, max_bytes, &metadata),
        PlainOpen::Missing => return None,
        PlainOpen::Unknown => {
            let (Resolved::Inside(canonical), seen) = roots.resolve_seen(disk, plain) else {
                return None;
            };
            match seen {
                Some(seen) => read_seen(&canonical, max_bytes, &seen),
                None => read_file(&canonical, max_bytes),
            }
        }
    };
    // The bytes are copied once, into the text the compile and the parse share; the buffer is
    // freed at once, for the next file's read.
    String::from_utf8(bytes.ok()?).ok().map(FileText::from)
}

/// Whether `relative` is a path the components would give back as it is: segments that are
/// neither empty, `.` nor `..`, no trailing `/`.
///
/// One pass over the bytes: a split at each `/` cost 123 instructions a segment (0.86 M of the
/// read-ahead thread's 7.8 M for the 701-file environment).
fn is_plain_relative(relative: &str) -> bool {
    // The current segment's length and how many of its bytes are dots: a segment is bad when all
    // its bytes (none, one or two) are dots.
    let (mut length, mut dots) = (0usize, 0usize);
    for &byte in relative.as_bytes() {
        if byte == b'/' {
            if length == dots && dots <= 2 {
                return false;
            }
            (length, dots) = (0, 0);
        } else {
            length += 1;
            dots += usize::from(byte == b'.');
        }
    }
    !(length == dots && dots <= 2)
}

/// Where a folder's file comes in the reading: `include apache` reads `init.pp` (the
/// module's own class) before any other file of `manifests/`, and in many modules that class
/// inherits `params.pp` next; the rest come as their names sort. In name order `init.pp` came
/// after every `c*.pp`: the compile, reaching a module as this thread did, read both itself.
fn read_first(path: &Path) -> u8 {
    match path.file_name().and_then(|name| name.to_str()) {
        Some("init.pp") => 0,
        Some("params.pp") => 1,
        _ => 2,
    }
}

/// The files found and not read yet.
struct Listing<'a> {
    plan: &'a Plan,
    /// The folders found plain on the way, listing and reading (see [`Roots::resolve_seen`]).
    plain: PlainDirs,
    files: Vec<(String, PathBuf)>,
    /// What was found at paths, not handed over yet.
    known: Vec<(String, Known)>,
    /// The folders of [`MODULE_FOLDERS`] a whole listing of their module found not there: not
    /// looked at again.
    absent: HashSet<std::ffi::OsString, PathHasher>,
    /// How many files were found in all (at most the walk's number).
    listed: usize,
    /// How many folders were listed (as many as files at most: links that lead back into their
    /// own folder could otherwise make a walk of 2^depth folders with no file in them).
    folders: usize,
}

impl<'a> Listing<'a> {
    /// Nothing found yet.
    fn new(plan: &'a Plan) -> Self {
        Listing {
            plan,
            plain: PlainDirs::default(),
            files: Vec::new(),
            known: Vec::new(),
            absent: HashSet::default(),
            listed: 0,
            folders: 0,
        }
    }

    fn full(&self) -> bool {
        self.listed >= self.plan.limits.max_files
    }

    /// How the engine names a path on disk: relative to the environment directory, or absolute.
    /// Every path listed is the environment directory (canonical) joined with plain names, so
    /// its bytes start with the directory's and a `/`: that is looked at first (a `Path`'s own
    /// `strip_prefix` walks both paths' components: 2.1 M instructions for the 701-file
    /// environment), the components only for a path spelled otherwise.
    fn name(&self, disk: &Path) -> Option<String> {
        use std::os::unix::ffi::OsStrExt;
        let root = self.plan.root.as_deref();
        let relative = root.and_then(|root| {
            let under = disk
                .as_os_str()
                .as_bytes()
                .strip_prefix(root.as_os_str().as_bytes())?
                .strip_prefix(b"/")?;
            std::str::from_utf8(under).ok()
        });
        if let Some(relative) = relative.filter(|relative| is_plain_relative(relative)) {
            return Some(relative.to_string());
        }
        match root.and_then(|root| disk.strip_prefix(root).ok()) {
            Some(relative) => relative.to_str().map(str::to_string),
            None => disk.to_str().map(str::to_string),
        }
    }

    fn add(&mut self, disk: PathBuf) {
        if self.full() {
            return;
        }
        if let Some(name) = self.name(&disk) {
            self.files.push((name, disk));
            self.listed += 1;
        }
    }

    /// The folders in `dir` that are inside the roots, in name order.
    fn subfolders(&mut self, dir: &Path) -> Vec<PathBuf> {
        self.entries(dir)
            .into_iter()
            .filter(|(_, is_dir)| *is_dir)
            .map(|(path, _)| path)
            .collect()
    }

    /// A module's own files ([`MODULE_FILES`]) and what is there of its [`MODULE_FOLDERS`], from
    /// one listing of the module's folder (not a look at each name); [`Self::files_named`] when
    /// it cannot be listed whole.
    fn module(&mut self, module: &Path) {
        let Some(listed) = self.listed(module).filter(|listed| listed.whole) else {
            self.files_named(module, MODULE_FILES);
            return;
        };
        let named = |name: &str| {
            listed
                .entries
                .iter()
                .find(|(entry, _)| entry.file_name() == Some(std::ffi::OsStr::new(name)))
        };
        for name in MODULE_FILES {
            match named(name) {
                Some((path, Some(kind))) if kind.is_symlink() || kind.is_file() => {
                    self.add(path.clone())
                }
                // A folder was learned as one; a FIFO, a device, a socket (or an entry whose
                // type could not be read): the compile's to look at.
                Some(_) => {}
                None => self.learn(&module.join(name), Known::Absent),
            }
        }
        for (folder, _) in MODULE_FOLDERS {
            let first = folder.split('/').next().unwrap_or(folder);
            if named(first).is_none() {
                let path = module.join(first);
                self.learn(&path, Known::Absent);
                self.absent.insert(path.into_os_string());
            }
        }
    }

    /// The files `names` in `dir`, when it is inside the roots.
    fn files_named(&mut self, dir: &Path, names: &[&str]) {
        if !self.inside(dir) {
            return;
        }
        for name in names {
            let path = dir.join(name);
            match std::fs::symlink_metadata(&path) {
                Ok(seen) if seen.is_symlink() => self.add(path),
                Ok(seen) if seen.is_dir() => self.learn(&path, Known::Folder),
                Ok(seen) if seen.is_file() => {
                    self.learn(&path, Known::File);
                    self.add(path);
                }
                // A FIFO, a device, a socket: the compile's to look at and refuse.
                Ok(_) => {}
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                    self.learn(&path, Known::Absent)
                }
                Err(_) => {}
            }
        }
    }

    fn learn(&mut self, path: &Path, kind: Known) {
        if let Some(name) = self.name(path) {
            self.known.push((name, kind));
        }
    }

    /// Whether the compile's confinement takes `dir` (listing or looking into it is allowed).
    /// A folder found plain is kept so (see [`PlainDirs`]): its files are then opened without
    /// a look of their own first.
    fn inside(&mut self, dir: &Path) -> bool {
        if self.plain.holds(dir) {
            return true;
        }
        matches!(
            self.plan.roots.resolve_seen(dir, &mut self.plain).0,
            Resolved::Inside(_)
        )
    }

    /// The files under each of `folders` of `dir`, down to the depth given for it.
    fn folder(&mut self, dir: &Path, folders: &[(&str, usize)]) {
        for (folder, depth) in folders {
            let first = folder.split('/').next().unwrap_or(folder);
            if self.absent.contains(dir.join(first).as_os_str()) {
                continue;
            }
            self.walk(&dir.join(folder), (*depth).min(self.plan.limits.max_depth));
        }
    }

    fn walk(&mut self, dir: &Path, depth: usize) {
        if depth == 0 {
            return;
        }
        for (path, is_dir) in self.entries(dir) {
            if self.full() {
                return;
            }
            if is_dir {
                self.walk(&path, depth - 1);
            } else {
                self.add(path);
            }
        }
    }

    /// What is in `dir` (only when it is inside the roots: nothing outside them is even
    /// listed), each entry with whether it is a folder, in name order; names that are not UTF-8
    /// or start with a dot are left out (the engine names neither).
    fn entries(&mut self, dir: &Path) -> Vec<(PathBuf, bool)> {
        let Some(listed) = self.listed(dir) else {
            return Vec::new();
        };
        let mut entries: Vec<(PathBuf, bool)> = listed
            .entries
            .into_iter()
            .map(|(path, kind)| {
                // The entry's own type, but a link's target's (a module linked in).
                let is_dir = match kind {
                    Some(kind) if kind.is_symlink() => path.is_dir(),
                    Some(kind) => kind.is_dir(),
                    None => false,
                };
                (path, is_dir)
            })
            .collect();
        // By their bytes: the entries of one folder differ only in their names, and a name's
        // bytes order as its component does (a `Path`'s comparison walks every component).
        // But the files the compile reads first come first (see `read_first`).
        entries.sort_unstable_by(|(a, a_dir), (b, b_dir)| {
            (read_first(a), a.as_os_str(), a_dir).cmp(&(read_first(b), b.as_os_str(), b_dir))
        });
        entries
    }

    /// One listing of `dir` when it is inside the roots: each entry with its own type (a link's
    /// is a link's), and whether that is the whole folder (no entry unreadable, none left out
    /// for the limit; names that are not UTF-8 or start with a dot are left out either way).
    /// What each file and folder is, is learned; a folder of a plain folder is kept plain.
    fn listed(&mut self, dir: &Path) -> Option<Listed> {
        if self.folders >= self.plan.limits.max_files || !self.inside(dir) {
            return None;
        }
        self.folders += 1;
        let read = std::fs::read_dir(dir).ok()?;
        let mut whole = true;
        let mut entries = Vec::new();
        for entry in read {
            let Ok(entry) = entry else {
                whole = false;
                continue;
            };
            if entries.len() >= self.plan.limits.max_files {
                whole = false;
                break;
            }
            if entry
                .file_name()
                .to_str()
                .is_none_or(|name| name.starts_with('.'))
            {
                continue;
            }
            let path = entry.path();
            let kind = entry.file_type().ok();
            if let Some(kind) = kind.filter(|kind| kind.is_dir() || kind.is_file()) {
                if kind.is_dir() {
                    self.plain.keep_listed(dir, &path);
                    let folder = if self.plain.holds(&path) {
                        Known::PlainFolder
                    } else {
                        Known::Folder
                    };
                    self.learn(&path, folder);
                } else {
                    self.learn(&path, Known::File);
                }
            }
            entries.push((path, kind));
        }
        Some(Listed { entries, whole })
    }
}

/// What one listing of a folder found.
struct Listed {
    entries: Vec<(PathBuf, Option<std::fs::FileType>)>,
    whole: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "puppet-eval-read-ahead-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        fs::canonicalize(dir).expect("canonical")
    }

    fn plan(root: &Path, limit: u64) -> Plan {
        Plan {
            root: Some(root.to_path_buf()),
            module_dirs: Vec::new(),
            roots: Roots::new([root]),
            limits: WalkLimits {
                max_files: 100,
                max_depth: 20,
                max_path_len: 4096,
            },
            max_file_bytes: limit,
            max_total_bytes: 1 << 20,
        }
    }

    /// Run the read-ahead thread's work here, to its end, after `claimed` were claimed.
    fn read_here(root: &Path, claimed: &[&str]) -> ReadAhead {
        let ahead = ReadAhead::idle();
        for name in claimed {
            assert_eq!(ahead.take(name), None);
        }
        read_all(&plan(root, 64), &ahead.shared, &ahead.parsed.parser());
        ahead
    }

    #[test]
    fn a_manifest_naming_many_modules_is_scanned_in_one_pass() {
        // 200,000 distinct names (a check of each against those before did not end within 90 s),
        // a few of them modules of the environment.
        let env = scratch("many-names");
        fs::create_dir_all(env.join("manifests")).unwrap();
        for module in ["m7", "m3"] {
            fs::create_dir_all(env.join("modules").join(module).join("manifests")).unwrap();
        }
        let site: String = (0..200_000)
            .rev()
            .map(|n| format!("include m{n}\n"))
            .collect();
        fs::write(env.join("manifests/site.pp"), &site).unwrap();
        let mut plan = plan(&env, 1 << 22);
        plan.max_total_bytes = 1 << 23;
        let ahead = ReadAhead::idle();
        read_all(&plan, &ahead.shared, &ahead.parsed.parser());
        assert_eq!(
            ahead.take("manifests/site.pp").map(|t| t.len()),
            Some(site.len())
        );
        let mut pending: VecDeque<(String, PathBuf)> = ["m3", "m7"]
            .into_iter()
            .map(|name| (format!("modules/{name}/"), env.join("modules").join(name)))
            .collect();
        let named: Vec<String> = (0..200_000).rev().map(|n| format!("m{n}")).collect();
        first_mentioned(&mut pending, &named);
        let order: Vec<&str> = pending.iter().map(|(prefix, _)| prefix.as_str()).collect();
        assert_eq!(order, ["modules/m7/", "modules/m3/"]);
        let _ = fs::remove_dir_all(env);
    }

    #[test]
    fn what_reads_cleanly_is_handed_over_once() {
        let env = scratch("clean");
        fs::create_dir_all(env.join("manifests")).unwrap();
        fs::create_dir_all(env.join("modules/a/manifests/deep")).unwrap();
        fs::create_dir_all(env.join("modules/b/templates")).unwrap();
        fs::write(env.join("manifests/site.pp"), "include a").unwrap();
        fs::write(env.join("modules/a/metadata.json"), "{}").unwrap();
        fs::write(
            env.join("modules/a/manifests/deep/x.pp"),
            "class a::deep::x {}",
        )
        .unwrap();
        fs::write(env.join("modules/b/templates/t.epp"), "<%= 1 %>").unwrap();
        fs::write(env.join("modules/b/templates/big.epp"), "x".repeat(65)).unwrap();
        fs::write(env.join("modules/b/templates/bin.epp"), [0xff, 0xfe]).unwrap();
        fs::write(env.join("modules/b/README.md"), "not read").unwrap();
        let ahead = read_here(&env, &[]);
        assert_eq!(
            ahead.take("manifests/site.pp").as_deref(),
            Some("include a")
        );
        assert_eq!(ahead.take("modules/a/metadata.json").as_deref(), Some("{}"));
        assert_eq!(
            ahead.take("modules/a/manifests/deep/x.pp").as_deref(),
            Some("class a::deep::x {}")
        );
        assert_eq!(
            ahead.take("modules/b/templates/t.epp").as_deref(),
            Some("<%= 1 %>")
        );
        // Taken once: the compile keeps what it took.
        assert_eq!(ahead.take("modules/b/templates/t.epp"), None);
        // Manifests and templates come parsed, for their own text and kind.
        let tree = ahead.parsed(
            "modules/a/manifests/deep/x.pp",
            "class a::deep::x {}",
            false,
        );
        let expected = puppet_core::syntax::parse_at("class a::deep::x {}", 0, false).0;
        assert_eq!(tree.map(|tree| tree.program), Some(expected));
        assert!(ahead
            .parsed("modules/b/templates/t.epp", "<%= 1 %>", true)
            .is_some());
        assert!(ahead
            .parsed("manifests/site.pp", "include b", false)
            .is_none());
        assert!(ahead
            .parsed("modules/a/metadata.json", "{}", false)
            .is_none());
        // Too large, not text, not in a folder the compile reads: the compile's own to read.
        assert_eq!(ahead.take("modules/b/templates/big.epp"), None);
        assert_eq!(ahead.take("modules/b/templates/bin.epp"), None);
        assert_eq!(ahead.take("modules/b/README.md"), None);
        // What the listing saw answers whether a file is there.
        assert_eq!(ahead.known("modules/a/metadata.json"), Some(Known::File));
        assert_eq!(ahead.known("modules/b/metadata.json"), Some(Known::Absent));
        assert_eq!(
            ahead.known("modules/a/manifests/deep"),
            Some(Known::PlainFolder)
        );
        assert_eq!(ahead.known("modules/b/templates/t.epp"), Some(Known::File));
        assert_eq!(ahead.known("modules/c/metadata.json"), None);
        // One listing of a module says which of its folders are not there.
        assert_eq!(ahead.known("modules/b/manifests"), Some(Known::Absent));
        assert_eq!(ahead.known("modules/a/types"), Some(Known::Absent));
        assert_eq!(ahead.known("modules/a/lib"), Some(Known::Absent));
        assert_eq!(ahead.known("modules/b/templates"), Some(Known::PlainFolder));
        assert_eq!(ahead.known("modules/b/README.md"), Some(Known::File));
        let _ = fs::remove_dir_all(env);
    }

    #[test]
    fn a_file_the_compile_claimed_is_not_read_ahead() {
        let env = scratch("claimed");
        fs::create_dir_all(env.join("modules/a/manifests")).unwrap();
        fs::write(env.join("modules/a/manifests/init.pp"), "class a {}").unwrap();
        fs::write(env.join("modules/a/manifests/b.pp"), "class a::b {}").unwrap();
        let ahead = read_here(&env, &["modules/a/manifests/init.pp"]);
        let slots = ahead.shared.slots.lock().unwrap();
        assert!(matches!(
            slots.get("modules/a/manifests/init.pp"),
            Some(Slot::Compile)
        ));
        assert!(matches!(
            slots.get("modules/a/manifests/b.pp"),
            Some(Slot::Read(_))
        ));
        drop(slots);
        let _ = fs::remove_dir_all(env);
    }

    #[cfg(unix)]
    #[test]
    fn nothing_is_read_or_listed_through_a_link_out() {
        use std::os::unix::fs::symlink;
        let base = scratch("linked");
        let env = base.join("env");
        let outside = base.join("outside");
        fs::create_dir_all(env.join("modules/a/manifests")).unwrap();
        fs::create_dir_all(outside.join("manifests")).unwrap();
        fs::write(base.join("secret.pp"), "class secret {}").unwrap();
        fs::write(outside.join("manifests/init.pp"), "class out {}").unwrap();
        symlink(
            base.join("secret.pp"),
            env.join("modules/a/manifests/init.pp"),
        )
        .unwrap();
        symlink(&outside, env.join("modules/out")).unwrap();
        // A module linked in from inside: listed, but its folders are not plain (a link is on
        // their way).
        fs::create_dir_all(env.join("site/in/manifests")).unwrap();
        symlink(env.join("site/in"), env.join("modules/in")).unwrap();
        let ahead = read_here(&env, &[]);
        assert_eq!(ahead.known("modules/in/manifests"), Some(Known::Folder));
        assert_eq!(ahead.known("modules/a/manifests"), Some(Known::PlainFolder));
        assert_eq!(ahead.take("modules/a/manifests/init.pp"), None);
        // Nothing is said of a link: the compile looks at it itself.
        assert_eq!(ahead.known("modules/a/manifests/init.pp"), None);
        assert_eq!(ahead.known("modules/out/metadata.json"), None);
        let slots = ahead.shared.slots.lock().unwrap();
        assert!(!slots.keys().any(|name| name.starts_with("modules/out")));
        drop(slots);
        let _ = fs::remove_dir_all(base);
    }

    #[cfg(unix)]
    #[test]
    fn links_back_into_their_folder_end_the_listing() {
        use std::os::unix::fs::symlink;
        let env = scratch("loops");
        let manifests = env.join("modules/a/manifests");
        fs::create_dir_all(&manifests).unwrap();
        for name in ["x", "y", "z"] {
            symlink(".", manifests.join(name)).unwrap();
        }
        fs::create_dir_all(env.join("manifests")).unwrap();
        fs::write(env.join("manifests/site.pp"), "include a").unwrap();
        // No file under the loops: without the bound on folders listed the walk would list
        // 3^20 folders (the plan's depth); with it, 100 (the plan's number of files), and ends.
        let ahead = read_here(&env, &[]);
        assert_eq!(
            ahead.take("manifests/site.pp").as_deref(),
            Some("include a")
        );
        let _ = fs::remove_dir_all(env);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_not_taken_for_a_file() {
        let env = scratch("fifo");
        fs::create_dir_all(env.join("modules/a")).unwrap();
        let fifo = env.join("modules/a/metadata.json");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
        let ahead = read_here(&env, &[]);
        // Not a file the compile would see (`exists` is false for it), and not read (it would block).
        assert_eq!(ahead.known("modules/a/metadata.json"), None);
        assert_eq!(ahead.take("modules/a/metadata.json"), None);
        let _ = fs::remove_dir_all(env);
    }

    #[test]
    fn the_modules_an_environment_manifest_names_are_learned_when_the_compile_claimed_it() {
        // The compile reads `site.pp` before this thread starts: the thread still learns the
        // order of the modules it names, from a reading of its own that is not handed over.
        let env = scratch("claimed-site");
        fs::create_dir_all(env.join("manifests")).unwrap();
        fs::write(env.join("manifests/site.pp"), "include m2\ninclude m10\n").unwrap();
        let plan = plan(&env, 64);
        let ahead = ReadAhead::idle();
        assert_eq!(ahead.take("manifests/site.pp"), None);
        let parser = ahead.parsed.parser();
        let mut reader = Reader::new(&plan, &ahead.shared, &parser);
        reader.list.folder(&env, &[("manifests", usize::MAX)]);
        assert!(reader.read_listed());
        assert_eq!(reader.mentioned, ["m2", "m10"]);
        // Still the compile's: nothing is handed over.
        assert!(matches!(
            ahead.shared.slots.lock().unwrap().get("manifests/site.pp"),
            Some(Slot::Compile)
        ));
        let _ = fs::remove_dir_all(env);
    }

    #[test]
    fn the_modules_mentioned_are_read_first_in_the_order_of_their_first_mention() {
        let mut pending: VecDeque<(String, PathBuf)> = ["a", "apache", "ntp", "z"]
            .into_iter()
            .map(|name| {
                (
                    format!("modules/{name}/"),
                    PathBuf::from("/env/modules").join(name),
                )
            })
            .collect();
        first_mentioned(
            &mut pending,
            &["ntp".into(), "none".into(), "apache".into(), "ntp".into()],
        );
        let order: Vec<&str> = pending.iter().map(|(prefix, _)| prefix.as_str()).collect();
        assert_eq!(
            order,
            [
                "modules/ntp/",
                "modules/apache/",
                "modules/a/",
                "modules/z/"
            ]
        );
    }

    #[test]
    fn a_thread_that_ends_leaves_no_file_waited_for() {
        let ahead = ReadAhead::idle();
        if let Ok(mut slots) = ahead.shared.slots.lock() {
            slots.insert("m.pp".into(), Slot::Reading);
        }
        drop(Settle(&ahead.shared));
        assert_eq!(ahead.take("m.pp"), None);
    }

    #[test]
    fn paths_are_named_and_listed_as_their_components_would_have_it() {
        let env = scratch("names");
        for name in ["b", "a.b", "a-b", "ab", "B", "a", "params.pp", "init.pp"] {
            fs::write(env.join(name), "").unwrap();
        }
        let plan = plan(&env, 64);
        let list = Listing::new(&plan);
        let root = env.to_str().unwrap();
        // The names as the components alone gave them (the code before the bytes were looked at).
        let by_components = |disk: &Path| match disk.strip_prefix(&env) {
            Ok(relative) => relative.to_str().map(str::to_string),
            Err(_) => disk.to_str().map(str::to_string),
        };
        for path in [
            format!("{root}/modules/a/manifests/init.pp"),
            format!("{root}/./modules//a.pp"),
            format!("{root}/modules/../a.pp"),
            format!("{root}/a/"),
            format!("{root}//a"),
            format!("{root}/"),
            format!("{root}x/a.pp"),
            "/elsewhere/a.pp".to_string(),
        ] {
            let disk = Path::new(&path);
            assert_eq!(list.name(disk), by_components(disk), "{path}");
        }
        assert_eq!(
            list.name(&env.join("modules/a/manifests/init.pp"))
                .as_deref(),
            Some("modules/a/manifests/init.pp")
        );
        let mut list = list;
        let order: Vec<String> = list
            .entries(&env)
            .into_iter()
            .map(|(path, _)| path.file_name().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(
            order,
            ["init.pp", "params.pp", "B", "a", "a-b", "a.b", "ab", "b"]
        );
        fs::remove_dir_all(&env).unwrap();
    }

    #[test]
    fn a_plain_relative_path_is_told_as_its_segments_would_tell_it() {
        // Every text of up to seven bytes of `a`, `.` and `/`.
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..7 {
            last = last
                .iter()
                .flat_map(|text| ["a", ".", "/"].map(|byte| format!("{text}{byte}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        for text in texts {
            let by_segments = !text.is_empty()
                && text
                    .split('/')
                    .all(|segment| !matches!(segment, "" | "." | ".."));
            assert_eq!(is_plain_relative(&text), by_segments, "{text:?}");
        }
    }
}
