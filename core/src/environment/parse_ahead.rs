//! An environment's files parsed on a second thread while the compile evaluates on the first. A
//! file's place in the evaluation's offset space is known only when the compile reads it, so the
//! other thread parses each file from offset 0 and the compile moves the tree to its place
//! (`syntax::shift_program`, a walk much shorter than the parse). Whichever thread claims a file
//! first parses it: the compile waits for a file the other thread is parsing, and parses itself a
//! file it reached first, which the other thread then leaves alone, going on with that file's
//! module (the compile is reading that module now). A tree is handed over only for the very text
//! and kind (manifest or template) the compile read.
//!
//! Two kinds of thread feed it: [`ParseAhead::start`] parses files held in memory on a thread of
//! its own; the CLI's read-ahead thread parses each manifest and template as it reads it
//! ([`ParseAhead::parse`]).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use foldhash::fast::FixedState;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use super::handover::Handover;
use super::{EnvFiles, FileText, ReadError};
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::Program;

/// The stack of a thread that parses: room for the parser's deepest nesting (`MAX_NESTING`) in
/// any build, reserved rather than used.
pub const PARSE_STACK_BYTES: usize = 16 << 20;

/// A file parsed from offset 0: its tree and its findings (errors and warnings).
pub struct ParsedFile {
    pub program: Program,
    pub diagnostics: Vec<Diagnostic>,
}

/// Where one file stands between the two threads.
enum Slot {
    /// The other thread is parsing it.
    Parsing,
    /// Parsed: the text and kind it was parsed from, and what it parsed to (boxed, so that the
    /// table of a few hundred slots grows by copying little).
    Parsed(Box<Parsed>),
    /// The compile parses it itself (it came first, or took the tree already).
    Compile,
}

/// A file's tree with the text and kind it was parsed from.
struct Parsed {
    text: FileText,
    template: bool,
    file: ParsedFile,
}

/// Whether the text a tree was parsed from is `text`: the very text when the compile read the one
/// the other thread parsed (no byte compared), else compared byte by byte.
fn same_text(parsed: &FileText, text: &str) -> bool {
    (core::ptr::eq(parsed.as_ptr(), text.as_ptr()) && parsed.len() == text.len())
        || **parsed == *text
}

#[derive(Default)]
struct Shared {
    /// Set when the compile's side is dropped: nothing will take a tree any more.
    over: AtomicBool,
    /// Hashed with foldhash: std's SipHash took 0.33 M instructions of the parse thread's 26 M for
    /// the 701-file environment.
    slots: Mutex<HashMap<String, Slot, FixedState>>,
    /// Where the compile waits for a file being parsed.
    handover: Handover,
    /// The last file the compile reached before the other thread: that thread goes on with its
    /// module.
    wanted: Mutex<Option<String>>,
}

/// The compile's side of the two threads' meeting point; dropping it tells the other thread to
/// stop.
#[derive(Default)]
pub struct ParseAhead {
    shared: Arc<Shared>,
}

/// The other thread's side: what it parses is offered to the compile's side.
pub struct AheadParser {
    shared: Arc<Shared>,
}

/// Whether a file of the environment is one the compile parses, and as what: manifests and
/// functions and types written in Puppet (`.pp`), and EPP templates (`.epp`, `true`).
pub fn parsed_kind(path: &str) -> Option<bool> {
    if path.ends_with(".pp") {
        Some(false)
    } else if path.ends_with(".epp") {
        Some(true)
    } else {
        None
    }
}

/// The module folder a file is in (`modules/apache/` of `modules/apache/manifests/init.pp`), or
/// the file's own folder elsewhere: what the other thread keeps together.
fn module_of(path: &str) -> &str {
    // The rightmost of those folders, found by walking the path's folders from its end: one
    // backward byte search a folder rather than four substring searches of the whole path.
    let mut slashes = path.rmatch_indices('/').map(|(at, _)| at);
    let Some(mut folder_end) = slashes.next() else {
        return "";
    };
    let file_folder = &path[..folder_end];
    for folder_start in slashes {
        let folder = &path[folder_start + 1..folder_end];
        if matches!(folder, "manifests" | "functions" | "types" | "templates") {
            return &path[..=folder_start];
        }
        folder_end = folder_start;
    }
    file_folder
}

impl ParseAhead {
    pub fn new() -> Self {
        Self::default()
    }

