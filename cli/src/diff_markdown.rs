//! The Markdown report of `puppet-eval diff`, for a pull-request comment: the counts as a table,
//! then each group folded (`<details>`) with its changes in a `diff` code block. GitHub refuses a
//! comment over 65,536 characters: groups that do not fit are summarised in one line at the end.

use std::fmt::Write;

use puppet_core::diff::{counts, Group, Status};

use crate::diff_text::{changes, group_title, node_list};

/// GitHub's limit on a comment's length, in characters.
pub const MAX_CHARS: usize = 65_536;

/// Room kept for the closing summary line.
const SUMMARY_ROOM: usize = 400;

/// A group's changes longer than this are cut (the JSON report has them whole).
const MAX_GROUP_CHARS: usize = 20_000;

/// `text` safe inside HTML (the summary line of `<details>`).
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A code fence longer than any run of backticks in `text`.
fn fence(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat((longest + 1).max(3))
}

fn cut(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    let mut kept = String::new();
    let mut lines = text.lines();
    for line in lines.by_ref() {
        if kept.chars().count() + line.chars().count() + 1 > max_chars {
            break;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    let left = text.lines().count() - kept.lines().count();
    let _ = writeln!(kept, "… {left} more lines: see the JSON report");
    kept
}

fn group_block(group: &Group) -> String {
    let title = group_title(group);
    let nodes = node_list(&group.nodes);
    if group.diff.status() == Status::Unaffected {
        return format!("{}: `{}`\n\n", html(&title), html(&nodes));
    }
    let body = cut(&changes(&group.diff, ""), MAX_GROUP_CHARS);
    let fence = fence(&body);
    format!(
        "<details><summary>{}</summary>\n\nNodes: {}\n\n{fence}diff\n{body}{fence}\n\n</details>\n\n",
        html(&title),
        html(&nodes)
    )
}

/// The report as Markdown, at most [`MAX_CHARS`] characters.
pub fn render(from: &str, to: &str, groups: &[Group]) -> String {
    let counts = counts(groups);
    let mut out = format!(
        "### Catalog diff: `{}` → `{}`\n\n| nodes | errored | changed | unaffected |\n|---:|---:|---:|---:|\n| {} | {} | {} | {} |\n\n",
        from.replace('`', "'"),
        to.replace('`', "'"),
        counts.nodes(),
        counts.errored,
        counts.changed,
        counts.unaffected
    );
    let mut used = out.chars().count();
    let mut left_out = (0usize, 0usize);
    for group in groups {
        let block = group_block(group);
        let size = block.chars().count();
        if left_out.0 == 0 && used + size + SUMMARY_ROOM <= MAX_CHARS {
            out.push_str(&block);
            used += size;
        } else {
            left_out.0 += 1;
            left_out.1 += group.nodes.len();
        }
    }
    if left_out.0 > 0 {
        let _ = writeln!(
            out,
            "… and {} more group{} ({} node{}) that do not fit in a comment: see the JSON report.",
            left_out.0,
            if left_out.0 == 1 { "" } else { "s" },
            left_out.1,
            if left_out.1 == 1 { "" } else { "s" }
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_core::diff::{Data, NodeDiff, ParameterChange};

    fn changed(node: &str, value: &str) -> Group {
        Group {
            nodes: vec![node.to_string()],
            diff: NodeDiff {
                parameters_changed: vec![ParameterChange {
                    resource: "File[/etc/motd]".into(),
                    parameter: "content".into(),
                    from: Some(Data::String(String::new())),
                    to: Some(Data::String(value.into())),
                    position: None,
                }],
                ..NodeDiff::default()
            },
        }
    }

    #[test]
    fn stays_within_githubs_limit() {
        let big = "x\n".repeat(9_000);
        let groups: Vec<Group> = (0..40)
            .map(|n| changed(&format!("node{n:02}"), &format!("{n}\n{big}")))
            .collect();
        let text = render("a", "b", &groups);
        assert!(
            text.chars().count() <= MAX_CHARS,
            "{}",
            text.chars().count()
        );
        assert!(
            text.contains("more groups ("),
            "{}",
            &text[text.len() - 300..]
        );
        assert!(text.contains(
            "<details><summary>1 node changed: File[/etc/motd] content changed</summary>"
        ));
    }

    #[test]
    fn fences_outlast_backticks_and_titles_are_escaped() {
        let group = changed("<b>", "```\n````\n");
        let text = render("a", "b", &[group]);
        assert!(text.contains("`````diff\n"), "{text}");
        assert!(text.contains("Nodes: &lt;b&gt;"));
    }
}
