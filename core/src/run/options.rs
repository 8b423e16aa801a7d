//! What a caller may tune about an evaluation: strictness, limits, cancellation, facts, the node, recording, the time.

use alloc::string::String;

use super::budget::CancelFlag;
use crate::host::{Limits, Strictness};

/// What a caller may tune about an evaluation.
#[derive(Debug, Clone, Default)]
pub struct EvalOptions {
    pub strict: Strictness,
    pub limits: Limits,
    /// Set it from elsewhere to stop the evaluation with a diagnostic.
    pub cancel: Option<CancelFlag>,
    /// Source before this byte offset may hold statements whose value is unused (an interactive
    /// session re-evaluates its earlier entries before the new one): Puppet's "has no effect"
    /// check does not apply there. (Puppet reports only the first unused value of a block, so
    /// one in the new entry after one in the earlier entries goes unreported.)
    pub earlier_entries_end: u32,
    /// The node's facts, as the text of a JSON object (`{"os": {"family": "Debian"}}`, what
    /// `puppet facts show` prints; read by `crate::facts`, anything else fails the evaluation with
    /// `BAD_FACTS`): `$facts` and a top-scope variable per fact.
    /// `None`: no facts (`$facts` is `{}`), as Puppet compiles for a node it knows nothing of.
    pub facts: Option<String>,
    /// The node's name, when the program compiles for a node as `puppet apply` does: `$trusted`
    /// is set and the node definition that matches it is evaluated after the main code. `None`:
    /// the program alone, as evaluated without a node (node definitions are not evaluated).
    pub certname: Option<String>,
    /// Keep what each evaluated expression produced (its last values and how many times it ran),
    /// for an editor's hover: `Outcome::recorded` (in builds with the `ide` feature; the page's
    /// light engine keeps nothing). `None`: nothing is kept (and nothing is spent).
    pub record: Option<RecordLimits>,
    /// Which puppetlabs-stdlib the built-in one follows when the environment has no stdlib
    /// module (a module's own version decides otherwise).
    pub stdlib: BuiltinStdlib,
    /// The compile's current time, in nanoseconds since the epoch, as the client's clock gives it:
    /// what `Timestamp()`, `strftime(format)` and stdlib's `time()` answer (the whole compile sees
    /// one time, as a catalog diff's two sides must). `None`: those calls fail with a diagnostic.
    pub now: Option<i128>,
    /// Puppet's `--debug` for automatic parameter lookups: each builds its explanation, logged at
    /// debug level (`Automatic Parameter Lookup of '<key>'` and the search) when it finds a value,
    /// as Puppet builds it only when debugging. Off (the default), the search records nothing.
    /// The `lookup` function's explanation is logged whatever this says; `--explain` queries
    /// (`compile::lookup`) make their own.
    pub explain_automatic_lookups: bool,
    /// The compile's evaluator (its definitions, scopes, catalog, every file's tree) is not freed
    /// when the compile ends: for a process that exits right after printing the outcome
    /// (`puppet-eval`), where freeing each value and node one by one is work nothing reads (the
    /// 701-file benchmark environment: about 4 M instructions). Off (the default) for everything
    /// that lives on (the page, the language server, a diff's many compiles).
    pub leave_memory_at_end: bool,
    /// Nothing will read the outcome's catalog: `Outcome::catalog` is left empty rather than each
    /// class and resource turned into its final form (the 701-file benchmark environment: 3 % of
    /// a whole `puppet-eval --env` process). The graph and its dependency-cycle check are made
    /// either way, the graph's nodes in native builds without their names unless the check finds
    /// a cycle. Off (the default); `puppet-eval` sets it when it prints no catalog.
    pub catalog_unread: bool,
}

/// The version of puppetlabs-stdlib the engine's built-in stdlib follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BuiltinStdlib {
    /// 9.7.0, what current modules require: 8.5's validators and `is_*` functions are gone, and
    /// the old names of the functions it moved under `stdlib::` warn once.
    #[default]
    V9_7,
    /// 8.5.0, what Debian 12 ships: every function under its old name, without warnings.
    V8_5,
}

impl BuiltinStdlib {
    /// `"9.7"` or `"8.5"` (as the CLI's `--stdlib` takes it).
    pub fn parse(text: &str) -> Option<BuiltinStdlib> {
        match text.trim() {
            "9" | "9.7" | "9.7.0" => Some(BuiltinStdlib::V9_7),
            "8" | "8.5" | "8.5.0" => Some(BuiltinStdlib::V8_5),
            _ => None,
        }
    }
}

/// How much an evaluation keeps of what its expressions produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordLimits {
    /// How many distinct source ranges are kept (the first ones evaluated; later ranges are not).
    pub max_ranges: usize,
    /// How many of a range's latest values are kept.
    pub kept_values: usize,
}

impl Default for RecordLimits {
    fn default() -> Self {
        RecordLimits {
            max_ranges: 20_000,
            kept_values: 3,
        }
    }
}
