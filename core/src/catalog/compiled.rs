//! The compiled catalog as an agent would get it: the classes and resources a program declared, in
//! the order Puppet adds them, with their final parameters and the `before`/`notify` parameters its
//! chain arrows (`a -> b`) become (the playground's Catalog pane and `puppet-eval --catalog`).

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::contents::{capitalize, Catalog};
use super::named::namevar_from_title;
use crate::span::Span;
use crate::types::Type;
use crate::value::Value;

/// A class or resource in the compiled catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogResource {
    /// As Puppet prints it: `Notify`, `File`, `Class`, `Mymodule::Thing`.
    pub type_name: String,
    /// `hello`, `/tmp/x`; a class's name as Puppet prints it (`Foo::Bar`).
    pub title: String,
    /// Given parameters in their order, then those set by defaults; `undef` ones are left out, as
    /// Puppet leaves them out.
    pub parameters: Vec<(String, Value)>,
    /// Where it was declared.
    pub span: Span,
}

impl CatalogResource {
    /// `Notify[hello]`, as Puppet names a catalog resource.
    pub fn reference(&self) -> String {
        // One buffer made at its size (the page asks for it for every resource it shows).
        let mut out = String::with_capacity(self.type_name.len() + self.title.len() + 2);
        out.push_str(&self.type_name);
        out.push('[');
        out.push_str(&self.title);
        out.push(']');
        out
    }

    /// Whether `other` is the same resource with the same parameters, so that its
    /// [`manifest`](Self::manifest) text is this one's: decided without printing, plain data only
    /// (see [`prints_alike`]); any other value is taken as printing differently.
    pub fn prints_as(&self, other: &CatalogResource) -> bool {
        self.type_name == other.type_name
            && self.title == other.title
            && self.parameters.len() == other.parameters.len()
            && self
                .parameters
                .iter()
                .zip(&other.parameters)
                .all(|((a, x), (b, y))| a == b && prints_alike(x, y, 0))
    }

    /// The resource as a manifest declares it, arrows aligned as `puppet resource` prints them:
    /// `notify { 'hello':\n  message => 'hi',\n}`, or `notify { 'x': }` without parameters.
    pub fn manifest(&self) -> String {
        // One buffer for the whole text (the page asks for it for every resource it shows).
        let mut out = String::with_capacity(32 + 32 * self.parameters.len());
        out.extend(self.type_name.chars().map(|c| c.to_ascii_lowercase()));
        out.push_str(" { ");
        if self.type_name == "Class" {
            out.push_str(&crate::value::puppet_quote(
                &self.title.to_ascii_lowercase(),
            ));
        } else {
            out.push_str(&crate::value::puppet_quote(&self.title));
        }
        out.push(':');
        if self.parameters.is_empty() {
            out.push_str(" }");
            return out;
        }
        let width = self
            .parameters
            .iter()
            .map(|(name, _)| name.len())
            .max()
            .unwrap_or(0);
        for (name, value) in &self.parameters {
            out.push_str("\n  ");
            out.push_str(name);
            // Padded to the width in characters, as `{name:width$}` pads.
            let pad = width.saturating_sub(name.chars().count());
            out.extend(core::iter::repeat_n(' ', pad));
            out.push_str(" => ");
            write_catalog_text(&mut out, value, 0);
            out.push(',');
        }
        out.push_str("\n}");
        out
    }
}

/// What the catalog lists, in the order it was added: 16 bytes an entry (the few classes and the
/// node boxed), so the list of a catalog of thousands grows by copying little.
pub(crate) enum CatalogEntry {
    /// A declared class.
    Class(Box<ClassEntry>),
    /// The declared resource at this position of `Catalog::resources`.
    Resource(usize),
    /// The node definition a compile for a node evaluated (`Node[default]`).
    Node(Box<NodeEntry>),
}

/// A declared class (canonical name) with its parameters' final values.
pub(crate) struct ClassEntry {
    pub name: String,
    pub parameters: Vec<(String, Value)>,
    /// Where a resource-like declaration sets the relationship metaparameters.
    pub attribute_spans: Vec<(String, Span)>,
    pub span: Span,
}

