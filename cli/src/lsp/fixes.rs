//! Formatting and code actions: puppet-lint's fixes as one edit of the document, each finding's
//! fix on its own (the lines it changes), every fix at once, and each "did you mean" of a
//! compile's diagnostic as the name it suggests.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, DocumentFormattingParams,
    TextEdit, Uri, WorkspaceEdit,
};
use puppet_core::lint::Kind;
use serde_json::Value;

use super::capabilities::FIX_ALL_LINT;
use super::positions::Lines;
use super::server::{json, params, Answer, Server};

/// The one edit that turns `old` into `new`: the text between their common start and end.
pub fn one_edit(old: &str, new: &str) -> Option<TextEdit> {
    if old == new {
        return None;
    }
    let prefix = old
        .char_indices()
        .zip(new.chars())
        .find(|((_, a), b)| a != b)
        .map_or(old.len().min(new.len()), |((i, _), _)| i);
    let prefix = floor_boundary(new, floor_boundary(old, prefix));
    let suffix = old[prefix..]
        .chars()
        .rev()
        .zip(new[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let lines = Lines::new(old);
    Some(TextEdit {
        range: lines.range(prefix, old.len() - suffix),
        new_text: new[prefix..new.len() - suffix].to_string(),
    })
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

pub fn formatting(server: &mut Server, raw: Value) -> Answer {
    let p: DocumentFormattingParams = params(raw)?;
    let (folder, path, text) = server.document(&p.text_document.uri)?;
    let edits: Vec<TextEdit> = super::lint_run::fixed(server, folder, &path, None)
        .and_then(|fixed| one_edit(text, &fixed))
        .into_iter()
        .collect();
    json(edits)
}

/// The edits of the lines that differ between `old` and `new` around line `line` (0-based) of
/// `old`: the fix of one finding, when a check fixes several.
fn hunk_at(old: &str, new: &str, line: usize) -> Option<TextEdit> {
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    // Lines that stay equal from the start and from the end frame the changed block; inside it,
    // fixes that keep the number of lines are taken line by line.
    if old_lines.len() == new_lines.len() {
        let (a, b) = (old_lines.get(line)?, new_lines.get(line)?);
        if a == b {
            return None;
        }
        let start: usize = old_lines[..line].iter().map(|l| l.len()).sum();
        let lines = Lines::new(old);
        return Some(TextEdit {
            range: lines.range(start, start + a.len()),
            new_text: b.to_string(),
        });
    }
    one_edit(old, new)
}

pub fn code_actions(server: &mut Server, raw: Value) -> Answer {
    let p: CodeActionParams = params(raw)?;
    let uri = p.text_document.uri.clone();
    let (folder, path, text) = server.document(&uri)?;
    let text = text.to_string();
    let lines = Lines::new(&text);
    let (from, to) = lines.offsets(p.range).unwrap_or((0, text.len()));
    let wants = |kind: &str| {
        p.context
            .only
            .as_ref()
            .is_none_or(|only| only.iter().any(|k| kind.starts_with(k.as_str())))
    };
    let mut actions: Vec<CodeActionOrCommand> = Vec::new();
    // lsp-types keys a workspace edit's changes by Uri, which clippy takes for a mutable key.
    #[allow(clippy::mutable_key_type)]
    let edit_of = |edit: TextEdit| {
        let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
        changes.insert(uri.clone(), vec![edit]);
        WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        }
    };
    if wants(CodeActionKind::QUICKFIX.as_str()) {
        // Each lint finding in the range whose check has a fix.
        let findings = super::lint_run::findings(server, folder, &path);
        let mut fixed_by_check: HashMap<&str, Option<String>> = HashMap::new();
        // A finding on a line the range touches counts (an editor asks with the cursor's place,
        // often not on the finding's own characters).
        let (first_line, last_line) = (lines.position(from).line, lines.position(to).line);
        for finding in findings.iter() {
            let (start, end) = (
                lines.position(finding.start as usize).line,
                lines.position(finding.end as usize).line,
            );
            let touches = start <= last_line && first_line <= end;
            if !touches || finding.kind == Kind::Ignored || finding.check == "syntax" {
                continue;
            }
            let fixed = fixed_by_check.entry(finding.check).or_insert_with(|| {
                super::lint_run::fixed(server, folder, &path, Some(finding.check))
            });
            let Some(fixed) = fixed else {
                continue;
            };
            let line = (finding.line as usize).saturating_sub(1);
            let Some(edit) = hunk_at(&text, fixed, line) else {
                continue;
            };
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Fix {}: {}", finding.check, finding.message),
                kind: Some(CodeActionKind::QUICKFIX),
                edit: Some(edit_of(edit)),
                ..CodeAction::default()
            }));
        }
        // Each "did you mean" of the compile's diagnostics in the range.
        actions.extend(
            did_you_mean(server, folder, &path, from, to)
                .into_iter()
                .map(|(title, edit)| {
                    CodeActionOrCommand::CodeAction(CodeAction {
                        title,
                        kind: Some(CodeActionKind::QUICKFIX),
                        edit: Some(edit_of(edit)),
                        is_preferred: Some(true),
                        ..CodeAction::default()
                    })
                }),
        );
    }
    if wants(FIX_ALL_LINT) {
        if let Some(edit) = super::lint_run::fixed(server, folder, &path, None)
            .and_then(|fixed| one_edit(&text, &fixed))
        {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Fix every puppet-lint problem".into(),
                kind: Some(CodeActionKind::new(FIX_ALL_LINT)),
                edit: Some(edit_of(edit)),
                ..CodeAction::default()
            }));
        }
    }
    json(actions)
}

