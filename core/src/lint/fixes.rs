//! The fixes: each rewrites the tokens a finding is about, as puppet-lint's `--fix` does; the
//! fixed text is the tokens written back in order.

/// puppet-lint's `gsub(%r{(puppet://.*?/)}, '\1modules/')`: `modules/` after each `puppet://host/`.
fn url_fix(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(at) = rest.find("puppet://") {
        let after = &rest[at + 9..];
        let slash = after.find(['/', '\n']);
        match slash {
            Some(k) if after.as_bytes()[k] == b'/' => {
                out.push_str(&rest[..at + 9 + k + 1]);
                out.push_str("modules/");
                rest = &after[k + 1..];
            }
            _ => {
                out.push_str(&rest[..at + 9]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::tokens::{Stream, K};
use super::{Extra, Finding};

fn set(s: &mut Stream, id: usize, kind: K) {
    s.all[id].kind = kind;
}

fn set_value(s: &mut Stream, id: usize, value: String) {
    s.all[id].raw = value.clone();
    s.all[id].value = value;
}

/// Apply the fix for a finding; false when puppet-lint has no fix for it (or gives up).
pub fn fix(s: &mut Stream, f: &Finding) -> bool {
    let Some(id) = f.token else { return false };
    match f.check {
        "double_quoted_strings"
        | "unquoted_node_name"
        | "unquoted_file_mode"
        | "unquoted_resource_title" => {
            set(s, id, K::SString);
            true
        }
        "slash_comments" => {
            set(s, id, K::Comment);
            true
        }
        "names_containing_uppercase" => {
            let lower = s.all[id].value.to_lowercase();
            set_value(s, id, lower);
            true
        }
        "hard_tabs" => {
            let value = s.all[id].value.replace('\t', "  ");
            set_value(s, id, value);
            true
        }
        "trailing_whitespace" => {
            s.remove_id(id);
            true
        }
        "quoted_booleans" => {
            let kind = if s.all[id].value == "true" {
                K::True
            } else {
                K::False
            };
            set(s, id, kind);
            true
        }
        "file_mode" => {
            let v = s.all[id].value.clone();
            if v.len() != 3 || !v.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                return false;
            }
            set(s, id, K::SString);
            s.all[id].value = ["0", &v].concat();
            true
        }
        "puppet_url_without_modules" => {
            let v = url_fix(&s.all[id].value);
            s.all[id].value = v;
            true
        }
        "only_variable_string" => {
            if let Extra::OnlyVariable { start, var, end } = f.extra {
                s.remove_id(start);
                s.remove_id(end);
                set(s, var, K::Variable);
            }
            true
        }
        "variables_not_enclosed" => {
            variables_not_enclosed(s, id);
            true
        }
        "star_comments" => {
            star_comment(s, id);
            true
        }
        "arrow_on_right_operand_line" => {
            arrow_on_right(s, id);
            true
        }
        "ensure_first_param" => ensure_first(s, f),
        "ensure_not_symlink_target" => {
            if let Extra::Symlink { param, value } = f.extra {
                let Some(at) = s.index_of(value) else {
                    return true;
                };
                let indent = s
                    .index_of(param)
                    .filter(|&p| p > 0)
                    .map(|p| s.at(p - 1).value.clone())
                    .unwrap_or_default();
                let new = [
                    (K::Name, "symlink"),
                    (K::Comma, ","),
                    (K::Newline, "\n"),
                    (K::Indent, indent.as_str()),
                    (K::Name, "target"),
                    (K::Whitespace, " "),
                    (K::FArrow, "=>"),
                    (K::Whitespace, " "),
                ];
                for (kind, text) in new.iter().rev() {
                    s.insert(at, *kind, text);
                }
            }
            true
        }
        "arrow_alignment" => arrow_alignment(s, id, &f.extra),
        _ => false,
    }
}

fn variables_not_enclosed(s: &mut Stream, id: usize) {
    set(s, id, K::Variable);
    let value = s.all[id].value.clone();
    s.all[id].raw = value;
    let Some(i) = s.index_of(id) else { return };
    let next = if i + 1 < s.len() { Some(i + 1) } else { None };
    if let Some(n) = next {
        let t = s.at(n);
        if matches!(t.kind, K::DqMid | K::DqPost) && t.value.starts_with('[') {
            // The `[...]` accesses after the variable move inside the braces.
            let text = t.value.clone();
            let mut depth = 0;
            let mut split = text.len();
            let chars: Vec<(usize, char)> = text.char_indices().collect();
            for (k, &(at, c)) in chars.iter().enumerate() {
                match c {
                    '[' => depth += 1,
                    ']' => depth -= 1,
                    _ => {}
                }
                if depth == 0 && chars.get(k + 1).map(|&(_, c)| c) != Some('[') {
                    split = at + c.len_utf8();
                    break;
                }
            }
            let (reference, remainder) = text.split_at(split);
            let string_id = s.order[n];
            s.insert(n, K::Other, reference);
            s.all[string_id].value = remainder.to_string();
        }
    }
    if s.all[id].value.contains('-') {
        let value = s.all[id].value.clone();
        let (name, text) = value.split_once('-').unwrap_or((&value, ""));
        set_value(s, id, name.to_string());
        if let Some(i) = s.index_of(id) {
            if i + 1 < s.len() {
                let n = s.order[i + 1];
                let joined = ["-", text, &s.all[n].value].concat();
                s.all[n].value = joined.clone();
                s.all[n].raw = joined;
            }
        }
    }
}

fn star_comment(s: &mut Stream, id: usize) {
    let value = s.all[id].value.trim().to_string();
    let mut lines = value.split('\n').map(|l| l.trim().to_string());
    let first = lines.next().unwrap_or_default();
    let rest: Vec<String> = lines.collect();
    set(s, id, K::Comment);
    s.all[id].value = [" ", &first].concat();
    let Some(i) = s.index_of(id) else { return };
    let index = if i + 1 < s.len() { i + 1 } else { 1 };
    let indent = if i > 0 {
        Some(s.at(i - 1).value.clone())
    } else {
        None
    };
    for line in rest.iter().rev() {
        s.insert(index, K::Comment, &[" ", line].concat());
        let c = s.order[index];
        s.all[c].value = [" ", line].concat();
        if let Some(indent) = &indent {
            s.insert(index, K::Indent, indent);
        }
        s.insert(index, K::Newline, "\n");
    }
}

fn arrow_on_right(s: &mut Stream, id: usize) {
    let Some(i) = s.index_of(id) else { return };
    let left = s.prev_code(i).map(|l| s.order[l]);
    let Some(right) = s.next_code(i).map(|r| s.order[r]) else {
        return;
    };
    s.remove_id(id);
    let Some(r) = s.index_of(right) else { return };
    s.order.insert(r, id);
    s.insert(r + 1, K::Whitespace, " ");
    let Some(left) = left.and_then(|l| s.index_of(l)) else {
        return;
    };
    if left + 1 < s.len() && s.kind(left + 1) == K::Whitespace {
        let after = if left + 2 < s.len() {
            Some(s.kind(left + 2))
        } else {
            None
        };
        if matches!(after, Some(K::Newline | K::Whitespace)) {
            let ws = s.order[left + 1];
            s.remove_id(ws);
        }
    }
}

fn ensure_first(s: &mut Stream, f: &Finding) -> bool {
    let Extra::EnsureFirst { first_param } = f.extra else {
        return false;
    };
    let Some(first) = s.index_of(first_param) else {
        return false;
    };
    let Some(first_comma) = s.find_of(first, true, &[K::Comma], None) else {
        return false;
    };
    let Some(ensure) = s.find_of(first_comma, true, &[K::Name], Some("ensure")) else {
        return false;
    };
    let Some(ensure_comma) = s.find_of(ensure, true, &[K::Comma, K::Semic], None) else {
        return false;
    };
    let ensure_part: Vec<usize> = s.order[ensure..ensure_comma].to_vec();
    let first_part: Vec<usize> = s.order[first..first_comma].to_vec();
    s.order.drain(ensure..ensure_comma);
    s.order.drain(first..first_comma);
    for (k, id) in ensure_part.iter().enumerate() {
        s.order.insert(first + k, *id);
    }
    let at = ensure + ensure_part.len() - first_part.len();
    for (k, id) in first_part.iter().enumerate() {
        s.order.insert(at + k, *id);
    }
    true
}

fn arrow_alignment(s: &mut Stream, id: usize, extra: &Extra) -> bool {
    let Extra::Arrow {
        arrow_column,
        newline,
        newline_indent,
    } = *extra
    else {
        return false;
    };
    let Some(i) = s.index_of(id) else {
        return false;
    };
    let column = s.all[id].column as i64;
    let new_len: i64 = if newline {
        let Some(param) = s.prev_code(i) else {
            return false;
        };
        if param == 0 {
            return false;
        }
        let before = param - 1;
        s.insert(before, K::Newline, "\n");
        // The token before the parameter (now after the newline) becomes the indentation.
        let ws = s.order[before + 1];
        set(s, ws, K::Indent);
        set_value(s, ws, " ".repeat(newline_indent as usize));
        let Some(i) = s.index_of(id) else {
            return false;
        };
        let Some(param) = s.prev_code(i) else {
            return false;
        };
        let Some(start) = s.find_of(i, false, &[K::Indent, K::Newline], None) else {
            return false;
        };
        let len: usize = (start..=param)
            .map(|k| s.render(k).chars().count())
            .sum::<usize>()
            + 1;
        arrow_column as i64 - len as i64
    } else {
        let prev_ws = if i > 0 && s.kind(i - 1) == K::Whitespace {
            s.render(i - 1).chars().count() as i64
        } else {
            0
        };
        prev_ws + arrow_column as i64 - column
    };
    if new_len < 0 {
        return false;
    }
    let ws = " ".repeat(new_len as usize);
    let Some(i) = s.index_of(id) else {
        return false;
    };
    if i > 0 && s.kind(i - 1) == K::Whitespace {
        let w = s.order[i - 1];
        set_value(s, w, ws);
    } else {
        s.insert(i, K::Whitespace, &ws);
    }
    true
}
