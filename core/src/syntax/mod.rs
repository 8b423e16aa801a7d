//! Syntax: the lexer (logos core plus Puppet's context rules), the parser, the AST with spans,
//! syntactic validation, the AST dump and the token list for the playground.

pub(crate) mod anchor;
pub mod ast;
mod chars;
mod dump;
mod heredoc_check;
mod hints;
pub mod lexer;
mod parser;
mod shift;
#[cfg(feature = "parse-ahead")]
mod shift_tree;
pub mod token;
mod validate;
pub(crate) use validate::{PLAIN_TYPE_NAMES, RESERVED_TYPE_NAMES};

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

pub use anchor::anchor;
pub use ast::{BinaryOp, Expr, ExprKind, Program, UnaryOp};
pub use dump::dump_ast;
pub use parser::MAX_NESTING;
#[cfg(feature = "parse-ahead")]
pub use shift_tree::shift_program;
pub use validate::check_module_file;

use crate::diagnostic::{Diagnostic, Severity, Stage};
use crate::span::Span;

/// Puppet's error for a heredoc text (an interpolated one, checked once evaluated) that does not
/// have its tagged syntax.
pub fn check_heredoc(syntax: &str, text: &str) -> Option<String> {
    heredoc_check::check(syntax, text, 0)
}

/// Parse a manifest: the program and every diagnostic (syntax errors, or validation findings).
pub fn parse(source: &str) -> (Program, Vec<Diagnostic>) {
    let lexed = lexer::lex(source);
    finish(source, 0, lexed, false, 0)
}

/// Parse a file that starts at `base` in the evaluation's offset space (see `sources.rs`): a
/// manifest, or an EPP template when `template` is set. Spans are global offsets: the parser
/// makes them so from the tokens, with no pass over the tree afterwards.
pub fn parse_at(source: &str, base: u32, template: bool) -> (Program, Vec<Diagnostic>) {
    let lexed = if template {
        lexer::lex_epp(source)
    } else {
        lexer::lex(source)
    };
    finish(source, base, lexed, template, 0)
}

/// Parse an EPP template: the program's body holds one `EppTemplate`.
pub fn parse_epp(source: &str) -> (Program, Vec<Diagnostic>) {
    let lexed = lexer::lex_epp(source);
    finish(source, 0, lexed, true, 0)
}

/// `source` starts at `base` in the evaluation's offset space; `depth` counts the heredoc checks
/// this parse is made for (see [`heredoc_check`]).
fn finish(
    source: &str,
    base: u32,
    mut lexed: lexer::LexOutput,
    template: bool,
    depth: u8,
) -> (Program, Vec<Diagnostic>) {
    let mut lex_diagnostics = core::mem::take(&mut lexed.diagnostics);
    for (_, diagnostic) in &mut lex_diagnostics {
        shift::diagnostic(diagnostic, base);
    }
    let lexing_stopped = lexed.stopped;
    let parser = parser::Parser::new(source, base, lexed);
    let output = if template {
        parser.parse_template()
    } else {
        parser.parse_program()
    };
    // Order as Puppet meets them: by the token where each was found, lexer findings first.
    let mut syntax: Vec<(usize, u8, Diagnostic)> = lex_diagnostics
        .into_iter()
        .map(|(at, d)| (at, 0, d))
        .collect();
    let end_of_input = base.saturating_add(source.len() as u32);
    syntax.extend(
        output
            .syntax
            .into_iter()
            .filter(|(_, d)| {
                // After the lexer gave up, "end of input" errors are only an echo of its error.
                !(lexing_stopped && d.code == "SYNTAX_ERROR" && d.span.start >= end_of_input)
            })
            .map(|(at, d)| (at, 1, d)),
    );
    crate::sort::sort_by(&mut syntax, &|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let mut diagnostics: Vec<Diagnostic> = syntax.into_iter().map(|(_, _, d)| d).collect();
    if diagnostics.iter().any(Diagnostic::is_error) {
        if !template {
            hints::annotate(source, base, &mut diagnostics);
        }
        return (output.program, diagnostics);
    }
    // Puppet checks tagged heredoc texts after parsing, before validation.
    for (syntax, text, span) in &output.heredocs {
        if let Some(message) = heredoc_check::check(syntax, text, depth) {
            let error = Diagnostic::error(Stage::Syntax, "HEREDOC_SYNTAX", message, *span);
            diagnostics.push(error);
            return (output.program, diagnostics);
        }
    }
    // The walk finds problems in Puppet's order; what the parser noticed goes in by position.
    let mut noticed = output.validation.into_iter().peekable();
    for finding in validate::validate(&output.program, source, template) {
        while let Some(early) = noticed.next_if(|d| d.span.start < finding.span.start) {
            diagnostics.push(early);
        }
        diagnostics.push(finding);
    }
    diagnostics.extend(noticed);
    (output.program, diagnostics)
}

/// Puppet's summary when validation found more than one error: "Language validation logged N
/// errors. Giving up" (Puppet then logs each error and reports this line without a position).
pub fn validation_summary(diagnostics: &[Diagnostic]) -> Option<String> {
    let errors = diagnostics
        .iter()
        .filter(|d| d.stage == Stage::Validation && d.severity == Severity::Error)
        .count();
    if errors < 2 {
        return None;
    }
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    Some(if warnings > 0 {
        format!("Language validation logged {errors} errors, and {warnings} warnings. Giving up")
    } else {
        format!("Language validation logged {errors} errors. Giving up")
    })
}

/// A token for the playground's Tokens pane and highlighting: its kind's name and its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenInfo {
    /// A stable category: `variable`, `string`, `heredoc`, `keyword`, `name`, `type`, `number`,
    /// `regex`, `operator`, `punctuation`, `comment`, `epp`, `text`, or `error`.
    pub kind: &'static str,
    pub span: Span,
}

