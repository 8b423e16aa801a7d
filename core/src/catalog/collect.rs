//! Resources as scopes, collectors and overrides see them: catalog scopes (resource defaults and
//! tags are dynamically scoped), collectors waiting for the end of the program and their queries,
//! the tags of a resource, and overrides applied to a declared resource.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::contents::{canonical, Catalog};
use super::graph::ScopeOwner;
use super::named::Named;
use crate::span::Span;
use crate::value::{puppet_equals, Value};

/// An override's attribute: name, value, whether it appends (`+>`), where it is set.
pub(crate) type OverrideAttribute = (String, Value, bool, Span);

/// One of Puppet's scopes as resources see it.
pub(crate) struct CatalogScope {
    pub(crate) parent: Option<usize>,
    /// The class or defined type whose body this is (`""` for the top scope): who may override.
    pub(crate) source: String,
    /// Resource defaults set here: type, attribute, value, where the attribute is set.
    pub(crate) defaults: Vec<(String, String, Value, Span)>,
    /// Where the scope's resource was declared, whose tags its resources take too: the parent
    /// scope, but for a subclass the scope that declared it, not its parent class's.
    pub(crate) declared_in: Option<usize>,
    /// The tags `tag()` added to the scope's resource, as [`push_tag`] made them.
    pub(crate) added_tags: Vec<String>,
    /// The catalog resource whose body this scope is: what contains the resources declared here.
    pub(crate) owner: super::graph::ScopeOwner,
    /// The scope's `$module_name` when its class or defined type is defined in a module's files:
    /// the `$caller_module_name` of what it declares.
    pub(crate) module: Option<alloc::rc::Rc<str>>,
}

impl CatalogScope {
    /// The class or defined type whose body this scope is (`""` for the top scope).
    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn new(parent: Option<usize>, source: &str, declared_in: Option<usize>) -> Self {
        CatalogScope {
            parent,
            source: source.into(),
            defaults: Vec::new(),
            declared_in,
            added_tags: Vec::new(),
            owner: ScopeOwner::Main,
            module: None,
        }
    }
}

/// A collector waiting for the end of the program: `Type <| query |>` or `realize(...)`.
pub(crate) struct Collector {
    pub(crate) type_name: String,
    /// `None`: a fixed set of references (`realize`), still unresolved.
    pub(crate) query: Option<Query>,
    pub(crate) fixed: Vec<(String, String)>,
    pub(crate) overrides: Vec<OverrideAttribute>,
    /// Whether the resource at each index has been collected so far.
    pub(crate) collected: Vec<bool>,
    /// The collector expression's value in `Catalog::collector_values` (not for `realize`).
    pub(crate) value_id: Option<usize>,
}

pub(crate) enum Query {
    All,
    Eq(String, Value),
    Ne(String, Value),
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
}

/// Add a tag (lower case) and, for `a::b`, its segments.
pub(crate) fn push_tag(tags: &mut Vec<String>, tag: &str) {
    each_tag(tag, |t| {
        if !tags.iter().any(|x| x == t) {
            tags.push(t.to_string());
        }
    });
}

/// Add the tags a resource's `tag` attribute (among `attributes`) names.
fn push_tag_attribute(tags: &mut Vec<String>, attributes: &[(String, Value)]) {
    if let Some((_, value)) = attributes.iter().find(|(a, _)| a == "tag") {
        for tag in strings_of(value) {
            push_tag(tags, &tag);
        }
    }
}

/// Add the tags of a scope to `tags`: those already made by [`push_tag`] (lower case, each
/// qualified one followed by those of its segments not before it), so each is only looked for,
/// with the outcome and order of a `push_tag` of each.
pub(crate) fn push_made_tags(tags: &mut Vec<String>, made: &[String]) {
    for tag in made {
        if !tags.contains(tag) {
            tags.push(tag.clone());
        }
    }
}

/// The tags `tag` gives (lower case, then each segment of `a::b`), none when it is not valid.
fn each_tag(tag: &str, mut add: impl FnMut(&str)) {
    if !is_valid_tag(tag) {
        return;
    }
    let tag = super::contents::lower_str(tag);
    add(&tag);
    if crate::qualified::is_qualified(&tag) {
        for segment in crate::qualified::segments(&tag).filter(|segment| !segment.is_empty()) {
            add(segment);
        }
    }
}

/// The first tag of a `tag` attribute's value (a string or an array of them) Puppet refuses,
/// downcased as Puppet names it (it downcases a tag before it checks it).
pub(crate) fn invalid_tag_in(value: &Value) -> Option<String> {
    strings_of(value)
        .into_iter()
        .find(|tag| !is_valid_tag(tag))
        .map(|tag| crate::value::case::downcase(&tag))
}

