//! Layout checks: line length, indentation, tabs, trailing whitespace and arrow alignment.

use alloc::format;
use alloc::vec::Vec;

use super::super::indexes::{resources, SyntaxError};
use super::super::tokens::K;
use super::super::{Ctx, Extra, Finding, Kind};

pub fn line_length(ctx: &Ctx, limit: usize, out: &mut Vec<Finding>) {
    let mut offset = 0u32;
    for (n, line) in ctx.source.split('\n').enumerate() {
        let start = offset;
        offset += line.len() as u32 + 1;
        if line.contains("://") || line.contains("template(") {
            continue;
        }
        if line.chars().count() <= limit {
            continue;
        }
        out.push(Finding {
            check: ctx.check,
            kind: Kind::Warning,
            message: format!("line has more than {limit} characters"),
            line: n as u32 + 1,
            column: limit as u32,
            start,
            end: start + line.len() as u32,
            reason: None,
            token: None,
            extra: Extra::None,
        });
    }
}

pub fn soft_tabs(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if t.kind == K::Indent && t.value.chars().count() % 2 == 1 {
            out.push(ctx.error("two-space soft tabs not used", i));
        }
    }
}

pub fn hard_tabs(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if matches!(t.kind, K::Indent | K::Whitespace) && t.value.contains('\t') {
            out.push(ctx.error("tab character found", i));
        }
    }
}

pub fn trailing_whitespace(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if !matches!(t.kind, K::Indent | K::Whitespace) {
            continue;
        }
        if i + 1 == ctx.s.len() || ctx.s.kind(i + 1) == K::Newline {
            out.push(ctx.error("trailing whitespace found", i));
        }
    }
}

/// A list indexed as Ruby indexes arrays: negative from the end, growing on write.
struct RubyVec<T: Clone + Default>(Vec<T>);

impl<T: Clone + Default> RubyVec<T> {
    fn slot(&mut self, i: isize) -> &mut T {
        let at = if i < 0 {
            (self.0.len() as isize + i).max(0) as usize
        } else {
            i as usize
        };
        if at >= self.0.len() {
            self.0.resize(at + 1, T::default());
        }
        &mut self.0[at]
    }
}

pub fn arrow_alignment(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    let s = ctx.s;
    let width = |i: usize| s.render(i).chars().count() as u32;
    for res in resources(s)? {
        let toks: Vec<usize> = (res.start..=res.end)
            .filter(|&i| !s.kind(i).is_comment())
            .collect();
        let arrows: Vec<usize> = toks
            .iter()
            .copied()
            .filter(|&i| s.kind(i) == K::FArrow)
            .collect();
        let (Some(&first), Some(&last)) = (arrows.first(), arrows.last()) else {
            continue;
        };
        if s.at(first).line == s.at(last).line {
            continue;
        }
        let mut arrow_column: RubyVec<u32> = RubyVec(alloc::vec![0]);
        let mut level: isize = 0;
        let mut level_tokens: RubyVec<Vec<usize>> = RubyVec(Vec::new());
        let mut param_column: RubyVec<Option<u32>> = RubyVec(alloc::vec![None]);
        for &i in &toks {
            match s.kind(i) {
                K::FArrow => {
                    let Some(param) = s.prev_code(i) else {
                        continue;
                    };
                    let (param_length, first_tok) = if s.kind(param) == K::DqPost {
                        let mut len = 0;
                        let mut j = param;
                        while s.kind(j) != K::DqPre && j > 0 {
                            len += width(j);
                            j -= 1;
                        }
                        len += width(j);
                        (len, j)
                    } else {
                        (width(param), param)
                    };
                    if param_column.slot(level).is_none() {
                        *param_column.slot(level) = Some(s.at(first_tok).column);
                    }
                    let line = s.at(i).line;
                    let this = if level_tokens
                        .slot(level)
                        .iter()
                        .any(|&t| s.at(t).line == line)
                    {
                        param_column.slot(level).unwrap_or(0) + param_length + 1
                    } else {
                        s.at(param).column + width(param) + 1
                    };
                    let col = arrow_column.slot(level);
                    if *col < this {
                        *col = this;
                    }
                    level_tokens.slot(level).push(i);
                }
                K::LBrace => {
                    level += 1;
                    arrow_column.0.push(0);
                    level_tokens.slot(level);
                    param_column.0.push(None);
                }
                K::RBrace | K::Semic => {
                    let group = level_tokens.slot(level).clone();
                    let mut lines: Vec<u32> = group.iter().map(|&t| s.at(t).line).collect();
                    lines.dedup();
                    lines.sort_unstable();
                    lines.dedup();
                    if lines.len() > 1 {
                        let expected = *arrow_column.slot(level);
                        let indent = param_column.slot(level).unwrap_or(0);
                        for &arrow in &group {
                            let t = s.at(arrow);
                            if t.column == expected || group.len() == 1 {
                                continue;
                            }
                            let on_line: Vec<usize> = group
                                .iter()
                                .copied()
                                .filter(|&g| s.at(g).line == t.line)
                                .collect();
                            let mut f = ctx.warning(format!(
                                    "indentation of => is not properly aligned (expected in column {expected}, but found it in column {})",
                                    t.column
                                ), arrow);
                            f.extra = Extra::Arrow {
                                arrow_column: expected,
                                newline: on_line.first() != Some(&arrow),
                                newline_indent: indent.saturating_sub(1),
                            };
                            out.push(f);
                        }
                    }
                    *arrow_column.slot(level) = 0;
                    level_tokens.slot(level).clear();
                    *param_column.slot(level) = None;
                    level -= 1;
                }
                _ => {}
            }
        }
    }
    Ok(())
}