/// Every token of a manifest in source order, comments included, for display.
pub fn tokens(source: &str) -> Vec<TokenInfo> {
    token_infos(lexer::lex_for_display(source, false))
}

/// Every token of an EPP template in source order, for display.
pub fn epp_tokens(source: &str) -> Vec<TokenInfo> {
    token_infos(lexer::lex_for_display(source, true))
}

/// Each token of a manifest with its category (as [`TokenInfo::kind`]) and span, comments left
/// out, in no promised order: no list is built or sorted (a document's words are read this way).
pub fn for_each_token(source: &str, mut each: impl FnMut(&'static str, Span)) {
    let lexed = lexer::lex(source);
    for t in &lexed.tokens {
        if t.kind != token::TokenKind::Eof && !t.span.is_empty() {
            each(t.kind.category(), t.span);
        }
    }
}

fn token_infos(lexed: lexer::LexOutput) -> Vec<TokenInfo> {
    let mut infos: Vec<TokenInfo> = lexed
        .tokens
        .iter()
        .filter(|t| t.kind != token::TokenKind::Eof && !t.span.is_empty())
        .map(|t| TokenInfo {
            kind: t.kind.category(),
            span: t.span,
        })
        .chain(lexed.comments.iter().map(|&span| TokenInfo {
            kind: "comment",
            span,
        }))
        .collect();
    crate::sort::sort_by(&mut infos, &|a, b| a.span.start.cmp(&b.span.start));
    infos
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `start..end` of a dump moved by `base`.
    fn shifted(dump: &str, base: u32) -> String {
        let mut out = String::new();
        let mut rest = dump;
        while let Some(at) = rest.find("..") {
            let before = &rest[..at];
            let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let after = &rest[at + 2..];
            let end_digits =
                after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            out.push_str(&before[..before.len() - digits]);
            let start: u32 = before[before.len() - digits..].parse().expect("a start");
            let end: u32 = after[..end_digits].parse().expect("an end");
            out.push_str(&format!("{}..{}", start + base, end + base));
            rest = &after[end_digits..];
        }
        out.push_str(rest);
        out
    }

    fn places(diagnostics: &[Diagnostic], base: u32) -> Vec<String> {
        diagnostics
            .iter()
            .map(|d| {
                let notes: Vec<String> = d
                    .notes
                    .iter()
                    .map(|n| {
                        format!(
                            "{} {:?}",
                            n.message,
                            n.span.map(|s| (s.start - base, s.end - base))
                        )
                    })
                    .collect();
                format!(
                    "{} {} {}..{} {:?}",
                    d.code,
                    d.message,
                    d.span.start - base,
                    d.span.end - base,
                    notes
                )
            })
            .collect()
    }

    /// A file parsed at its offset has the tree and the findings of the same text parsed at 0,
    /// every span moved by the offset: the parser's own spans, the lexer's and validation's
    /// findings, and the notes on a syntax error.
    #[test]
    fn a_file_parsed_at_its_offset_has_every_span_moved_by_it() {
        let sources = [
            "class a::b(Integer $x = 1, $y = \"v${x}\") { file { '/t': ensure => $x, mode => '0644' } }",
            "$h = { 'a' => 1, 'a' => 2 }\nnotice(\"${h['a']} and ${1}\")\n$r = $x =~ /a\\/b/",
            "@(END:json)\n  {\"a\": 1}\n  |-END\n",
            "class Bad { }\ndefine x($p, $p) {}",
            "notice([1 2])",
            "$x = [1,\n",
            "$x = 'unclosed",
            "function f(String $s) >> String { \"${s}\" }\nnode default { include f }",
        ];
        for source in sources {
            for template in [false, true] {
                let (at_zero, zero_found) = if template {
                    parse_epp(source)
                } else {
                    parse(source)
                };
                for base in [0u32, 1, 4096] {
                    let (moved, found) = parse_at(source, base, template);
                    assert_eq!(
                        dump_ast(&moved),
                        shifted(&dump_ast(&at_zero), base),
                        "{source}"
                    );
                    assert_eq!(places(&found, base), places(&zero_found, 0), "{source}");
                }
            }
        }
    }
}
