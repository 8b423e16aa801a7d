//! Spans resolved to places (file, offsets in the caller's counting, line and column), and the
//! diagnostics and log entries that carry them.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::OffsetEncoding;
use crate::diagnostic::{Diagnostic, Severity};
use crate::host::{LogEntry, LogLevel};
use crate::sources::{SourceFile, Sources, SNIPPET_FILE};
use crate::span::Span;

/// Where a span is: its file, its start and end offsets in that file (as the caller counts), and
/// its 1-based lines and columns (columns in characters, as Puppet reports them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub start: u32,
    pub end: u32,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
}

/// Where a span is, as [`Place`] has it without lines and columns.
pub(crate) struct Range {
    pub file: String,
    pub start: u32,
    pub end: u32,
}

/// Resolves the spans of one evaluation's sources.
pub struct Places<'s, 'e> {
    sources: &'s Sources,
    encoding: &'e mut dyn OffsetEncoding,
}

impl<'s, 'e> Places<'s, 'e> {
    pub fn new(sources: &'s Sources, encoding: &'e mut dyn OffsetEncoding) -> Self {
        Places { sources, encoding }
    }

    /// The file `span` starts in (none when the sources have no file for it).
    fn file_of(&self, span: Span) -> Option<&'s SourceFile> {
        let files = self.sources.files();
        let at = files
            .partition_point(|file| file.base <= span.start)
            .saturating_sub(1);
        files.get(at).map(|file| &**file)
    }

    /// The place of `span` (the main code's start when the sources have no file for it).
    pub fn place(&mut self, span: Span) -> Place {
        let Some(file) = self.file_of(span) else {
            return Place {
                file: SNIPPET_FILE.into(),
                start: 0,
                end: 0,
                line: 1,
                column: 1,
                end_line: 1,
                end_column: 1,
            };
        };
        let local = file.local(span);
        let start = file.line_col(span.start);
        let end = file.line_col(file.base + local.end);
        Place {
            file: String::from(&*file.path),
            start: self.encoding.offset(&file.text, local.start as usize),
            end: self.encoding.offset(&file.text, local.end as usize),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
        }
    }

    /// The file and offsets of `span` without its lines and columns (a file's line index is made
    /// only when a line is asked for: the catalog and the lookups name none).
    pub(crate) fn range(&mut self, span: Span) -> Range {
        let Some(file) = self.file_of(span) else {
            return Range {
                file: SNIPPET_FILE.into(),
                start: 0,
                end: 0,
            };
        };
        let local = file.local(span);
        Range {
            file: String::from(&*file.path),
            start: self.encoding.offset(&file.text, local.start as usize),
            end: self.encoding.offset(&file.text, local.end as usize),
        }
    }

    /// A diagnostic with its place and its notes' places.
    pub fn diagnostic(&mut self, d: &Diagnostic) -> DiagnosticReport {
        let place = self.place(d.span);
        let notes = d
            .notes
            .iter()
            .map(|note| {
                let at = note.span.map(|span| self.place(span));
                let place = at.as_ref();
                NoteReport {
                    message: note.message.clone(),
                    file: place.map(|p| p.file.clone()),
                    start: place.map_or(0, |p| p.start),
                    end: place.map_or(0, |p| p.end),
                    line: place.map_or(0, |p| p.line),
                    column: place.map_or(0, |p| p.column),
                }
            })
            .collect();
        DiagnosticReport {
            message: format!("{}{}", d.stage.error_prefix(), d.message),
            severity: d.severity,
            code: d.code,
            start: place.start,
            end: place.end,
            line: place.line,
            column: place.column,
            end_line: place.end_line,
            end_column: place.end_column,
            file: place.file,
            notes,
        }
    }

    /// A log entry with its file and line.
    pub fn log(&mut self, entry: &LogEntry) -> LogReport {
        let place = self.place(entry.span);
        LogReport {
            level: entry.level,
            message: entry.message.clone(),
            file: place.file,
            line: place.line,
        }
    }
}

/// A diagnostic: Puppet's message (with its stage's prefix, `Evaluation Error: `), where it is.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Diagnostic"))]
pub struct DiagnosticReport {
    pub message: String,
    pub severity: Severity,
    /// A stable code for the kind of problem, e.g. `UNKNOWN_VARIABLE`.
    pub code: &'static str,
    /// The span's offsets in `file`.
    pub start: u32,
    pub end: u32,
    /// 1-based lines; 1-based columns counted in characters, as Puppet reports them.
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    /// The file the place is in: `snippet.pp` for the main code, else its path in the environment.
    pub file: String,
    /// Help beside Puppet's message ("did you mean ..."), each with its own place when it has one.
    pub notes: Vec<NoteReport>,
}

/// A diagnostic's note. When it points somewhere, `file` names the file (null otherwise) and
/// `start`, `end`, `line` and `column` the place in it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Note"))]
pub struct NoteReport {
    pub message: String,
    pub file: Option<String>,
    pub start: u32,
    pub end: u32,
    pub line: u32,
    pub column: u32,
}

/// A line the program logged (`notice`, `warning`, ...), with the file and line of the call.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Log"))]
pub struct LogReport {
    pub level: LogLevel,
    pub message: String,
    pub file: String,
    pub line: u32,
}