/// The node definition a compile evaluated: its title and where it is.
pub(crate) struct NodeEntry {
    pub title: String,
    pub span: Span,
}

/// `Type['title'] { ... }` run before `Type['title']` was declared: Puppet applies it when it
/// finishes the compile.
pub(crate) struct PendingOverride {
    pub kind: String,
    pub title: String,
    pub attributes: Vec<super::collect::OverrideAttribute>,
    pub span: Span,
    /// The catalog scope it ran in (which decides whether it may override).
    pub scope: usize,
}

/// The parameters of a class or defined-type instance as the catalog lists them: the given ones in
/// their order (one given as `undef` keeps its place for the value its default sets), then those
/// only their defaults set, in the definition's order; `undef` ones left out. A Sensitive value is
/// kept unwrapped, as Puppet's catalog keeps it (marking the parameter).
pub(crate) fn final_parameters(
    given: Vec<(String, Value)>,
    mut defaulted: Vec<(String, Value)>,
) -> Vec<(String, Value)> {
    // One list, made at its size: each parameter is kept (or left out) as it is placed.
    let mut ordered: Vec<(String, Value)> = Vec::with_capacity(given.len() + defaulted.len());
    let keep = |ordered: &mut Vec<(String, Value)>, (name, value): (String, Value)| match value {
        Value::Undef => {}
        Value::Sensitive(inner) => ordered.push((name, (*inner).clone())),
        value => ordered.push((name, value)),
    };
    for (name, value) in given {
        let parameter = match defaulted.iter().position(|(d, _)| *d == name) {
            Some(at) => defaulted.remove(at),
            None => (name, value),
        };
        keep(&mut ordered, parameter);
    }
    for parameter in defaulted {
        keep(&mut ordered, parameter);
    }
    ordered
}

/// As Puppet's catalog keeps a resource's parameters: its namevar, when given explicitly, comes
/// first (a built-in type's or a module Ruby type's; `name` for other types), and is left out when
/// it equals the title.
fn namevar_first(
    type_name: &str,
    title: &str,
    ruby_namevar: Option<&str>,
    parameters: &mut Vec<(String, Value)>,
) {
    let typed = crate::types::builtin_namevar(type_name).or(ruby_namevar);
    let namevar = typed.unwrap_or("name");
    let Some(at) = parameters.iter().position(|(p, _)| p == namevar) else {
        return;
    };
    if matches!(&parameters[at].1, Value::String(text) if &**text == title) {
        parameters.remove(at);
    } else if typed.is_some() {
        let given = parameters.remove(at);
        parameters.insert(0, given);
    }
}

/// Puppet's resource as a hash when its type's title patterns split the title: the key attributes
/// the title gives first (a value given in the code wins, in the title's place), then the other
/// parameters; a key attribute equal to the whole title is left out.
fn keys_from_title(
    title: &str,
    from_title: Vec<(String, Value)>,
    parameters: &mut Vec<(String, Value)>,
) {
    let mut keys: Vec<(String, Value)> = Vec::with_capacity(from_title.len());
    for (name, value) in from_title {
        let given = parameters.iter().position(|(p, _)| *p == name);
        let value = match given {
            Some(at) => parameters.remove(at).1,
            None => value,
        };
        if !matches!(&value, Value::String(text) if &**text == title) {
            keys.push((name, value));
        }
    }
    keys.append(parameters);
    *parameters = keys;
}

