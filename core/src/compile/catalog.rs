//! The catalog side of the language, as far as a playground evaluates it: classes (declared once,
//! their variables readable as `$class::var`), defined types (evaluated after the main program, as
//! Puppet's compiler does) and resource declarations, which evaluate to resource references.
//! Defaults, overrides, collectors and tags are in `collect.rs`.

use alloc::borrow::Cow;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::catalog::{canonical, capitalize, DeclaredResource};
use crate::eval::calls::CallSite;
use crate::eval::evaluator::Evaluator;
use crate::host::{catalog_error, error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{AttributeOperation, ExprKind, Param, ResourceExpr};
use crate::types::{is_metaparameter, Type};
use crate::value::Value;
impl Evaluator<'_> {
    /// Declare classes by name (`include`, `require`, `contain`): each is evaluated once. As
    /// Puppet's compiler does, every class is looked for first (one missing fails the call before
    /// any is evaluated), then the new ones without a parent class get their catalog entries, then
    /// their bodies are evaluated in order: `include a, b` lists `Class[B]` before `a`'s resources.
    pub(crate) fn include_classes(
        &mut self,
        names: &[Value],
        site: &CallSite,
    ) -> EvalResult<Value> {
        // An `include` statement's value nobody reads: no list of its classes.
        let unused = core::mem::take(&mut self.value_unused);
        let mut declared = Vec::new();
        let mut canonical_names: Vec<Cow<'_, str>> = Vec::new();
        let mut written = Vec::new();
        for name in names {
            match name {
                Value::String(text) if text.is_empty() => {
                    return Err(site.fail("Cannot use empty string as a class name"))
                }
                Value::Undef => return Err(site.fail("Cannot use undef as a class name")),
                _ => {}
            }
            written.clear();
            class_names(name, &mut written);
            for name in &written {
                let canonical_name = crate::catalog::canonical_str(name);
                if !unused {
                    declared.push(Value::from_type(Type::Class(Some(
                        canonical_name.as_ref().into(),
                    ))));
                }
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
                .map_or(crate::catalog::graph::ScopeOwner::Main, |s| s.owner.clone());
            if site.name == "require" && self.catalog.add_required_class(&owner, class.clone()) {
                continue;
            }
            self.catalog
                .class_links
                .push(crate::catalog::graph::ClassLink {
                    owner,
                    class,
                    contain: site.name == "contain",
                    span: site.span,
                });
        }
        let report = |e: crate::host::Unwind| match e {
            // Puppet reports what binding the class's parameters found at the call.
            crate::host::Unwind::Error(d)
                if d.code == "CLASS_NOT_FOUND"
                    || (matches!(
                        d.code,
                        "MISSING_PARAMETER" | "PARAMETER_TYPE" | "UNKNOWN_PARAMETER"
                    ) && d.span == site.span) =>
            {
                site.fail(d.message.as_str())
            }
            other => other,
        };
        // The classes this call declares: new ones (or entered by an outer `include` and not
        // evaluated yet), each once.
        let mut new: Vec<String> = Vec::new();
        for name in canonical_names {
            // Puppet's built-in class `settings` is always in the catalog.
            let done = self.catalog.is_class_declared(&name) && !self.catalog.is_unevaluated(&name);
            if done || name == "settings" || new.iter().any(|n| *n == *name) {
                continue;
            }
            if !self.class_known(&name, site.span)? {
                return Err(report(self.class_not_found(&name, site.span)));
            }
            new.push(name.into_owned());
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
        if unused {
            return Ok(Value::Undef);
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

    fn class_not_found(&self, name: &str, span: Span) -> crate::host::Unwind {
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
        let declared_in = self.catalog.current;
        let mut catalog_parent = declared_in;
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
        let caller = match self.scopes.lookup("module_name") {
            Some(Value::String(module)) => Some(module.clone()),
            _ => None,
        };
        let outer = self.catalog.enter_scope(catalog_parent, name, declared_in);
        // The class's catalog entry is made by now (a subclass's right after its parent's).
        let owner = match self.catalog.declared_classes.get(name) {
            Some(&entry) => crate::catalog::graph::ScopeOwner::Class(entry),
            None => crate::catalog::graph::ScopeOwner::Main,
        };
        self.catalog.own_current_scope(owner);
        self.catalog
            .class_scopes
            .insert(name.to_string(), self.catalog.current);
        // A scope holding what the parent class defined, then the class's own scope.
        let mark = self.scopes.push(self.scopes.node_frame.unwrap_or(0));
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
            let names = (
                self.scratch.scope_names.title.clone(),
                self.scratch.scope_names.name.clone(),
            );
            self.scopes.assign(names.0, title.clone());
            self.scopes.assign(names.1, title);
            self.bind_module_name(name, definition.name.span);
            self.bind_caller_module_name(caller);
            let resource = ["Class[", &capitalize(name), "]"].concat();
            // Puppet reads a class's parameter types as it loads the class, before it looks any
            // parameter up in Hiera: a type naming an unknown one is the first error. The binding
            // below checks the values against these same types.
            let mut types = Vec::with_capacity(definition.params.len());
            for param in &definition.params {
                types.push(match &param.type_expr {
                    Some(type_expr) => Some(self.eval_type_shared(type_expr)?),
                    None => None,
                });
            }
            let attributes =
                self.automatic_parameters(name, &definition.params, attributes, span)?;
            let defaulted = self.bind_resource_params(
                &definition.params,
                &attributes,
                &resource,
                span,
                &types,
            )?;
            let parameters = crate::catalog::compiled::final_parameters(attributes, defaulted);
            self.catalog.set_class_parameters(name, parameters);
            self.eval_for_effect(&definition.body)
        })();
        // What the class defined, over what it inherited, stays readable as `$class::var`.
        let own = self.scopes.take_current_vars();
        self.catalog.keep_class_variables(name, inherited, own);
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
                    format!(
                        "Circular inheritance: {}",
                        crate::text::join(&chain, " inherits ")
                    ),
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

    /// Bind the attributes of a class or defined-type declaration to its parameters. As Puppet's
    /// `set_resource_parameters` does, every default is evaluated first (in parameter order, each
    /// seeing the parameters before it), then the whole set is checked: unknown attributes, then
    /// each parameter missing or of the wrong type, all of them in one message.
    /// `types`: the parameters' types when the caller has read them already (a class's), else empty.
    fn bind_resource_params(
        &mut self,
        params: &[Param],
        attributes: &[(String, Value)],
        resource: &str,
        span: Span,
        types: &[Option<Rc<Type>>],
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
                #[cfg(feature = "ide")]
                if let Some(recorder) = self.output.recorder.as_mut() {
                    recorder.record_parameter(param.name.span, value);
                }
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
        for (at, (param, value)) in params.iter().zip(bound).enumerate() {
            let known_type = types.get(at).cloned().flatten();
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
            let ty = match known_type {
                Some(ty) => ty,
                None => self.eval_type_shared(type_expr)?,
            };
            if let Some(mismatch) = crate::host::checked_mismatch(self, &ty, &value, span)? {
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
                format!("{resource}:\n {}", crate::text::join(&lines, "\n "))
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
        // A statement's value nobody reads needs no references (see `eval_for_effect`).
        let unused = core::mem::take(&mut self.value_unused);
        // As written: a lower-case name keeps its leading `::` (`::notify` is no built-in type).
        let written: Cow<'_, str> = match &resource.type_name.kind {
            ExprKind::Name(name) => crate::catalog::lower_str(name),
            ExprKind::TypeRef(name) => crate::catalog::canonical_str(name),
            _ => {
                let value = self.eval(&resource.type_name)?;
                Cow::Owned(canonical(&crate::value::to_string_default(&value)))
            }
        };
        let type_name = crate::catalog::canonical_str(&written);
        if resource.form == crate::syntax::ast::ResourceForm::Exported {
            self.log(
                crate::host::LogLevel::Warning,
                "You cannot collect exported resources without storeconfigs being set; the export is ignored".into(),
                span,
            );
        }
        let known = type_name == "class" || self.resource_type_written_known(&written, span)?;
        if !known {
            return Err(error(
                "UNKNOWN_RESOURCE_TYPE",
                format!("Error while evaluating a Resource Statement, Unknown resource type: '{written}'"),
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
            let titles: &[Value] = match &title_value {
                Value::Array(items) => items.as_slice(),
                other => core::slice::from_ref(other),
            };
            for (index, title) in titles.iter().enumerate() {
                let title: &str = match title {
                    Value::String(text) if text.is_empty() => {
                        return Err(error(
                            "EMPTY_TITLE",
                            format!("Empty string title at {index}. Title strings must have a length greater than zero."),
                            body.title.span,
                        ))
                    }
                    Value::String(text) => text,
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
                self.check_ruby_title(&type_name, title, span)?;
                // The last title's resource takes the attributes; the others a copy.
                let declared = if index + 1 == titles.len() {
                    core::mem::take(&mut attributes)
                } else {
                    attributes.clone()
                };
                let at = self.declare_resource(&type_name, title, declared, is_virtual, span)?;
                let reference = if type_name == "class" {
                    let class_name = canonical(title);
                    let spans = self.relationship_spans(&type_name, &body.operations);
                    let reference =
                        (!unused).then(|| Type::resource("class", Some(&capitalize(&class_name))));
                    self.catalog.set_class_attribute_spans(&class_name, spans);
                    reference
                } else {
                    self.note_attribute_spans(&type_name, &body.operations);
                    if let Some(at) = at {
                        self.check_attribute_values(&type_name, title, &body.operations, at);
                    }
                    (!unused).then(|| Type::resource(&type_name, Some(title)))
                };
                references.extend(reference.map(Value::from_type));
            }
        }
        if unused {
            return Ok(Value::Undef);
        }
        Ok(Value::array(references))
    }

    /// The attributes of a resource body (`twice`: the same name may come twice, for defaults).
    pub(crate) fn eval_attributes(
        &mut self,
        operations: &[AttributeOperation],
        twice: bool,
        span: Span,
    ) -> EvalResult<Vec<(String, Value)>> {
        let mut attributes: Vec<(String, Value)> = Vec::with_capacity(operations.len());
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
                    crate::host::charge_walk(self, &value, crate::host::Walk::Builds, name.span)?;
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
                        let walk = crate::host::Walk::Builds;
                        crate::host::charge_walk(self, &Value::Hash(hash.clone()), walk, *span)?;
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

    /// Declare a resource (a class, when `type_name` is `class`) with its body's evaluated
    /// attributes, which it keeps: its place among the catalog's resources (`None` for a class).
    pub(crate) fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        mut attributes: Vec<(String, Value)>,
        is_virtual: bool,
        span: Span,
    ) -> EvalResult<Option<usize>> {
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
            self.evaluate_class(&class_name, &attributes, span)
                .map_err(|e| match e {
                    // Puppet's words for a class declared like a resource: the name as written.
                    crate::host::Unwind::Error(d)
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
            return Ok(None);
        }
        let declared = self.catalog.resource_position(type_name, title);
        if let Some(first) = declared.and_then(|at| self.catalog.resources.get(at)) {
            return Err(error(
                "DUPLICATE_DECLARATION",
                format!(
                    "Error while evaluating a Resource Statement, Duplicate declaration: {}[{title}] is already declared at ({}); cannot redeclare ({})",
                    capitalize(type_name),
                    self.sources.file_line(first.span.start),
                    self.sources.file_line(span.start)
                ),
                span,
            ));
        }
        let mut defaulted = Vec::new();
        let mut attribute_spans = Vec::new();
        for (name, value, at) in self.catalog.defaults_for(type_name) {
            if !attributes.iter().any(|(a, _)| *a == name) {
                // A relationship a default sets is reported where the default sets it.
                if crate::catalog::named::RELATIONSHIP_PARAMETERS.contains(&name.as_str()) {
                    attribute_spans.push((name.clone(), at));
                }
                self.log(
                    crate::host::LogLevel::Debug,
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
            .find_map(|(_, v)| crate::catalog::collect::invalid_tag_in(v))
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
        let place = self.catalog.resources.len();
        for key in aliases {
            self.catalog.resource_index.insert(key, place);
        }
        self.catalog.push_resource(DeclaredResource {
            type_name: type_name.to_string(),
            title: title.to_string(),
            attributes,
            defaulted,
            span,
            virtual_: is_virtual,
            defaulted_parameters: Vec::new(),
            attribute_spans,
            checked_attributes: 0,
            evaluated: !self.catalog.defines.contains_key(type_name),
            scope: self.catalog.current,
        });
        stage.map(|()| Some(place))
    }

    /// Evaluate the body of a defined type's instance (`index` in the catalog's resources).
    pub(crate) fn evaluate_define(&mut self, index: usize) -> EvalResult<()> {
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
        // The module of the class or defined type whose body declared the instance, if any.
        let caller = self
            .catalog
            .scopes
            .get(scope)
            .and_then(|declared_in| declared_in.module.clone());
        let outer = self.catalog.enter_scope(scope, &type_name, scope);
        self.catalog
            .own_current_scope(crate::catalog::graph::ScopeOwner::Instance(index));
        let mark = self.scopes.push(0);
        let result = (|| {
            let title_value = Value::string(&title);
            let title_name = self.scratch.scope_names.title.clone();
            self.scopes.assign(title_name, title_value.clone());
            let name = attributes
                .iter()
                .find(|(a, _)| a == "name")
                .map_or(title_value, |(_, v)| v.clone());
            let name_name = self.scratch.scope_names.name.clone();
            self.scopes.assign(name_name, name);
            self.bind_module_name(&type_name, definition.name.span);
            self.bind_caller_module_name(caller);
            let resource = crate::catalog::resource_reference(&type_name, &title);
            let attributes: Vec<(String, Value)> = attributes
                .into_iter()
                .filter(|(a, _)| a != "name")
                .collect();
            // Puppet evaluates an instance once the code declaring it is done, and reports any
            // error of its parameters' defaults or body inside the declaration's line.
            let defaulted = match self.bind_resource_params(
                &definition.params,
                &attributes,
                &resource,
                span,
                &[],
            ) {
                Ok(defaulted) => defaulted,
                Err(unwind) if is_parameter_problem(&unwind) => {
                    return Err(define_instance_error(unwind))
                }
                Err(unwind) => return Err(self.define_body_error(unwind, span)),
            };
            if let Some(instance) = self.catalog.resources.get_mut(index) {
                instance.defaulted_parameters = defaulted;
            }
            self.eval_for_effect(&definition.body)
                .map_err(|unwind| self.define_body_error(unwind, span))
        })();
        self.scopes.pop(mark);
        self.catalog.current = outer;
        result
    }
}

impl Evaluator<'_> {
    /// Record where the resource just declared sets its relationship metaparameters, and the
    /// name of each attribute its (built-in) type does not have; and how many of its first
    /// attributes its type was found to have, which the finish need not check again.
    fn note_attribute_spans(&mut self, type_name: &str, operations: &[AttributeOperation]) {
        let (spans, checked) = self.attribute_spans(type_name, operations);
        if let Some(resource) = self.catalog.resources.last_mut() {
            resource.attribute_spans.extend(spans);
            resource.checked_attributes = checked;
        }
    }

    /// Where a resource body sets its relationship metaparameters, and the name of each attribute
    /// its (built-in) type does not have.
    fn relationship_spans(
        &mut self,
        type_name: &str,
        operations: &[AttributeOperation],
    ) -> Vec<(String, Span)> {
        self.attribute_spans(type_name, operations).0
    }

    /// [`Self::relationship_spans`], and for a built-in type how many of the body's attributes,
    /// from the first, it was found to have: the resource's first attributes, one for each `=>`
    /// up to the first `*` or unknown name (the defaults' come after them).
    fn attribute_spans(
        &mut self,
        type_name: &str,
        operations: &[AttributeOperation],
    ) -> (Vec<(String, Span)>, usize) {
        let names = self.known.attribute_names.of(type_name);
        let mut spans = Vec::new();
        let mut checked = 0;
        let mut counting = names.is_some();
        for operation in operations {
            match operation {
                AttributeOperation::Set { name, span, .. }
                    if crate::catalog::named::RELATIONSHIP_PARAMETERS
                        .contains(&name.name.as_str()) =>
                {
                    spans.push((name.name.clone(), *span));
                }
                AttributeOperation::Set { name, .. }
                    if names.is_some_and(|names| !names.has(&name.name)) =>
                {
                    spans.push((name.name.clone(), name.span));
                    counting = false;
                }
                AttributeOperation::Set { .. } => {}
                AttributeOperation::Splat { .. } => counting = false,
            }
            checked += usize::from(counting);
        }
        (spans, checked)
    }

    /// An error in a defined type's body, as Puppet reports it: the error's whole text inside
    /// one of the instance's declaration (its line only). The engine's own limits stay as they are.
    fn define_body_error(&self, unwind: crate::host::Unwind, span: Span) -> crate::host::Unwind {
        match unwind {
            crate::host::Unwind::Error(d) if !crate::run::budget::is_limit(d.code) => {
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
                crate::host::Unwind::Error(alloc::boxed::Box::new(outer))
            }
            other => other,
        }
    }
}

/// Errors of a defined type's instance, which Puppet reports with a line but no column.
fn define_instance_error(e: crate::host::Unwind) -> crate::host::Unwind {
    match prefix_resource_error(e) {
        crate::host::Unwind::Error(mut d)
            if d.message
                .starts_with("Error while evaluating a Resource Statement") =>
        {
            d.code = "DEFINE_INSTANCE";
            crate::host::Unwind::Error(d)
        }
        other => other,
    }
}

/// Whether `e` is what checking a declaration's attributes against its parameters found.
fn is_parameter_problem(e: &crate::host::Unwind) -> bool {
    matches!(e, crate::host::Unwind::Error(d)
        if matches!(d.code, "MISSING_PARAMETER" | "PARAMETER_TYPE" | "UNKNOWN_PARAMETER"))
}

/// A parameter problem as Puppet reports it of a resource statement; other errors as they are.
fn prefix_resource_error(e: crate::host::Unwind) -> crate::host::Unwind {
    match e {
        crate::host::Unwind::Error(mut d) if is_parameter_problem(&e) => {
            d.message = format!("Error while evaluating a Resource Statement, {}", d.message);
            crate::host::Unwind::Error(d)
        }
        other => other,
    }
}

/// Adds the class names an `include` argument stands for to `names`: strings, arrays of them,
/// `Class[name]`.
fn class_names<'a>(value: &'a Value, names: &mut Vec<&'a str>) {
    match value {
        Value::String(name) => names.push(name),
        Value::Array(items) => items.iter().for_each(|item| class_names(item, names)),
        Value::Type(ty) => match &**ty {
            Type::Class(Some(name)) => names.push(name),
            Type::Resource(Some(kind), Some(title)) if kind.eq_ignore_ascii_case("class") => {
                names.push(title)
            }
            _ => {}
        },
        _ => {}
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
        let Some(at) = self.catalog.resource_position(&definition, &title) else {
            return;
        };
        let same = |value: &Value| match (value, original) {
            (Value::Array(a), Value::Array(b)) => a.same_object(b),
            (Value::Hash(a), Value::Hash(b)) => a.same_object(b),
            _ => false,
        };
        if let Some(resource) = self.catalog.resources.get_mut(at) {
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
