//! Checks on resource bodies: duplicate and misplaced attributes, file modes, symlink targets,
//! unquoted titles.

use alloc::vec::Vec;

use super::super::indexes::{resources, titles, SyntaxError};
use super::super::tokens::K;
use super::super::{Ctx, Extra, Finding};
use crate::text::TrimBy;

pub fn duplicate_params(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    let s = ctx.s;
    for res in resources(s)? {
        let mut seen: Vec<(i32, Vec<&str>)> = Vec::new();
        let mut level = 0i32;
        for i in res.start..=res.end {
            match s.kind(i) {
                K::LBrace => level += 1,
                K::RBrace => {
                    seen.retain(|(l, _)| *l != level);
                    level -= 1;
                }
                K::FArrow => {
                    let Some(p) = s.prev_code(i) else { continue };
                    if s.kind(p) != K::Name {
                        continue;
                    }
                    let name = s.at(p).value.as_str();
                    let at = match seen.iter().position(|(l, _)| *l == level) {
                        Some(at) => at,
                        None => {
                            seen.push((level, Vec::new()));
                            seen.len() - 1
                        }
                    };
                    if seen[at].1.contains(&name) {
                        out.push(ctx.error("duplicate parameter found in resource", p));
                    } else {
                        seen[at].1.push(name);
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

pub fn ensure_first_param(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    let s = ctx.s;
    for res in resources(s)? {
        if res.type_tok.is_some_and(|t| s.kind(t) == K::Class) {
            continue;
        }
        let Some(at) = res.params.iter().position(|&p| s.at(p).value == "ensure") else {
            continue;
        };
        if at == 0 {
            continue;
        }
        let mut f = ctx.warning(
            "ensure found on line but it's not the first attribute",
            res.params[at],
        );
        f.extra = Extra::EnsureFirst {
            first_param: s.order[res.params[0]],
        };
        out.push(f);
    }
    Ok(())
}

pub fn ensure_not_symlink_target(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    let s = ctx.s;
    for res in resources(s)? {
        if res.type_tok.is_none_or(|t| s.at(t).value != "file") {
            continue;
        }
        for &p in res.params.iter().filter(|&&p| s.at(p).value == "ensure") {
            let Some(v) = s.next_code(p).and_then(|a| s.next_code(a)) else {
                continue;
            };
            if !s.at(v).value.starts_with('/') {
                continue;
            }
            let mut f = ctx.warning("symlink target specified in ensure attr", v);
            f.extra = Extra::Symlink {
                param: s.order[p],
                value: s.order[v],
            };
            out.push(f);
        }
    }
    Ok(())
}

fn is_file_like(ctx: &Ctx, t: Option<usize>) -> bool {
    t.is_some_and(|t| matches!(ctx.s.at(t).value.as_str(), "file" | "concat"))
}

/// `[0-7]{4}` or a symbolic mode (`u=rwx,g+r`).
fn valid_mode(v: &str) -> bool {
    if v.len() == 4 && v.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return true;
    }
    if v.is_empty() {
        return false;
    }
    v.split(',').all(|clause| {
        let ops = clause.trim_start_by(&|c| matches!(c, 'u' | 'g' | 'o' | 'a'));
        let mut chars = ops.chars();
        matches!(chars.next(), Some('-' | '=' | '+')) && chars.all(|c| "-=+rstwxXugo".contains(c))
    })
}

/// Calls `visit` with the value token of each `mode` attribute of each file-like resource; when
/// it answers false, the resource's other `mode` attributes are passed over.
fn each_file_mode(ctx: &Ctx, visit: &mut dyn FnMut(usize) -> bool) -> Result<(), SyntaxError> {
    let s = ctx.s;
    for res in resources(s)? {
        if !is_file_like(ctx, res.type_tok) {
            continue;
        }
        for &p in res.params.iter().filter(|&&p| s.at(p).value == "mode") {
            let Some(v) = s.next_code(p).and_then(|a| s.next_code(a)) else {
                continue;
            };
            if !visit(v) {
                break;
            }
        }
    }
    Ok(())
}

pub fn file_mode(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    each_file_mode(ctx, &mut |v| {
        let t = ctx.s.at(v);
        if matches!(t.kind, K::Variable | K::Undef | K::FunctionName) || valid_mode(&t.value) {
            return false;
        }
        out.push(ctx.warning(
            "mode should be represented as a 4 digit octal value or symbolic mode",
            v,
        ));
        true
    })
}

pub fn unquoted_file_mode(ctx: &Ctx, out: &mut Vec<Finding>) -> Result<(), SyntaxError> {
    each_file_mode(ctx, &mut |v| {
        if matches!(ctx.s.kind(v), K::Name | K::Number) {
            out.push(ctx.warning("unquoted file mode", v));
        }
        true
    })
}

pub fn unquoted_resource_title(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in titles(ctx.s) {
        if ctx.s.kind(i) == K::Name {
            out.push(ctx.warning("unquoted resource title", i));
        }
    }
}