impl Catalog {
    /// The catalog once the program has finished: virtual and exported resources not collected left out, chain
    /// arrows applied (`finish` has made sure that they name resources in the catalog).
    /// `ruby_namevar`: the namevar of a resource type a module implements in Ruby;
    /// `title_keys`: the key attributes such a type's title patterns take from a title.
    /// The classes' and resources' parameters are moved out (the graph is drawn before).
    pub(crate) fn compiled<'n>(
        &mut self,
        ruby_namevar: impl Fn(&str) -> Option<&'n str>,
        title_keys: impl Fn(&str, &str) -> Vec<(String, Value)>,
    ) -> Vec<CatalogResource> {
        let catalog = self;
        let mut out = Vec::with_capacity(catalog.entries.len());
        for entry in &mut catalog.entries {
            match entry {
                CatalogEntry::Class(class) => {
                    let ClassEntry {
                        name,
                        parameters,
                        span,
                        ..
                    } = &mut **class;
                    let mut parameters = core::mem::take(parameters);
                    super::relationship_lists::flatten_relationship_lists(&mut parameters);
                    out.push(CatalogResource {
                        type_name: "Class".to_string(),
                        title: capitalize(name),
                        parameters,
                        span: *span,
                    })
                }
                CatalogEntry::Node(node) => out.push(CatalogResource {
                    type_name: "Node".to_string(),
                    title: node.title.clone(),
                    parameters: Vec::new(),
                    span: node.span,
                }),
                CatalogEntry::Resource(at) => {
                    let Some(resource) = catalog.resources.get_mut(*at) else {
                        continue;
                    };
                    if resource.virtual_ {
                        continue;
                    }
                    let mut parameters = final_parameters(
                        core::mem::take(&mut resource.attributes),
                        core::mem::take(&mut resource.defaulted_parameters),
                    );
                    // The namevar a title pattern gives (a `file`'s path without trailing
                    // slashes) comes first, as the catalog resource is made from the title.
                    let namevar = namevar_from_title(&resource.type_name, &resource.title);
                    if namevar != resource.title && !parameters.iter().any(|(p, _)| p == "path") {
                        parameters.insert(0, ("path".to_string(), Value::string(namevar)));
                    }
                    super::relationship_lists::flatten_relationship_lists(&mut parameters);
                    let from_title = title_keys(&resource.type_name, &resource.title);
                    if from_title.is_empty() {
                        namevar_first(
                            &resource.type_name,
                            &resource.title,
                            ruby_namevar(&resource.type_name),
                            &mut parameters,
                        );
                    } else {
                        keys_from_title(&resource.title, from_title, &mut parameters);
                    }
                    out.push(CatalogResource {
                        type_name: capitalize(&resource.type_name),
                        title: resource.title.clone(),
                        parameters,
                        span: resource.span,
                    });
                }
            }
        }
        if catalog.edges.is_empty() {
            return out;
        }
        // Inserted one by one: collecting into a map would sort first, and bring another copy of the
        // standard sort into the .wasm.
        let mut positions: BTreeMap<String, usize> = BTreeMap::new();
        for (at, resource) in out.iter().enumerate() {
            positions.insert(resource.reference(), at);
        }
        // Each listed resource's added `before`/`notify` targets, in the order first added; put into
        // its parameters once at the end (appending to them edge by edge would copy them each time).
        let mut added: Vec<Vec<(&'static str, Vec<Value>)>> = Vec::new();
        added.resize_with(out.len(), Vec::new);
        for edge in &catalog.edges {
            // A resource may be named by an alias; a virtual one is not listed.
            let source = &edge.source;
            let reference = match source.kind.as_str() {
                "class" => source.display(),
                kind => match catalog.resource_position(kind, &source.title) {
                    Some(at) => catalog.resources.get(at).map_or_else(String::new, |r| {
                        super::contents::resource_reference(&r.type_name, &r.title)
                    }),
                    None => continue,
                },
            };
            let Some(slot) = positions.get(&reference).and_then(|&at| added.get_mut(at)) else {
                continue;
            };
            let target = Value::string(&edge.target.display());
            match slot.iter_mut().find(|(name, _)| *name == edge.parameter) {
                Some((_, targets)) => targets.push(target),
                None => slot.push((edge.parameter, alloc::vec![target])),
            }
        }
        for (resource, added) in out.iter_mut().zip(added) {
            for (name, targets) in added {
                add_relationships(&mut resource.parameters, name, targets);
            }
        }
        out
    }
}