pub(crate) fn is_valid_tag(tag: &str) -> bool {
    let mut chars = tag.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

impl Catalog {
    /// Enter a new catalog scope inside `parent`, for a resource declared in scope `declared_in`;
    /// gives the one to go back to.
    pub(crate) fn enter_scope(&mut self, parent: usize, source: &str, declared_in: usize) -> usize {
        self.scopes
            .push(CatalogScope::new(Some(parent), source, Some(declared_in)));
        core::mem::replace(&mut self.current, self.scopes.len() - 1)
    }

    /// Adds the tags of scope `index` to `tags` (as [`push_tag`] adds each): those of the resource
    /// whose body it is (its owner's type, title and `tag` attribute), then of the scopes it was
    /// declared in, outwards, then those `tag()` added to each, the outermost's first. Made when
    /// asked, from what the scopes have then: a tag added after an inner scope began still reaches
    /// the resources declared there, as in Puppet.
    pub(crate) fn push_scope_tags(&self, index: usize, tags: &mut Vec<String>) {
        let mut chain = Vec::new();
        let mut at = Some(index);
        while let Some(scope) = at.and_then(|index| self.scopes.get(index)) {
            chain.push(scope);
            // Each of these scopes began before the scope they lead from: the walk ends.
            at = scope.declared_in;
        }
        for scope in &chain {
            match &scope.owner {
                ScopeOwner::Main => push_tag(tags, "class"),
                ScopeOwner::Node(title) => {
                    push_tag(tags, "node");
                    push_tag(tags, title);
                }
                ScopeOwner::Class(entry) => {
                    push_tag(tags, "class");
                    push_tag(tags, &scope.source);
                    if let Some(super::compiled::CatalogEntry::Class(class)) =
                        self.entries.get(*entry)
                    {
                        push_tag_attribute(tags, &class.parameters);
                    }
                }
                ScopeOwner::Instance(resource) => {
                    push_tag(tags, &scope.source);
                    if let Some(instance) = self.resources.get(*resource) {
                        push_tag(tags, &instance.title);
                        push_tag_attribute(tags, &instance.attributes);
                    }
                }
            }
        }
        for scope in chain.iter().rev() {
            push_made_tags(tags, &scope.added_tags);
        }
    }

    /// Records which catalog resource the current scope is the body of.
    pub(crate) fn own_current_scope(&mut self, owner: super::graph::ScopeOwner) {
        if let Some(scope) = self.scopes.get_mut(self.current) {
            scope.owner = owner;
        }
    }

    pub(crate) fn add_class_tags(&mut self, name: &str) {
        each_tag(name, |tag| {
            if !self.tags.contains(tag) {
                self.tags.insert(tag.into());
            }
        });
    }

    /// The defaults of a resource type seen from the current scope, outer scopes first, with
    /// where each is set.
    pub(crate) fn defaults_for(&self, type_name: &str) -> Vec<(String, Value, Span)> {
        // Most resources have none: looked for first, without building the chain of scopes.
        let mut any = false;
        let mut at = Some(self.current);
        while let Some(scope) = at.and_then(|index| self.scopes.get(index)) {
            any |= scope.defaults.iter().any(|(ty, ..)| ty == type_name);
            at = scope.parent;
        }
        if !any {
            return Vec::new();
        }
        let mut chain = Vec::new();
        let mut at = Some(self.current);
        while let Some(index) = at {
            let Some(scope) = self.scopes.get(index) else {
                break;
            };
            chain.push(index);
            at = scope.parent;
        }
        let mut defaults: Vec<(String, Value, Span)> = Vec::new();
        for index in chain.into_iter().rev() {
            for (ty, name, value, span) in &self.scopes[index].defaults {
                if ty != type_name {
                    continue;
                }
                match defaults.iter_mut().find(|(n, _, _)| n == name) {
                    Some(slot) => (slot.1, slot.2) = (value.clone(), *span),
                    None => defaults.push((name.clone(), value.clone(), *span)),
                }
            }
        }
        defaults
    }

    /// The resources each collector expression's collector has collected, in catalog order,
    /// indexed as `collector_values` (none for an exported one, which collects nothing).
    pub(crate) fn collected_by_value(&self) -> Vec<Vec<Named>> {
        let mut collected: Vec<Vec<Named>> = Vec::new();
        collected.resize_with(self.collector_values.len(), Vec::new);
        for collector in &self.collectors {
            let Some(slot) = collector.value_id.and_then(|id| collected.get_mut(id)) else {
                continue;
            };
            for (at, _) in collector.collected.iter().enumerate().filter(|(_, c)| **c) {
                if let Some(r) = self.resources.get(at) {
                    slot.push(Named {
                        kind: r.type_name.clone(),
                        title: r.title.clone(),
                    });
                }
            }
        }
        collected
    }

    /// Whether class `child` inherits (directly or not) from `ancestor`.
    pub(crate) fn is_child_of(&self, child: &str, ancestor: &str) -> bool {
        let mut at = child.to_string();
        for _ in 0..self.classes.len() {
            let Some(parent) = self.classes.get(&at).and_then(|c| c.parent.as_ref()) else {
                return false;
            };
            at = canonical(&parent.name);
            if at == ancestor {
                return true;
            }
        }
        false
    }

    pub(crate) fn source_of(&self, scope: usize) -> String {
        self.scopes
            .get(scope)
            .map(|s| s.source.clone())
            .unwrap_or_default()
    }

    /// The tags of a declared resource: its type, title, `tag` attribute and its scope's tags.
    fn resource_tags(&self, index: usize) -> Vec<String> {
        let mut tags = Vec::new();
        let Some(r) = self.resources.get(index) else {
            return tags;
        };
        push_tag(&mut tags, &r.type_name);
        push_tag(&mut tags, &r.title);
        push_tag_attribute(&mut tags, &r.attributes);
        self.push_scope_tags(r.scope, &mut tags);
        tags
    }

    pub(crate) fn matches(&self, index: usize, query: &Query) -> bool {
        match query {
            Query::All => true,
            Query::And(a, b) => self.matches(index, a) && self.matches(index, b),
            Query::Or(a, b) => self.matches(index, a) || self.matches(index, b),
            Query::Ne(name, value) => !self.matches(index, &Query::Eq(name.clone(), value.clone())),
            Query::Eq(name, value) => {
                let Some(r) = self.resources.get(index) else {
                    return false;
                };
                if name == "tag" {
                    return strings_of(value)
                        .iter()
                        .any(|t| self.resource_tags(index).contains(&t.to_ascii_lowercase()));
                }
                let actual = if name == "title" {
                    Value::string(&r.title)
                } else {
                    match r.attributes.iter().rev().find(|(a, _)| a == name) {
                        Some((_, v)) => v.clone(),
                        None => return false,
                    }
                };
                match &actual {
                    Value::Array(items) => items.iter().any(|v| puppet_equals(v, value)),
                    other => puppet_equals(other, value),
                }
            }
        }
    }

    /// Set attributes of a declared resource (an override); `+>` appends.
    pub(crate) fn apply_override(&mut self, index: usize, attributes: &[OverrideAttribute]) {
        let Some(r) = self.resources.get_mut(index) else {
            return;
        };
        for (name, value, append, span) in attributes {
            r.defaulted.retain(|d| d != name);
            // A relationship the override sets is reported where the override sets it.
            if super::named::RELATIONSHIP_PARAMETERS.contains(&name.as_str()) {
                r.attribute_spans.retain(|(n, _)| n != name);
                r.attribute_spans.push((name.clone(), *span));
            }
            match r.attributes.iter_mut().find(|(a, _)| a == name) {
                Some(slot) if *append => {
                    let mut items: Vec<Value> = match &slot.1 {
                        Value::Array(items) => items.iter().cloned().collect(),
                        Value::Undef => Vec::new(),
                        other => alloc::vec![other.clone()],
                    };
                    match value {
                        Value::Array(more) => items.extend(more.iter().cloned()),
                        other => items.push(other.clone()),
                    }
                    slot.1 = Value::array(items);
                }
                Some(slot) => slot.1 = value.clone(),
                None => r.attributes.push((name.clone(), value.clone())),
            }
        }
    }
}

/// The strings a `tag` value stands for.
pub(crate) fn strings_of(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().flat_map(strings_of).collect(),
        Value::String(s) => alloc::vec![s.to_string()],
        Value::Undef => Vec::new(),
        other => alloc::vec![crate::value::to_string_default(other)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tags made by `push_tag`, added with `push_made_tags`: the outcome of a `push_tag` of each.
    #[test]
    fn made_tags_are_added_as_push_tag_adds_them() {
        let arguments = [
            "class",
            "Apache::Vhost",
            "b",
            "a::b::c",
            "x::apache",
            "vhost",
            "C::-x",
            "a",
            "Q::R",
        ];
        for split in 0..arguments.len() {
            let mut made = Vec::new();
            for tag in &arguments[split..] {
                push_tag(&mut made, tag);
            }
            for start in [&[][..], &["vhost", "class"][..], &["a::b", "zz"][..]] {
                let mut begun = Vec::new();
                for tag in start.iter().chain(&arguments[..split]) {
                    push_tag(&mut begun, tag);
                }
                let mut each = begun.clone();
                for tag in &made {
                    push_tag(&mut each, tag);
                }
                push_made_tags(&mut begun, &made);
                assert_eq!(begun, each, "{split} {start:?}");
            }
        }
    }

    #[test]
    fn a_tag_is_lowered_and_split_once() {
        let mut tags = Vec::new();
        push_tag(&mut tags, "Apache::Vhost");
        push_tag(&mut tags, "apache");
        push_tag(&mut tags, "-bad");
        assert_eq!(tags, ["apache::vhost", "apache", "vhost"]);
    }
}
