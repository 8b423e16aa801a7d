//! Diagnostics as data: severity, a stable code, Puppet's message wording, a primary span and notes.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::span::{LineCol, Span};

crate::named_enum! {
    #[derive(PartialOrd, Ord)]
    pub enum Severity {
        Error => "error",
        Warning => "warning",
    }
}

/// Which stage produced a diagnostic; Puppet prefixes messages with it ("Evaluation Error: ...").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Syntax,
    Validation,
    Evaluation,
    /// The checks Puppet makes when it finishes a compile, after the program has run.
    Compile,
    /// Errors of Puppet's catalog and type collection met while the program runs (a class
    /// defined twice, a missing parent class, an override from outside a subclass), which Puppet
    /// reports without the evaluator's prefix.
    Catalog,
}

impl Stage {
    /// What Puppet puts before the message of an error of this stage (syntax and validation
    /// messages carry their own wording, e.g. "Syntax error at 'x'").
    pub fn error_prefix(self) -> &'static str {
        match self {
            Stage::Syntax | Stage::Validation | Stage::Compile | Stage::Catalog => "",
            Stage::Evaluation => "Evaluation Error: ",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub stage: Stage,
    /// A stable identifier, e.g. `DIV_BY_ZERO` (Puppet's issue codes where it has one).
    pub code: &'static str,
    /// The message in Puppet's wording, without prefix or position.
    pub message: String,
    pub span: Span,
    /// Help beside Puppet's message, which stays exactly Puppet's ("did you mean ...", where a
    /// comma belongs): the playground shows them, Puppet's one-line text leaves them out.
    pub notes: Vec<Note>,
    /// Where inside an inline EPP template the error happened (Puppet reports it in the file
    /// `inlined-epp-text`); `span` then stays at the template's call.
    pub template_at: Option<LineCol>,
}

/// A note on a diagnostic, with the place it is about when it has one (the opening bracket left
/// open, where a comma belongs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub message: String,
    pub span: Option<Span>,
}

impl From<String> for Note {
    fn from(message: String) -> Self {
        Note {
            message,
            span: None,
        }
    }
}

impl From<&str> for Note {
    fn from(message: &str) -> Self {
        Note::from(String::from(message))
    }
}

impl Diagnostic {
    pub fn error(stage: Stage, code: &'static str, message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            severity: Severity::Error,
            stage,
            code,
            message: message.into(),
            span,
            notes: Vec::new(),
            template_at: None,
        }
    }

    pub fn warning(
        stage: Stage,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(stage, code, message, span)
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// This diagnostic with one more note (`span`: the place it is about, if any).
    pub fn with_note(mut self, message: impl Into<String>, span: Option<Span>) -> Self {
        self.notes.push(Note {
            message: message.into(),
            span,
        });
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Diagnostic {}