/// The suggestions of "did you mean 'x'?" notes on the last compile's diagnostics that touch
/// `from..to` of `path`: the name in the diagnostic's range replaced by each suggestion.
fn did_you_mean(
    server: &Server,
    folder: usize,
    path: &str,
    from: usize,
    to: usize,
) -> Vec<(String, TextEdit)> {
    let analysis = &server.folders[folder].analysis;
    let (Some(text), true) = (analysis.text(path), analysis.compiled_as_is(path)) else {
        return Vec::new();
    };
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let Some(compiled) = analysis.last_compile() else {
        return out;
    };
    for d in compiled
        .diagnostics
        .iter()
        .filter(|d| d.path.as_deref() == Some(path))
    {
        if !(d.start <= to && from <= d.end) {
            continue;
        }
        let Some((name_start, name_end)) = name_in(text, d.start, d.end) else {
            continue;
        };
        for (note, _) in &d.notes {
            for suggestion in suggestions(note) {
                out.push((
                    format!("Change to '{suggestion}'"),
                    TextEdit {
                        range: lines.range(name_start, name_end),
                        new_text: suggestion,
                    },
                ));
            }
        }
    }
    out
}

/// The names a note "did you mean 'a', 'b' or 'c'?" suggests.
fn suggestions(note: &str) -> Vec<String> {
    let Some(rest) = note.strip_prefix("did you mean ") else {
        return Vec::new();
    };
    rest.split('\'')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// The first name in `text[start..end]` (a variable with its `$`, a qualified name).
fn name_in(text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let part = text.get(start..end)?;
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == ':' || c == '$';
    let first = part.find(is_name)?;
    let length = part[first..]
        .find(|c: char| !is_name(c))
        .unwrap_or(part.len() - first);
    Some((start + first, start + first + length))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edit_covers_what_changed() {
        let edit = one_edit("$a = \"x\"\n$b = 1\n", "$a = 'x'\n$b = 1\n").expect("an edit");
        assert_eq!(edit.new_text, "'x'");
        assert_eq!(
            (edit.range.start.character, edit.range.end.character),
            (5, 8)
        );
        assert_eq!(one_edit("same", "same"), None);
        // Non-ASCII before the change: UTF-16 columns.
        let edit = one_edit("# é😀\n$a = \"x\"\n", "# é😀\n$a = 'x'\n").expect("an edit");
        assert_eq!((edit.range.start.line, edit.range.start.character), (1, 5));
    }

    #[test]
    fn suggestions_and_names() {
        assert_eq!(suggestions("did you mean 'notice'?"), ["notice"]);
        assert_eq!(
            suggestions("did you mean 'a', 'b' or 'c'?"),
            ["a", "b", "c"]
        );
        assert!(suggestions("something else").is_empty());
        let text = "notic('x')";
        assert_eq!(name_in(text, 0, text.len()), Some((0, 5)));
        assert_eq!(name_in("  $nme + 1", 0, 10), Some((2, 6)));
    }

    #[test]
    fn a_hunk_is_the_finding_s_line() {
        let old = "$a = \"x\"\n$b = \"y\"\n";
        let new = "$a = 'x'\n$b = 'y'\n";
        let edit = hunk_at(old, new, 1).expect("line 2");
        assert_eq!(edit.new_text, "$b = 'y'\n");
        assert_eq!(edit.range.start.line, 1);
        assert_eq!(hunk_at(old, old, 0), None);
    }
}
