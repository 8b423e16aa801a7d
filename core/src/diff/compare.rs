//! Two catalogs of one node compared as octocatalog-diff compares them by default: resources by
//! type and title (a file by its `path`), parameters as values, order, tags and source positions
//! left out, the details of a file that becomes absent dropped; besides, what octocatalog-diff
//! does not see: classes, relationship edges, dependency cycles and compile errors.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::String;
use alloc::vec::Vec;

use super::catalog::{Edge, NodeCatalog, Position, Resource};
use super::data::Data;
use super::options::DiffOptions;

/// What changed for one node between two versions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct NodeDiff {
    /// Present when either compile failed: the errors before and after (`None`: it compiled).
    pub error: Option<ErrorChange>,
    pub resources_added: Vec<ResourceEntry>,
    pub resources_removed: Vec<ResourceEntry>,
    pub parameters_changed: Vec<ParameterChange>,
    /// Class names (`Nginx::Service`).
    pub classes_added: Vec<String>,
    pub classes_removed: Vec<String>,
    pub edges_added: Vec<Edge>,
    pub edges_removed: Vec<Edge>,
    /// Dependency cycles the new version has and the old one had not (their paths), and the
    /// reverse.
    pub cycles_added: Vec<Vec<String>>,
    pub cycles_removed: Vec<Vec<String>>,
}

/// The compile errors of the two versions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ErrorChange {
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A resource added or removed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResourceEntry {
    /// `Type[title]`.
    pub resource: String,
    /// Where the version that has it declared it.
    pub position: Option<Position>,
    /// Its parameters: an added resource's with `detail_add`, else none.
    pub parameters: Vec<(String, Data)>,
}

/// A parameter whose value changed, appeared (`from: None`) or went away (`to: None`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParameterChange {
    pub resource: String,
    pub parameter: String,
    pub from: Option<Data>,
    pub to: Option<Data>,
    /// Where the new version declares the resource.
    pub position: Option<Position>,
}

/// Whether a node's new version compiles, changes it, or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// The new version fails to compile for the node.
    Errored,
    Changed,
    Unaffected,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Errored => "errored",
            Status::Changed => "changed",
            Status::Unaffected => "unaffected",
        }
    }
}

impl NodeDiff {
    /// The node's status under this diff.
    pub fn status(&self) -> Status {
        if self.error.as_ref().is_some_and(|e| e.to.is_some()) {
            Status::Errored
        } else if self.is_empty() {
            Status::Unaffected
        } else {
            Status::Changed
        }
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.error.is_none()
            && self.resources_added.is_empty()
            && self.resources_removed.is_empty()
            && self.parameters_changed.is_empty()
            && self.classes_added.is_empty()
            && self.classes_removed.is_empty()
            && self.edges_added.is_empty()
            && self.edges_removed.is_empty()
            && self.cycles_added.is_empty()
            && self.cycles_removed.is_empty()
    }
}

/// Parameters octocatalog-diff keeps when a file becomes absent (its `AbsentFile` filter, on by
/// default): the others' changes say nothing about a file that will not be there.
const ABSENT_FILE_KEPT: [&str; 4] = ["ensure", "backup", "force", "provider"];

/// A resource's identity: its type and title, a file's `path` standing for its title.
type Key = (String, String);

/// A resource's parameters by name, without a file's `path`.
type Parameters<'a> = Vec<(&'a str, &'a Data)>;

/// A resource as the diff sees it: its name (`File[<path>]` for a file known by its path, as
/// octocatalog-diff names it), the resource and its parameters.
type Seen<'a> = (String, &'a Resource, Parameters<'a>);

struct Indexed<'a> {
    resources: BTreeMap<Key, Seen<'a>>,
    classes: BTreeSet<&'a str>,
}

fn index<'a>(catalog: &'a NodeCatalog, options: &DiffOptions) -> Indexed<'a> {
    let mut indexed = Indexed {
        resources: BTreeMap::new(),
        classes: BTreeSet::new(),
    };
    for resource in &catalog.resources {
        let (type_name, title) = (resource.type_name.as_str(), resource.title.as_str());
        if options
            .ignore
            .iter()
            .any(|rule| rule.drops_resource(type_name, title))
        {
            continue;
        }
        if type_name == "Class" {
            indexed.classes.insert(title);
            continue;
        }
        let path = (type_name == "File")
            .then(|| resource.parameters.iter().find(|(name, _)| name == "path"))
            .flatten()
            .and_then(|(_, value)| value.as_str());
        let key: Key = (resource.type_name.clone(), path.unwrap_or(title).into());
        let name = alloc::format!("{}[{}]", key.0, key.1);
        let parameters = resource
            .parameters
            .iter()
            .filter(|(name, _)| !(path.is_some() && name == "path"))
            .map(|(name, value)| (name.as_str(), value))
            .collect();
        indexed
            .resources
            .entry(key)
            .or_insert((name, resource, parameters));
    }
    indexed
}