    /// Parse `files` (path and text, as the compile will read them) on a thread of their own, in
    /// their order but for the module the compile is reading; `None` when no thread can be
    /// started (the compile then parses everything itself).
    pub fn start(files: Vec<(String, FileText)>) -> Option<ParseAhead> {
        let ahead = ParseAhead::new();
        let theirs = ahead.parser();
        std::thread::Builder::new()
            .name("parse-ahead".into())
            .stack_size(PARSE_STACK_BYTES)
            .spawn(move || theirs.parse_all(files))
            .ok()?;
        Some(ahead)
    }

    /// The side that hands the compile what another thread parses.
    pub fn parser(&self) -> AheadParser {
        AheadParser {
            shared: Arc::clone(&self.shared),
        }
    }

    /// The tree of `text` at `path` when the other thread parsed that text as that kind (waiting
    /// while it parses it); `None` when the compile is to parse it itself, which the other thread
    /// then leaves alone. The compile's side.
    pub fn take(&self, path: &str, text: &str, template: bool) -> Option<ParsedFile> {
        let mut slots = self.shared.handover.lock(&self.shared.slots)?;
        loop {
            match slots.get_mut(path) {
                Some(Slot::Parsing) => {
                    slots = self.shared.handover.wait(&self.shared.slots, slots)?;
                }
                Some(slot @ Slot::Parsed(_)) => {
                    let Slot::Parsed(parsed) = core::mem::replace(slot, Slot::Compile) else {
                        return None;
                    };
                    return (parsed.template == template && same_text(&parsed.text, text))
                        .then_some(parsed.file);
                }
                Some(Slot::Compile) => return None,
                None => {
                    slots.insert(path.into(), Slot::Compile);
                    drop(slots);
                    if let Ok(mut wanted) = self.shared.wanted.lock() {
                        *wanted = Some(path.into());
                    }
                    return None;
                }
            }
        }
    }
}

impl Drop for ParseAhead {
    fn drop(&mut self) {
        self.shared.over.store(true, Ordering::Relaxed);
    }
}

impl AheadParser {
    /// The thread of [`ParseAhead::start`]: each file in turn, but the files of the module the
    /// compile last reached first, then the rest of the module it is in.
    fn parse_all(&self, files: Vec<(String, FileText)>) {
        // Whether the compile is to spin when it waits, asked here rather than on its thread.
        self.shared.handover.spins();
        let mut modules = ModuleQueues::new(files);
        let mut module = None;
        loop {
            if let Some(wanted) = self.shared.wanted.lock().ok().and_then(|mut w| w.take()) {
                module = modules.find(module_of(&wanted));
            }
            let Some((at, (path, text, template))) = modules.next_from(module) else {
                return;
            };
            module = Some(at);
            // The environment's own manifests name the modules the compile goes to next.
            if !template && path.starts_with("manifests/") {
                modules.mentioned(&text);
            }
            if !self.parse(&path, text, template) {
                return;
            }
        }
    }

    /// Parse `text`, the file the compile names `path`, unless the compile claimed it. `false`
    /// when the compile is over (nothing will take a tree any more).
    pub fn parse(&self, path: &str, text: FileText, template: bool) -> bool {
        if self.shared.over.load(Ordering::Relaxed) {
            return false;
        }
        match self.shared.slots.lock() {
            Ok(mut slots) if !slots.contains_key(path) => {
                slots.insert(path.into(), Slot::Parsing);
            }
            Ok(_) => return true,
            Err(_) => return false,
        }
        let settle = Settle {
            shared: &self.shared,
            path,
        };
        let (program, diagnostics) = crate::syntax::parse_at(&text, 0, template);
        let file = ParsedFile {
            program,
            diagnostics,
        };
        settle.done(Slot::Parsed(Box::new(Parsed {
            text,
            template,
            file,
        })));
        true
    }
}

/// The files [`AheadParser::parse_all`] has still to parse, by module folder (`module_of`), the
/// folders in the order their first file came but for the modules the environment's manifests
/// name, which come first, in the order they are named (as the CLI's read-ahead thread reads
/// them): each file's folder is worked out once, and the next file of a folder is found without
/// a walk over all the others.
struct ModuleQueues {
    /// Each folder's files still to parse (path, text, template), in their order.
    queues: Vec<VecDeque<(String, FileText, bool)>>,
    /// Folder → its place in `queues`.
    places: HashMap<String, usize>,
    /// A module's name (the last folder of `modules/apache/`) → its folder's place in `queues`.
    modules: HashMap<String, usize>,
    /// The places of the modules named so far, in the order they were first named.
    named: VecDeque<usize>,
    /// By place in `queues`: whether that module was named already (each is queued in `named`
    /// once, however often a manifest names it).
    was_named: Vec<bool>,
    /// Every queue before this one is empty.
    first_pending: usize,
}

