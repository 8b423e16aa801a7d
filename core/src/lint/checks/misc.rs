//! Checks on comments, documentation, conditionals and node names.

use alloc::format;
use alloc::vec::Vec;

use super::super::indexes::{classes_and_defines, resources, SyntaxError};
use super::super::tokens::K;
use super::super::{Ctx, Finding};

pub fn slash_comments(ctx: &Ctx, out: &mut Vec<Finding>) {
    ctx.warn_each(K::SlashComment, "// comment found", out);
}

pub fn star_comments(ctx: &Ctx, out: &mut Vec<Finding>) {
    ctx.warn_each(K::MlComment, "/* */ comment found", out);
}

pub fn case_without_default(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    let mut cases: Vec<(usize, usize)> = Vec::new();
    for i in 0..s.len() {
        if s.kind(i) != K::Case {
            continue;
        }
        let mut depth = 0;
        for j in i + 1..s.len() {
            match s.kind(j) {
                K::LBrace => depth += 1,
                K::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        cases.push((i, j));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    for (n, &(start, end)) in cases.iter().enumerate() {
        // The later cases inside this one (the list is in order of start).
        let inner: Vec<(usize, usize)> = cases[n + 1..]
            .iter()
            .copied()
            .take_while(|&(a, _)| a <= end)
            .collect();
        let mut depth = 0;
        let mut found = false;
        for j in start..=end {
            if inner.iter().any(|&(a, b)| (a..=b).contains(&j)) {
                continue;
            }
            match s.kind(j) {
                K::LBrace => depth += 1,
                K::RBrace => depth -= 1,
                K::Default if depth == 1 => {
                    found = true;
                    break;
                }
                _ => {}
            }
        }
        if !found {
            out.push(ctx.warning("case statement without a default case", start));
        }
    }
}

pub fn selector_inside_resource(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    let s = ctx.s;
    for res in resources(s)? {
        for i in res.start..=res.end {
            if s.kind(i) != K::FArrow {
                continue;
            }
            let Some(v) = s.next_code(i) else { continue };
            if s.kind(v) != K::Variable {
                continue;
            }
            if s.next_code(v).is_some_and(|q| s.kind(q) == K::QMark) {
                out.push(ctx.warning("selector inside resource block", i));
            }
        }
    }
    Ok(())
}

pub fn documentation(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for d in classes_and_defines(s) {
        let mut newlines = 0;
        let mut j = d.start;
        let mut documented = false;
        while j > 0 {
            j -= 1;
            let kind = s.kind(j);
            if matches!(kind, K::Whitespace | K::Newline | K::Indent) {
                if kind == K::Newline {
                    newlines += 1;
                }
                if newlines > 1 {
                    break;
                }
                continue;
            }
            documented = kind.is_comment();
            break;
        }
        if documented {
            continue;
        }
        let what = if d.kind == K::Class {
            "class"
        } else {
            "defined type"
        };
        out.push(ctx.warning(format!("{what} not documented"), d.start));
    }
}

pub fn unquoted_node_name(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for i in 0..s.len() {
        if s.kind(i) != K::Node {
            continue;
        }
        let Some(brace) = (i..s.len()).find(|&j| s.kind(j) == K::LBrace) else {
            let mut f = ctx.error(
                "Syntax error (try running `puppet parser validate <file>`)",
                i,
            );
            f.check = "syntax";
            out.push(f);
            continue;
        };
        for j in i..=brace {
            if s.kind(j) == K::Name && s.at(j).value != "default" {
                out.push(ctx.warning("unquoted node name found", j));
            }
        }
    }
}