/// What changed for a node from `from` to `to`.
pub fn diff_catalogs(from: &NodeCatalog, to: &NodeCatalog, options: &DiffOptions) -> NodeDiff {
    if from.error.is_some() || to.error.is_some() {
        // A catalog that failed has nothing to compare: the errors are the news.
        return NodeDiff {
            error: (from.error != to.error || to.error.is_some()).then(|| ErrorChange {
                from: from.error.clone(),
                to: to.error.clone(),
            }),
            ..NodeDiff::default()
        };
    }
    let old = index(from, options);
    let new = index(to, options);
    let mut diff = NodeDiff::default();
    for (key, (name, resource, parameters)) in &new.resources {
        match old.resources.get(key) {
            None => diff.resources_added.push(ResourceEntry {
                resource: name.clone(),
                position: resource.position.clone(),
                parameters: if options.detail_add {
                    parameters
                        .iter()
                        .map(|(name, value)| ((*name).into(), (*value).clone()))
                        .collect()
                } else {
                    Vec::new()
                },
            }),
            Some((_, _, old_parameters)) => compare_parameters(
                name,
                resource,
                old_parameters,
                parameters,
                options,
                &mut diff,
            ),
        }
    }
    for (key, (name, resource, _)) in &old.resources {
        if !new.resources.contains_key(key) {
            diff.resources_removed.push(ResourceEntry {
                resource: name.clone(),
                position: resource.position.clone(),
                parameters: Vec::new(),
            });
        }
    }
    diff.classes_added = new
        .classes
        .difference(&old.classes)
        .map(|c| (*c).into())
        .collect();
    diff.classes_removed = old
        .classes
        .difference(&new.classes)
        .map(|c| (*c).into())
        .collect();
    let shown = |edge: &&Edge| !edge_ignored(edge, options);
    let old_edges: BTreeSet<&Edge> = from.edges.iter().filter(shown).collect();
    let new_edges: BTreeSet<&Edge> = to.edges.iter().filter(shown).collect();
    diff.edges_added = new_edges
        .difference(&old_edges)
        .map(|e| (*e).clone())
        .collect();
    diff.edges_removed = old_edges
        .difference(&new_edges)
        .map(|e| (*e).clone())
        .collect();
    diff.cycles_added = new_cycles(&to.cycles, &from.cycles);
    diff.cycles_removed = new_cycles(&from.cycles, &to.cycles);
    diff.resources_added
        .sort_by(|a, b| a.resource.cmp(&b.resource));
    diff.resources_removed
        .sort_by(|a, b| a.resource.cmp(&b.resource));
    diff
}

fn compare_parameters(
    name_shown: &str,
    resource: &Resource,
    old: &[(&str, &Data)],
    new: &[(&str, &Data)],
    options: &DiffOptions,
    diff: &mut NodeDiff,
) {
    let find = |list: &[(&str, &Data)], name: &str| {
        list.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| (*value).clone())
    };
    let becomes_absent = resource.type_name == "File"
        && find(new, "ensure").is_some_and(|ensure| {
            matches!(&ensure, Data::String(s) if s == "absent" || s == "false")
                || ensure == Data::Boolean(false)
        })
        && find(old, "ensure") != find(new, "ensure");
    let names = old.iter().map(|(name, _)| *name).chain(
        new.iter()
            .map(|(name, _)| *name)
            .filter(|name| find(old, name).is_none()),
    );
    for name in names {
        let (before, after) = (find(old, name), find(new, name));
        if before == after
            || (becomes_absent && !ABSENT_FILE_KEPT.contains(&name))
            || options
                .ignore
                .iter()
                .any(|rule| rule.drops_parameter(&resource.type_name, &resource.title, name))
        {
            continue;
        }
        diff.parameters_changed.push(ParameterChange {
            resource: name_shown.into(),
            parameter: name.into(),
            from: before,
            to: after,
            position: resource.position.clone(),
        });
    }
}

/// Whether an edge touches a resource the options leave out.
fn edge_ignored(edge: &Edge, options: &DiffOptions) -> bool {
    [&edge.source, &edge.target].iter().any(|reference| {
        let Some((type_name, title)) = reference.strip_suffix(']').and_then(|r| r.split_once('['))
        else {
            return false;
        };
        options
            .ignore
            .iter()
            .any(|rule| rule.drops_resource(type_name, title))
    })
}

/// The cycles of `these` that `others` has not, a cycle being the set of resources on it.
fn new_cycles(these: &[Vec<String>], others: &[Vec<String>]) -> Vec<Vec<String>> {
    let members = |path: &Vec<String>| path.iter().cloned().collect::<BTreeSet<String>>();
    let known: Vec<BTreeSet<String>> = others.iter().map(members).collect();
    these
        .iter()
        .filter(|path| !known.contains(&members(path)))
        .cloned()
        .collect()
}
