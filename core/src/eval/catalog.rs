//! The catalog side of the language, as far as a playground evaluates it: classes (declared once,
//! their variables readable as `$class::var`), defined types (evaluated after the main program, as
//! Puppet's compiler does) and resource declarations, which evaluate to resource references.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::calls::CallSite;
use super::evaluator::Evaluator;
use super::flow::{error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{
    AttributeOperation, ClassDefinition, DefineDefinition, Expr, ExprKind, NodeDefinition, Param,
    ResourceExpr,
};
use crate::types::{describe_mismatch, Type};
use crate::value::Value;

#[derive(Default)]
pub(crate) struct Catalog {
    classes: BTreeMap<String, Rc<ClassDefinition>>,
    defines: BTreeMap<String, Rc<DefineDefinition>>,
    nodes: Vec<Rc<NodeDefinition>>,
    /// Classes declared so far, in order.
    declared_classes: Vec<String>,
    /// `class::var` → value, for the variables of evaluated classes.
    class_vars: BTreeMap<String, Value>,
    /// Every declared resource: type, title, attributes and where it was declared.
    resources: Vec<DeclaredResource>,
    /// Instances of defined types waiting to be evaluated after the main program.
    pending: Vec<PendingDefine>,
}

struct DeclaredResource {
    type_name: String,
    title: String,
    attributes: Vec<(String, Value)>,
    line: u32,
}

struct PendingDefine {
    definition: Rc<DefineDefinition>,
    title: String,
    attributes: Vec<(String, Value)>,
    span: Span,
}

/// A class or defined type name: lower case, without a leading `::`.
fn canonical(name: &str) -> String {
    name.trim_start_matches("::").to_ascii_lowercase()
}

impl Catalog {
    /// `line_of` gives the line of a byte offset (Puppet names where the first definition was).
    pub fn define_class(
        &mut self,
        definition: &ClassDefinition,
        span: Span,
        line_of: impl Fn(u32) -> u32,
    ) -> EvalResult<()> {
        let name = canonical(&definition.name.name);
        if name == "settings" {
            return Err(error(
                "CLASS_REDEFINED",
                format!("Class '{name}' is already defined; cannot redefine"),
                span,
            ));
        }
        if let Some(first) = self.classes.get(&name) {
            return Err(error(
                "CLASS_REDEFINED",
                format!(
                    "Class '{name}' is already defined (file: snippet.pp, line: {}); cannot redefine",
                    line_of(first.name.span.start)
                ),
                span,
            ));
        }
        self.classes.insert(name, Rc::new(definition.clone()));
        Ok(())
    }

    pub fn define_type(&mut self, definition: &DefineDefinition, span: Span) -> EvalResult<()> {
        let name = canonical(&definition.name.name);
        if self.defines.contains_key(&name) {
            return Err(error(
                "DEFINE_REDEFINED",
                format!("Definition '{name}' is already defined; cannot redefine"),
                span,
            ));
        }
        self.defines.insert(name, Rc::new(definition.clone()));
        Ok(())
    }

    pub fn define_node(&mut self, definition: &NodeDefinition) {
        self.nodes.push(Rc::new(definition.clone()));
    }

    pub fn is_defined_type(&self, lower_name: &str) -> bool {
        self.defines.contains_key(lower_name)
    }

    pub fn is_class_declared(&self, name: &str) -> bool {
        self.declared_classes.iter().any(|c| c == &canonical(name))
    }

    /// An attribute of a declared resource (`Notify['a'][message]`), or a class parameter
    /// (`Class[foo][x]`).
    pub fn attribute(&self, ty: &Type, attribute: &str) -> Option<Value> {
        match ty {
            Type::Class(Some(class)) => {
                self.class_variable(&format!("{}::{attribute}", canonical(class)))
            }
            Type::Resource(Some(kind), Some(title)) => {
                let kind = canonical(kind);
                if kind == "class" {
                    return self.class_variable(&format!("{}::{attribute}", canonical(title)));
                }
                let resource = self
                    .resources
                    .iter()
                    .find(|r| r.type_name == kind && *r.title == **title)?;
                Some(
                    resource
                        .attributes
                        .iter()
                        .rev()
                        .find(|(a, _)| a == attribute)
                        .map_or(Value::Undef, |(_, v)| v.clone()),
                )
            }
            _ => None,
        }
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
                self.resources
                    .iter()
                    .any(|r| r.type_name == kind && *r.title == **title)
            }
            _ => false,
        }
    }

    /// Whether a class of this name is defined (for `defined('name')`).
    pub(crate) fn has_class(&self, name: &str) -> bool {
        self.classes.contains_key(&canonical(name))
    }

    /// Whether a resource `type_name[title]` (type in lower case) was declared.
    pub(crate) fn has_resource(&self, type_name: &str, title: &str) -> bool {
        self.resources
            .iter()
            .any(|r| r.type_name == type_name && r.title == title)
    }

    /// `$foo::v` once class `foo` has been evaluated.
    pub fn class_variable(&self, name: &str) -> Option<Value> {
        self.class_vars.get(name.trim_start_matches("::")).cloned()
    }
}

