//! The catalog side of the language, as far as a playground evaluates it: classes (declared once,
//! their variables readable as `$class::var`), defined types (evaluated after the main program, as
//! Puppet's compiler does) and resource declarations, which evaluate to resource references.
//! Defaults, overrides, collectors and tags are in `collect.rs`.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::calls::CallSite;
use super::evaluator::Evaluator;
use super::flow::{catalog_error, error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{
    AttributeOperation, ClassDefinition, DefineDefinition, ExprKind, NodeDefinition, Param,
    ResourceExpr,
};
use crate::types::{is_metaparameter, Type};
use crate::value::Value;

pub(crate) struct Catalog {
    pub(super) classes: BTreeMap<String, Rc<ClassDefinition>>,
    pub(super) defines: BTreeMap<String, Rc<DefineDefinition>>,
    /// Where each defined type's definition starts (its `define` keyword's offset).
    define_spans: BTreeMap<String, usize>,
    /// Node names (lower case) or `default`, with where they were defined.
    nodes: Vec<(String, u32)>,
    /// The node definitions, in the order they were defined.
    pub(super) node_defs: Vec<super::nodes::NodeEntry>,
    /// Classes declared so far: name → their entry in `entries` (`usize::MAX` while a subclass waits
    /// for its parent's entry). The same map code as `class_scopes`, and no linear search.
    declared_classes: BTreeMap<String, usize>,
    /// Subclasses declared before their parent class: their entries follow the parent's.
    pending_classes: Vec<String>,
    /// Classes an `include` of several gave catalog entries whose bodies are not evaluated yet.
    entered_unevaluated: Vec<String>,
    /// What the compiled catalog lists, in the order Puppet adds it (`compiled.rs`).
    pub(super) entries: Vec<super::compiled::CatalogEntry>,
    /// Chain arrows (`a -> b`), applied when the catalog is finished.
    pub(super) relationships: Vec<super::relationships::Relationship>,
    /// The values of the collector expressions, for the chain arrows they stand in.
    pub(super) collector_values: Vec<super::relationships::CollectorValue>,
    /// The chain arrows' edges, made when the compile finishes.
    pub(super) edges: Vec<super::relationships::Edge>,
    /// Overrides of resources not declared when they ran, applied when the catalog is finished.
    pub(super) pending_overrides: Vec<super::compiled::PendingOverride>,
    /// `class::var` → value, for the variables of evaluated classes.
    class_vars: BTreeMap<String, Value>,
    /// The classes being evaluated now, innermost last, with their variables' scope.
    pub(super) live_classes: Vec<(String, usize)>,
    /// Classes declared like resources (`class { 'a': }`), with where (an offset).
    pub(super) resource_like_classes: BTreeMap<String, usize>,
    /// Every declared resource: type, title, attributes and where it was declared.
    pub(super) resources: Vec<DeclaredResource>,
    /// `type NUL title` → position in `resources`: lookups by reference stay fast with many resources.
    /// (The value Hash: its map code is in the module already, a BTreeMap of strings cost 3 KB.)
    pub(super) resource_index: crate::value::Hash,
    /// Puppet's scopes as far as resources see them (defaults and tags are dynamically scoped):
    /// 0 is the top scope, then one per evaluated class and defined-type instance.
    pub(super) scopes: Vec<super::collect::CatalogScope>,
    /// The catalog scope code runs in now.
    pub(super) current: usize,
    /// The catalog scope of each evaluated class (a subclass's scope is inside its parent's).
    pub(super) class_scopes: BTreeMap<String, usize>,
    /// What the `require` and `contain` functions asked (`graph.rs` makes their edges).
    pub(super) class_links: Vec<super::graph::ClassLink>,
    /// Collectors and `realize` calls, evaluated after the main program.
    pub(super) collectors: Vec<super::collect::Collector>,
    /// The catalog's tags: the names of the classes declared so far.
    pub(super) tags: Vec<String>,
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog {
            classes: BTreeMap::new(),
            defines: BTreeMap::new(),
            define_spans: BTreeMap::new(),
            nodes: Vec::new(),
            node_defs: Vec::new(),
            declared_classes: BTreeMap::new(),
            pending_classes: Vec::new(),
            entered_unevaluated: Vec::new(),
            entries: Vec::new(),
            relationships: Vec::new(),
            collector_values: Vec::new(),
            edges: Vec::new(),
            pending_overrides: Vec::new(),
            class_vars: BTreeMap::new(),
            live_classes: Vec::new(),
            resource_like_classes: BTreeMap::new(),
            resources: Vec::new(),
            resource_index: crate::value::Hash::new(),
            scopes: alloc::vec![super::collect::CatalogScope::new(
                None,
                "",
                alloc::vec!["class".into()]
            )],
            current: 0,
            class_scopes: BTreeMap::new(),
            class_links: Vec::new(),
            collectors: Vec::new(),
            tags: Vec::new(),
        }
    }
}

/// The key of a resource in the catalog's index.
pub(super) fn resource_key(type_name: &str, title: &str) -> Value {
    Value::string(&format!("{type_name}\u{0}{title}"))
}

