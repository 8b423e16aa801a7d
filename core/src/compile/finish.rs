//! What Puppet's compiler does when it finishes a compile, after the program and its generators
//! have run (`Compiler#finish`): it makes the chain arrows' relationships (each resource they
//! name must be in the catalog), then, resource by resource in catalog order, applies the
//! overrides that ran before the resource was declared and validates it (a built-in type's
//! attributes, the parameters of a defined-type instance never evaluated). A failure there is a
//! diagnostic of `Stage::Compile`: the program's value stands, the catalog does not.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::catalog::named::{flatten_references, parse_reference, Named, RELATIONSHIP_PARAMETERS};
use crate::catalog::{capitalize, DeclaredResource};
use crate::diagnostic::{Diagnostic, Stage};
use crate::eval::evaluator::Evaluator;
use crate::span::Span;
use crate::types::is_metaparameter;
use crate::value::Value;

/// A finishing error: `Stage::Compile`, where the code says how the position is printed.
pub(crate) fn failure(code: &'static str, message: String, span: Span) -> Diagnostic {
    Diagnostic::error(Stage::Compile, code, message, span)
}

/// An evaluation error met while finishing (an override refused, a type that fails to evaluate).
pub(crate) fn finishing(unwind: crate::host::Unwind) -> Diagnostic {
    let mut diagnostic = unwind.into_diagnostic();
    diagnostic.stage = Stage::Compile;
    diagnostic
}

