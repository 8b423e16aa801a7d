//! What a catalog holds while a compile builds it: the classes, defined types and nodes the
//! program defined, the classes and resources it declared (indexed by reference), class
//! variables, catalog scopes, collectors and chain arrows waiting for the end of the compile.

use crate::name_map::NameMap;
use crate::name_order::cmp_names;
use alloc::borrow::Cow;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::host::{catalog_error, error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{ClassDefinition, DefineDefinition, ExprKind, NodeDefinition};
use crate::types::{is_metaparameter, Type};
use crate::value::Value;

pub(crate) struct Catalog {
    pub(crate) classes: NameMap<Arc<ClassDefinition>>,
    pub(crate) defines: NameMap<Arc<DefineDefinition>>,
    /// Where each defined type's definition starts (its `define` keyword's offset).
    pub(crate) define_spans: NameMap<usize>,
    /// Node names (lower case) or `default`, with where they were defined.
    pub(crate) nodes: Vec<(String, u32)>,
    /// The node definitions, in the order they were defined.
    pub(crate) node_defs: Vec<super::nodes::NodeEntry>,
    /// Classes declared so far: name → their entry in `entries` (`usize::MAX` while a subclass waits
    /// for its parent's entry). The same map code as `class_scopes`, and no linear search.
    pub(crate) declared_classes: NameMap<usize>,
    /// Subclasses declared before their parent class: their entries follow the parent's.
    pub(crate) pending_classes: Vec<String>,
    /// Classes an `include` of several gave catalog entries whose bodies are not evaluated yet.
    pub(crate) entered_unevaluated: Vec<String>,
    /// What the compiled catalog lists, in the order Puppet adds it (`compiled.rs`).
    pub(crate) entries: Vec<super::compiled::CatalogEntry>,
    /// Chain arrows (`a -> b`), applied when the catalog is finished.
    pub(crate) relationships: Vec<super::relationships::Relationship>,
    /// The values of the collector expressions, for the chain arrows they stand in.
    pub(crate) collector_values: Vec<super::relationships::CollectorValue>,
    /// The chain arrows' edges, made when the compile finishes.
    pub(crate) edges: Vec<super::relationships::Edge>,
    /// Overrides of resources not declared when they ran, applied when the catalog is finished.
    pub(crate) pending_overrides: Vec<super::compiled::PendingOverride>,
    /// The variables of evaluated classes (`$class::var`), by class then variable: each class's
    /// names stored once with their shared allocations, not as one `class::var` string each.
    class_vars: NameMap<ClassVars>,
    /// The classes being evaluated now, innermost last, with their variables' scope.
    pub(crate) live_classes: Vec<(String, usize)>,
    /// Classes declared like resources (`class { 'a': }`), with where (an offset).
    pub(crate) resource_like_classes: NameMap<usize>,
    /// Every declared resource: type, title, attributes and where it was declared.
    /// Each boxed: the list grows by copying pointers, not the resources (a catalog of
    /// thousands copied them all each time it doubled).
    #[allow(clippy::vec_box)]
    pub(crate) resources: Vec<alloc::boxed::Box<DeclaredResource>>,
    /// Where each resource is in `resources`, by its type and title and its other names.
    pub(crate) resource_index: super::resource_index::ResourceIndex,
    /// Puppet's scopes as far as resources see them (defaults and tags are dynamically scoped):
    /// 0 is the top scope, then one per evaluated class and defined-type instance.
    pub(crate) scopes: Vec<super::collect::CatalogScope>,
    /// The catalog scope code runs in now.
    pub(crate) current: usize,
    /// The catalog scope of each evaluated class (a subclass's scope is inside its parent's).
    pub(crate) class_scopes: NameMap<usize>,
    /// What the `require` and `contain` functions asked (`graph.rs` makes their edges).
    pub(crate) class_links: Vec<super::graph::ClassLink>,
    /// Collectors and `realize` calls, evaluated after the main program.
    pub(crate) collectors: Vec<super::collect::Collector>,
    /// The catalog's tags: the names of the classes declared so far.
    /// (A set of the kind the evaluator's shared names use, which the .wasm has already.)
    pub(crate) tags: indexmap::IndexSet<Rc<str>, foldhash::fast::FixedState>,
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog {
            classes: NameMap::default(),
            defines: NameMap::default(),
            define_spans: NameMap::default(),
            nodes: Vec::new(),
            node_defs: Vec::new(),
            declared_classes: NameMap::default(),
            pending_classes: Vec::new(),
            entered_unevaluated: Vec::new(),
            entries: Vec::new(),
            relationships: Vec::new(),
            collector_values: Vec::new(),
            edges: Vec::new(),
            pending_overrides: Vec::new(),
            class_vars: NameMap::default(),
            live_classes: Vec::new(),
            resource_like_classes: NameMap::default(),
            resources: Vec::new(),
            resource_index: Default::default(),
            scopes: alloc::vec![super::collect::CatalogScope::new(None, "", None)],
            current: 0,
            class_scopes: NameMap::default(),
            class_links: Vec::new(),
            collectors: Vec::new(),
            tags: Default::default(),
        }
    }
}