pub(super) struct DeclaredResource {
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
    /// Where its body sets relationship metaparameters (`require => ...`): Puppet names that
    /// line when one names a resource not in the catalog.
    pub relationship_spans: Vec<(String, Span)>,
}

/// A class or defined type name: lower case, without a leading `::`.
pub(crate) fn canonical(name: &str) -> String {
    name.trim_start_matches("::").to_ascii_lowercase()
}

impl Catalog {
    /// Puppet names where the first definition was (`sources` finds its file and line).
    pub fn define_class(
        &mut self,
        definition: &Rc<ClassDefinition>,
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
        self.classes.insert(name, Rc::clone(definition));
        Ok(())
    }

    pub fn define_type(
        &mut self,
        definition: &Rc<DefineDefinition>,
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
            if first_at.file == sources.locate(span.start).file {
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
        self.defines.insert(name, Rc::clone(definition));
        Ok(())
    }

    /// A node definition: each name (or `default`) may be defined once.
    pub fn define_node(
        &mut self,
        definition: &Rc<NodeDefinition>,
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
    pub(super) fn add_node_entry(&mut self, title: &str, span: Span) {
        self.entries.push(super::compiled::CatalogEntry::Node {
            title: title.to_string(),
            span,
        });
    }

    pub fn is_defined_type(&self, lower_name: &str) -> bool {
        self.defines.contains_key(lower_name)
    }

    /// Records class `name` (canonical) as declared, with its catalog entry; subclasses waiting for
    /// this class get theirs right after it, as Puppet lists `Class[Parent]`, `Class[Child]`.
    fn declare_class(&mut self, name: &str, span: Span) {
        self.add_class_entry(name, span);
        while let Some(child) = self.pending_classes.pop() {
            self.add_class_entry(&child, span);
        }
    }

    fn add_class_entry(&mut self, name: &str, span: Span) {
        let at = self.entries.len();
        self.entries.push(super::compiled::CatalogEntry::Class {
            name: name.to_string(),
            parameters: Vec::new(),
            span,
        });
        self.declared_classes.insert(name.to_string(), at);
    }

    /// Records subclass `name` as declared; its entry comes once its parent's is there.
    fn declare_subclass(&mut self, name: &str) {
        self.declared_classes.insert(name.to_string(), usize::MAX);
        self.pending_classes.push(name.to_string());
    }

    /// Sets the final parameters of class `name`'s catalog entry.
    /// Where class `name`'s entry is in `entries`, once it has one.
    pub(super) fn class_entry(&self, name: &str) -> Option<usize> {
        self.declared_classes
            .get(name)
            .copied()
            .filter(|at| *at != usize::MAX)
    }

    fn set_class_parameters(&mut self, name: &str, values: Vec<(String, Value)>) {
        let at = self
            .declared_classes
            .get(name)
            .copied()
            .unwrap_or(usize::MAX);
        if let Some(super::compiled::CatalogEntry::Class { parameters, .. }) =
            self.entries.get_mut(at)
        {
            *parameters = values;
        }
    }

    pub fn is_class_declared(&self, name: &str) -> bool {
        self.declared_classes.contains_key(&canonical(name))
    }

    /// Whether class `name` (canonical) has its catalog entry but its body is still to evaluate.
    fn is_unevaluated(&self, name: &str) -> bool {
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
                let parameters = match self.class_entry(&class).and_then(|at| self.entries.get(at))
                {
                    Some(super::compiled::CatalogEntry::Class { parameters, .. }) => parameters,
                    _ => return Some(Ok(Value::Undef)),
                };
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
    pub(super) fn is_declared_class(&self, name: &str) -> bool {
        self.declared_classes.contains_key(name)
    }

    /// Where resource `type_name[title]` (type in lower case) is in `resources`.
    pub(super) fn resource_position(&self, type_name: &str, title: &str) -> Option<usize> {
        match self.resource_index.get(&resource_key(type_name, title))? {
            Value::Integer(at) => usize::try_from(*at).ok(),
            _ => None,
        }
    }

    /// Adds a resource (its type and title not declared yet) and indexes it.
    pub(super) fn push_resource(&mut self, resource: DeclaredResource) {
        self.entries.push(super::compiled::CatalogEntry::Resource(
            self.resources.len(),
        ));
        let at = Value::Integer(self.resources.len() as i64);
        self.resource_index
            .insert(resource_key(&resource.type_name, &resource.title), at);
        self.resources.push(resource);
    }

    /// `$foo::v` once class `foo` has been evaluated.
    pub fn class_variable(&self, name: &str) -> Option<Value> {
        self.class_vars.get(name.trim_start_matches("::")).cloned()
    }

    /// Set `$class::var` before the program runs (the built-in class `settings`, `settings.rs`).
    pub(super) fn set_class_variable(&mut self, name: String, value: Value) {
        self.class_vars.insert(name, value);
    }

    /// Every variable of evaluated class `name` (what a subclass inherits).
    pub(super) fn variables_of_class(&self, name: &str) -> Vec<(String, Value)> {
        let prefix = format!("{name}::");
        self.class_vars
            .range(prefix.clone()..)
            .take_while(|(k, _)| k.starts_with(&prefix))
            .filter_map(|(k, v)| {
                let var = k.strip_prefix(&prefix)?;
                (!var.contains("::")).then(|| (var.to_string(), v.clone()))
            })
            .collect()
    }
}

impl Evaluator<'_> {
    /// The module of the class or defined type whose body catalog scope `scope` is, if any.
    fn scope_module(&mut self, scope: usize) -> Option<String> {
        let source = self.catalog.scopes.get(scope)?.source().to_string();
        let at = match self.catalog.classes.get(&source) {
            Some(class) => class.name.span,
            None => self.catalog.defines.get(&source)?.name.span,
        };
        self.module_of(&source, at)
    }

    /// Declare classes by name (`include`, `require`, `contain`): each is evaluated once. As
    /// Puppet's compiler does, every class is looked for first (one missing fails the call before
    /// any is evaluated), then the new ones without a parent class get their catalog entries, then
    /// their bodies are evaluated in order: `include a, b` lists `Class[B]` before `a`'s resources.
    pub(crate) fn include_classes(
        &mut self,
        names: &[Value],
        site: &CallSite,
    ) -> EvalResult<Value> {
        let mut declared = Vec::new();
        let mut canonical_names: Vec<String> = Vec::new();
        for name in names {
            match name {
                Value::String(text) if text.is_empty() => {
                    return Err(site.fail("Cannot use empty string as a class name"))
                }
                Value::Undef => return Err(site.fail("Cannot use undef as a class name")),
                _ => {}
            }
            for name in class_names(name) {
                let canonical_name = canonical(&name);
                declared.push(Value::from_type(Type::Class(Some(
                    canonical_name.as_str().into(),
                ))));
                canonical_names.push(canonical_name);
            }
        }
        // `require` makes the calling scope's resource require each class, `contain` makes it
        // contain each one (as Puppet's functions do), once the classes are declared.
        let links: Vec<Value> = match site.name {
            "require" | "contain" => declared.clone(),
            _ => Vec::new(),
        };
        for class in links {
            let owner = self
                .catalog
                .scopes
                .get(self.catalog.current)
                .map_or(super::graph::ScopeOwner::Main, |s| s.owner.clone());
            if site.name == "require" && self.catalog.add_required_class(&owner, class.clone()) {
                continue;
            }
            self.catalog.class_links.push(super::graph::ClassLink {
                owner,
                class,
                contain: site.name == "contain",
                span: site.span,
            });
        }
        let report = |e: super::flow::Unwind| match e {
            // Puppet reports what binding the class's parameters found at the call.
            super::flow::Unwind::Error(d)
                if d.code == "CLASS_NOT_FOUND"
                    || (matches!(
                        d.code,
                        "MISSING_PARAMETER" | "PARAMETER_TYPE" | "UNKNOWN_PARAMETER"
                    ) && d.span == site.span) =>
            {
                site.fail(&d.message)
            }
            other => other,
        };
        // The classes this call declares: new ones (or entered by an outer `include` and not
        // evaluated yet), each once.
        let mut new: Vec<String> = Vec::new();
        for name in canonical_names {
            // Puppet's built-in class `settings` is always in the catalog.
            let done = self.catalog.is_class_declared(&name) && !self.catalog.is_unevaluated(&name);
            if done || name == "settings" || new.contains(&name) {
                continue;
            }
            if !self.class_known(&name, site.span)? {
                return Err(report(self.class_not_found(&name, site.span)));
            }
            new.push(name);
        }
        if new.len() > 1 {
            for name in &new {
                self.enter_class_early(name, site.span, 0);
            }
        }
        for name in new {
            let entered = self.catalog.is_unevaluated(&name);
            if entered || !self.catalog.is_class_declared(&name) {
                self.evaluate_class_entered(&name, &[], site.span, entered)
                    .map_err(report)?;
            }
        }
        Ok(Value::array(declared))
    }

    /// Give class `name` its catalog entry now, after its parent classes' (as Puppet's compiler
    /// ensures every class of an `include` is in the catalog before evaluating any); its body
    /// waits. A class whose parent is not known yet is left to its evaluation.
    fn enter_class_early(&mut self, name: &str, span: Span, depth: usize) {
        if depth > 64 || self.catalog.is_class_declared(name) {
            return;
        }
        let parent = match self.catalog.classes.get(name) {
            Some(definition) => definition.parent.as_ref().map(|p| canonical(&p.name)),
            None => return,
        };
        if let Some(parent) = parent {
            // Autoloaded if need be; a failure is left to the class's evaluation to report.
            if !matches!(self.class_known(&parent, span), Ok(true)) {
                return;
            }
            self.enter_class_early(&parent, span, depth + 1);
            if !self.catalog.is_class_declared(&parent) {
                return;
            }
        }
        self.catalog.declare_class(name, span);
        self.catalog.entered_unevaluated.push(name.to_string());
    }

    fn class_not_found(&self, name: &str, span: Span) -> super::flow::Unwind {
        error(
            "CLASS_NOT_FOUND",
            format!("Could not find class ::{name} for {}", self.node_name()),
            span,
        )
    }

    fn evaluate_class(
        &mut self,
        name: &str,
        attributes: &[(String, Value)],
        span: Span,
    ) -> EvalResult<()> {
        self.evaluate_class_entered(name, attributes, span, false)
    }

    /// Evaluate a class body in its own scope, after its parent class; its variables stay
    /// readable as `$class::var`, while it runs and after. A subclass's scope sees its parent's
    /// variables (its own bindings shadow them); a class declared from a node's body sees the
    /// node's variables.
    /// `entered`: its catalog entry is there already (`include` of several classes).
    fn evaluate_class_entered(
        &mut self,
        name: &str,
        attributes: &[(String, Value)],
        span: Span,
        entered: bool,
    ) -> EvalResult<()> {
        self.class_known(name, span)?;
        let Some(definition) = self.catalog.classes.get(name).cloned() else {
            return Err(self.class_not_found(name, span));
        };
        if entered {
            self.catalog.entered_unevaluated.retain(|n| n != name);
        }
        let mut catalog_parent = self.catalog.current;
        let mut inherited: Vec<(String, Value)> = Vec::new();
        if let Some(parent) = &definition.parent {
            let parent_name = canonical(&parent.name);
            if !self.class_known(&parent_name, definition.name.span)? {
                return Err(catalog_error(
                    "PARENT_NOT_FOUND",
                    format!("Could not find parent resource type '::{parent_name}' of type hostclass in production"),
                    definition.name.span,
                ));
            }
            self.check_inheritance_cycle(name, definition.name.span)?;
            if !entered {
                self.catalog.declare_subclass(name);
            }
            let parent_entered = self.catalog.is_unevaluated(&parent_name);
            if parent_entered || !self.catalog.is_class_declared(&parent_name) {
                self.evaluate_class_entered(&parent_name, &[], span, parent_entered)?;
            }
            if !entered {
                if let Some(child) = self.catalog.pending_classes.pop() {
                    // The parent was declared before: this class's entry comes now.
                    self.catalog.declare_class(&child, span);
                }
            }
            if let Some(scope) = self.catalog.class_scopes.get(&parent_name) {
                catalog_parent = *scope;
            }
            inherited = self.catalog.variables_of_class(&parent_name);
            // A parent whose body is running now (it declared this class) has no class
            // variables yet: this class sees those its body has set so far.
            if let Some(frame) = self.live_class_frame(&parent_name) {
                inherited = self
                    .scopes
                    .class_frame_vars(frame)
                    .into_iter()
                    .map(|(var, value)| (var.to_string(), value))
                    .collect();
            }
        } else if !entered {
            self.catalog.declare_class(name, span);
        }
        self.catalog.add_class_tags(name);
        let mut tags = alloc::vec!["class".to_string()];
        super::collect::push_tag(&mut tags, name);
        let caller = match self.scopes.lookup("module_name") {
            Some(Value::String(module)) => Some(module.to_string()),
            _ => None,
        };
        let outer = self.catalog.enter_scope(catalog_parent, name, tags);
        self.catalog
            .own_current_scope(super::graph::ScopeOwner::Class(name.to_string()));
        self.catalog
            .class_scopes
            .insert(name.to_string(), self.catalog.current);
        // A scope holding what the parent class defined, then the class's own scope.
        let mark = self.scopes.push(self.node_frame.unwrap_or(0));
        for (var, value) in &inherited {
            self.scopes.bind_new(var.as_str().into(), value.clone());
        }
        let inherited_frame = self.scopes.current();
        self.scopes.push(inherited_frame);
        self.catalog
            .live_classes
            .push((name.to_string(), self.scopes.current()));
        let result = (|| {
            let title = Value::string(name);
            self.scopes.assign("title".into(), title.clone());
            self.scopes.assign("name".into(), title);
            self.bind_module_name(name, definition.name.span);
            self.bind_caller_module_name(caller);
            let resource = format!("Class[{}]", capitalize(name));
            let attributes =
                self.automatic_parameters(name, &definition.params, attributes, span)?;
            let defaulted =
                self.bind_resource_params(&definition.params, &attributes, &resource, span)?;
            let parameters = super::compiled::final_parameters(&attributes, defaulted);
            self.catalog.set_class_parameters(name, parameters);
            self.eval(&definition.body)?;
            Ok(())
        })();
        // What the class defined, over what it inherited, stays readable as `$class::var`.
        let own = self.scopes.current_vars();
        for (var, value) in inherited {
            self.catalog
                .class_vars
                .insert(format!("{name}::{var}"), value);
        }
        for (var, value) in own {
            self.catalog
                .class_vars
                .insert(format!("{name}::{var}"), value);
        }
        self.catalog.live_classes.pop();
        self.scopes.pop(mark);
        self.catalog.current = outer;
        result
    }

    /// Puppet 7 overflows its stack on a class that inherits from itself through its parents;
    /// this reports the cycle instead.
    fn check_inheritance_cycle(&self, name: &str, span: Span) -> EvalResult<()> {
        let mut chain = alloc::vec![name.to_string()];
        let mut at = name.to_string();
        while let Some(parent) = self
            .catalog
            .classes
            .get(&at)
            .and_then(|class| class.parent.as_ref())
        {
            let parent = canonical(&parent.name);
            if chain.contains(&parent) {
                chain.push(parent);
                return Err(catalog_error(
                    "INHERITANCE_CYCLE",
                    format!("Circular inheritance: {}", chain.join(" inherits ")),
                    span,
                ));
            }
            chain.push(parent.clone());
            at = parent;
        }
        Ok(())
    }

    /// The scope frame of class `name` while its body is being evaluated.
    fn live_class_frame(&self, name: &str) -> Option<usize> {
        self.catalog
            .live_classes
            .iter()
            .rev()
            .find(|(live, _)| live == name)
            .map(|(_, frame)| *frame)
    }

    /// `$class::var` of a class that is being evaluated now (its variables so far).
    pub(crate) fn live_class_variable(&self, name: &str) -> Option<Value> {
        let (class, var) = name.trim_start_matches("::").rsplit_once("::")?;
        let (_, frame) = self
            .catalog
            .live_classes
            .iter()
            .rev()
            .find(|(live, _)| live == class)?;
        self.scopes.lookup_from(*frame, var)
    }

    /// Bind the attributes of a class or defined-type declaration to its parameters. As Puppet's
    /// `set_resource_parameters` does, every default is evaluated first (in parameter order, each
    /// seeing the parameters before it), then the whole set is checked: unknown attributes, then
    /// each parameter missing or of the wrong type, all of them in one message.
    fn bind_resource_params(
        &mut self,
        params: &[Param],
        attributes: &[(String, Value)],
        resource: &str,
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        let mut defaulted = Vec::new();
        let mut bound: Vec<Option<Value>> = Vec::with_capacity(params.len());
        for param in params {
            let name = param.name.name.as_str();
            let given = attributes
                .iter()
                .find(|(a, _)| a == name)
                .map(|(_, v)| v.clone());
            let value = match (given, &param.default) {
                // An undef attribute (from resource defaults) leaves the parameter's default.
                (Some(Value::Undef), Some(default)) | (None, Some(default)) => {
                    let value = self.eval(default)?;
                    defaulted.push((name.to_string(), value.clone()));
                    Some(value)
                }
                (given, _) => given,
            };
            if let Some(value) = &value {
                self.scopes.assign(name.into(), value.clone());
            }
            bound.push(value);
        }
        let mut problems: Vec<(&'static str, String)> = Vec::new();
        for (attribute, _) in attributes {
            let known =
                params.iter().any(|p| &p.name.name == attribute) || is_metaparameter(attribute);
            if !known {
                problems.push((
                    "UNKNOWN_PARAMETER",
                    format!("has no parameter named '{attribute}'"),
                ));
            }
        }
        for (param, value) in params.iter().zip(bound) {
            let name = param.name.name.as_str();
            let Some(value) = value else {
                problems.push((
                    "MISSING_PARAMETER",
                    format!("expects a value for parameter '{name}'"),
                ));
                continue;
            };
            let Some(type_expr) = &param.type_expr else {
                continue;
            };
            let ty = self.eval_type_expr(type_expr)?;
            if let Some(mismatch) = super::limits::checked_mismatch(self, &ty, &value, span)? {
                for problem in mismatch.split("\n ") {
                    problems.push(("PARAMETER_TYPE", format!("parameter '{name}' {problem}")));
                }
            }
        }
        let message = match problems.as_slice() {
            [] => return Ok(defaulted),
            [(_, one)] => format!("{resource}: {one}"),
            several => {
                let lines: Vec<&str> = several.iter().map(|(_, p)| p.as_str()).collect();
                format!("{resource}:\n {}", lines.join("\n "))
            }
        };
        Err(error(problems[0].0, message, span))
    }

    /// `type { title: attr => value, ... }`: declares resources and gives their references.
    pub(crate) fn eval_resource(
        &mut self,
        resource: &ResourceExpr,
        span: Span,
    ) -> EvalResult<Value> {
        let type_name = match &resource.type_name.kind {
            ExprKind::Name(name) | ExprKind::TypeRef(name) => canonical(name),
            _ => {
                let value = self.eval(&resource.type_name)?;
                canonical(&crate::value::to_string_default(&value))
            }
        };
        if resource.form == crate::syntax::ast::ResourceForm::Exported {
            self.log(
                super::LogLevel::Warning,
                "You cannot collect exported resources without storeconfigs being set; the export is ignored".into(),
                span,
            );
        }
        let known = type_name == "class" || self.resource_type_known(&type_name, span)?;
        if !known {
            return Err(error(
                "UNKNOWN_RESOURCE_TYPE",
                format!("Error while evaluating a Resource Statement, Unknown resource type: '{type_name}'"),
                span,
            ));
        }
        let mut references = Vec::new();
        let mut defaults: Vec<(String, Value)> = Vec::new();
        for body in &resource.bodies {
            let title_value = self.eval(&body.title)?;
            let mut attributes = self.eval_attributes(&body.operations, false, span)?;
            if matches!(title_value, Value::Default) {
                defaults = attributes;
                continue;
            }
            for (name, value) in &defaults {
                if !attributes.iter().any(|(a, _)| a == name) {
                    attributes.push((name.clone(), value.clone()));
                }
            }
            let titles: Vec<Value> = match title_value {
                Value::Array(items) => items.iter().cloned().collect(),
                other => alloc::vec![other],
            };
            for (index, title) in titles.iter().enumerate() {
                let title = match title {
                    Value::String(text) if text.is_empty() => {
                        return Err(error(
                            "EMPTY_TITLE",
                            format!("Empty string title at {index}. Title strings must have a length greater than zero."),
                            body.title.span,
                        ))
                    }
                    Value::String(text) => text.to_string(),
                    Value::Undef => {
                        return Err(error(
                            "MISSING_TITLE",
                            "Missing title. The title expression resulted in undef",
                            body.title.span,
                        ))
                    }
                    other => {
                        return Err(error(
                            "ILLEGAL_TITLE",
                            format!(
                                "Illegal title type at index {index}. Expected String, got {}",
                                crate::types::type_label(&crate::types::infer(other).generalize())
                            ),
                            body.title.span,
                        ))
                    }
                };
                let is_virtual = resource.form != crate::syntax::ast::ResourceForm::Regular;
                let reference =
                    self.declare_resource(&type_name, &title, &attributes, is_virtual, span)?;
                if type_name != "class" {
                    self.note_relationship_spans(&body.operations);
                    self.check_attribute_values(&type_name, &title, &body.operations, &attributes);
                }
                references.push(reference);
            }
        }
        Ok(Value::array(references))
    }

    /// The attributes of a resource body (`twice`: the same name may come twice, for defaults).
    pub(super) fn eval_attributes(
        &mut self,
        operations: &[AttributeOperation],
        twice: bool,
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        let mut attributes: Vec<(String, Value)> = Vec::new();
        let set = |attributes: &mut Vec<(String, Value)>, name: String, value: Value| {
            if !twice && attributes.iter().any(|(a, _)| *a == name) {
                return Err(error(
                    "ATTRIBUTE_SET_TWICE",
                    format!("The attribute '{name}' has already been set"),
                    span,
                ));
            }
            attributes.push((name, value));
            Ok(())
        };
        for operation in operations {
            match operation {
                AttributeOperation::Set { name, value, .. } => {
                    let value = self.eval(value)?;
                    // The catalog walks what it holds (references, aliases, its text, the
                    // graph): within the limits, charged here once.
                    super::limits::charge_walk(
                        self,
                        &value,
                        super::limits::Walk::Builds,
                        name.span,
                    )?;
                    if crate::functions::contains_iterator(core::slice::from_ref(&value)) {
                        return Err(error(
                            "ITERATOR_ATTRIBUTE",
                            "Error while evaluating a '=>' expression, Use of an Iterator is not supported here",
                            name.span,
                        ));
                    }
                    set(&mut attributes, name.name.clone(), value)?;
                }
                AttributeOperation::Splat { value, span } => match self.eval(value)? {
                    Value::Hash(hash) => {
                        let walk = super::limits::Walk::Builds;
                        super::limits::charge_walk(self, &Value::Hash(hash.clone()), walk, *span)?;
                        for (k, v) in hash.iter() {
                            set(
                                &mut attributes,
                                crate::value::to_string_default(k),
                                v.clone(),
                            )?;
                        }
                    }
                    Value::Undef => {}
                    _ => {
                        return Err(error(
                            "BAD_ATTRIBUTE_SPLAT",
                            "The value of an attributes splat must be a Hash",
                            *span,
                        ))
                    }
                },
            }
        }
        Ok(attributes)
    }

    pub(super) fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        attributes: &[(String, Value)],
        is_virtual: bool,
        span: Span,
    ) -> EvalResult<Value> {
        let display_type = capitalize(type_name);
        if type_name == "class" {
            let class_name = canonical(title);
            if self.catalog.is_class_declared(&class_name) {
                // Puppet knows where a class was declared only when it was declared like a resource.
                let first = match self.catalog.resource_like_classes.get(&class_name) {
                    Some(&first) => format!(" at ({})", self.sources.file_line(first as u32)),
                    None => String::new(),
                };
                return Err(error(
                    "DUPLICATE_DECLARATION",
                    format!(
                        "Error while evaluating a Resource Statement, Duplicate declaration: Class[{}] is already declared{first}; cannot redeclare ({})",
                        capitalize(&class_name),
                        self.sources.file_line(span.start)
                    ),
                    span,
                ));
            }
            self.catalog
                .resource_like_classes
                .insert(class_name.clone(), span.start as usize);
            self.evaluate_class(&class_name, attributes, span)
                .map_err(|e| match e {
                    // Puppet's words for a class declared like a resource: the name as written.
                    super::flow::Unwind::Error(d)
                        if d.code == "CLASS_NOT_FOUND" && d.span == span =>
                    {
                        error(
                            "DECLARED_CLASS_NOT_FOUND",
                            format!("Error while evaluating a Resource Statement, Could not find declared class {title}"),
                            span,
                        )
                    }
                    other => prefix_resource_error(other),
                })?;
            return Ok(Value::from_type(Type::resource(
                "class",
                Some(&capitalize(&class_name)),
            )));
        }
        if let Some(first) = self
            .catalog
            .resource_position(type_name, title)
            .and_then(|at| self.catalog.resources.get(at))
        {
            return Err(error(
                "DUPLICATE_DECLARATION",
                format!(
                    "Error while evaluating a Resource Statement, Duplicate declaration: {display_type}[{title}] is already declared at ({}); cannot redeclare ({})",
                    self.sources.file_line(first.span.start),
                    self.sources.file_line(span.start)
                ),
                span,
            ));
        }
        let mut attributes = attributes.to_vec();
        let mut defaulted = Vec::new();
        for (name, value) in self.catalog.defaults_for(type_name) {
            if !attributes.iter().any(|(a, _)| *a == name) {
                self.log(
                    super::LogLevel::Debug,
                    format!("Adding default for {name}"),
                    span,
                );
                defaulted.push(name.clone());
                attributes.push((name, value));
            }
        }
        // Puppet checks the `tag` metaparameter's values as it sets them (a default's too).
        if let Some(tag) = attributes
            .iter()
            .filter(|(a, _)| a == "tag")
            .find_map(|(_, v)| super::collect::invalid_tag_in(v))
        {
            return Err(catalog_error(
                "INVALID_TAG_PARAMETER",
                format!("Invalid tag '{tag}'"),
                span,
            ));
        }
        let new = super::builtin_params::NewResource {
            type_name,
            title,
            attributes: &attributes,
            span,
        };
        let aliases = self.resource_aliases(&new)?;
        let stage = self.check_stage(&new);
        let at = Value::Integer(self.catalog.resources.len() as i64);
        for key in aliases {
            self.catalog.resource_index.insert(key, at.clone());
        }
        self.catalog.push_resource(DeclaredResource {
            type_name: type_name.to_string(),
            title: title.to_string(),
            attributes,
            defaulted,
            span,
            virtual_: is_virtual,
            defaulted_parameters: Vec::new(),
            relationship_spans: Vec::new(),
            evaluated: !self.catalog.defines.contains_key(type_name),
            scope: self.catalog.current,
        });
        stage?;
        Ok(Value::from_type(Type::resource(type_name, Some(title))))
    }

    /// Evaluate the body of a defined type's instance (`index` in the catalog's resources).
    pub(super) fn evaluate_define(&mut self, index: usize) -> EvalResult<()> {
        let Some(instance) = self.catalog.resources.get_mut(index) else {
            return Ok(());
        };
        instance.evaluated = true;
        let (type_name, title) = (instance.type_name.clone(), instance.title.clone());
        let (attributes, span, scope) =
            (instance.attributes.clone(), instance.span, instance.scope);
        let Some(definition) = self.catalog.defines.get(&type_name).cloned() else {
            return Ok(());
        };
        let mut tags = Vec::new();
        super::collect::push_tag(&mut tags, &type_name);
        super::collect::push_tag(&mut tags, &title);
        let caller = self.scope_module(scope);
        let outer = self.catalog.enter_scope(scope, &type_name, tags);
        self.catalog
            .own_current_scope(super::graph::ScopeOwner::Instance(index));
        let mark = self.scopes.push(0);
        let result = (|| {
            let title_value = Value::string(&title);
            self.scopes.assign("title".into(), title_value.clone());
            let name = attributes
                .iter()
                .find(|(a, _)| a == "name")
                .map_or(title_value, |(_, v)| v.clone());
            self.scopes.assign("name".into(), name);
            self.bind_module_name(&type_name, definition.name.span);
            self.bind_caller_module_name(caller);
            let resource = format!("{}[{title}]", capitalize(&type_name));
            let attributes: Vec<(String, Value)> = attributes
                .into_iter()
                .filter(|(a, _)| a != "name")
                .collect();
            // Puppet evaluates an instance once the code declaring it is done, and reports any
            // error of its parameters' defaults or body inside the declaration's line.
            let defaulted =
                match self.bind_resource_params(&definition.params, &attributes, &resource, span) {
                    Ok(defaulted) => defaulted,
                    Err(unwind) if is_parameter_problem(&unwind) => {
                        return Err(define_instance_error(unwind))
                    }
                    Err(unwind) => return Err(self.define_body_error(unwind, span)),
                };
            if let Some(instance) = self.catalog.resources.get_mut(index) {
                instance.defaulted_parameters = defaulted;
            }
            match self.eval(&definition.body) {
                Ok(_) => Ok(()),
                Err(unwind) => Err(self.define_body_error(unwind, span)),
            }
        })();
        self.scopes.pop(mark);
        self.catalog.current = outer;
        result
    }
}

impl Evaluator<'_> {
    /// Record where the resource just declared sets its relationship metaparameters.
    fn note_relationship_spans(&mut self, operations: &[AttributeOperation]) {
        let spans: Vec<(String, Span)> = operations
            .iter()
            .filter_map(|operation| match operation {
                AttributeOperation::Set { name, span, .. }
                    if super::finish::RELATIONSHIP_PARAMETERS.contains(&name.name.as_str()) =>
                {
                    Some((name.name.clone(), *span))
                }
                _ => None,
            })
            .collect();
        if let Some(resource) = self.catalog.resources.last_mut() {
            resource.relationship_spans = spans;
        }
    }

    /// An error in a defined type's body, as Puppet reports it: the error's whole text inside
    /// one of the instance's declaration (its line only). The engine's own limits stay as they are.
    fn define_body_error(&self, unwind: super::flow::Unwind, span: Span) -> super::flow::Unwind {
        match unwind {
            super::flow::Unwind::Error(d) if !super::limits::is_limit(d.code) => {
                let inner = crate::puppet_text(&self.sources, &d);
                // A message of several lines keeps its others (a template's Filepath, Line
                // and Detail), as Puppet's does.
                let others = d.message.split_once('\n').map_or("", |(_, rest)| rest);
                let separator = if others.is_empty() { "" } else { "\n" };
                let mut outer = crate::diagnostic::Diagnostic::error(
                    crate::Stage::Evaluation,
                    "DEFINE_INSTANCE",
                    format!(
                        "Error while evaluating a Resource Statement, {inner}{separator}{others}"
                    ),
                    span,
                );
                // The inner error's notes ("did you mean ...") stay with it.
                outer.notes = d.notes;
                super::flow::Unwind::Error(alloc::boxed::Box::new(outer))
            }
            other => other,
        }
    }
}

/// Errors of a defined type's instance, which Puppet reports with a line but no column.
fn define_instance_error(e: super::flow::Unwind) -> super::flow::Unwind {
    match prefix_resource_error(e) {
        super::flow::Unwind::Error(mut d)
            if d.message
                .starts_with("Error while evaluating a Resource Statement") =>
        {
            d.code = "DEFINE_INSTANCE";
            super::flow::Unwind::Error(d)
        }
        other => other,
    }
}

/// Whether `e` is what checking a declaration's attributes against its parameters found.
fn is_parameter_problem(e: &super::flow::Unwind) -> bool {
    matches!(e, super::flow::Unwind::Error(d)
        if matches!(d.code, "MISSING_PARAMETER" | "PARAMETER_TYPE" | "UNKNOWN_PARAMETER"))
}

fn prefix_resource_error(e: super::flow::Unwind) -> super::flow::Unwind {
    match e {
        super::flow::Unwind::Error(mut d)
            if matches!(
                d.code,
                "MISSING_PARAMETER" | "PARAMETER_TYPE" | "UNKNOWN_PARAMETER"
            ) =>
        {
            d.message = format!("Error while evaluating a Resource Statement, {}", d.message);
            super::flow::Unwind::Error(d)
        }
        other => other,
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
    name.split("::")
        .map(crate::value::case::upcase_first)
        .collect::<Vec<_>>()
        .join("::")
}

/// The class names an `include` argument stands for: strings, arrays of them, `Class[name]`.
fn class_names(value: &Value) -> Vec<String> {
    match value {
        Value::String(name) => alloc::vec![name.to_string()],
        Value::Array(items) => items.iter().flat_map(class_names).collect(),
        Value::Type(ty) => match &**ty {
            Type::Class(Some(name)) => alloc::vec![name.to_string()],
            Type::Resource(Some(kind), Some(title)) if kind.eq_ignore_ascii_case("class") => {
                alloc::vec![title.to_string()]
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

impl Evaluator<'_> {
    /// Replace `original` (that very array or hash) by `now` among the parameters of the
    /// defined-type instance whose body is being evaluated: a template changed it in place.
    #[cfg(feature = "erb")]
    pub(crate) fn replace_in_current_instance(&mut self, original: &Value, now: &Value) {
        let (definition, is_class) = self.current_definition();
        if is_class {
            return;
        }
        let Some(Value::String(title)) = self.scopes.lookup("title").cloned() else {
            return;
        };
        let key = resource_key(&definition, &title);
        let Some(Value::Integer(at)) = self.catalog.resource_index.get(&key).cloned() else {
            return;
        };
        let same = |value: &Value| match (value, original) {
            (Value::Array(a), Value::Array(b)) => a.same_object(b),
            (Value::Hash(a), Value::Hash(b)) => a.same_object(b),
            _ => false,
        };
        if let Some(resource) = self.catalog.resources.get_mut(at as usize) {
            let parameters = resource
                .attributes
                .iter_mut()
                .chain(resource.defaulted_parameters.iter_mut());
            for (_, value) in parameters {
                if same(value) {
                    *value = now.clone();
                }
            }
        }
    }
}
