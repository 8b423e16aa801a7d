//! Many nodes' diffs grouped by equality ("37 nodes: Package[nginx] ensure '1.18' → '1.24'"),
//! with the errored / changed / unaffected counts: a fleet's report as data. Shards' reports
//! merge by handing all their nodes to one [`Grouper`].

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use foldhash::fast::FixedState;
use indexmap::IndexMap;

use super::compare::{NodeDiff, Status};

/// Nodes whose diffs are equal, with that diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Node names, sorted.
    pub nodes: Vec<String>,
    pub diff: NodeDiff,
}

/// How many nodes have each status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub errored: usize,
    pub changed: usize,
    pub unaffected: usize,
}

impl Counts {
    pub fn nodes(&self) -> usize {
        self.errored + self.changed + self.unaffected
    }
}

/// Collects nodes' diffs, keeping each distinct diff once.
#[derive(Debug, Default)]
pub struct Grouper {
    groups: IndexMap<NodeDiff, Vec<String>, FixedState>,
}

impl Grouper {
    pub fn new() -> Grouper {
        Grouper::default()
    }

    /// Add a node's diff.
    pub fn add(&mut self, node: String, diff: NodeDiff) {
        self.groups.entry(diff).or_default().push(node);
    }

    /// The groups: errored first, then changed, then unaffected; within each, larger groups
    /// first, then by their first node's name. The order does not depend on the order nodes
    /// were added in, so shards merged give one run's report.
    pub fn finish(self) -> Vec<Group> {
        let mut groups: Vec<Group> = self
            .groups
            .into_iter()
            .map(|(diff, mut nodes)| {
                nodes.sort();
                nodes.dedup();
                Group { nodes, diff }
            })
            .collect();
        groups.sort_by(|a, b| {
            (a.diff.status(), b.nodes.len(), &a.nodes).cmp(&(
                b.diff.status(),
                a.nodes.len(),
                &b.nodes,
            ))
        });
        groups
    }
}

/// The counts of a report's groups.
pub fn counts(groups: &[Group]) -> Counts {
    let mut counts = Counts::default();
    for group in groups {
        let n = group.nodes.len();
        match group.diff.status() {
            Status::Errored => counts.errored += n,
            Status::Changed => counts.changed += n,
            Status::Unaffected => counts.unaffected += n,
        }
    }
    counts
}

/// Values longer than this are left out of a headline.
const HEADLINE_VALUE: usize = 40;

/// One line saying what a diff does: its first change, and how many more there are.
pub fn headline(diff: &NodeDiff) -> String {
    let mut items: Vec<String> = Vec::new();
    if let Some(error) = &diff.error {
        items.push(match (&error.from, &error.to) {
            (_, Some(to)) if error.from.as_ref() == Some(to) => {
                format!("still fails: {}", short(to, 80))
            }
            (_, Some(to)) => format!("fails: {}", short(to, 80)),
            (Some(_), None) => String::from("compiles again"),
            (None, None) => String::from("no change"),
        });
    }
    for change in &diff.parameters_changed {
        let value = |v: &Option<super::Data>| match v {
            None => String::from("(absent)"),
            Some(data) => {
                let text = data.text();
                let multiline = data.as_str().is_some_and(|s| s.contains('\n'));
                if multiline || text.chars().count() > HEADLINE_VALUE {
                    String::from("(changed)")
                } else {
                    text
                }
            }
        };
        let (from, to) = (value(&change.from), value(&change.to));
        items.push(if from == "(changed)" || to == "(changed)" {
            format!("{} {} changed", change.resource, change.parameter)
        } else {
            format!("{} {} {from} → {to}", change.resource, change.parameter)
        });
    }
    items.extend(
        diff.resources_added
            .iter()
            .map(|r| format!("+ {}", r.resource)),
    );
    items.extend(
        diff.resources_removed
            .iter()
            .map(|r| format!("- {}", r.resource)),
    );
    items.extend(diff.classes_added.iter().map(|c| format!("+ class {c}")));
    items.extend(diff.classes_removed.iter().map(|c| format!("- class {c}")));
    items.extend(diff.edges_added.iter().map(|e| format!("+ {}", e.text())));
    items.extend(diff.edges_removed.iter().map(|e| format!("- {}", e.text())));
    items.extend(
        diff.cycles_added
            .iter()
            .map(|c| format!("new cycle ({})", crate::text::join(c, " => "))),
    );
    items.extend(
        diff.cycles_removed
            .iter()
            .map(|c| format!("cycle gone ({})", crate::text::join(c, " => "))),
    );
    match items.len() {
        0 => String::from("no change"),
        1 => items.remove(0),
        n => format!("{} and {} more", items.remove(0), n - 1),
    }
}

fn short(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() <= max {
        return line.into();
    }
    let cut: String = line.chars().take(max).collect();
    format!("{cut}…")
}
