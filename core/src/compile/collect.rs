//! What acts on resources besides declaring them: resource defaults (dynamically scoped),
//! overrides, collectors (`Type <| query |>`, `realize`), tags, and the lazy evaluation at the end
//! of the program that Puppet calls generators (collectors, then defined-type instances, in a loop
//! until nothing changes).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::catalog::collect::{
    is_valid_tag, push_tag, strings_of, Collector, OverrideAttribute, Query,
};
use crate::catalog::relationships::CollectorValue;
use crate::catalog::{canonical, capitalize};
use crate::eval::evaluator::Evaluator;
use crate::host::LogLevel;
use crate::host::{catalog_error, error, EvalResult};
use crate::span::Span;
use crate::syntax::ast::{AttributeOperation, BinaryOp, Expr, ExprKind};
use crate::text::TrimBy;
use crate::types::Type;
use crate::value::Value;

impl Evaluator<'_> {
    /// Resource defaults, overrides and collectors.
    pub(crate) fn eval_catalog_statement(&mut self, expr: &Expr) -> EvalResult<Value> {
        match &expr.kind {
            ExprKind::ResourceDefaults(defaults) => {
                self.eval_defaults(&defaults.type_ref, &defaults.operations, expr.span)
            }
            ExprKind::ResourceOverride(over) => {
                let operations = &over.operations;
                let target_value = self.eval(&over.target)?;
                if let Some(other) = non_resource_type(&target_value) {
                    return Err(error(
                        "ILLEGAL_OVERRIDE",
                        format!(
                            "Resource Override can only operate on resources, got: {other}-Type"
                        ),
                        expr.span,
                    ));
                }
                let attributes = self.override_attributes(operations, expr.span)?;
                let mut references = Vec::new();
                collect_references(&target_value, &mut references);
                for (i, (name, ..)) in attributes.iter().enumerate() {
                    if attributes[..i].iter().any(|(n, ..)| n == name) {
                        let on = references
                            .first()
                            .map(|(k, t)| format!("{}[{t}]", capitalize(k)))
                            .unwrap_or_default();
                        return Err(error(
                            "DUPLICATE_OVERRIDE",
                            format!("Duplicate parameter '{name}' for on {on}"),
                            expr.span,
                        ));
                    }
                }
                for (kind, title) in references {
                    self.override_resource(&kind, &title, &attributes, expr.span)?;
                }
                Ok(target_value)
            }
            ExprKind::Collector(collector) => {
                let written = match &collector.type_ref.kind {
                    ExprKind::TypeRef(name) => name.to_ascii_lowercase(),
                    _ => canonical(&crate::value::to_string_default(
                        &self.eval(&collector.type_ref)?,
                    )),
                };
                let type_name = canonical(&written);
                let known = self.resource_type_written_known(&written, expr.span)?;
                if !known {
                    return Err(error(
                        "UNKNOWN_RESOURCE_TYPE",
                        format!("Error while evaluating a Virtual Query, Resource type {written} doesn't exist"),
                        expr.span,
                    ));
                }
                let query = match &collector.query {
                    Some(q) => self.compile_query(q)?,
                    None => Query::All,
                };
                let overrides = self.override_attributes(&collector.operations, expr.span)?;
                let display = capitalize(&type_name);
                let value_id = self.catalog.collector_values.len();
                let object = collector_object(
                    if collector.exported {
                        "Exported"
                    } else {
                        "Catalog"
                    },
                    &display,
                );
                self.catalog.collector_values.push(CollectorValue {
                    value: object.clone(),
                    empty_alternative: Vec::new(),
                });
                let value = Value::Runtime(object);
                if collector.exported {
                    self.log(
                        LogLevel::Warning,
                        "You cannot collect exported resources without storeconfigs being set; the collection will be ignored".into(),
                        expr.span,
                    );
                    return Ok(value);
                }
                self.catalog.collectors.push(Collector {
                    type_name,
                    query: Some(query),
                    fixed: Vec::new(),
                    overrides,
                    collected: Vec::new(),
                    value_id: Some(value_id),
                });
                Ok(value)
            }
            _ => Ok(Value::Undef),
        }
    }

    fn eval_defaults(
        &mut self,
        type_ref: &Expr,
        operations: &[AttributeOperation],
        span: Span,
    ) -> EvalResult<Value> {
        let ty = self.eval(type_ref)?;
        let type_name = match &ty {
            Value::Type(t) => match &**t {
                Type::Resource(Some(kind), None) => canonical(kind),
                _ => {
                    return Err(error(
                        "BAD_RESOURCE_TYPE",
                        format!("Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {}", crate::types::infer(&ty)),
                        span,
                    ))
                }
            },
            _ => {
                return Err(error(
                    "BAD_RESOURCE_TYPE",
                    "Illegal Resource Type expression, expected result to be a type name, or untitled Resource",
                    span,
                ))
            }
        };
        let attributes = self.eval_attributes(operations, true, span)?;
        let current = self.catalog.current;
        for (name, value) in attributes {
            let (_, at) = attribute_site(operations, &name, span);
            let Some(scope) = self.catalog.scopes.get_mut(current) else {
                break;
            };
            if scope
                .defaults
                .iter()
                .any(|(t, n, ..)| *t == type_name && *n == name)
            {
                return Err(catalog_error(
                    "DEFAULT_REDEFINED",
                    format!(
                        "Default already defined for {} {{ {name} }}; cannot redefine",
                        capitalize(&type_name)
                    ),
                    span,
                ));
            }
            scope.defaults.push((type_name.clone(), name, value, at));
        }
        Ok(ty)
    }

    /// The attributes of an override block, with whether each one appends (`+>`).
    fn override_attributes(
        &mut self,
        operations: &[AttributeOperation],
        span: Span,
    ) -> EvalResult<Vec<OverrideAttribute>> {
        let values = self.eval_attributes(operations, true, span)?;
        Ok(values
            .into_iter()
            .map(|(name, value)| {
                let (append, at) = attribute_site(operations, &name, span);
                (name, value, append, at)
            })
            .collect())
    }

    /// `Type['title'] { ... }`: Puppet allows it from the resource's own class (for attributes
    /// that are not set yet, or set by defaults) and from its subclasses.
    pub(crate) fn override_resource(
        &mut self,
        kind: &str,
        title: &str,
        attributes: &[OverrideAttribute],
        span: Span,
    ) -> EvalResult<()> {
        let catalog = &self.catalog;
        let Some(index) = catalog.resource_position(kind, title) else {
            // Puppet keeps it for the end of the compilation (the compiled catalog applies it).
            let pending = crate::catalog::compiled::PendingOverride {
                kind: kind.to_string(),
                title: title.to_string(),
                attributes: attributes.to_vec(),
                span,
                scope: catalog.current,
            };
            self.catalog.pending_overrides.push(pending);
            return Ok(());
        };
        let r = &catalog.resources[index];
        let mine = catalog.source_of(catalog.current);
        let theirs = catalog.source_of(r.scope);
        let child = catalog.is_child_of(&mine, &theirs);
        if mine != theirs && !child {
            return Err(catalog_error(
                "OVERRIDE_NOT_ALLOWED",
                "Only subclasses can override parameters",
                span,
            ));
        }
        if r.evaluated && catalog.defines.contains_key(&r.type_name) {
            // A defined type's instance whose body has run: too late to change its parameters.
            return Err(error(
                "OVERRIDE_EVALUATED",
                format!("Attempt to override an already evaluated resource, defined at ({}), with new values", self.sources.file_line(r.span.start)),
                span,
            ));
        }
        for (name, _, _, at) in attributes {
            let set = r.attributes.iter().any(|(a, _)| a == name) && !r.defaulted.contains(name);
            if set && !child {
                return Err(catalog_error(
                    "PARAMETER_REDEFINED",
                    format!(
                        "Parameter '{name}' is already set on {}[{title}] by #<Puppet::Resource::Type> at ({}); cannot redefine",
                        capitalize(kind),
                        self.sources.file_line(r.span.start)
                    ),
                    *at,
                ));
            }
        }
        // An override's `tag` is checked as it is set, as a declaration's is.
        if let Some(tag) = attributes
            .iter()
            .filter(|(name, ..)| name == "tag")
            .find_map(|(_, value, ..)| crate::catalog::collect::invalid_tag_in(value))
        {
            return Err(catalog_error(
                "INVALID_TAG_PARAMETER",
                format!("Invalid tag '{tag}'"),
                span,
            ));
        }
        self.catalog.apply_override(index, attributes);
        Ok(())
    }

    /// A collector's query, with its values evaluated now (as Puppet does).
    fn compile_query(&mut self, expr: &Expr) -> EvalResult<Query> {
        match &expr.kind {
            ExprKind::Paren(inner) => self.compile_query(inner),
            ExprKind::Binary {
                op, left, right, ..
            } => match op {
                BinaryOp::And | BinaryOp::Or => {
                    let a = Box::new(self.compile_query(left)?);
                    let b = Box::new(self.compile_query(right)?);
                    Ok(if *op == BinaryOp::And {
                        Query::And(a, b)
                    } else {
                        Query::Or(a, b)
                    })
                }
                BinaryOp::Eq | BinaryOp::Ne => {
                    let name = match &left.kind {
                        ExprKind::Name(n) | ExprKind::String(n) => n.clone(),
                        _ => crate::value::to_string_default(&self.eval(left)?),
                    };
                    let value = self.eval(right)?;
                    Ok(if *op == BinaryOp::Eq {
                        Query::Eq(name, value)
                    } else {
                        Query::Ne(name, value)
                    })
                }
                _ => Err(self.bad_query(expr)),
            },
            _ => Err(self.bad_query(expr)),
        }
    }

    fn bad_query(&self, expr: &Expr) -> crate::host::Unwind {
        error(
            "BAD_QUERY",
            "Error while evaluating a Virtual Query, this expression is not supported in a query",
            expr.span,
        )
    }

    /// `realize(Type['title'], ...)`: a collector of these resources.
    pub(crate) fn realize(&mut self, args: &[Value], span: Span) -> EvalResult<Value> {
        let mut references = Vec::new();
        for arg in args {
            if let Value::String(text) = arg {
                let parsed = text
                    .split_once('[')
                    .and_then(|(t, rest)| Some((canonical(t), rest.strip_suffix(']')?)))
                    .map(|(t, title)| (t, title.trim_by(&|c| matches!(c, '\'' | '"')).to_string()));
                match parsed {
                    Some(reference) if !reference.0.is_empty() => references.push(reference),
                    _ => {
                        return Err(error(
                            "BAD_REFERENCE",
                            format!("Puppet::Parser::Compiler failed with error ArgumentError: No title provided and \"{text}\" is not a valid resource reference"),
                            span,
                        ))
                    }
                }
            } else if matches!(arg, Value::Type(_) | Value::Array(_)) {
                collect_references(arg, &mut references);
            } else {
                return Err(error(
                    "BAD_REFERENCE",
                    format!("Puppet::Parser::Compiler failed with error ArgumentError: No title provided and \"{}\" is not a valid resource reference", crate::value::to_string_default(arg)),
                    span,
                ));
            }
        }
        self.catalog.collectors.push(Collector {
            type_name: String::new(),
            query: None,
            fixed: references,
            overrides: Vec::new(),
            collected: Vec::new(),
            value_id: None,
        });
        Ok(Value::Undef)
    }

    /// `create_resources(type, {title => attributes}, defaults)`: declares resources (`@type`
    /// for virtual ones) or classes.
    pub(crate) fn create_resources(&mut self, args: &[Value], span: Span) -> EvalResult<String> {
        let (Some(kind), Some(resources)) = (args.first(), args.get(1)) else {
            return Ok(format!(
                "create_resources(): Wrong number of arguments given ({} for minimum 2)",
                args.len()
            ));
        };
        let Value::Hash(resources) = resources else {
            return Ok("create_resources(): second argument must be a hash".into());
        };
        let empty = crate::value::Hash::default();
        let defaults = match args.get(2) {
            Some(Value::Hash(h)) => h,
            _ => &empty,
        };
        let kind = crate::value::to_string_default(kind);
        let written = kind.trim_start_matches('@').to_ascii_lowercase();
        let type_name = canonical(&written);
        let is_virtual = kind.starts_with('@');
        let known = type_name == "class" || self.resource_type_written_known(&written, span)?;
        if !known {
            return Ok(format!("Unknown resource type: '{written}'"));
        }
        for (title, attributes) in resources.iter() {
            self.step(1, span)?;
            // Ruby's `defaults.merge(attributes)`: the defaults' keys first, in their order, each
            // with the resource's own value when it has one; then the resource's other keys.
            let mut list: Vec<(String, Value)> = defaults
                .iter()
                .map(|(k, v)| (crate::value::to_string_default(k), v.clone()))
                .collect();
            if let Value::Hash(h) = attributes {
                for (k, v) in h.iter() {
                    let k = crate::value::to_string_default(k);
                    match list.iter_mut().find(|(a, _)| *a == k) {
                        Some(slot) => slot.1 = v.clone(),
                        None => list.push((k, v.clone())),
                    }
                }
            }
            let title = crate::value::to_string_default(title);
            self.declare_resource(&type_name, &title, list, is_virtual, span)
                .map_err(function_call_error)?;
        }
        Ok(String::new())
    }

    /// `tag(...)`: tags the resource of the current scope.
    pub(crate) fn tag(&mut self, args: &[Value], span: Span) -> EvalResult<Value> {
        for tag in args.iter().flat_map(strings_of) {
            if !is_valid_tag(&tag) {
                // Puppet downcases a tag before it checks it, and names it so.
                let tag = crate::value::case::downcase(&tag);
                return Err(error("INVALID_TAG", format!("Invalid tag '{tag}'"), span));
            }
            let current = self.catalog.current;
            if let Some(scope) = self.catalog.scopes.get_mut(current) {
                push_tag(&mut scope.added_tags, &tag);
            }
        }
        Ok(Value::Undef)
    }

    /// `tagged(...)`: whether the catalog or the current scope's resource has all these tags.
    pub(crate) fn tagged(&self, args: &[Value]) -> Value {
        let mut scope_tags = Vec::new();
        self.catalog
            .push_scope_tags(self.catalog.current, &mut scope_tags);
        Value::Boolean(args.iter().all(|arg| {
            let Value::String(tag) = arg else {
                return false;
            };
            let tag = tag.to_ascii_lowercase();
            self.catalog.tags.contains(tag.as_str()) || scope_tags.contains(&tag)
        }))
    }

    /// Puppet's generators, at the end of the program: collectors, then the instances of defined
    /// types not evaluated yet, again until neither finds anything new.
    pub(crate) fn evaluate_generators(&mut self, span: Span) -> EvalResult<()> {
        let mut rounds = 0;
        loop {
            let collected = self.evaluate_collectors(span)?;
            let defined = self.evaluate_definitions(span)?;
            if !collected && !defined {
                return Ok(());
            }
            rounds += 1;
            if rounds > 1000 {
                return Err(error(
                    "GENERATOR_LOOP",
                    "Somehow looped more than 1000 times while evaluating host catalog",
                    span,
                ));
            }
        }
    }

    fn evaluate_collectors(&mut self, span: Span) -> EvalResult<bool> {
        let mut found = false;
        let mut i = 0;
        while i < self.catalog.collectors.len() {
            self.step(1 + self.catalog.resources.len() as u64, span)?;
            let catalog = &mut self.catalog;
            let collector = &catalog.collectors[i];
            let matches: Vec<usize> = match &collector.query {
                Some(query) => (0..catalog.resources.len())
                    .filter(|&r| {
                        catalog.resources[r].type_name == collector.type_name
                            && catalog.matches(r, query)
                    })
                    .collect(),
                None => collector
                    .fixed
                    .iter()
                    .filter_map(|(kind, title)| catalog.resource_position(kind, title))
                    .collect(),
            };
            let overrides = core::mem::take(&mut catalog.collectors[i].overrides);
            for &r in &matches {
                catalog.resources[r].virtual_ = false;
                if catalog.collectors[i].collected.get(r) != Some(&true) {
                    catalog.apply_override(r, &overrides);
                }
            }
            let collector = &mut catalog.collectors[i];
            collector.overrides = overrides;
            let mut new = false;
            for r in matches {
                if collector.collected.len() <= r {
                    collector.collected.resize(r + 1, false);
                }
                new |= !core::mem::replace(&mut collector.collected[r], true);
            }
            found |= new;
            if collector.query.is_none() {
                let index = &catalog.resource_index;
                collector
                    .fixed
                    .retain(|(kind, title)| index.position(kind, title).is_none());
            }
            i += 1;
        }
        // `realize` calls whose resources all exist are done (one pass: many of them stay linear).
        self.catalog
            .collectors
            .retain(|c| c.query.is_some() || !c.fixed.is_empty());
        Ok(found)
    }

    fn evaluate_definitions(&mut self, span: Span) -> EvalResult<bool> {
        let waiting: Vec<usize> = (0..self.catalog.resources.len())
            .filter(|&i| {
                let r = &self.catalog.resources[i];
                !r.evaluated && !r.virtual_
            })
            .collect();
        for &index in &waiting {
            self.step(1, span)?;
            self.evaluate_define(index)?;
        }
        Ok(!waiting.is_empty())
    }
}