pub(crate) struct DeclaredResource {
    pub type_name: String,
    pub title: String,
    pub attributes: Vec<(String, Value)>,
    /// The attributes that came from resource defaults (an override may replace them).
    pub defaulted: Vec<String>,
    pub span: Span,
    /// Virtual or exported, and not realized (yet).
    pub virtual_: bool,
    /// For instances of defined types: the parameters their defaults gave, once evaluated.
    pub defaulted_parameters: Vec<(String, Value)>,
    /// For instances of defined types: whether their body has been evaluated.
    pub evaluated: bool,
    /// The catalog scope it was declared in.
    pub scope: usize,
    /// Where its body sets relationship metaparameters (`require => ...`), whose line Puppet names
    /// when one names a resource not in the catalog, and attributes a built-in type does not have
    /// (`ensur => ...`), where the error is placed.
    pub attribute_spans: Vec<(String, Span)>,
    /// How many of the first attributes were found to be the built-in type's when the resource
    /// was declared (its body's): the finish checks the others only (defaults, overrides).
    pub checked_attributes: usize,
}

/// A class or defined type name: lower case, without a leading `::`.
pub(crate) fn canonical(name: &str) -> String {
    canonical_str(name).into_owned()
}

/// [`canonical`] borrowing `name` when it is already so (as nearly every name is written): the
/// per-resource work of a compile makes no copy then.
pub(crate) fn canonical_str(name: &str) -> Cow<'_, str> {
    let mut name = name;
    while let Some(rest) = name.strip_prefix("::") {
        name = rest;
    }
    lower_str(name)
}

/// `name` in ASCII lower case, borrowed when it is so already.
pub(crate) fn lower_str(name: &str) -> Cow<'_, str> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

impl Catalog {
    /// Puppet names where the first definition was (`sources` finds its file and line).
    pub fn define_class(
        &mut self,
        definition: &Arc<ClassDefinition>,
        span: Span,
        sources: &crate::sources::Sources,
    ) -> EvalResult<()> {
        let name = canonical(&definition.name.name);
        if name == "settings" {
            return Err(catalog_error(
                "CLASS_REDEFINED",
                format!("Class '{name}' is already defined; cannot redefine"),
                span,
            ));
        }
        if let Some(first) = self.defines.get(&name) {
            return Err(catalog_error(
                "DEFINITION_CONFLICT",
                format!(
                    "'{name}' is already defined ({}) as a definition; cannot redefine as a class",
                    sources.file_line(first.name.span.start)
                ),
                span,
            ));
        }
        if let Some(first) = self.classes.get(&name) {
            return Err(catalog_error(
                "CLASS_REDEFINED",
                format!(
                    "Class '{name}' is already defined ({}); cannot redefine",
                    sources.file_line(first.name.span.start)
                ),
                span,
            ));
        }
        self.classes.insert(name, Arc::clone(definition));
        Ok(())
    }

