//! Parsed files kept across compiles of one environment. A file read at the same offset with the
//! same text parses to the same tree (spans included), so a caller that compiles the environment
//! again (another node of a fleet, the next keystroke, a benchmark's next run) hands each compile
//! the same cache and only changed or moved files are parsed again. The page's engine keeps one
//! across its calls and, after each, drops the files its environment no longer has.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use crate::diagnostic::Diagnostic;
use crate::syntax::ast::Program;

/// What one file parsed to, where it was read.
struct Parsed {
    path: String,
    text: super::FileText,
    base: u32,
    template: bool,
    program: Rc<Program>,
    /// Its warnings, logged again by each compile that reads it.
    warnings: Vec<Diagnostic>,
}

/// The trees of the files compiles have read, by path (the last one read at each path). A list
/// sorted by path rather than a map: the page's engine carries it, and a map's code costs its size
/// budget more.
#[derive(Default)]
pub struct ParseCache {
    files: RefCell<Vec<Parsed>>,
}

/// Where `path` is in `files` (sorted by path), or where it would go.
fn find(files: &[Parsed], path: &str) -> Result<usize, usize> {
    files.binary_search_by(|parsed| parsed.path.as_str().cmp(path))
}

impl ParseCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many files it holds.
    pub fn len(&self) -> usize {
        self.files.try_borrow().map_or(0, |files| files.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drop every file whose path `keep` refuses (the files no longer in the environment), so the
    /// cache never holds more than the environment it was last handed.
    pub fn retain(&self, mut keep: impl FnMut(&str) -> bool) {
        if let Ok(mut files) = self.files.try_borrow_mut() {
            files.retain(|parsed| keep(&parsed.path));
        }
    }

    /// Drop every file.
    pub fn clear(&self) {
        self.retain(|_| false);
    }

    /// The tree and warnings of `text` at `path`, when it was read at offset `base` before.
    pub(crate) fn get(
        &self,
        path: &str,
        text: &str,
        base: u32,
        template: bool,
    ) -> Option<(Rc<Program>, Vec<Diagnostic>)> {
        let files = self.files.try_borrow().ok()?;
        let parsed = files.get(find(&files, path).ok()?)?;
        let same = parsed.base == base && parsed.template == template && *parsed.text == *text;
        same.then(|| (Rc::clone(&parsed.program), parsed.warnings.clone()))
    }

    /// Keep what `text` at `path`, read at `base`, parsed to (a parse without errors).
    pub(crate) fn keep(
        &self,
        path: &str,
        text: super::FileText,
        base: u32,
        template: bool,
        program: Rc<Program>,
        warnings: Vec<Diagnostic>,
    ) {
        if let Ok(mut files) = self.files.try_borrow_mut() {
            let parsed = Parsed {
                path: path.into(),
                text,
                base,
                template,
                program,
                warnings,
            };
            match find(&files, path) {
                Ok(at) => files[at] = parsed,
                Err(at) => files.insert(at, parsed),
            }
        }
    }
}
