//! Checks on strings and variables: quoting, interpolation, puppet:// URLs, variable names.

use alloc::string::String;
use alloc::vec::Vec;

use super::super::tokens::K;
use super::super::{Ctx, Extra, Finding};

/// What makes a double-quoted string need its double quotes (escapes, quotes, tabs, newlines).
fn needs_double_quotes(value: &str) -> bool {
    const SEQUENCES: &[&str] = &[
        "\\$", "\\\"", "\\'", "'", "\r", "\t", "\\t", "\\s", "\n", "\\n", "\\\\",
    ];
    SEQUENCES.iter().any(|seq| value.contains(seq))
}

pub fn double_quoted_strings(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if t.kind != K::String {
            continue;
        }
        // puppet-lint turns runs of `column` spaces into newlines before looking.
        let spaces: String = " ".repeat(t.column as usize);
        if t.value.contains(spaces.as_str()) || needs_double_quotes(&t.value) {
            continue;
        }
        out.push(ctx.warning("double quoted string containing no variables", i));
    }
}

pub fn only_variable_string(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for i in 0..s.len() {
        if s.kind(i) != K::DqPre || !s.at(i).value.is_empty() || i + 1 >= s.len() {
            continue;
        }
        if !matches!(s.kind(i + 1), K::Variable | K::UnencVariable) {
            continue;
        }
        let mut offset = 2;
        while i + offset < s.len() {
            let e = i + offset;
            match s.kind(e) {
                K::LBrack => offset += 3,
                K::DqPost => {
                    if s.at(e).value.is_empty()
                        && !s.next_code(e).is_some_and(|n| s.kind(n) == K::FArrow)
                    {
                        let mut f = ctx.warning("string containing only a variable", i + 1);
                        f.extra = Extra::OnlyVariable {
                            start: s.order[i],
                            var: s.order[i + 1],
                            end: s.order[e],
                        };
                        out.push(f);
                    }
                    break;
                }
                _ => break,
            }
        }
    }
}

/// The part after `puppet://host/` (puppet-lint's capture), if any.
pub(crate) fn url_path(value: &str) -> Option<&str> {
    let rest = value.strip_prefix("puppet://")?;
    let mut offset = 0;
    for (k, c) in rest.char_indices() {
        if c == '\n' {
            return None;
        }
        if c == '/' {
            let after = &rest[k + 1..];
            let line = after.split('\n').next().unwrap_or("");
            if !line.is_empty() {
                return Some(line);
            }
        }
        offset = k;
    }
    let _ = offset;
    None
}

pub fn puppet_url_without_modules(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if !matches!(t.kind, K::SString | K::String | K::DqPre) || !t.value.starts_with("puppet://")
        {
            continue;
        }
        if url_path(&t.value).is_some_and(|p| p.starts_with("modules/")) {
            continue;
        }
        out.push(ctx.warning("puppet:// URL without modules/ found", i));
    }
}

pub fn quoted_booleans(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if matches!(t.kind, K::String | K::SString) && (t.value == "true" || t.value == "false") {
            out.push(ctx.warning("quoted boolean value found", i));
        }
    }
}

pub fn single_quote_with_variables(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = ctx.s;
    for i in 0..s.len() {
        let t = s.at(i);
        if t.kind != K::SString || !t.value.contains("${") {
            continue;
        }
        let inline = i >= 2 && {
            let v = &s.at(i - 2).value;
            v.contains("inline_epp") || v.contains("inline_template")
        };
        if inline {
            continue;
        }
        out.push(ctx.error("single quoted string containing a variable found", i));
    }
}

pub fn variables_not_enclosed(ctx: &Ctx, out: &mut Vec<Finding>) {
    ctx.warn_each(K::UnencVariable, "variable not enclosed in {}", out);
}

/// The name with `[...]` accesses taken out (lazily, as puppet-lint does).
fn without_access(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        // `.+?\]`: at least one character, then the first `]` (no newlines).
        let mut close = None;
        for (k, c) in after.char_indices().skip(1) {
            if c == '\n' {
                break;
            }
            if c == ']' {
                close = Some(k);
                break;
            }
        }
        if after.starts_with('\n') {
            close = None;
        }
        match close {
            Some(k) => {
                out.push_str(&rest[..open]);
                rest = &after[k + 1..];
            }
            None => {
                out.push_str(&rest[..open + 1]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

pub fn variable_contains_dash(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if matches!(t.kind, K::Variable | K::UnencVariable)
            && without_access(&t.value).contains('-')
        {
            out.push(ctx.warning("variable contains a dash", i));
        }
    }
}

pub fn variable_is_lowercase(ctx: &Ctx, out: &mut Vec<Finding>) {
    for i in 0..ctx.s.len() {
        let t = ctx.s.at(i);
        if matches!(t.kind, K::Variable | K::UnencVariable)
            && without_access(&t.value)
                .chars()
                .any(|c| c.is_ascii_uppercase())
        {
            out.push(ctx.warning("variable contains an uppercase letter", i));
        }
    }
}