    pub fn define_type(
        &mut self,
        definition: &Arc<DefineDefinition>,
        span: Span,
        sources: &crate::sources::Sources,
    ) -> EvalResult<()> {
        let name = canonical(&definition.name.name);
        if let Some(first) = self.classes.get(&name) {
            return Err(catalog_error(
                "DEFINITION_CONFLICT",
                format!(
                    "'{name}' is already defined ({}) as a class; cannot redefine as a definition",
                    sources.file_line(first.name.span.start)
                ),
                span,
            ));
        }
        if let Some(first) = self.defines.get(&name) {
            let first_at = sources.locate(first.name.span.start);
            if first_at.file == sources.path_at(span.start) {
                return Err(error(
                    "DEFINE_REDEFINED",
                    format!("Definition '{name}' is already defined; cannot redefine"),
                    span,
                ));
            }
            // Puppet's loaders refuse a defined type a second file defines again; the error is
            // placed where the loading was asked for (see `loader.rs`).
            return Err(error(
                "DEFINE_REDEFINED_ENTITY",
                format!(
                    "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/{name}'. Originally set at {}.",
                    sources.origin(
                        self.define_spans
                            .get(&name)
                            .map_or(first.name.span.start, |&at| at as u32)
                    )
                ),
                span,
            ));
        }
        self.define_spans.insert(name.clone(), span.start as usize);
        self.defines.insert(name, Arc::clone(definition));
        Ok(())
    }

    /// A node definition: each name (or `default`) may be defined once.
    pub fn define_node(
        &mut self,
        definition: &Arc<NodeDefinition>,
        span: Span,
        sources: &crate::sources::Sources,
    ) -> EvalResult<()> {
        for matcher in &definition.matches {
            let name = match &matcher.kind {
                ExprKind::Default => "default".to_string(),
                ExprKind::String(s) | ExprKind::Name(s) => s.to_ascii_lowercase(),
                ExprKind::Regex(r) => format!("/{}/", r.source()),
                _ => continue,
            };
            if let Some((_, first)) = self.nodes.iter().find(|(n, _)| *n == name) {
                return Err(catalog_error(
                    "NODE_REDEFINED",
                    format!(
                        "Node '{name}' is already defined ({}); cannot redefine",
                        sources.file_line(*first)
                    ),
                    span,
                ));
            }
            self.nodes.push((name, span.start));
        }
        self.node_defs
            .push(super::nodes::NodeEntry::new(definition));
        Ok(())
    }

    /// The catalog entry of the node definition being evaluated (`Node[default]`).
    pub(crate) fn add_node_entry(&mut self, title: &str, span: Span) {
        self.entries
            .push(super::compiled::CatalogEntry::Node(alloc::boxed::Box::new(
                super::compiled::NodeEntry {
                    title: title.to_string(),
                    span,
                },
            )));
    }

    pub fn is_defined_type(&self, lower_name: &str) -> bool {
        self.defines.contains_key(lower_name)
    }

    /// Records class `name` (canonical) as declared, with its catalog entry; subclasses waiting for
    /// this class get theirs right after it, as Puppet lists `Class[Parent]`, `Class[Child]`.
    pub(crate) fn declare_class(&mut self, name: &str, span: Span) {
        self.add_class_entry(name, span);
        while let Some(child) = self.pending_classes.pop() {
            self.add_class_entry(&child, span);
        }
    }

    fn add_class_entry(&mut self, name: &str, span: Span) {
        let at = self.entries.len();
        self.entries.push(super::compiled::CatalogEntry::Class(
            alloc::boxed::Box::new(super::compiled::ClassEntry {
                name: name.to_string(),
                parameters: Vec::new(),
                attribute_spans: Vec::new(),
                span,
            }),
        ));
        self.declared_classes.insert(name.to_string(), at);
    }

    /// Records subclass `name` as declared; its entry comes once its parent's is there.
    pub(crate) fn declare_subclass(&mut self, name: &str) {
        self.declared_classes.insert(name.to_string(), usize::MAX);
        self.pending_classes.push(name.to_string());
    }

    /// Class `name`'s catalog entry, once it has one (a subclass waiting for its parent has not).
    pub(super) fn class_entry(&self, name: &str) -> Option<&super::compiled::ClassEntry> {
        let at = *self.declared_classes.get(name)?;
        match self.entries.get(at)? {
            super::compiled::CatalogEntry::Class(class) => Some(class),
            _ => None,
        }
    }

    /// [`Catalog::class_entry`], to change.
    pub(super) fn class_entry_mut(
        &mut self,
        name: &str,
    ) -> Option<&mut super::compiled::ClassEntry> {
        let at = *self.declared_classes.get(name)?;
        match self.entries.get_mut(at)? {
            super::compiled::CatalogEntry::Class(class) => Some(class),
            _ => None,
        }
    }

