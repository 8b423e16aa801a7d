//! Moves a lexer's diagnostics to where its file sits in the evaluation's offset space (see
//! `sources.rs`). The tokens are moved by the parser as it takes them, so the tree is made with
//! global spans and never walked again; only what the lexer reported, by local offsets, is left.

use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Add `base` to the spans of `diagnostic` and of its notes.
pub fn diagnostic(diagnostic: &mut Diagnostic, base: u32) {
    if base == 0 {
        return;
    }
    let shift = |span: &mut Span| {
        span.start = span.start.saturating_add(base);
        span.end = span.end.saturating_add(base);
    };
    shift(&mut diagnostic.span);
    for note in &mut diagnostic.notes {
        if let Some(span) = &mut note.span {
            shift(span);
        }
    }
}
