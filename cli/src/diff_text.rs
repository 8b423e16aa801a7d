//! The text of a diff, for terminals and inside the Markdown report: one block per group, a line
//! per change (`+` added, `-` removed, `~` changed, `!` errors and cycles), long or multi-line
//! strings as a unified diff.

use std::fmt::Write;

use puppet_core::diff::{headline, Counts, Data, Group, NodeDiff, Position, Status};

/// Strings longer than this (or with a newline) are shown as a unified diff.
const LONG_STRING: usize = 72;

/// Node names listed under a group before "and N more".
pub const NODES_LISTED: usize = 10;

/// `3 nodes: 1 errored, 1 changed, 1 unaffected`.
pub fn counts_line(counts: &Counts) -> String {
    let nodes = counts.nodes();
    format!(
        "{nodes} node{}: {} errored, {} changed, {} unaffected",
        if nodes == 1 { "" } else { "s" },
        counts.errored,
        counts.changed,
        counts.unaffected
    )
}

/// `37 nodes changed: Package[nginx] ensure '1.18' → '1.24'`.
pub fn group_title(group: &Group) -> String {
    let n = group.nodes.len();
    let status = group.diff.status();
    let nodes = format!("{n} node{}", if n == 1 { "" } else { "s" });
    match status {
        Status::Unaffected => format!("{nodes} unaffected"),
        _ => format!("{nodes} {}: {}", status.as_str(), headline(&group.diff)),
    }
}

/// The group's nodes, the first few by name.
pub fn node_list(nodes: &[String]) -> String {
    let mut text = nodes
        .iter()
        .take(NODES_LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if nodes.len() > NODES_LISTED {
        let _ = write!(text, " and {} more", nodes.len() - NODES_LISTED);
    }
    text
}

fn at(position: &Option<Position>) -> String {
    position
        .as_ref()
        .map(|p| format!("  ({}:{})", p.file, p.line))
        .unwrap_or_default()
}

/// The changes of a diff, one line each (indented by `indent`).
pub fn changes(diff: &NodeDiff, indent: &str) -> String {
    let mut out = String::new();
    if let Some(error) = &diff.error {
        match (&error.from, &error.to) {
            (Some(from), Some(to)) if from == to => {
                let _ = writeln!(out, "{indent}! fails to compile, as before: {to}");
            }
            (from, Some(to)) => {
                let _ = writeln!(out, "{indent}! fails to compile: {to}");
                if let Some(from) = from {
                    let _ = writeln!(out, "{indent}  (before: {from})");
                }
            }
            (Some(from), None) => {
                let _ = writeln!(out, "{indent}! compiles again (before: {from})");
            }
            (None, None) => {}
        }
    }
    for entry in &diff.resources_added {
        let _ = writeln!(out, "{indent}+ {}{}", entry.resource, at(&entry.position));
        for (name, value) in &entry.parameters {
            let _ = writeln!(out, "{indent}    {name} => {}", value.text());
        }
    }
    for entry in &diff.resources_removed {
        let _ = writeln!(out, "{indent}- {}{}", entry.resource, at(&entry.position));
    }
    let mut last_resource = None;
    for change in &diff.parameters_changed {
        if last_resource != Some(&change.resource) {
            let _ = writeln!(out, "{indent}~ {}{}", change.resource, at(&change.position));
            last_resource = Some(&change.resource);
        }
        value_change(
            &mut out,
            &format!("{indent}    "),
            &change.parameter,
            &change.from,
            &change.to,
        );
    }
    for class in &diff.classes_added {
        let _ = writeln!(out, "{indent}+ class {class}");
    }
    for class in &diff.classes_removed {
        let _ = writeln!(out, "{indent}- class {class}");
    }
    for edge in &diff.edges_added {
        let _ = writeln!(out, "{indent}+ {}", edge.text());
    }
    for edge in &diff.edges_removed {
        let _ = writeln!(out, "{indent}- {}", edge.text());
    }
    for cycle in &diff.cycles_added {
        let _ = writeln!(
            out,
            "{indent}! new dependency cycle: ({})",
            cycle.join(" => ")
        );
    }
    for cycle in &diff.cycles_removed {
        let _ = writeln!(
            out,
            "{indent}  dependency cycle gone: ({})",
            cycle.join(" => ")
        );
    }
    out
}

fn value_change(
    out: &mut String,
    indent: &str,
    name: &str,
    from: &Option<Data>,
    to: &Option<Data>,
) {
    let long = |value: &Option<Data>| {
        value
            .as_ref()
            .and_then(Data::as_str)
            .is_some_and(|s| s.contains('\n') || s.chars().count() > LONG_STRING)
    };
    if long(from) || long(to) {
        let old = from.as_ref().and_then(Data::as_str).unwrap_or_default();
        let new = to.as_ref().and_then(Data::as_str).unwrap_or_default();
        let _ = writeln!(out, "{indent}{name}:");
        let text_diff = similar::TextDiff::from_lines(old, new);
        let unified = text_diff.unified_diff().context_radius(3).to_string();
        for line in unified.lines() {
            let _ = writeln!(out, "{indent}  {line}");
        }
        return;
    }
    let show = |value: &Option<Data>| {
        value
            .as_ref()
            .map_or_else(|| "(absent)".to_string(), Data::text)
    };
    let _ = writeln!(out, "{indent}{name}: {} → {}", show(from), show(to));
}

/// The whole report for a terminal.
pub fn render(from: &str, to: &str, groups: &[Group]) -> String {
    let mut out = format!("puppet-eval diff: {from} → {to}\n");
    let _ = writeln!(out, "{}", counts_line(&puppet_core::diff::counts(groups)));
    for group in groups {
        let _ = writeln!(out, "\n{}", group_title(group));
        let _ = writeln!(out, "  nodes: {}", node_list(&group.nodes));
        out.push_str(&changes(&group.diff, "  "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_strings_are_a_unified_diff() {
        let mut out = String::new();
        let from = Some(Data::String(
            "worker_processes 2;\nevents {}\nhttp {}\n".into(),
        ));
        let to = Some(Data::String(
            "worker_processes 4;\nevents {}\nhttp {}\n".into(),
        ));
        value_change(&mut out, "", "content", &from, &to);
        assert_eq!(
            out,
            "content:\n  @@ -1,3 +1,3 @@\n  -worker_processes 2;\n  +worker_processes 4;\n   events {}\n   http {}\n"
        );
        let mut short = String::new();
        value_change(
            &mut short,
            "",
            "mode",
            &Some(Data::String("0644".into())),
            &None,
        );
        assert_eq!(short, "mode: '0644' → (absent)\n");
    }
}