/// A collector expression's value (a `Runtime`): Puppet's collector object, its class and its text.
fn collector_object(
    kind: &str,
    type_name: &str,
) -> alloc::rc::Rc<(alloc::rc::Rc<str>, alloc::rc::Rc<str>)> {
    alloc::rc::Rc::new((
        format!("Puppet::Pops::Evaluator::Collectors::{kind}Collector").into(),
        format!("{kind}-Collector[{type_name}]").into(),
    ))
}

/// The `(type, title)` of each resource reference in a value (arrays are flattened).
/// The first type among the override targets that is not a resource reference (`Class[foo]`).
fn non_resource_type(value: &Value) -> Option<String> {
    match value {
        Value::Array(items) => items.iter().find_map(non_resource_type),
        Value::Type(ty) if !matches!(&**ty, Type::Resource(Some(_), Some(_))) => {
            Some(ty.to_string())
        }
        _ => None,
    }
}

fn collect_references(value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Array(items) => {
            for item in items.iter() {
                collect_references(item, out);
            }
        }
        Value::Type(ty) => {
            if let Type::Resource(Some(kind), Some(title)) = &**ty {
                out.push((canonical(kind), title.to_string()));
            }
        }
        _ => {}
    }
}

/// The catalog's refusals of a resource from `create_resources`, which Puppet reports as the
/// function call's ("Error while evaluating a Function Call, Duplicate declaration: ...").
fn function_call_error(e: crate::host::Unwind) -> crate::host::Unwind {
    match e {
        crate::host::Unwind::Error(mut d)
            if matches!(
                d.code,
                "DUPLICATE_DECLARATION" | "ALIAS_CONFLICT" | "STAGE_NOT_CLASS"
            ) =>
        {
            let resource_statement = "Error while evaluating a Resource Statement, ";
            if let Some(rest) = d.message.strip_prefix(resource_statement) {
                d.message = format!("Error while evaluating a Function Call, {rest}");
            }
            crate::host::Unwind::Error(d)
        }
        other => other,
    }
}

/// Whether attribute `name` of an attribute block appends (`+>`), and where it is set: its own
/// `name => value`, else the `* => hash` that gave it, else `fallback`.
fn attribute_site(operations: &[AttributeOperation], name: &str, fallback: Span) -> (bool, Span) {
    let mut site = (false, fallback);
    for operation in operations {
        match operation {
            AttributeOperation::Set {
                name: n,
                append,
                span,
                ..
            } if n.name == name => return (*append, *span),
            AttributeOperation::Splat { span, .. } => site.1 = *span,
            AttributeOperation::Set { .. } => {}
        }
    }
    site
}
