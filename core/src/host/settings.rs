//! What a run may do and how it reports: the limits of one evaluation, Puppet's `strict`
//! setting, and the log's levels and entries.

use alloc::string::String;

use crate::span::Span;

/// Limits on one evaluation, with defaults suited to a browser tab. Reaching one is an ordinary
/// diagnostic at the position where evaluation stood.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Evaluation steps (expressions evaluated, iterations inside functions, elements matched).
    pub max_steps: u64,
    /// Calls of user functions and lambdas nested in each other.
    pub max_call_depth: usize,
    /// Expressions nested in each other during evaluation (bounds the native stack).
    pub max_depth: usize,
    /// Elements of an array or hash a program builds.
    pub max_collection_len: usize,
    /// Bytes of a string a program builds.
    pub max_string_len: usize,
    /// Bytes of the strings, arrays and hashes one evaluation builds, counted as each is built
    /// (what is freed gives nothing back): bounds the memory a run can take however its values
    /// are shared, copied or thrown away (Hiera's interpolations, templates, string building).
    pub max_memory: usize,
    /// Files of an environment.
    pub max_env_files: usize,
    /// Bytes of all the files of an environment (those the page hands over, or those the CLI
    /// reads during one compile).
    pub max_env_bytes: usize,
    /// Bytes of a file's path in an environment.
    pub max_path_len: usize,
    /// Segments of a file's path in an environment (`modules/a/manifests/init.pp` has 4).
    pub max_path_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_call_depth: 1000,
            max_depth: 4000,
            max_collection_len: 1_000_000,
            max_string_len: 4 * 1024 * 1024,
            max_memory: 256 * 1024 * 1024,
            max_env_files: 20_000,
            max_env_bytes: 64 * 1024 * 1024,
            max_path_len: 1024,
            max_path_depth: 32,
        }
    }
}

/// Puppet's `strict` setting: what happens on questionable code such as string-to-number coercion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strictness {
    /// Puppet 8's default: an error.
    #[default]
    Error,
    /// A warning, and evaluation goes on.
    Warning,
    /// Silently allowed.
    Off,
}

crate::named_enum! {
    /// A log message's level, by Puppet's name for it.
    pub enum LogLevel {
        Debug => "debug",
        Info => "info",
        Notice => "notice",
        Warning => "warning",
        Err => "err",
        Alert => "alert",
        Emerg => "emerg",
        Crit => "crit",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub level: LogLevel,
    pub message: String,
    pub span: Span,
}