impl ModuleQueues {
    /// The manifests and templates of `files`, by folder.
    fn new(files: Vec<(String, FileText)>) -> Self {
        let mut queues: Vec<VecDeque<(String, FileText, bool)>> = Vec::new();
        let mut places: HashMap<String, usize> = HashMap::new();
        let mut modules: HashMap<String, usize> = HashMap::new();
        for (path, text) in files {
            let Some(template) = parsed_kind(&path) else {
                continue;
            };
            let folder = module_of(&path);
            let at = match places.get(folder) {
                Some(&at) => at,
                None => {
                    let at = queues.len();
                    places.insert(folder.into(), at);
                    queues.push(VecDeque::new());
                    // A module folder's name; of two folders of one name (two module
                    // directories), the first listed.
                    if let Some(name) = folder.strip_suffix('/').and_then(|f| f.rsplit('/').next())
                    {
                        modules.entry(name.into()).or_insert(at);
                    }
                    at
                }
            };
            queues[at].push_back((path, text, template));
        }
        ModuleQueues {
            was_named: alloc::vec![false; queues.len()],
            queues,
            places,
            modules,
            named: VecDeque::new(),
            first_pending: 0,
        }
    }

    /// Put the modules `text` (a manifest) names before the others, after those named before.
    fn mentioned(&mut self, text: &str) {
        super::mentioned_modules(text, |name| {
            let Some(&at) = self.modules.get(name) else {
                return;
            };
            if let Some(named @ false) = self.was_named.get_mut(at) {
                *named = true;
                self.named.push_back(at);
            }
        });
    }

    /// The place of `folder`'s queue, when it has one.
    fn find(&self, folder: &str) -> Option<usize> {
        self.places.get(folder).copied()
    }

    /// The next file of queue `at`, or when there is none (no queue, or an empty one) of the
    /// first module named (`mentioned`) that has one, else of the first queue that has one, with
    /// the place of the queue it came from; `None` when every queue is empty.
    fn next_from(&mut self, at: Option<usize>) -> Option<(usize, (String, FileText, bool))> {
        let queue = at.and_then(|at| Some((at, self.queues.get_mut(at)?.pop_front()?)));
        if queue.is_some() {
            return queue;
        }
        while let Some(at) = self.named.pop_front() {
            if let Some(file) = self.queues.get_mut(at).and_then(VecDeque::pop_front) {
                return Some((at, file));
            }
        }
        while let Some(queue) = self.queues.get_mut(self.first_pending) {
            if let Some(file) = queue.pop_front() {
                return Some((self.first_pending, file));
            }
            self.first_pending += 1;
        }
        None
    }
}

/// A file being parsed is settled whatever way its parse ends (a panic included): the compile
/// would wait for it otherwise.
struct Settle<'a> {
    shared: &'a Shared,
    path: &'a str,
}

impl Settle<'_> {
    fn done(self, slot: Slot) {
        self.put(slot);
        core::mem::forget(self);
    }

    fn put(&self, slot: Slot) {
        let mut slots = match self.shared.slots.lock() {
            Ok(slots) => slots,
            Err(poisoned) => poisoned.into_inner(),
        };
        slots.insert(self.path.into(), slot);
        self.shared.handover.settle(slots);
    }
}

impl Drop for Settle<'_> {
    fn drop(&mut self) {
        self.put(Slot::Compile);
    }
}

/// Files held in memory whose manifests and templates another thread parses while the compile
/// runs: `files` itself answers everything else.
pub struct ParsedAheadFiles<'f> {
    files: &'f dyn EnvFiles,
    ahead: Option<ParseAhead>,
}

impl<'f> ParsedAheadFiles<'f> {
    /// Start parsing `texts` (each file's path and text, as `files` gives them) on another thread.
    pub fn start(files: &'f dyn EnvFiles, texts: Vec<(String, FileText)>) -> Self {
        ParsedAheadFiles {
            files,
            ahead: ParseAhead::start(texts),
        }
    }
}

