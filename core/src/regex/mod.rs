//! Regular expressions as Ruby (Onigmo) runs them, which is what Puppet's are: Ruby's syntax and
//! errors, look-around, back-references, named groups, atomic groups and possessive quantifiers,
//! conditionals, calls, `\p{...}`, `\X`, `\R`, `\K`, `\G` and Ruby's option meanings (`(?m)` lets
//! `.` match a newline; `^` and `$` always match at lines).
//!
//! A pattern is parsed (`parser.rs`, `escape.rs`, `class.rs`), checked and numbered (`resolve.rs`),
//! compiled to a small program (`compile.rs`) and run by a backtracking matcher (`exec.rs`) that
//! takes every step from a budget: a catastrophic pattern ends with `Stop::Steps`, never a hang,
//! and patterns a non-backtracking engine could run get its linear time from remembered failures.
//! This is the one place that decides how a pattern runs and what it costs; `value::Regexp` and
//! the evaluator ask it.

mod analyze;
mod ast;
mod charset;
mod class;
mod compile;
mod error;
mod escape;
mod exec;
mod fold;
mod grapheme;
pub(crate) mod meter;
mod parser;
mod program;
mod repeat;
mod resolve;
mod step;
mod unicode;
mod unicode_tables;
mod utf8;

use alloc::string::String;
use alloc::vec::Vec;

pub use error::RegexError;
pub use exec::Stop;

/// Matcher steps that cost one step of the evaluator's budget (about as long as evaluating one
/// simple expression).
pub const STEPS_PER_EVAL_STEP: u64 = 8;

/// Matcher steps a match may take when its caller has no budget of its own (comparing types): at
/// most what a whole evaluation's default step budget allows, and within an evaluation what is
/// left of its budget (`meter`).
pub const DEFAULT_BUDGET: u64 = 10_000_000 * STEPS_PER_EVAL_STEP;

/// Whether `regex` matches `text` somewhere, for a caller with no budget of its own: the steps come
/// from the evaluation running on this thread (see `meter`); running out counts as no match (the
/// evaluation then stops at its step limit when it settles).
pub fn unbudgeted_match(regex: &Regex, text: &str) -> bool {
    let granted = meter::available(DEFAULT_BUDGET);
    let mut budget = granted;
    let result = regex.search(text, 0, &mut budget);
    meter::spend(granted - budget);
    matches!(result, Ok(Some(_)))
}

/// The Unicode version of the character properties (Ruby 3.1's).
pub const UNICODE_VERSION: &str = unicode::UNICODE_VERSION;

/// A checked pattern, compiled to its program at its first match: most of the patterns a
/// manifest writes are never run when it is only parsed (compiling cannot fail).
#[derive(Debug)]
pub struct Regex {
    /// Made once, by whichever thread first matches with it: a pattern parsed on one thread (a
    /// file parsed ahead) may be run on another.
    program: once_cell::race::OnceBox<program::Program>,
    /// The resolved pattern the program is made from (`None` in a copy of a compiled one).
    pattern: Option<ast::Node>,
    groups: u32,
    names: Vec<(String, Vec<u32>)>,
    fixed_encoding: bool,
}

impl Clone for Regex {
    fn clone(&self) -> Regex {
        Regex {
            program: once_cell::race::OnceBox::with_value(alloc::boxed::Box::new(
                self.program().clone(),
            )),
            pattern: None,
            groups: self.groups,
            names: self.names.clone(),
            fixed_encoding: self.fixed_encoding,
        }
    }
}

/// Where a match and its groups are: byte ranges of the text searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captures {
    slots: Vec<u32>,
}

impl Captures {
    /// Group `index` (0: the whole match), if it took part in the match.
    pub fn get(&self, index: usize) -> Option<(usize, usize)> {
        let start = *self.slots.get(2 * index)?;
        let end = *self.slots.get(2 * index + 1)?;
        (start != exec::UNSET && end != exec::UNSET && start <= end)
            .then_some((start as usize, end as usize))
    }

    /// The whole match.
    pub fn whole(&self) -> (usize, usize) {
        self.get(0).unwrap_or((0, 0))
    }

    /// Groups, the whole match included.
    pub fn len(&self) -> usize {
        self.slots.len() / 2
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

impl Regex {
    /// Compiles Ruby regex source (as written between `/.../` or given as a string), with Ruby's
    /// error for a pattern Ruby rejects.
    pub fn new(source: &str) -> Result<Regex, RegexError> {
        let fixed_encoding = escape::preprocess(source)?;
        let mut parser = parser::Parser::new(source);
        let flags = parser::Flags {
            icase: false,
            dotall: false,
            extended: false,
            mode: parser::CharMode::Default,
        };
        let node = parser.parse_pattern(flags)?;
        let resolved = resolve::resolve(&parser, node)?;
        Ok(Regex {
            program: once_cell::race::OnceBox::new(),
            pattern: Some(resolved.node),
            groups: resolved.groups,
            names: resolved.names,
            fixed_encoding,
        })
    }

    /// The first match at or after byte `from` (a character boundary), taking its steps from
    /// `budget` (matcher steps; see [`STEPS_PER_EVAL_STEP`]).
    pub fn search(
        &self,
        text: &str,
        from: usize,
        budget: &mut u64,
    ) -> Result<Option<Captures>, Stop> {
        Ok(exec::search(self.program(), text, from, budget)?.map(|slots| Captures { slots }))
    }

    /// The program, compiled from the pattern the first time it is asked for.
    fn program(&self) -> &program::Program {
        self.program.get_or_init(|| {
            alloc::boxed::Box::new(match &self.pattern {
                Some(node) => compile::compile(node, self.groups),
                None => program::Program::default(),
            })
        })
    }

    /// Where the search for the match after `whole` starts, as Ruby's `scan`, `gsub` and `split`
    /// go on: at its end, or a character further after an empty match (`None`: past the text).
    pub fn next_start(text: &str, whole: (usize, usize)) -> Option<usize> {
        let (start, end) = whole;
        if end > start {
            Some(end)
        } else if end < text.len() {
            Some(utf8::next_boundary(text.as_bytes(), end))
        } else {
            None
        }
    }

    /// Whether Ruby makes this pattern UTF-8 only (its `FIXEDENCODING` option: a non-ASCII
    /// character, written or escaped, or a `\\p`): Puppet then prints it as `/(?-mix:...)/`.
    pub fn fixed_encoding(&self) -> bool {
        self.fixed_encoding
    }

    /// Capturing groups (the whole match not counted).
    pub fn group_count(&self) -> usize {
        self.groups as usize
    }

    /// Group names with their numbers, in order of definition.
    pub fn names(&self) -> &[(String, Vec<u32>)] {
        &self.names
    }

    /// The group a name refers to in a match: the last of its groups that took part.
    pub fn named(&self, captures: &Captures, name: &str) -> Option<(usize, usize)> {
        let (_, groups) = self.names.iter().find(|(n, _)| n == name)?;
        groups
            .iter()
            .rev()
            .find_map(|&group| captures.get(group as usize))
    }
}

#[cfg(test)]
mod tests;