    /// Sets the final parameters of class `name`'s catalog entry.
    pub(crate) fn set_class_parameters(&mut self, name: &str, values: Vec<(String, Value)>) {
        if let Some(class) = self.class_entry_mut(name) {
            class.parameters = values;
        }
    }

    /// Records where the resource-like declaration of class `name` sets its relationship
    /// metaparameters.
    pub(crate) fn set_class_attribute_spans(&mut self, name: &str, spans: Vec<(String, Span)>) {
        if let Some(class) = self.class_entry_mut(name) {
            class.attribute_spans = spans;
        }
    }

    pub fn is_class_declared(&self, name: &str) -> bool {
        // Most names asked are canonical already: no copy for those.
        if !name.starts_with("::") && !name.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.declared_classes.contains_key(name);
        }
        self.declared_classes.contains_key(&canonical(name))
    }

    /// Whether class `name` (canonical) has its catalog entry but its body is still to evaluate.
    pub(crate) fn is_unevaluated(&self, name: &str) -> bool {
        self.entered_unevaluated.iter().any(|n| n == name)
    }

    /// An attribute of a declared resource (`Notify['a'][message]`), or a class parameter
    /// (`Class[foo][x]`): `Err` when the resource has no such parameter.
    pub fn attribute(&self, ty: &Type, attribute: &str) -> Option<Result<Value, ()>> {
        let class = match ty {
            Type::Class(Some(class)) => Some(canonical(class)),
            Type::Resource(Some(kind), Some(title)) if canonical(kind) == "class" => {
                Some(canonical(title))
            }
            _ => None,
        };
        if let Some(class) = class {
            let definition = self.classes.get(&class)?;
            if !definition.params.iter().any(|p| p.name.name == attribute) {
                // A metaparameter is the class resource's own (`require` the function set).
                if !is_metaparameter(attribute) {
                    return Some(Err(()));
                }
                let Some(entry) = self.class_entry(&class) else {
                    return Some(Ok(Value::Undef));
                };
                let parameters = &entry.parameters;
                let value = parameters.iter().find(|(name, _)| name == attribute);
                return Some(Ok(value.map_or(Value::Undef, |(_, value)| value.clone())));
            }
            return self
                .class_variable(&format!("{class}::{attribute}"))
                .map(Ok);
        }
        let Type::Resource(Some(kind), Some(title)) = ty else {
            return None;
        };
        let kind = canonical(kind);
        let resource = self.resources.get(self.resource_position(&kind, title)?)?;
        let known = match self.defines.get(&kind) {
            Some(define) => define.params.iter().any(|p| p.name.name == attribute),
            None => crate::types::builtin_type_has(&kind, attribute).unwrap_or(true),
        };
        if !known && !is_metaparameter(attribute) {
            return Some(Err(()));
        }
        Some(Ok(resource
            .attributes
            .iter()
            .rev()
            .find(|(a, _)| a == attribute)
            .map_or(Value::Undef, |(_, v)| v.clone())))
    }

    /// Whether a resource (or class) reference names something declared.
    pub fn is_declared(&self, ty: &Type) -> bool {
        match ty {
            Type::Class(Some(class)) => self.is_class_declared(class),
            Type::Resource(Some(kind), Some(title)) => {
                let kind = canonical(kind);
                if kind == "class" {
                    return self.is_class_declared(title);
                }
                self.resource_position(&kind, title).is_some()
            }
            _ => false,
        }
    }

    /// Whether a resource `type_name[title]` (type in lower case) was declared.
    pub(crate) fn has_resource(&self, type_name: &str, title: &str) -> bool {
        self.resource_position(type_name, title).is_some()
    }

    /// Whether class `name` (canonical) has been declared.
    pub(crate) fn is_declared_class(&self, name: &str) -> bool {
        self.declared_classes.contains_key(name)
    }

    /// Where resource `type_name[title]` (type in lower case) is in `resources`.
    pub(crate) fn resource_position(&self, type_name: &str, title: &str) -> Option<usize> {
        self.resource_index.position(type_name, title)
    }

    /// Adds a resource (its type and title not declared yet) and indexes it by its type and title.
    pub(crate) fn push_resource(&mut self, resource: DeclaredResource) {
        let at = self.resources.len();
        self.entries
            .push(super::compiled::CatalogEntry::Resource(at));
        let key = super::resource_index::ResourceKey::named(&resource.type_name, &resource.title);
        self.resource_index.insert(key, at);
        self.resources.push(alloc::boxed::Box::new(resource));
    }

    /// `$foo::v` once class `foo` has been evaluated.
    pub fn class_variable(&self, name: &str) -> Option<Value> {
        let (class, var) =
            crate::qualified::split_last(crate::qualified::trim_leading(name, "::"))?;
        self.class_vars.get(class)?.get(var).cloned()
    }

    /// Set `$class::var` before the program runs (the built-in class `settings`, `settings.rs`).
    pub(crate) fn set_class_variable(&mut self, class: &str, var: &str, value: Value) {
        self.class_variables(class).set(Rc::from(var), value);
    }

    /// Keep what class `class` defined, over what it inherited, as its `$class::var`s (a later
    /// binding of a name over an earlier one).
    pub(crate) fn keep_class_variables(
        &mut self,
        class: &str,
        inherited: Vec<(String, Value)>,
        own: Vec<(Rc<str>, Value)>,
    ) {
        let vars = self.class_variables(class);
        if vars.0.is_empty() && inherited.is_empty() && own.len() <= SORTED_IN_PLACE {
            // The common class: its own few variables, sorted where they are.
            vars.0 = own;
            vars.sort_keeping_last();
            return;
        }
        vars.0.reserve(inherited.len() + own.len());
        for (var, value) in inherited {
            vars.set(Rc::from(var), value);
        }
        for (var, value) in own {
            vars.set(var, value);
        }
    }

    fn class_variables(&mut self, class: &str) -> &mut ClassVars {
        self.class_vars
            .get_or_insert_with(class, ClassVars::default)
    }

    /// Every variable of evaluated class `name` (what a subclass inherits), by name.
    pub(crate) fn variables_of_class(&self, name: &str) -> Vec<(String, Value)> {
        self.class_vars.get(name).map_or_else(Vec::new, |vars| {
            vars.0
                .iter()
                .map(|(var, value)| (var.to_string(), value.clone()))
                .collect()
        })
    }
}

