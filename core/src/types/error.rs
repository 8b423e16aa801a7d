//! `TypeError`: a failed type operation as data (message in Puppet's wording, and which access
//! argument it is about so the caller can point at it).

use alloc::string::String;
use core::fmt;

/// An error from creating or using a type. `message` is Puppet's text without the
/// `Evaluation Error: ` prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeError {
    pub message: String,
    /// The index of the `[]` argument the error is about (Puppet reports its position);
    /// `None` for the whole expression.
    pub argument: Option<usize>,
    /// Puppet wraps this error as `Error while evaluating a '[]' expression, <message>`.
    pub in_access_expression: bool,
    /// Puppet reports it as an `Evaluation Error: `; false for the few messages Puppet prints
    /// bare (regexp compile errors, `Init[...]` validation, alias redefinition).
    pub evaluation_error: bool,
    /// A pattern Ruby does not compile (`Regexp['(']`): Puppet passes Ruby's error on bare, with
    /// no position.
    pub invalid_regex: bool,
}

impl TypeError {
    pub fn new(message: impl Into<String>) -> TypeError {
        TypeError {
            message: message.into(),
            argument: None,
            in_access_expression: false,
            evaluation_error: true,
            invalid_regex: false,
        }
    }

    /// Ruby's error for a pattern it does not compile.
    pub fn invalid_regex(error: &crate::regex::RegexError) -> TypeError {
        TypeError {
            evaluation_error: false,
            invalid_regex: true,
            ..TypeError::new(alloc::string::ToString::to_string(error))
        }
    }

    /// An error Puppet prints without the `Evaluation Error: ` prefix.
    pub fn plain(message: impl Into<String>) -> TypeError {
        TypeError {
            evaluation_error: false,
            ..TypeError::new(message)
        }
    }

    /// An error about argument `index` of an access expression.
    pub fn at_argument(message: impl Into<String>, index: usize) -> TypeError {
        TypeError {
            message: message.into(),
            argument: Some(index),
            in_access_expression: false,
            evaluation_error: true,
            invalid_regex: false,
        }
    }

    /// An error Puppet reports as `Error while evaluating a '[]' expression, ...`.
    pub fn in_access(message: impl Into<String>) -> TypeError {
        TypeError {
            message: message.into(),
            argument: None,
            in_access_expression: true,
            evaluation_error: true,
            invalid_regex: false,
        }
    }

    /// The message with Puppet's wrapping, without the stage prefix.
    pub fn full_message(&self) -> String {
        if self.in_access_expression {
            alloc::format!("Error while evaluating a '[]' expression, {}", self.message)
        } else {
            self.message.clone()
        }
    }

    /// The whole message as Puppet prints it: `Evaluation Error: ...` where Puppet has that
    /// prefix (before the position suffix the caller adds).
    pub fn puppet_message(&self) -> String {
        if self.evaluation_error {
            alloc::format!("Evaluation Error: {}", self.full_message())
        } else {
            self.full_message()
        }
    }
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_message())
    }
}
