//! How evaluation leaves an expression early: an error, or `break` / `next` / `return` unwinding.

use alloc::boxed::Box;
use alloc::string::String;

use crate::diagnostic::{Diagnostic, Stage};
use crate::span::Span;
use crate::value::Value;

/// Why evaluation of an expression did not produce a value.
#[derive(Debug, Clone)]
pub(crate) enum Unwind {
    /// An error: evaluation of the program stops here.
    Error(Box<Diagnostic>),
    /// `break()`: ends the innermost iteration.
    Break(Span),
    /// `next(v)`: ends the current lambda call with `v`.
    Next(Value, Span),
    /// `return(v)`: ends the current function call with `v`.
    Return(Value, Span),
}

pub(crate) type EvalResult<T> = Result<T, Unwind>;

/// An evaluation error with Puppet's wording at `span`.
pub(crate) fn error(code: &'static str, message: impl Into<String>, span: Span) -> Unwind {
    Unwind::Error(Box::new(Diagnostic::error(
        Stage::Evaluation,
        code,
        message,
        span,
    )))
}

/// An error of Puppet's catalog or type collection (see [`Stage::Catalog`]) at `span`.
pub(crate) fn catalog_error(code: &'static str, message: impl Into<String>, span: Span) -> Unwind {
    Unwind::Error(Box::new(Diagnostic::error(
        Stage::Catalog,
        code,
        message,
        span,
    )))
}

impl From<Box<Diagnostic>> for Unwind {
    fn from(diagnostic: Box<Diagnostic>) -> Self {
        Unwind::Error(diagnostic)
    }
}

impl Unwind {
    /// The diagnostic this unwinding becomes when it escapes to the top of the program:
    /// a `break`, `next` or `return` outside of anything that catches it is an error in Puppet.
    pub(crate) fn into_diagnostic(self) -> Diagnostic {
        let (what, span) = match self {
            Unwind::Error(diagnostic) => return *diagnostic,
            Unwind::Break(span) => ("break", span),
            Unwind::Next(_, span) => ("next", span),
            Unwind::Return(_, span) => ("return", span),
        };
        Diagnostic::error(
            Stage::Evaluation,
            "ILLEGAL_CONTROL_FLOW",
            alloc::format!("{what}() from context where this is illegal"),
            span,
        )
    }
}
