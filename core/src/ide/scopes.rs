//! The variable scopes of a manifest, read from its tokens: class, define, function and node
//! bodies (closed: a local variable there is its own), and lambdas (open: they see the variables
//! around them except those they name as parameters or assign).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::syntax::TokenInfo;

/// One scope: its byte range (from its keyword or opening `|` to its closing `}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Scope {
    pub start: usize,
    pub end: usize,
    /// A lambda (open) rather than a class, define, function or node (closed).
    pub lambda: bool,
    /// The parameters' names, without `$`.
    pub params: Vec<String>,
    /// For a class, its qualified name (`outer::inner` for a nested one).
    pub class: Option<String>,
}

impl Scope {
    fn contains(&self, at: usize) -> bool {
        self.start <= at && at < self.end
    }
}

/// The scopes of a manifest given its tokens without comments.
pub(super) fn scopes(text: &str, tokens: &[TokenInfo]) -> Vec<Scope> {
    let word = |i: usize| {
        tokens
            .get(i)
            .and_then(|t| text.get(t.span.start as usize..t.span.end as usize))
            .unwrap_or("")
    };
    let closing = matching_braces(tokens, &word);
    let mut found: Vec<Scope> = Vec::new();
    let mut pipe_open: Option<usize> = None;
    for (i, token) in tokens.iter().enumerate() {
        let w = word(i);
        let is_definition = token.kind == "keyword"
            && matches!(w, "class" | "define" | "function" | "node")
            && word(i + 1) != "{";
        let header_start = if is_definition {
            Some(i)
        } else if w == "|" && token.kind == "punctuation" {
            match pipe_open.take() {
                None => {
                    pipe_open = Some(i);
                    None
                }
                Some(open) => Some(open),
            }
        } else {
            None
        };
        let Some(first) = header_start else { continue };
        let lambda = !is_definition;
        let from = if lambda { i + 1 } else { first + 1 };
        let Some(brace) = body_brace(tokens, &word, from) else {
            continue;
        };
        let Some(close) = closing.iter().find(|(o, _)| *o == brace).map(|(_, c)| *c) else {
            continue;
        };
        // A lambda's parameters are between its pipes; a definition's in its header.
        let header_end = if lambda { i } else { brace };
        let params = (first + 1..header_end)
            .filter(|&j| tokens[j].kind == "variable")
            .filter(|&j| lambda || matches!(word(j + 1), "=" | "," | ")"))
            .map(|j| word(j).trim_start_matches('$').to_string())
            .collect();
        let start = tokens[first].span.start as usize;
        let end = tokens[close].span.end as usize;
        let class = (w == "class").then(|| {
            let own = crate::qualified::trim_leading(word(i + 1), "::");
            let outer = found
                .iter()
                .filter(|s| s.class.is_some() && s.contains(start))
                .max_by_key(|s| s.start)
                .and_then(|s| s.class.clone());
            match outer {
                Some(outer) if !own.contains("::") => alloc::format!("{outer}::{own}"),
                _ => own.to_string(),
            }
        });
        found.push(Scope {
            start,
            end,
            lambda,
            params,
            class,
        });
    }
    found
}

/// The pairs of token indexes of matching `{` and `}`.
fn matching_braces<'t>(
    tokens: &[TokenInfo],
    word: &dyn Fn(usize) -> &'t str,
) -> Vec<(usize, usize)> {
    let mut open = Vec::new();
    let mut pairs = Vec::new();
    for i in 0..tokens.len() {
        match word(i) {
            "{" => open.push(i),
            "}" => {
                if let Some(o) = open.pop() {
                    pairs.push((o, i));
                }
            }
            _ => {}
        }
    }
    pairs
}

/// The `{` that opens a body: the first one from token `from` outside parentheses and brackets.
fn body_brace<'t>(
    tokens: &[TokenInfo],
    word: &dyn Fn(usize) -> &'t str,
    from: usize,
) -> Option<usize> {
    let mut depth = 0usize;
    for i in from..tokens.len() {
        match word(i) {
            "(" | "[" => depth += 1,
            ")" | "]" => depth = depth.saturating_sub(1),
            "{" if depth == 0 => return Some(i),
            "}" | "|" if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

/// The scope (an index into `scopes`) that variable `name` at byte `at` belongs to: the innermost
/// closed scope around it, or a lambda around it that has `name` as a parameter or assigns it
/// (at one of `assigned`, the starts of `$name =`); `None` for the file's top scope.
pub(super) fn owning_scope(
    scopes: &[Scope],
    name: &str,
    at: usize,
    assigned: &[usize],
) -> Option<usize> {
    let mut around: Vec<usize> = (0..scopes.len())
        .filter(|&i| scopes[i].contains(at))
        .collect();
    // Innermost first: the one that starts last.
    crate::sort::sort_by(&mut around, &|&a, &b| scopes[b].start.cmp(&scopes[a].start));
    around.into_iter().find(|&i| {
        let scope = &scopes[i];
        !scope.lambda
            || scope.params.iter().any(|p| p == name)
            || assigned.iter().any(|&a| innermost(scopes, a) == Some(i))
    })
}

/// The innermost scope around byte `at`.
fn innermost(scopes: &[Scope], at: usize) -> Option<usize> {
    (0..scopes.len())
        .filter(|&i| scopes[i].contains(at))
        .max_by_key(|&i| scopes[i].start)
}