impl Evaluator<'_> {
    /// Declare classes by name (`include`, `require`, `contain`): each is evaluated once.
    pub(crate) fn include_classes(
        &mut self,
        names: &[Value],
        site: &CallSite,
    ) -> EvalResult<Value> {
        let mut declared = Vec::new();
        for name in names {
            for name in class_names(name) {
                let canonical_name = canonical(&name);
                if !self.catalog.is_class_declared(&canonical_name) {
                    self.evaluate_class(&canonical_name, &[], site.span)
                        .map_err(|e| match e {
                            super::flow::Unwind::Error(d) if d.code == "CLASS_NOT_FOUND" => {
                                site.fail(&d.message)
                            }
                            other => other,
                        })?;
                }
                declared.push(Value::from_type(Type::Class(Some(canonical_name.into()))));
            }
        }
        Ok(Value::array(declared))
    }

    /// Evaluate a class body in its own scope, after its parent class; its variables stay readable.
    fn evaluate_class(
        &mut self,
        name: &str,
        attributes: &[(String, Value)],
        span: Span,
    ) -> EvalResult<()> {
        let Some(definition) = self.catalog.classes.get(name).cloned() else {
            return Err(error(
                "CLASS_NOT_FOUND",
                format!("Could not find class ::{name} for playground"),
                span,
            ));
        };
        self.catalog.declared_classes.push(name.to_string());
        if let Some(parent) = &definition.parent {
            let parent_name = canonical(&parent.name);
            if !self.catalog.is_class_declared(&parent_name) {
                self.evaluate_class(&parent_name, &[], span)?;
            }
        }
        let mark = self.scopes.push(0);
        let result = (|| {
            let title = Value::string(name);
            self.scopes.assign("title".into(), title.clone());
            self.scopes.assign("name".into(), title);
            if let Some(parent) = &definition.parent {
                let prefix = format!("{}::", canonical(&parent.name));
                let inherited: Vec<(String, Value)> = self
                    .catalog
                    .class_vars
                    .iter()
                    .filter_map(|(k, v)| {
                        k.strip_prefix(&prefix).map(|n| (n.to_string(), v.clone()))
                    })
                    .collect();
                for (var, value) in inherited {
                    self.scopes.assign(var.into(), value);
                }
            }
            let resource = format!("Class[{}]", capitalize(name));
            self.bind_resource_params(&definition.params, attributes, &resource, span)?;
            self.eval(&definition.body)?;
            for (var, value) in self.scopes.current_vars() {
                self.catalog
                    .class_vars
                    .insert(format!("{name}::{var}"), value);
            }
            Ok(())
        })();
        self.scopes.pop(mark);
        result
    }

    /// Bind the attributes of a class or defined-type declaration to its parameters.
    fn bind_resource_params(
        &mut self,
        params: &[Param],
        attributes: &[(String, Value)],
        resource: &str,
        span: Span,
    ) -> EvalResult<()> {
        for (attribute, _) in attributes {
            let known =
                params.iter().any(|p| &p.name.name == attribute) || is_metaparameter(attribute);
            if !known {
                return Err(error(
                    "UNKNOWN_PARAMETER",
                    format!("{resource}: has no parameter named '{attribute}'"),
                    span,
                ));
            }
        }
        for param in params {
            let name = param.name.name.as_str();
            let given = attributes
                .iter()
                .find(|(a, _)| a == name)
                .map(|(_, v)| v.clone());
            let value = match (given, &param.default) {
                (Some(value), _) => value,
                (None, Some(default)) => self.eval(default)?,
                (None, None) => {
                    return Err(error(
                        "MISSING_PARAMETER",
                        format!("{resource}: expects a value for parameter '{name}'"),
                        span,
                    ))
                }
            };
            if let Some(type_expr) = &param.type_expr {
                let ty = self.eval_type_expr(type_expr)?;
                if let Some(mismatch) = describe_mismatch(&ty, &value) {
                    return Err(error(
                        "PARAMETER_TYPE",
                        format!("{resource}: parameter '{name}' {mismatch}"),
                        span,
                    ));
                }
            }
            self.scopes.assign(name.into(), value);
        }
        Ok(())
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
        let known = type_name == "class"
            || super::literals::CORE_RESOURCE_TYPES.contains(&type_name.as_str())
            || self.catalog.defines.contains_key(&type_name);
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
            let mut attributes = self.eval_attributes(&body.operations, span)?;
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
                let reference = self.declare_resource(&type_name, &title, &attributes, span)?;
                if resource.form != crate::syntax::ast::ResourceForm::Regular {
                    // Virtual and exported resources are not evaluated until realized/collected.
                    self.catalog.pending.retain(|p| {
                        p.title != title || canonical(&p.definition.name.name) != type_name
                    });
                }
                references.push(reference);
            }
        }
        Ok(Value::array(references))
    }

    fn eval_attributes(
        &mut self,
        operations: &[AttributeOperation],
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        let mut attributes: Vec<(String, Value)> = Vec::new();
        let set = |attributes: &mut Vec<(String, Value)>, name: String, value: Value| {
            if attributes.iter().any(|(a, _)| *a == name) {
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

    fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        attributes: &[(String, Value)],
        span: Span,
    ) -> EvalResult<Value> {
        let display_type = capitalize(type_name);
        if type_name == "class" {
            let class_name = canonical(title);
            if self.catalog.is_class_declared(&class_name) {
                return Err(error(
                    "DUPLICATE_DECLARATION",
                    format!("Error while evaluating a Resource Statement, Duplicate declaration: Class[{}] is already declared", capitalize(&class_name)),
                    span,
                ));
            }
            self.evaluate_class(&class_name, attributes, span)
                .map_err(prefix_resource_error)?;
            return Ok(Value::from_type(Type::resource(
                "class",
                Some(&capitalize(&class_name)),
            )));
        }
        let line = self.line_index().line_col(self.source, span.start).line;
        if let Some(first) = self
            .catalog
            .resources
            .iter()
            .find(|r| r.type_name == type_name && r.title == title)
        {
            return Err(error(
                "DUPLICATE_DECLARATION",
                format!(
                    "Error while evaluating a Resource Statement, Duplicate declaration: {display_type}[{title}] is already declared at (file: snippet.pp, line: {}); cannot redeclare (file: snippet.pp, line: {line})",
                    first.line
                ),
                span,
            ));
        }
        self.catalog.resources.push(DeclaredResource {
            type_name: type_name.to_string(),
            title: title.to_string(),
            attributes: attributes.to_vec(),
            line,
        });
        if let Some(definition) = self.catalog.defines.get(type_name).cloned() {
            self.catalog.pending.push(PendingDefine {
                definition,
                title: title.to_string(),
                attributes: attributes.to_vec(),
                span,
            });
        }
        Ok(Value::from_type(Type::resource(type_name, Some(title))))
    }

    /// Evaluate the defined-type instances declared so far (and those they declare), as Puppet's
    /// compiler does after the main program.
    pub(crate) fn evaluate_pending_defines(&mut self) -> EvalResult<()> {
        while !self.catalog.pending.is_empty() {
            let pending = core::mem::take(&mut self.catalog.pending);
            for instance in pending {
                let mark = self.scopes.push(0);
                let result = (|| {
                    let title = Value::string(&instance.title);
                    self.scopes.assign("title".into(), title.clone());
                    let name = instance
                        .attributes
                        .iter()
                        .find(|(a, _)| a == "name")
                        .map_or(title, |(_, v)| v.clone());
                    self.scopes.assign("name".into(), name);
                    let resource = format!(
                        "{}[{}]",
                        capitalize(&canonical(&instance.definition.name.name)),
                        instance.title
                    );
                    let attributes: Vec<(String, Value)> = instance
                        .attributes
                        .iter()
                        .filter(|(a, _)| a != "name")
                        .cloned()
                        .collect();
                    self.bind_resource_params(
                        &instance.definition.params,
                        &attributes,
                        &resource,
                        instance.span,
                    )
                    .map_err(define_instance_error)?;
                    self.eval(&instance.definition.body).map(|_| ())
                })();
                self.scopes.pop(mark);
                result?;
            }
        }
        Ok(())
    }

    /// Resource defaults, overrides and collectors: evaluated for their errors and effects on
    /// values; they do not change what a program evaluates to.
    pub(crate) fn eval_catalog_statement(&mut self, expr: &Expr) -> EvalResult<Value> {
        match &expr.kind {
            ExprKind::ResourceDefaults {
                type_ref,
                operations,
            } => {
                self.eval(type_ref)?;
                self.eval_attributes(operations, expr.span)?;
                Ok(Value::Undef)
            }
            ExprKind::ResourceOverride { target, operations } => {
                let target = self.eval(target)?;
                self.eval_attributes(operations, expr.span)?;
                Ok(target)
            }
            ExprKind::Collector(collector) => {
                let type_name = match &collector.type_ref.kind {
                    ExprKind::TypeRef(name) => capitalize(&canonical(name)),
                    _ => crate::value::to_string_default(&self.eval(&collector.type_ref)?),
                };
                self.eval_attributes(&collector.operations, expr.span)?;
                let kind = if collector.exported {
                    "Exported"
                } else {
                    "Catalog"
                };
                Ok(Value::string(&format!("{kind}-Collector[{type_name}]")))
            }
            _ => Ok(Value::Undef),
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

fn is_metaparameter(name: &str) -> bool {
    matches!(
        name,
        "alias"
            | "audit"
            | "before"
            | "loglevel"
            | "noop"
            | "notify"
            | "require"
            | "schedule"
            | "stage"
            | "subscribe"
            | "tag"
    )
}

/// `foo::bar` → `Foo::Bar`, as Puppet prints resource type names.
pub(crate) fn capitalize(name: &str) -> String {
    name.split("::")
        .map(|segment| {
            let mut chars = segment.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
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
