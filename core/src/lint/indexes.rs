//! Where the resources, classes, defines and resource titles are in the token stream (what
//! puppet-lint computes once per file for the checks).

use alloc::vec::Vec;

use super::tokens::{Stream, K};

/// A resource body: from the token after the title's colon to its `;` or `}`.
#[derive(Debug, Clone)]
pub struct Resource {
    /// Positions `start..=end` in the stream (start is the colon).
    pub start: usize,
    pub end: usize,
    /// The resource type's token (the one before the opening brace).
    pub type_tok: Option<usize>,
    /// Positions of the attribute names (a NAME followed by `=>`).
    pub params: Vec<usize>,
}

/// A class or define: its keyword's position to its closing brace.
#[derive(Debug, Clone)]
pub struct Definition {
    pub start: usize,
    pub end: usize,
    pub kind: K,
    pub name: Option<usize>,
    pub inherited: Option<usize>,
    /// The tokens between the parameter list's parentheses.
    pub params: Option<(usize, usize)>,
}

/// The file could not be read as puppet-lint reads it (a resource without end, and so on).
#[derive(Debug, Clone, Copy)]
pub struct SyntaxError(pub usize);

pub fn resources(s: &Stream) -> Result<Vec<Resource>, SyntaxError> {
    let mut out = Vec::new();
    let mut marker = 0;
    for i in 0..s.len() {
        if s.kind(i) != K::Colon {
            continue;
        }
        let Some(next) = s.next_code(i) else { continue };
        if s.kind(next) == K::LBrace {
            continue;
        }
        if i < marker {
            // puppet-lint looks the colon up from the marker on; an earlier one is not found.
            break;
        }
        let Some(end) = s.find_of(i, true, &[K::Semic, K::RBrace], None) else {
            return Err(SyntaxError(i));
        };
        marker = end;
        let type_tok = (0..=i)
            .rev()
            .find(|&j| {
                s.kind(j) == K::LBrace && s.prev_code(j).is_some_and(|p| s.kind(p) != K::QMark)
            })
            .and_then(|j| s.prev_code(j));
        if type_tok.is_none() {
            return Err(SyntaxError(i));
        }
        let mut params = Vec::new();
        let mut j = i.saturating_sub(1);
        while let Some(n) = s.find_of(j, true, &[K::Name], None) {
            if n < i || n > end {
                break;
            }
            if s.next_code(n).is_some_and(|c| s.kind(c) == K::FArrow) {
                params.push(n);
            }
            j = n;
        }
        out.push(Resource {
            start: i,
            end,
            type_tok,
            params,
        });
    }
    Ok(out)
}

/// Classes (`K::Class`), defines (`K::Define`) or nodes.
pub fn definitions(s: &Stream, kind: K) -> Vec<Definition> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        if s.kind(i) != kind {
            continue;
        }
        let mut braces = 0i32;
        let mut parens = 0i32;
        let mut in_params = false;
        let mut inherited = None;
        for j in i + 1..s.len() {
            match s.kind(j) {
                K::Inherits => inherited = s.next_code(j),
                K::LParen => {
                    if parens == 0 {
                        in_params = true;
                    }
                    parens += 1;
                }
                K::RParen => {
                    if parens == 1 {
                        in_params = false;
                    }
                    parens -= 1;
                }
                K::LBrace => braces += 1,
                K::RBrace => {
                    braces -= 1;
                    let name = s.next_code(i);
                    if braces == 0 && !in_params && name.is_some_and(|n| s.kind(n) != K::LBrace) {
                        out.push(Definition {
                            start: i,
                            end: j,
                            kind,
                            name,
                            inherited,
                            params: param_range(s, i, j),
                        });
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

fn param_range(s: &Stream, from: usize, to: usize) -> Option<(usize, usize)> {
    let mut depth = 0;
    let mut open = None;
    for i in from..=to {
        match s.kind(i) {
            K::LParen => {
                depth += 1;
                if depth == 1 {
                    open = Some(i);
                }
            }
            K::RParen => {
                depth -= 1;
                if depth == 0 {
                    return open.map(|o| (o + 1, i));
                }
            }
            K::LBrace if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

/// Classes then defines, as puppet-lint lists them for the checks on both.
pub fn classes_and_defines(s: &Stream) -> Vec<Definition> {
    let mut all = definitions(s, K::Class);
    all.extend(definitions(s, K::Define));
    all
}

/// The resource titles: the token before each colon that opens a body (or the names and strings
/// of an array title).
pub fn titles(s: &Stream) -> Vec<usize> {
    let mut out = Vec::new();
    // puppet-lint takes the file's last `[` for every array title.
    let last_open = (0..s.len()).rev().find(|&j| s.kind(j) == K::LBrack);
    for i in 0..s.len() {
        if s.kind(i) != K::Colon || i == 0 {
            continue;
        }
        if s.kind(i - 1) == K::RBrack {
            if let Some(open) = last_open {
                if open + 1 < i.saturating_sub(1) {
                    for j in open + 1..i - 1 {
                        if matches!(s.kind(j), K::String | K::Name) {
                            out.push(j);
                        }
                    }
                }
            }
        } else if s.next_code(i).is_some_and(|n| s.kind(n) != K::LBrace) {
            out.push(i - 1);
        }
    }
    out
}
