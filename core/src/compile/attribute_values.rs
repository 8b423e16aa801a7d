//! Warnings for attribute values a built-in resource type can never take (`service { 'x': ensure =>
//! runing }`): Puppet compiles such a catalog and fails only when it applies it, with the message
//! this warning repeats (the values each attribute takes: `types/attribute_values.rs`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostic::{Diagnostic, Stage};
use crate::eval::evaluator::Evaluator;
use crate::syntax::ast::AttributeOperation;
use crate::types::closed_values::ClosedSet;
use crate::value::Value;

/// Whether `value` is one Puppet accepts where `values` and `aliases` are the accepted names:
/// strings and booleans by name (case matters), anything else never.
fn accepted(value: &Value, values: &str, aliases: &str) -> bool {
    let name = match value {
        Value::String(text) => &**text,
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        _ => return false,
    };
    values
        .split(' ')
        .chain(aliases.split(' '))
        .any(|v| !v.is_empty() && v == name)
}

/// A value as Ruby's `inspect` shows it in Puppet's message (`"runing"`, `1`, `:undef`).
fn shown(value: &Value) -> String {
    crate::value::ruby_inspect(value)
}

impl Evaluator<'_> {
    /// Warn, for the resource of built-in type `type_name` just declared with `operations` (the
    /// catalog's resource `at`), about each attribute value its body gave that the type cannot
    /// take (not those of resource defaults).
    #[inline(never)]
    pub(crate) fn check_attribute_values(
        &mut self,
        type_name: &str,
        title: &str,
        operations: &[AttributeOperation],
        at: usize,
    ) {
        // Most resources' types have no closed value sets (defined types never): the values
        // refused are gathered first, warnings made only for them.
        let sets = self.known.closed_values.of(type_name);
        if sets.is_empty() {
            return;
        }
        let Some(resource) = self.catalog.resources.get(at) else {
            return;
        };
        // The defaults the catalog added come after the body's attributes.
        let written = resource
            .attributes
            .len()
            .saturating_sub(resource.defaulted.len());
        let attributes = &resource.attributes[..written];
        let mut refusals: Vec<(&String, String, ClosedSet)> = Vec::new();
        for (attribute, value) in attributes {
            let Some(set) = sets.iter().find(|set| set.attribute == attribute) else {
                continue;
            };
            let (values, aliases) = (set.values, set.aliases);
            // Each element of an array is checked; undef leaves the attribute unset.
            let refused = match value {
                Value::Undef => None,
                Value::Array(items) => items.iter().find(|v| !accepted(v, values, aliases)),
                other => (!accepted(other, values, aliases)).then_some(other),
            };
            if let Some(refused) = refused {
                refusals.push((attribute, shown(refused), *set));
            }
        }
        for (attribute, refused, set) in refusals {
            // The value's place when it is written in this body, else the attribute's name.
            let span = operations.iter().find_map(|operation| match operation {
                AttributeOperation::Set { name, value, .. } if &name.name == attribute => {
                    Some(value.span)
                }
                _ => None,
            });
            let Some(span) = span else {
                continue;
            };
            let message = format!(
                "Parameter {attribute} failed on {}[{title}]: Invalid value {}. Valid values are {}.",
                crate::catalog::capitalize(type_name),
                refused,
                set.values.replace(' ', ", ")
            );
            // Puppet's applying of the catalog says it, not its evaluator: no "Evaluation Error" prefix.
            let warning = Diagnostic::warning(Stage::Compile, "INVALID_ATTRIBUTE_VALUE", message, span)
                .with_note(
                    "Puppet compiles this catalog, and fails when it applies it (puppet apply, an agent run)",
                    None,
                );
            self.output.warnings.push(warning);
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    fn warnings(program: &str) -> Vec<String> {
        let outcome = crate::evaluate(program, &crate::EvalOptions::default());
        assert!(outcome.error().is_none(), "{:?}", outcome.error());
        outcome
            .diagnostics
            .iter()
            .filter(|d| !d.is_error())
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn values_a_built_in_type_refuses_are_warnings() {
        assert_eq!(
            warnings("service { 'nginx': ensure => runing, enable => true }"),
            ["Parameter ensure failed on Service[nginx]: Invalid value \"runing\". Valid values are stopped, running."]
        );
        assert_eq!(
            warnings("user { 'u': ensure => 1 }\npackage { 'p': mark => ['hold', 'x'] }"),
            [
                "Parameter ensure failed on User[u]: Invalid value 1. Valid values are present, absent, role.",
                "Parameter mark failed on Package[p]: Invalid value \"x\". Valid values are hold, none."
            ]
        );
    }

    #[test]
    fn accepted_values_names_and_aliases_are_not() {
        assert!(warnings(
            "service { 'a': ensure => true }\nservice { 'b': ensure => 'stopped', enable => undef }\nfile { '/x': links => follow }"
        )
        .is_empty());
        // Types the playground does not know the values of, and defined types, are left alone.
        assert!(warnings("define d($ensure) { }\nd { 'x': ensure => runing }").is_empty());
    }

    #[test]
    fn each_title_of_a_body_is_checked() {
        assert_eq!(
            warnings("service { default: enable => true; ['a', 'b']: ensure => runing }"),
            [
                "Parameter ensure failed on Service[a]: Invalid value \"runing\". Valid values are stopped, running.",
                "Parameter ensure failed on Service[b]: Invalid value \"runing\". Valid values are stopped, running."
            ]
        );
    }
}
