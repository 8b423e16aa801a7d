//! Checks on classes and defines: layout, names, inheritance, nesting, parameters, variable
//! scope, and the chaining arrows.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::super::indexes::{classes_and_defines, definitions};
use super::super::tokens::K;
use super::super::{Ctx, Finding};

pub fn arrow_on_right_operand_line(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for i in 0..s.len() {
        if !matches!(s.kind(i), K::InEdge | K::InEdgeSub) {
            continue;
        }
        let Some(next) = s.next_code(i) else { continue };
        if s.at(next).line != s.at(i).line {
            out.push(ctx.warning("arrow should be on the right operand's line", i));
        }
    }
}

pub fn autoloader_layout(ctx: &Ctx, out: &mut Vec<Finding>) {
    let Some(fullpath) = ctx.fullpath.filter(|p| !p.is_empty()) else {
        return;
    };
    for d in classes_and_defines(ctx.s) {
        let Some(name) = d.name else { continue };
        let title = &ctx.s.at(name).value;
        let parts: Vec<&str> = title.split("::").collect();
        let mut expected = if parts.len() > 1 {
            format!(
                "/{}/manifests/{}.pp",
                parts[0],
                crate::text::join(&parts[1..], "/")
            )
        } else {
            format!("/{title}/manifests/init.pp")
        };
        if ctx.relative {
            let trimmed = expected.trim_start_matches('/');
            let pieces: Vec<&str> = trimmed.split('/').filter(|p| !p.is_empty()).collect();
            expected = pieces
                .get(1..)
                .map(|p| crate::text::join(p, "/"))
                .unwrap_or_default();
        }
        if fullpath.ends_with(&expected) {
            continue;
        }
        out.push(ctx.error(format!("{title} not in autoload module layout"), name));
    }
}

pub fn inherits_params(ctx: &Ctx, out: &mut Vec<Finding>) {
    for d in definitions(ctx.s, K::Class) {
        let Some(inh) = d.inherited else { continue };
        if ctx.s.at(inh).value.ends_with("::params") {
            out.push(ctx.warning("class inheriting from params class", inh));
        }
    }
}

pub fn code_on_top_scope(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    let mut inside = alloc::vec![false; s.len()];
    for d in classes_and_defines(s) {
        for flag in &mut inside[d.start..=d.end] {
            *flag = true;
        }
    }
    for (i, &covered) in inside.iter().enumerate() {
        if covered || s.kind(i).formatting() {
            continue;
        }
        let value = s.at(i).value.clone();
        out.push(ctx.warning(
            format!("code outside of class or define block - {value}"),
            i,
        ));
    }
}

fn first_segment(name: &str) -> Option<&str> {
    name.split("::").find(|p| !p.is_empty())
}

pub fn inherits_across_namespaces(ctx: &Ctx, out: &mut Vec<Finding>) {
    for d in definitions(ctx.s, K::Class) {
        let (Some(inh), Some(name)) = (d.inherited, d.name) else {
            continue;
        };
        if first_segment(&ctx.s.at(inh).value) == first_segment(&ctx.s.at(name).value) {
            continue;
        }
        out.push(ctx.warning("class inherits across module namespaces", inh));
    }
}

fn what(kind: K) -> &'static str {
    if kind == K::Class {
        "class"
    } else {
        "defined type"
    }
}

pub fn names_containing_dash(ctx: &Ctx, out: &mut Vec<Finding>) {
    for d in classes_and_defines(ctx.s) {
        let Some(name) = d.name else { continue };
        if ctx.s.at(name).value.contains('-') {
            out.push(ctx.error(format!("{} name containing a dash", what(d.kind)), name));
        }
    }
}

pub fn names_containing_uppercase(ctx: &Ctx, out: &mut Vec<Finding>) {
    for d in classes_and_defines(ctx.s) {
        let Some(name) = d.name else { continue };
        let value = &ctx.s.at(name).value;
        if value.chars().any(|c| c.is_ascii_uppercase()) {
            out.push(ctx.error(
                format!("{} '{value}' contains illegal uppercase", what(d.kind)),
                name,
            ));
        }
    }
}

pub fn nested(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for d in definitions(s, K::Class) {
        for i in d.start + 1..=d.end {
            let kind = s.kind(i);
            if !matches!(kind, K::Class | K::Define) {
                continue;
            }
            if s.next_code(i).is_some_and(|n| s.kind(n) == K::LBrace) {
                continue;
            }
            out.push(ctx.warning(format!("{} defined inside a class", what(kind)), i));
        }
    }
}

