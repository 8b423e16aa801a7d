//! What lookups cost: steps for each lookup (and, in `lookup.rs` and `data.rs`, each level, file
//! and interpolation), levels of the evaluator's nesting for lookups inside lookups, and the
//! keys a limit's diagnostic names when it stops the evaluation inside them.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Hiera, HieraHost};
use crate::host::{EvalResult, Unwind};
use crate::span::Span;

/// Steps one lookup costs before it searches (parsing the key, finding its options, resolving
/// the hierarchy's paths, the explanation), besides a step for each level, file and
/// interpolation: a lookup of a key in a one-level hierarchy costs about twenty steps in all, so
/// that the default budget allows some 450,000 lookups.
const LOOKUP_STEPS: u64 = 16;

/// A lookup counts as this many levels of the evaluator's nesting: a lookup interpolating a
/// lookup interpolating another (each of them a dozen native calls deep) stops at the depth
/// limit long before the stack runs out, in a browser too.
const LOOKUP_DEPTH: usize = 25;

/// The keys being looked up when a limit stopped the evaluation, innermost last, for its
/// message: ` (while looking up 'x9' in Hiera, for 'x1' > 'x2' > ... > 'x8')`.
fn keys_text(keys: &[String]) -> String {
    /// Keys come from data: a long one is shown by its start.
    const MAX_KEY_CHARS: usize = 80;
    /// The outer keys shown at each end of a long chain.
    const ENDS: usize = 3;
    let quoted = |key: &String| match key.char_indices().nth(MAX_KEY_CHARS) {
        Some((at, _)) => format!("'{}...'", &key[..at]),
        None => format!("'{key}'"),
    };
    let Some((inner, outer)) = keys.split_last() else {
        return String::new();
    };
    let mut text = format!(" (while looking up {} in Hiera", quoted(inner));
    if !outer.is_empty() {
        let mut shown: Vec<String> = Vec::new();
        if outer.len() > 2 * ENDS {
            shown.extend(outer[..ENDS].iter().map(quoted));
            shown.push("...".into());
            shown.extend(outer[outer.len() - ENDS..].iter().map(quoted));
        } else {
            shown.extend(outer.iter().map(quoted));
        }
        text.push_str(", for ");
        text.push_str(&crate::text::join(&shown, " > "));
    }
    text.push(')');
    text
}

impl<H: HieraHost> Hiera<'_, H> {
    /// What starting a lookup costs: its steps, and [`LOOKUP_DEPTH`] levels of the evaluator's
    /// nesting (the caller goes back out).
    pub(super) fn enter_lookup(&mut self, span: Span) -> EvalResult<()> {
        self.host.step(LOOKUP_STEPS, span)?;
        self.host
            .enter_nesting(LOOKUP_DEPTH, "lookups inside lookups", span)
    }

    /// Back out of a lookup [`Self::enter_lookup`] entered.
    pub(super) fn leave_lookup(&mut self) {
        self.host.leave_nesting(LOOKUP_DEPTH);
    }

    /// A limit's diagnostic met inside lookups: the keys being looked up are kept where it was
    /// met (the innermost lookup), and the outermost lookup adds them to its message.
    pub(super) fn name_keys_in_limit(&mut self, unwind: Unwind) -> Unwind {
        let Unwind::Error(mut diagnostic) = unwind else {
            return unwind;
        };
        if !crate::run::budget::is_limit(diagnostic.code) {
            return Unwind::Error(diagnostic);
        }
        let hiera = self.host.hiera();
        if hiera.stopped_in.is_none() {
            hiera.stopped_in = Some(hiera.searching.iter().map(String::from).collect());
        }
        if hiera.searching.len() == 1 {
            if let Some(keys) = hiera.stopped_in.take() {
                diagnostic.message.push_str(&keys_text(&keys));
            }
        }
        Unwind::Error(diagnostic)
    }
}
