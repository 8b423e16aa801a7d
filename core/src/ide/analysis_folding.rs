//! Folding ranges of a manifest: brackets that open and close on different lines, runs of comment
//! lines and multi-line comments, heredocs and multi-line strings (byte ranges, from the tokens).

use alloc::vec::Vec;

use crate::syntax;
use crate::text::TrimBy;

/// What a folding range folds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    /// A block, list, hash or argument list between brackets.
    Region,
    Comment,
    /// A heredoc or a string over several lines.
    Text,
}

/// One range that can be folded: from the byte `start` (its opener) to `end` (its closer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fold {
    pub kind: FoldKind,
    pub start: usize,
    pub end: usize,
}

/// The folding ranges of `text`, by start; nesting deeper than the parser's limit is not
/// followed further (its brackets still count).
pub fn folding_ranges(text: &str) -> Vec<Fold> {
    let tokens = syntax::tokens(text);
    let has_newline = |from: usize, to: usize| text.get(from..to).is_some_and(|t| t.contains('\n'));
    let mut folds = Vec::new();
    let mut open: Vec<(u8, usize)> = Vec::new();
    let mut comment_run: Option<(usize, usize, usize)> = None;
    for token in &tokens {
        let (start, end) = (token.span.start as usize, token.span.end as usize);
        let word = text.get(start..end).unwrap_or("");
        if token.kind == "comment" && word.starts_with('#') {
            comment_run = match comment_run {
                // Next to the previous comment line (only spaces between).
                Some((first, _, last_end))
                    if text.get(last_end..start).is_some_and(|gap| {
                        gap.trim_by(&|c| matches!(c, ' ' | '\t' | '\r')) == "\n"
                    }) =>
                {
                    Some((first, start, end))
                }
                previous => {
                    close_run(previous, &mut folds);
                    Some((start, start, end))
                }
            };
            continue;
        }
        match token.kind {
            "comment" | "heredoc" | "string" if has_newline(start, end) => folds.push(Fold {
                kind: if token.kind == "comment" {
                    FoldKind::Comment
                } else {
                    FoldKind::Text
                },
                start,
                end,
            }),
            _ => {}
        }
        match word {
            "{" | "[" | "(" => open.push((word.as_bytes()[0], start)),
            "}" | "]" | ")" => {
                let opener = match word {
                    "}" => b'{',
                    "]" => b'[',
                    _ => b'(',
                };
                // An unbalanced closer closes nothing.
                if let Some(at) = open.iter().rposition(|(o, _)| *o == opener) {
                    let (_, from) = open[at];
                    open.truncate(at);
                    if has_newline(from, start) {
                        folds.push(Fold {
                            kind: FoldKind::Region,
                            start: from,
                            end: start,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    close_run(comment_run, &mut folds);
    crate::sort::sort_by(&mut folds, &|a, b| (a.start, a.end).cmp(&(b.start, b.end)));
    folds
}

/// A run of comment lines folds when it has more than one line.
fn close_run(run: Option<(usize, usize, usize)>, folds: &mut Vec<Fold>) {
    if let Some((first, last, end)) = run {
        if last > first {
            folds.push(Fold {
                kind: FoldKind::Comment,
                start: first,
                end,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folds(text: &str) -> Vec<(FoldKind, &str)> {
        folding_ranges(text)
            .into_iter()
            .map(|f| (f.kind, &text[f.start..f.start + 1]))
            .collect()
    }

    #[test]
    fn blocks_lists_and_calls_over_lines() {
        let text = "class a {\n  $x = [\n    1,\n  ]\n  notice(1)\n}\n";
        let found = folding_ranges(text);
        assert_eq!(found.len(), 2);
        assert_eq!(
            &text[found[0].start..=found[0].end],
            &text[8..text.len() - 1]
        );
        assert_eq!(
            folds(text),
            [(FoldKind::Region, "{"), (FoldKind::Region, "[")]
        );
    }

    #[test]
    fn comment_runs_heredocs_and_nothing_on_one_line() {
        let text = "# one\n# two\n$a = @(END)\n  text\n  | END\n$b = { 'k' => 1 }\n# alone\n";
        let kinds: Vec<FoldKind> = folding_ranges(text).iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [FoldKind::Comment, FoldKind::Text]);
    }

    #[test]
    fn unbalanced_and_deep_input() {
        assert!(folding_ranges("}\n)\n{\n").is_empty());
        let deep = ["$a = ", &"[\n".repeat(5000), &"]".repeat(5000)].concat();
        assert_eq!(folding_ranges(&deep).len(), 5000);
    }
}