pub fn parameter_order(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for d in classes_and_defines(s) {
        let Some((from, to)) = d.params else { continue };
        let mut parens = 0i32;
        let mut brackets = 0i32;
        for i in from..to {
            match s.kind(i) {
                K::LParen => parens += 1,
                K::RParen => parens = (parens - 1).max(0),
                K::LBrace | K::LBrack => brackets += 1,
                K::RBrace | K::RBrack => brackets = (brackets - 1).max(0),
                _ => {}
            }
            if brackets != 0 || parens != 0 {
                continue;
            }
            if s.kind(i) != K::Variable {
                continue;
            }
            let Some(prev) = s.prev_code(i) else { continue };
            if !matches!(s.kind(prev), K::LParen | K::Comma | K::Type | K::RBrack) {
                continue;
            }
            // Required: no default and not Optional.
            let data_type = s.find_of(i, false, &[K::Type], None);
            if data_type.is_some_and(|t| s.at(t).value == "Optional") {
                continue;
            }
            let next = s.next_code(i);
            let required = next.is_none_or(|n| matches!(s.kind(n), K::Comma | K::RParen))
                && s.kind(prev) != K::Equals;
            if !required {
                continue;
            }
            if !(from..=i).any(|j| s.kind(j) == K::Equals) {
                continue;
            }
            out.push(ctx.warning("optional parameter listed before required parameter", i));
        }
    }
}

pub fn right_to_left(ctx: &Ctx, out: &mut Vec<Finding>) {
    ctx.warn_each(K::OutEdge, "right-to-left (<-) relationship", out);
}

const SCOPE_VARS: &[&str] = &[
    "name",
    "title",
    "module_name",
    "environment",
    "clientcert",
    "clientversion",
    "servername",
    "serverip",
    "serverversion",
    "caller_module_name",
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
    "facts",
    "trusted",
    "server_facts",
];

/// `$x[...]` read as `x` (a greedy strip of a trailing `[...]`).
fn strip_access(value: &str) -> &str {
    if value.ends_with(']') {
        if let Some(open) = value.find('[') {
            if open + 1 < value.len() - 1 {
                return &value[..open];
            }
        }
    }
    value
}

pub fn variable_scope(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    // The set grows over all the classes and defines of the file, as puppet-lint's does.
    let mut in_scope: Vec<String> = SCOPE_VARS.iter().map(|v| v.to_string()).collect();
    for d in classes_and_defines(s) {
        if let Some((from, to)) = d.params {
            for i in from..to {
                if s.kind(i) == K::Variable
                    && s.next_code(i)
                        .is_some_and(|n| matches!(s.kind(n), K::Comma | K::Equals | K::RParen))
                {
                    in_scope.push(s.at(i).value.clone());
                }
            }
        }
        let mut referenced: Vec<usize> = Vec::new();
        // Each block's lines (first, last) with its parameters (a list, not a map by line: one
        // B-tree copy less in the engine).
        let mut block_scopes: Vec<(u32, u32, Vec<String>)> = Vec::new();
        let mut in_pipe = false;
        let mut params_stack: Vec<Vec<String>> = Vec::new();
        for i in d.start..=d.end {
            match s.kind(i) {
                K::Equals => {
                    let Some(prev) = s.prev_code(i) else { continue };
                    if s.kind(prev) == K::Variable {
                        in_scope.push(s.at(prev).value.clone());
                    } else if s.kind(prev) == K::RBrack {
                        let mut depth = 0;
                        let mut j = i;
                        while let Some(p) = s.prev_code(j) {
                            j = p;
                            match s.kind(p) {
                                K::Variable => in_scope.push(s.at(p).value.clone()),
                                K::RBrack => depth += 1,
                                K::LBrack => {
                                    depth -= 1;
                                    if depth == 0 {
                                        break;
                                    }
                                }
                                K::Comma => {}
                                _ => break,
                            }
                        }
                    }
                }
                K::Variable => {
                    if in_pipe {
                        if let Some(top) = params_stack.last_mut() {
                            top.push(s.at(i).value.clone());
                        }
                    } else {
                        referenced.push(i);
                    }
                }
                K::Pipe => {
                    in_pipe = !in_pipe;
                    if in_pipe {
                        params_stack.push(Vec::new());
                    } else {
                        let mut depth = 0;
                        let mut end_line = None;
                        for j in i..s.len() {
                            match s.kind(j) {
                                K::LBrace => depth += 1,
                                K::RBrace => {
                                    depth -= 1;
                                    if depth == 0 {
                                        end_line = Some(s.at(j).line);
                                        break;
                                    }
                                }
                                _ => {}
                            }
                        }
                        let params = params_stack.pop().unwrap_or_default();
                        if let Some(end_line) = end_line {
                            block_scopes.push((s.at(i).line, end_line, params));
                        }
                    }
                }
                _ => {}
            }
        }
        for i in referenced {
            let t = s.at(i);
            let base = strip_access(&t.value);
            if block_scopes.iter().any(|(first, last, params)| {
                (*first..=*last).contains(&t.line) && params.iter().any(|p| p == base)
            }) {
                continue;
            }
            if t.value.contains("::") {
                continue;
            }
            if (t.value.starts_with("facts[") || t.value.starts_with("trusted["))
                && t.value.len() > t.value.find('[').unwrap_or(0) + 2
                && t.value.contains(']')
            {
                continue;
            }
            if in_scope.iter().any(|v| v == base) {
                continue;
            }
            if !t.value.is_empty() && t.value.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            out.push(ctx.warning(
                "top-scope variable being used without an explicit namespace",
                i,
            ));
        }
    }
}