/// A class's variables, sorted by name: a list searched by halves (a map of their own would be
/// another copy of the B-tree's code in the browser engines), the names shared with the scope
/// that bound them.
#[derive(Default)]
struct ClassVars(Vec<(Rc<str>, Value)>);

/// The most variables a class's list takes as it is and sorts where it is (no list of its own,
/// a class's handful moved a few places each); a longer one is bound one variable at a time
/// (a search by halves for each, where a sort by swaps would take a square of the count).
const SORTED_IN_PLACE: usize = 32;

impl ClassVars {
    /// Sort the variables by name (an insertion sort by swaps, the fewest instructions for a
    /// handful: equal names stay in their order), then keep the last value bound to each name,
    /// as binding them one after the other would.
    fn sort_keeping_last(&mut self) {
        let vars = &mut self.0;
        for i in 1..vars.len() {
            let mut at = i;
            while at > 0 && cmp_names(&vars[at - 1].0, &vars[at].0).is_gt() {
                vars.swap(at - 1, at);
                at -= 1;
            }
        }
        vars.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                core::mem::swap(&mut later.1, &mut kept.1);
            }
            same
        });
    }

    fn get(&self, var: &str) -> Option<&Value> {
        let at = self
            .0
            .binary_search_by(|(name, _)| cmp_names(name, var))
            .ok()?;
        self.0.get(at).map(|(_, value)| value)
    }

    /// Bind `var` (over what it was bound to).
    fn set(&mut self, var: Rc<str>, value: Value) {
        match self.0.binary_search_by(|(name, _)| cmp_names(name, &var)) {
            Ok(at) => {
                if let Some(slot) = self.0.get_mut(at) {
                    slot.1 = value;
                }
            }
            Err(at) => self.0.insert(at, (var, value)),
        }
    }
}

