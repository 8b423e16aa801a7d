//! What a called function is given besides its arguments: where and how it was called (for
//! its messages), and the lambda passed to it as an opaque handle the host calls back.

use alloc::format;
use alloc::string::String;
use core::any::Any;

use super::flow::{error, Unwind};
use crate::span::Span;
use crate::syntax::ast::{CallStyle, Lambda, Param};

/// Where and how a function was called, for its error messages.
#[derive(Debug, Clone)]
pub(crate) struct CallSite<'a> {
    pub name: &'a str,
    pub style: CallStyle,
    /// Where Puppet reports errors of this call.
    pub span: Span,
}

impl CallSite<'_> {
    /// An error raised by the called function itself, wrapped the way Puppet wraps it:
    /// `Error while evaluating a Function Call, <message>` at the call.
    pub fn fail(&self, message: impl AsRef<str>) -> Unwind {
        let kind = match self.style {
            CallStyle::Method => "Method call",
            CallStyle::Prefix | CallStyle::Statement => "Function Call",
        };
        error(
            "CALL_FAILED",
            format!("Error while evaluating a {kind}, {}", message.as_ref()),
            self.span,
        )
    }
}

/// A lambda given to a call: its parameters for the function to inspect, and what the host
/// worked out to call it (the scope it was written in, how its parameters bind), opaque here
/// and handed back to [`super::Host::call_lambda`].
pub(crate) struct Closure<'a> {
    lambda: &'a Lambda,
    arity: (usize, Option<usize>),
    prepared: &'a dyn Any,
}

impl<'a> Closure<'a> {
    /// The lambda `lambda`, with what its host prepared to call it.
    pub fn new(lambda: &'a Lambda, prepared: &'a dyn Any) -> Self {
        Closure {
            lambda,
            arity: params_arity(&lambda.params),
            prepared,
        }
    }

    /// The lambda as written.
    pub fn lambda(&self) -> &'a Lambda {
        self.lambda
    }

    /// What the host prepared to call it (only the host that made it knows its type).
    pub fn prepared(&self) -> &'a dyn Any {
        self.prepared
    }

    /// The lambda's parameters.
    pub fn params(&self) -> &'a [Param] {
        &self.lambda.params
    }

    /// How many arguments the lambda accepts: (required, maximum or `None` for captures-rest).
    pub fn arity(&self) -> (usize, Option<usize>) {
        self.arity
    }

    pub fn param_count(&self) -> usize {
        self.lambda.params.len()
    }
}

/// (required, maximum) argument counts of a parameter list; `None` when the last captures the rest.
pub(crate) fn params_arity(params: &[Param]) -> (usize, Option<usize>) {
    let required = params
        .iter()
        .filter(|p| p.default.is_none() && !p.captures_rest)
        .count();
    let max = if params.last().is_some_and(|p| p.captures_rest) {
        None
    } else {
        Some(params.len())
    };
    (required, max)
}

/// Puppet's description of an arity mismatch: `expects 1 argument, got none`.
pub(crate) fn arity_message(what: &str, (min, max): (usize, Option<usize>), got: usize) -> String {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    let got_text = if got == 0 {
        String::from("none")
    } else {
        format!("{got}")
    };
    match max {
        Some(0) => format!("{what} expects no arguments, got {got_text}"),
        Some(max) if max == min => format!("{what} expects {min} {}, got {got_text}", plural(min)),
        // Puppet's count mismatch says "at most" where nothing is required.
        Some(max) if min == 0 => format!(
            "{what} expects at most {max} {}, got {got_text}",
            plural(max)
        ),
        Some(max) => format!("{what} expects between {min} and {max} arguments, got {got_text}"),
        None => format!(
            "{what} expects at least {min} {}, got {got_text}",
            plural(min)
        ),
    }
}