impl Evaluator<'_> {
    /// `Compiler#finish`, as far as it can fail: the first failure, in Puppet's order.
    pub(crate) fn finish(&mut self) -> Result<(), Diagnostic> {
        self.catalog.edges = self.relationship_edges()?;
        let pending = core::mem::take(&mut self.catalog.pending_overrides);
        // Each pending override with the position of the resource it names (found through the
        // catalog's index, not by comparing with every resource), grouped by that position in
        // their order: linear where pairing every override with every resource was quadratic.
        let targets: Vec<(usize, usize)> = pending
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let at = self.catalog.resource_position(&o.kind, &o.title)?;
                let r = self.catalog.resources.get(at)?;
                (o.kind == r.type_name && o.title == r.title).then_some((at, i))
            })
            .collect();
        let by_resource =
            crate::sort::order(targets.len(), &mut |a, b| targets[a].0.cmp(&targets[b].0));
        let mut next = by_resource.iter().map(|k| targets[*k]).peekable();
        let current = self.catalog.current;
        for at in 0..self.catalog.resources.len() {
            while let Some((_, i)) = next.next_if(|(target, _)| *target == at) {
                let Some(o) = pending.get(i) else {
                    continue;
                };
                self.catalog.current = o.scope;
                let applied = self.override_resource(&o.kind, &o.title, &o.attributes, o.span);
                self.catalog.current = current;
                applied.map_err(finishing)?;
            }
            self.validate_resource(at)?;
        }
        self.hand_down_instance_metaparameters();
        // A compile for a node validates the finished catalog as `puppet apply` does (without a
        // node, as `catalog_oracle.rb` finishes a compile, it does not).
        if self.options.certname.is_some() {
            self.validate_relationship_parameters()?;
        }
        Ok(())
    }

    /// `Compiler#validate_catalog`: every resource a relationship metaparameter (`before`,
    /// `require`, `notify`, `subscribe`) names is in the catalog, checked in catalog order.
    fn validate_relationship_parameters(&self) -> Result<(), Diagnostic> {
        for entry in &self.catalog.entries {
            let (parameters, spans, span) = match entry {
                crate::catalog::compiled::CatalogEntry::Resource(at) => {
                    let Some(r) = self.catalog.resources.get(*at) else {
                        continue;
                    };
                    if r.virtual_ {
                        continue;
                    }
                    (&r.attributes, r.attribute_spans.as_slice(), r.span)
                }
                crate::catalog::compiled::CatalogEntry::Class(class) => (
                    &class.parameters,
                    class.attribute_spans.as_slice(),
                    class.span,
                ),
                crate::catalog::compiled::CatalogEntry::Node(_) => continue,
            };
            for (name, value) in parameters {
                if !RELATIONSHIP_PARAMETERS.contains(&name.as_str()) {
                    continue;
                }
                let at = spans
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or(span, |(_, s)| *s);
                let mut references = Vec::new();
                let max = self.options.limits.max_collection_len;
                if !flatten_references(value, &mut references, max) {
                    return Err(failure(
                        "SIZE_LIMIT",
                        format!("the parameter '{name}' holds more than {max} references"),
                        at,
                    ));
                }
                for reference in references {
                    let missing = match reference {
                        Value::Type(ty) => match crate::catalog::relationships::catalog_entry(ty) {
                            Some(Ok(named)) => (!self.in_catalog(&named)).then(|| named.display()),
                            _ => Some(crate::value::to_string_default(reference)),
                        },
                        Value::String(text) => match parse_reference(text) {
                            Some(named) if self.in_catalog(&named) => None,
                            _ => Some(text.to_string()),
                        },
                        other => Some(crate::value::to_string_default(other)),
                    };
                    if let Some(missing) = missing {
                        return Err(failure(
                            "RELATIONSHIP_PARAMETER",
                            format!("Could not find resource '{missing}' in parameter '{name}'"),
                            at,
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the catalog has the resource `named` (virtual ones and aliases too), as Puppet's
    /// catalog finds it: with its own `Class[Settings]` and `Stage[main]`, and not `Class[main]`.
    pub(crate) fn in_catalog(&self, named: &Named) -> bool {
        match (named.kind.as_str(), named.title.as_str()) {
            ("class", "settings") | ("stage", "main") => true,
            ("class", name) => self.catalog.is_declared_class(name),
            (kind, title) => self.catalog.resource_position(kind, title).is_some(),
        }
    }

    /// `Resource#validate` when the compile finishes: a built-in type's attributes are ones it
    /// has; a defined-type instance never evaluated (virtual, not realized) has the parameters
    /// its type requires, and no others (an evaluated one was checked when it was).
    fn validate_resource(&mut self, at: usize) -> Result<(), Diagnostic> {
        let Some(r) = self.catalog.resources.get(at) else {
            return Ok(());
        };
        check_builtin_attributes(r, &self.sources, &mut self.known.attribute_names)?;
        // A type declared with puppet-resource_api has the attributes its file lists.
        if let Some((name, _)) = r
            .attributes
            .iter()
            .find(|(name, _)| self.resource_api_lacks(&r.type_name, name) == Some(true))
        {
            return Err(unknown_attribute(r, name, &self.sources));
        }
        let Some(definition) = self.catalog.defines.get(&r.type_name).cloned() else {
            return Ok(());
        };
        if r.evaluated {
            return Ok(());
        }
        let (attributes, span) = (r.attributes.clone(), r.span);
        let reference = format!("{}[{}]", capitalize(&r.type_name), r.title);
        // Puppet puts several problems on lines of their own after `Foo[a]:`.
        let (mut problems, mut count) = (String::new(), 0);
        for (name, _) in &attributes {
            if !is_metaparameter(name) && !definition.params.iter().any(|p| &p.name.name == name) {
                problems.push_str(&format!("\n has no parameter named '{name}'"));
                count += 1;
            }
        }
        for param in &definition.params {
            let name = param.name.name.as_str();
            let problem = match (attributes.iter().find(|(a, _)| a == name), &param.type_expr) {
                (None, _) if param.default.is_none() => {
                    format!("expects a value for parameter '{name}'")
                }
                (Some((_, value)), Some(type_expr)) => {
                    let ty = self.eval_type_expr(type_expr).map_err(finishing)?;
                    match crate::host::checked_mismatch(self, &ty, value, span)
                        .map_err(finishing)?
                    {
                        Some(mismatch) => format!("parameter '{name}' {mismatch}"),
                        None => continue,
                    }
                }
                _ => continue,
            };
            problems.push_str("\n ");
            problems.push_str(&problem);
            count += 1;
        }
        let message = match count {
            0 => return Ok(()),
            1 => format!("{reference}: {}", problems.get(2..).unwrap_or_default()),
            _ => format!("{reference}:{problems}"),
        };
        Err(failure("INSTANCE_INVALID", message, span))
    }
}

/// Every attribute of a built-in type's resource (virtual ones too; set, defaulted or overridden,
/// even to `undef`) is one the type has: those the declaration did not find so already (an
/// override changes values in place or adds attributes after them).
fn check_builtin_attributes(
    resource: &DeclaredResource,
    sources: &crate::sources::Sources,
    names: &mut crate::types::AttributeNames,
) -> Result<(), Diagnostic> {
    let unchecked = resource
        .attributes
        .get(resource.checked_attributes..)
        .unwrap_or_default();
    if unchecked.is_empty() {
        return Ok(());
    }
    let Some(names) = names.of(&resource.type_name) else {
        return Ok(());
    };
    let unknown = unchecked.iter().find(|(name, _)| !names.has(name));
    match unknown {
        Some((name, _)) => Err(unknown_attribute(resource, name, sources)),
        None => Ok(()),
    }
}

/// Puppet's "no parameter named" for attribute `name` of `resource`, placed at the attribute's
/// name when the resource's body sets it (not a default's).
fn unknown_attribute(
    resource: &DeclaredResource,
    name: &str,
    sources: &crate::sources::Sources,
) -> Diagnostic {
    failure(
        "UNKNOWN_ATTRIBUTE",
        format!(
            "no parameter named '{name}' ({}) on {}[{}]",
            sources.file_line(resource.span.start),
            capitalize(&resource.type_name),
            resource.title
        ),
        resource
            .attribute_spans
            .iter()
            .find(|(set, _)| set == name)
            .map_or(resource.span, |(_, at)| *at),
    )
}

#[cfg(test)]
mod tests {
    use alloc::string::String;

    use crate::{evaluate, puppet_text, EvalOptions};

    /// `(the text the error is placed on, Puppet's text of it)`.
    fn placed(source: &str) -> (String, String) {
        let outcome = evaluate(source, &EvalOptions::default());
        let error = outcome.error().expect("an error");
        assert_eq!(error.code, "UNKNOWN_ATTRIBUTE");
        let on = &source[error.span.start as usize..error.span.end as usize];
        (on.into(), puppet_text(&outcome.sources, error))
    }

    #[test]
    fn an_unknown_attribute_is_placed_at_its_name_and_puppet_names_the_resource_s_line() {
        // Puppet's words (tests/conformance/golden-catalog, catalog/306): the resource's line, twice.
        let (on, text) = placed("file { '/tmp/motd':\n  mode  => '0644',\n  ensur => file,\n}\n");
        assert_eq!(on, "ensur");
        assert_eq!(
            text,
            "no parameter named 'ensur' (file: snippet.pp, line: 1) on File[/tmp/motd] (file: snippet.pp, line: 1)"
        );
        // Set by a resource default: no name in the resource's body, placed on the resource (catalog/333).
        let (on, text) = placed("File { ensur => file }\nfile { '/tmp/a': }");
        assert_eq!(on, "file { '/tmp/a': }");
        assert_eq!(
            text,
            "no parameter named 'ensur' (file: snippet.pp, line: 2) on File[/tmp/a] (file: snippet.pp, line: 2)"
        );
    }
}
