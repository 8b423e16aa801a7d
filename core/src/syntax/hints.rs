//! Notes on syntax errors for people learning Puppet: where a missing `,` or `=>` belongs, which
//! bracket is still open at the end of the input. Puppet's message stays exactly as it is; the
//! note (with the place it is about) goes beside it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::lexer;
use super::token::{Token, TokenKind};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Add a note to the first "Syntax error at ..." of a manifest's `diagnostics`, when the tokens
/// around it show what is missing; `source` starts at `base` (the diagnostics' offsets are global).
#[cold]
#[inline(never)]
pub(super) fn annotate(source: &str, base: u32, diagnostics: &mut [Diagnostic]) {
    let Some(error) = diagnostics
        .iter_mut()
        .find(|d| d.is_error() && d.code == "SYNTAX_ERROR")
    else {
        return;
    };
    let lexed = lexer::lex(source);
    let local = |offset: u32| offset.saturating_sub(base);
    let at = Span::new(local(error.span.start), local(error.span.end));
    if let Some((message, span)) = note_for(source, &lexed.tokens, at) {
        let global = |offset: u32| offset.saturating_add(base);
        error.notes.push(crate::diagnostic::Note {
            message,
            span: Some(Span::new(global(span.start), global(span.end))),
        });
    }
}

fn opens(kind: TokenKind) -> bool {
    use TokenKind::*;
    matches!(
        kind,
        LBrack | ListStart | LBrace | SelBrace | LParen | WsLParen
    )
}

fn closes(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::RBrack | TokenKind::RBrace | TokenKind::RParen
    )
}

/// A token after which a value is complete.
fn ends_value(kind: TokenKind) -> bool {
    use TokenKind::*;
    kind.is_single_token_value() || matches!(kind, String | DqPost | RBrack | RBrace | RParen)
}

/// A token that starts a value.
fn starts_value(kind: TokenKind) -> bool {
    use TokenKind::*;
    kind.is_single_token_value() || matches!(kind, String | DqPre | ListStart)
}

/// 1-based line and column (in characters, as Puppet counts) of a byte offset.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[start..].chars().count() + 1)
}

/// A token's text as a note quotes it: a quoted string as written, anything else in quotes;
/// long texts are cut.
fn quoted(source: &str, token: &Token) -> String {
    let text = source
        .get(token.span.start as usize..token.span.end as usize)
        .unwrap_or("");
    let short: String = text.chars().take(24).collect();
    let short = if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    };
    if short.starts_with('\'') || short.starts_with('"') {
        short
    } else {
        format!("'{short}'")
    }
}

fn bracket_name(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::LBrack | TokenKind::ListStart => "[",
        TokenKind::LParen | TokenKind::WsLParen => "(",
        _ => "{",
    }
}