/// The class a `Class[name]` or `Class['name']` reference names (lower case).
pub(crate) fn class_of(ty: &Type) -> Option<String> {
    match ty {
        Type::Class(Some(name)) => Some(canonical(name)),
        Type::Resource(Some(kind), Some(title)) if canonical(kind) == "class" => {
            Some(canonical(title))
        }
        _ => None,
    }
}

/// `Notify['a']`, `Class['foo']`: how Puppet names a resource in messages about its parameters.
pub(crate) fn reference_label(ty: &Type) -> String {
    match (class_of(ty), ty) {
        (Some(class), _) => format!("Class['{class}']"),
        (None, Type::Resource(Some(kind), Some(title))) => {
            format!("{}['{title}']", capitalize(&canonical(kind)))
        }
        _ => ty.to_string(),
    }
}

/// `foo::bar` → `Foo::Bar`, as Puppet prints resource type names.
pub(crate) fn capitalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    capitalize_into(&mut out, name);
    out
}

/// `Foo::Bar[title]`, as Puppet names resource `foo::bar[title]`, in one allocation.
pub(crate) fn resource_reference(type_name: &str, title: &str) -> String {
    let mut out = String::with_capacity(type_name.len() + title.len() + 2);
    capitalize_into(&mut out, type_name);
    out.push('[');
    out.push_str(title);
    out.push(']');
    out
}

/// `Class[Foo::Bar]`, as Puppet names class `foo::bar`, in one allocation.
pub(crate) fn class_reference(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 7);
    out.push_str("Class[");
    capitalize_into(&mut out, name);
    out.push(']');
    out
}

/// [`capitalize`] appending to `out`.
fn capitalize_into(out: &mut String, name: &str) {
    let mut rest = name;
    loop {
        let separator = crate::qualified::find_pair(rest, *b"::");
        let (segment, after) = match separator {
            Some(at) => (&rest[..at], Some(&rest[at + 2..])),
            None => (rest, None),
        };
        let mut chars = segment.chars();
        if let Some(first) = chars.next() {
            crate::value::case::push_upper(out, first);
        }
        out.push_str(chars.as_str());
        match after {
            Some(after) => {
                out.push_str("::");
                rest = after;
            }
            None => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn a_name_already_canonical_is_borrowed_others_are_made() {
        for name in ["apache::vhost", "file", "", "é::x"] {
            assert!(matches!(canonical_str(name), Cow::Borrowed(n) if n == name));
        }
        // A leading `::` is left out of the borrowed text.
        assert!(matches!(canonical_str("::file"), Cow::Borrowed("file")));
        for (name, made) in [("::Apache::VHost", "apache::vhost"), ("File", "file")] {
            assert!(matches!(canonical_str(name), Cow::Owned(ref n) if n == made));
            assert_eq!(canonical(name), made);
        }
        assert!(matches!(lower_str("::x"), Cow::Borrowed("::x")));
        assert_eq!(lower_str("::X"), "::x");
    }

    /// Whether kept by sorting the class's own list or by binding each variable, a class's
    /// variables read the same: every name, the last value bound to it.
    #[test]
    fn class_variables_keep_the_last_binding_of_each_name() {
        let names = ["b", "a", "c", "a", "ab", "", "b", "z", "a"];
        for count in [0, 1, 2, 5, names.len(), 40, 100] {
            let own: Vec<(Rc<str>, Value)> = (0..count)
                .map(|i| (Rc::from(names[i % names.len()]), Value::Integer(i as i64)))
                .collect();
            let mut sorted = Catalog::default();
            sorted.keep_class_variables("c", Vec::new(), own.clone());
            let mut bound = Catalog::default();
            for (var, value) in &own {
                bound.set_class_variable("c", var, value.clone());
            }
            let listed =
                |catalog: &Catalog| -> Vec<(String, Value)> { catalog.variables_of_class("c") };
            assert_eq!(listed(&sorted), listed(&bound), "{count} variables");
            let names: Vec<String> = listed(&sorted).into_iter().map(|(n, _)| n).collect();
            assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
            for (var, _) in own.iter().filter(|(var, _)| !var.is_empty()) {
                let last = own
                    .iter()
                    .rev()
                    .find(|(v, _)| v == var)
                    .map(|(_, x)| x.clone());
                assert_eq!(sorted.class_variable(&format!("c::{var}")), last);
            }
        }
    }
}