/// Adds `targets` (references as strings, as Puppet stores them) to parameter `name`: after its
/// value (made an array) when it is set, else as a new parameter.
fn add_relationships(parameters: &mut Vec<(String, Value)>, name: &str, targets: Vec<Value>) {
    match parameters.iter_mut().find(|(p, _)| p == name) {
        Some((_, existing)) => {
            let mut items: Vec<Value> = match &*existing {
                Value::Array(items) => items.iter().cloned().collect(),
                other => alloc::vec![other.clone()],
            };
            items.extend(targets);
            *existing = Value::array(items);
        }
        None => parameters.push((name.to_string(), Value::array(targets))),
    }
}

/// A catalog parameter's value as Puppet prints the compiled catalog's: `%p`, except that resource
/// references are resources there and print without quotes (`Notify[n]`, not `Notify['n']`).
pub fn catalog_text(value: &Value) -> String {
    let mut out = String::new();
    write_catalog_text(&mut out, value, 0);
    out
}

/// Containers deeper than this print as `%p` does (no reference inside them is rewritten), so
/// that printing never recurses without bound.
const MAX_REFERENCE_DEPTH: usize = 64;

/// Append [`catalog_text`] of `value`, `depth` containers down, to `out`.
/// Levels of arrays and hashes [`prints_alike`] walks; deeper values are taken as different.
const MAX_ALIKE_DEPTH: usize = 8;

/// Whether two values are the same plain data, written alike: undef, `default`, booleans,
/// integers, strings byte for byte, resource and class references by their names, arrays and
/// hashes of them (a hash's entries in their order). `false` for every other kind of value
/// (floats, other types, ...), even equal ones.
fn prints_alike(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > MAX_ALIKE_DEPTH {
        return false;
    }
    match (a, b) {
        (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
        (Value::Boolean(x), Value::Boolean(y)) => x == y,
        (Value::Integer(x), Value::Integer(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        // References (`Package['x']`, `Class['a']`): their names, as written.
        (Value::Type(x), Value::Type(y)) => match (&**x, &**y) {
            (Type::Resource(a, b), Type::Resource(c, d)) => a == c && b == d,
            (Type::Class(a), Type::Class(b)) => a == b,
            _ => false,
        },
        (Value::Array(xs), Value::Array(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .zip(ys.iter())
                    .all(|(x, y)| prints_alike(x, y, depth + 1))
        }
        (Value::Hash(xs), Value::Hash(ys)) => {
            xs.len() == ys.len()
                && xs.iter().zip(ys.iter()).all(|((k, x), (l, y))| {
                    prints_alike(k, l, depth + 1) && prints_alike(x, y, depth + 1)
                })
        }
        _ => false,
    }
}

fn write_catalog_text(out: &mut String, value: &Value, depth: usize) {
    if depth > MAX_REFERENCE_DEPTH {
        return crate::value::write_programmatic(out, value);
    }
    match value {
        // A class or resource reference (not `Type[...]` of one, which stays a type).
        Value::Type(ty) if !matches!(**ty, Type::Type(_)) => {
            match super::relationships::catalog_entry(ty) {
                Some(Ok(reference)) => out.push_str(&reference.display()),
                _ => crate::value::write_programmatic(out, value),
            }
        }
        Value::Array(items) => {
            out.push('[');
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push_str(", ");
                }
                write_catalog_text(out, item, depth + 1);
            }
            out.push(']');
        }
        Value::Hash(entries) if !entries.is_empty() => {
            out.push('{');
            for (at, (key, item)) in entries.iter().enumerate() {
                if at > 0 {
                    out.push_str(", ");
                }
                write_catalog_text(out, key, depth + 1);
                out.push_str(" => ");
                write_catalog_text(out, item, depth + 1);
            }
            out.push('}');
        }
        _ => crate::value::write_programmatic(out, value),
    }
}

#[cfg(test)]
mod tests {
    use super::CatalogEntry;

    #[test]
    fn an_entry_is_two_words() {
        // A class's and the node's parts are boxed: the list of a large catalog stays small.
        assert_eq!(
            core::mem::size_of::<CatalogEntry>(),
            2 * core::mem::size_of::<usize>()
        );
    }
}
