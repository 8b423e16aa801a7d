//! The source map of an evaluation: every file it read, each at its own range of one offset space,
//! so a [`Span`] (two `u32` offsets) names its file as well as its place in it.
//!
//! The main code starts at offset 0, so a program of one snippet has the spans it always had. Each
//! file read later (a module's class, a function, a template) is placed after the last one, more
//! than one offset past its end (an error at a file's end still falls in that file), at the next
//! multiple of [`FILE_ALIGN`]: a file edited by a few characters then leaves the files read after
//! it where they were, so a `ParseCache` still holds their trees (each is kept by its offset).
//! Positions are turned into a file, line and column only when a message or the page needs them.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::OnceCell;

use crate::span::{LineCol, LineIndex, Span};

/// The name Puppet gives the main code when it did not come from a file (`puppet apply -e`).
pub const SNIPPET_FILE: &str = "snippet.pp";

/// One file of an evaluation: its path in the environment, its text and where it starts.
#[derive(Debug)]
pub struct SourceFile {
    pub path: Rc<str>,
    pub text: crate::environment::FileText,
    /// The offset of the file's first byte in the evaluation's offset space.
    pub base: u32,
    line_index: OnceCell<LineIndex>,
}

impl SourceFile {
    /// The offset one past the file's last byte.
    pub fn end(&self) -> u32 {
        self.base.saturating_add(self.text.len() as u32)
    }

    /// The file's line index, made when first asked for.
    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.text))
    }

    /// Line and column of a global offset in this file.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let local = offset.saturating_sub(self.base);
        self.line_index().line_col(&self.text, local)
    }

    /// A global span as offsets into this file's text.
    pub fn local(&self, span: Span) -> Span {
        let end = self.text.len() as u32;
        Span::new(
            span.start.saturating_sub(self.base).min(end),
            span.end.saturating_sub(self.base).min(end),
        )
    }
}

/// Where a global offset is: the file's path, line and column (Puppet's `(file: F, line: L, column: C)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: Rc<str>,
    pub line: u32,
    pub column: u32,
}

/// The files of one evaluation, in the order they were read (which is the order of their bases).
#[derive(Debug, Clone, Default)]
pub struct Sources {
    files: Vec<Rc<SourceFile>>,
}

/// Files start at multiples of this many offsets (the main code's first at 0): the room a file's
/// edits have before the files after it move. 1,024 per file costs the page's 2,000 files 2 MB
/// of the 4 GB of offsets.
pub const FILE_ALIGN: u32 = 1024;

/// Reading another file would go past the offsets a span can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffsetsExhausted;

impl Sources {
    /// The sources of a program of one snippet (`snippet.pp` at offset 0).
    pub fn snippet(text: &str) -> Self {
        let mut sources = Sources::default();
        // The first file starts at 0 and a snippet's length is checked by its caller.
        let _ = sources.add(SNIPPET_FILE, crate::environment::FileText::from(text));
        sources
    }

    /// Place a file after the last one, at the next multiple of [`FILE_ALIGN`], and give its base
    /// offset.
    pub fn add(
        &mut self,
        path: &str,
        text: crate::environment::FileText,
    ) -> Result<u32, OffsetsExhausted> {
        let base = match self.files.last() {
            None => 0,
            Some(last) => last
                .end()
                .checked_add(1)
                .and_then(|after| after.checked_next_multiple_of(FILE_ALIGN))
                .ok_or(OffsetsExhausted)?,
        };
        let len = u32::try_from(text.len()).map_err(|_| OffsetsExhausted)?;
        base.checked_add(len).ok_or(OffsetsExhausted)?;
        self.files.push(Rc::new(SourceFile {
            path: Rc::from(path),
            text,
            base,
            line_index: OnceCell::new(),
        }));
        Ok(base)
    }

    /// Every file, in the order they were read.
    pub fn files(&self) -> &[Rc<SourceFile>] {
        &self.files
    }