impl EnvFiles for ParsedAheadFiles<'_> {
    fn read(&self, path: &str) -> Result<super::FileText, ReadError> {
        self.files.read(path)
    }
    fn is_dir(&self, path: &str) -> bool {
        self.files.is_dir(path)
    }
    fn files_under(&self, dir: &str) -> Vec<String> {
        self.files.files_under(dir)
    }
    fn list_dir(&self, dir: &str) -> Vec<String> {
        self.files.list_dir(dir)
    }
    fn exists(&self, path: &str) -> bool {
        self.files.exists(path)
    }
    fn leads_outside(&self, path: &str) -> bool {
        self.files.leads_outside(path)
    }
    fn problems(&self) -> Vec<(String, String)> {
        self.files.problems()
    }
    fn parsed_ahead(&self, path: &str, text: &str, template: bool) -> Option<ParsedFile> {
        self.ahead.as_ref()?.take(path, text, template)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn file(path: &str) -> (String, FileText) {
        (path.into(), FileText::from(""))
    }

    fn next_path(queues: &mut ModuleQueues, at: Option<usize>) -> Option<(usize, String)> {
        queues.next_from(at).map(|(at, (path, ..))| (at, path))
    }

    #[test]
    fn a_tree_is_for_the_very_text_or_the_same_bytes_only() {
        let shared = FileText::from("class a {}");
        assert!(same_text(&shared, &FileText::clone(&shared)));
        assert!(same_text(&shared, "class a {}"));
        assert!(!same_text(&shared, "class a { }"));
        // The same start, a shorter text.
        assert!(!same_text(&shared, &shared[..5]));
    }

    #[test]
    fn a_files_module_folder_is_the_one_above_its_kind_of_folder() {
        for (path, folder) in [
            ("modules/apache/manifests/init.pp", "modules/apache/"),
            ("modules/apache/manifests/vhost/ssl.pp", "modules/apache/"),
            ("modules/apache/templates/a.epp", "modules/apache/"),
            ("modules/apache/functions/f.pp", "modules/apache/"),
            ("site/types/manifests/x.pp", "site/types/"),
            ("manifests/site.pp", "manifests"),
            ("site.pp", ""),
            ("/x.pp", ""),
            ("a/b/c.pp", "a/b"),
        ] {
            assert_eq!(module_of(path), folder, "{path}");
        }
    }

    #[test]
    fn the_modules_the_environments_manifests_name_come_first_in_that_order() {
        let mut queues = ModuleQueues::new(vec![
            file("manifests/site.pp"),
            file("modules/a/manifests/init.pp"),
            file("modules/b/manifests/init.pp"),
            file("modules/b/manifests/x.pp"),
            file("modules/c/manifests/init.pp"),
        ]);
        let (at, path) = next_path(&mut queues, None).unwrap_or_default();
        assert_eq!(path, "manifests/site.pp");
        queues.mentioned("node default {\n  include c\n  include b::x\n  include c\n}");
        let mut order = Vec::new();
        let mut module = Some(at);
        while let Some((at, path)) = next_path(&mut queues, module) {
            order.push(path);
            module = Some(at);
        }
        assert_eq!(
            order,
            [
                "modules/c/manifests/init.pp",
                "modules/b/manifests/init.pp",
                "modules/b/manifests/x.pp",
                "modules/a/manifests/init.pp",
            ]
        );
    }

    #[test]
    fn a_wanted_module_is_parsed_first_then_the_files_in_their_order() {
        let mut queues = ModuleQueues::new(vec![
            file("manifests/site.pp"),
            file("modules/a/manifests/init.pp"),
            file("modules/a/files/notes.txt"),
            file("modules/b/manifests/init.pp"),
            file("modules/b/templates/x.epp"),
            file("modules/b/manifests/y.pp"),
        ]);
        let b = queues.find(module_of("modules/b/manifests/z.pp"));
        let (at, path) = next_path(&mut queues, b).unwrap_or_default();
        let at = Some(at);
        assert_eq!(path, "modules/b/manifests/init.pp");
        for then in ["modules/b/templates/x.epp", "modules/b/manifests/y.pp"] {
            assert_eq!(
                next_path(&mut queues, at).map(|(_, p)| p).as_deref(),
                Some(then)
            );
        }
        // The module's folder is empty now: the first file still pending comes next.
        assert_eq!(
            next_path(&mut queues, at).map(|(_, p)| p).as_deref(),
            Some("manifests/site.pp")
        );
        assert_eq!(queues.find(module_of("modules/x/manifests/init.pp")), None);
        let order: Vec<String> =
            core::iter::from_fn(|| next_path(&mut queues, None).map(|(_, p)| p)).collect();
        assert_eq!(order, ["modules/a/manifests/init.pp"]);
    }
}