/// The note for a syntax error at `at`, and the place it points at.
fn note_for(source: &str, tokens: &[Token], at: Span) -> Option<(String, Span)> {
    let index = tokens.iter().position(|t| t.span.start >= at.start)?;
    // The brackets still open before the error, innermost last.
    let mut open: Vec<usize> = Vec::new();
    for (i, token) in tokens[..index].iter().enumerate() {
        if opens(token.kind) {
            open.push(i);
        } else if closes(token.kind) {
            open.pop();
        }
    }
    let current = tokens[index];
    let innermost = open.last().map(|&i| (i, tokens[i]));
    if current.kind == TokenKind::Eof {
        let (_, bracket) = innermost?;
        let (line, column) = line_column(source, bracket.span.start as usize);
        let name = bracket_name(bracket.kind);
        return Some((
            format!("the '{name}' at line {line}, column {column} is not closed"),
            bracket.span,
        ));
    }
    let previous = tokens[..index].last()?;
    if !ends_value(previous.kind) || !starts_value(current.kind) {
        return None;
    }
    let (bracket_at, bracket) = innermost?;
    let end = previous.span.end as usize;
    let (line, column) = line_column(source, end);
    let missing = |what: &str| {
        (
            format!(
                "a '{what}' may be missing after {} (line {line}, column {column})",
                quoted(source, previous)
            ),
            Span::new(end as u32, end as u32),
        )
    };
    match bracket.kind {
        TokenKind::LBrack | TokenKind::ListStart => Some(missing(",")),
        TokenKind::LParen | TokenKind::WsLParen => {
            let same_line = !source
                .get(end..current.span.start as usize)
                .unwrap_or("")
                .contains('\n');
            if same_line {
                return Some(missing(","));
            }
            let (line, column) = line_column(source, bracket.span.start as usize);
            Some((
                format!("the '(' at line {line}, column {column} is not closed before this"),
                bracket.span,
            ))
        }
        _ => {
            // In a hash or a resource's attributes: the entry since the last ',' (or ':', or the
            // brace), at this level of nesting.
            let mut depth = 0usize;
            let mut entry = Vec::new();
            for token in tokens[bracket_at + 1..index].iter().rev() {
                if closes(token.kind) {
                    depth += 1;
                } else if opens(token.kind) {
                    depth = depth.saturating_sub(1);
                } else if depth == 0
                    && matches!(
                        token.kind,
                        TokenKind::Comma | TokenKind::Colon | TokenKind::Semic
                    )
                {
                    break;
                }
                entry.push(token.kind);
            }
            let arrow = entry
                .iter()
                .any(|k| matches!(k, TokenKind::FArrow | TokenKind::PArrow));
            if arrow {
                Some(missing(","))
            } else if entry.len() == 1 {
                Some(missing("=>"))
            } else {
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    /// The notes of the first error of `source`.
    fn notes(source: &str) -> Vec<String> {
        let (_, diagnostics) = crate::syntax::parse(source);
        let error = diagnostics.iter().find(|d| d.is_error()).expect("an error");
        error.notes.iter().map(|n| n.message.clone()).collect()
    }

    #[test]
    fn missing_commas_and_arrows() {
        assert_eq!(
            notes("$a = [1 2]"),
            ["a ',' may be missing after '1' (line 1, column 8)"]
        );
        assert_eq!(
            notes("$h = {'a' => 1 'b' => 2}"),
            ["a ',' may be missing after '1' (line 1, column 15)"]
        );
        assert_eq!(
            notes("$h = { 'a' 1 }"),
            ["a '=>' may be missing after 'a' (line 1, column 11)"]
        );
        assert_eq!(
            notes("notice(1 2)"),
            ["a ',' may be missing after '1' (line 1, column 9)"]
        );
        assert_eq!(
            notes("file { '/tmp/x':\n  ensure => file\n  mode => '0644',\n}"),
            ["a ',' may be missing after 'file' (line 2, column 17)"]
        );
        assert_eq!(
            notes("file { '/tmp/x':\n  ensure file,\n}"),
            ["a '=>' may be missing after 'ensure' (line 2, column 9)"]
        );
        assert_eq!(
            notes("$a = [1, 2]\nnotice($a[0]\n$b = 1"),
            ["the '(' at line 2, column 7 is not closed before this"]
        );
    }

    #[test]
    fn unclosed_brackets_at_the_end() {
        assert_eq!(
            notes("class a {\n  notice(1)\n"),
            ["the '{' at line 1, column 9 is not closed"]
        );
        assert_eq!(
            notes("class web {\n  $a = [1, 2\n"),
            ["the '[' at line 2, column 8 is not closed"]
        );
        assert_eq!(
            notes("notice(1"),
            ["the '(' at line 1, column 7 is not closed"]
        );
    }

    #[test]
    fn other_errors_get_no_note() {
        assert!(notes("$h = {'a' => 1, 'b'}").is_empty());
        assert!(notes("1 +").is_empty());
    }

    #[test]
    fn the_note_points_at_its_place() {
        let (_, diagnostics) = crate::syntax::parse("$a = [1 2]");
        let span = diagnostics[0].notes[0].span.expect("a place");
        assert_eq!((span.start, span.end), (7, 7));
        let (_, diagnostics) = crate::syntax::parse("x(\n");
        let span = diagnostics[0].notes[0].span.expect("a place");
        assert_eq!((span.start, span.end), (1, 2));
    }
}