    /// The file a global offset falls in (the first file for offsets before any other).
    pub fn file_at(&self, offset: u32) -> Option<&SourceFile> {
        let after = self.files.partition_point(|file| file.base <= offset);
        self.files.get(after.checked_sub(1)?).map(|file| &**file)
    }

    /// The file a path names, if it was read.
    pub fn file_named(&self, path: &str) -> Option<&SourceFile> {
        self.files
            .iter()
            .find(|file| &*file.path == path)
            .map(|file| &**file)
    }

    /// File, line and column of a global offset.
    pub fn locate(&self, offset: u32) -> Location {
        match self.file_at(offset) {
            Some(file) => {
                let at = file.line_col(offset);
                Location {
                    file: Rc::clone(&file.path),
                    line: at.line,
                    column: at.column,
                }
            }
            None => Location {
                file: Rc::from(SNIPPET_FILE),
                line: 1,
                column: 1,
            },
        }
    }

    /// The path of the file a global offset falls in.
    pub fn path_at(&self, offset: u32) -> Rc<str> {
        self.file_at(offset)
            .map_or_else(|| Rc::from(SNIPPET_FILE), |file| Rc::clone(&file.path))
    }

    /// `file: F, line: L`: how Puppet names where something was defined in its messages.
    pub fn file_line(&self, offset: u32) -> String {
        let at = self.locate(offset);
        alloc::format!("file: {}, line: {}", at.file, at.line)
    }

    /// Where a definition was made, as Puppet's loaders name it ("Originally set at ..."):
    /// `string:` for code that came from no file, `file://` and the path for a file's.
    pub fn origin(&self, offset: u32) -> String {
        let at = self.locate(offset);
        if &*at.file == SNIPPET_FILE {
            alloc::format!("string:?line={}&pos={}", at.line, at.column)
        } else {
            alloc::format!("file://{}?line={}&pos={}", at.file, at.line, at.column)
        }
    }

    /// Whether a global offset is at (or past) the end of its file's text.
    pub fn at_file_end(&self, offset: u32) -> bool {
        self.file_at(offset).is_none_or(|file| offset >= file.end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::environment::FileText;

    #[test]
    fn files_follow_each_other_and_offsets_find_their_file() {
        let mut sources = Sources::snippet("include a\n");
        let base = sources.add(
            "modules/a/manifests/init.pp",
            FileText::from("class a {\n  x\n}"),
        );
        assert_eq!(base, Ok(FILE_ALIGN));
        assert_eq!(&*sources.locate(0).file, "snippet.pp");
        // The snippet's end (10) is still the snippet's.
        assert_eq!(&*sources.locate(10).file, "snippet.pp");
        let x = FILE_ALIGN + 12;
        let at = sources.locate(x);
        assert_eq!(
            (&*at.file, at.line, at.column),
            ("modules/a/manifests/init.pp", 2, 3)
        );
        assert!(sources.at_file_end(FILE_ALIGN + 15));
        assert!(!sources.at_file_end(FILE_ALIGN + 14));
    }

    #[test]
    fn a_file_edited_by_a_few_characters_leaves_the_next_where_it_was() {
        let next = |first: &str| {
            let mut sources = Sources::snippet("");
            let _ = sources.add("a.pp", FileText::from(first));
            sources.add("b.pp", FileText::from("class b {}"))
        };
        assert_eq!(next("class a {}"), next("class a { }"));
        // Only a file that grows past its room moves the next.
        let long = "x".repeat(FILE_ALIGN as usize);
        assert_eq!(next(&long), Ok(3 * FILE_ALIGN));
    }

    #[test]
    fn offsets_cannot_overflow() {
        let mut sources = Sources::snippet("");
        let big: FileText = FileText::from("x".repeat(1 << 20).as_str());
        for _ in 0..5000 {
            if sources.add("f", FileText::clone(&big)).is_err() {
                return;
            }
        }
        panic!("4 GB of offsets were handed out");
    }
}
