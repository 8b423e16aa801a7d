//! Puppet's checks of a file autoloaded from a module: only definitions at its top, each named
//! within the file's namespace (`modules/a/manifests/b.pp` may define `a::b` and what starts
//! with it), as Puppet's validator checks files on the modulepath.

use alloc::format;
use alloc::vec::Vec;

use super::labels::label;
use crate::diagnostic::{Diagnostic, Stage};
use crate::syntax::ast::{Expr, ExprKind, Program};

/// The findings for a module's file `path` (as messages name it), whose names must start with
/// `namespace` (`None`: a file in no place that may define anything).
pub fn check_module_file(
    program: &Program,
    path: &str,
    namespace: Option<&str>,
) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    for expr in &program.body {
        let definition = matches!(
            expr.kind,
            ExprKind::ClassDefinition(_)
                | ExprKind::DefineDefinition(_)
                | ExprKind::FunctionDefinition(_)
                | ExprKind::TypeAlias(_)
        );
        if !definition {
            let message = match defined_name(expr) {
                Some(name) => format!(
                    "The {} '{name}' is unacceptable as a top level construct in this location",
                    label(expr)
                ),
                None => format!(
                    "This {} is unacceptable as a top level construct in this location",
                    label(expr)
                ),
            };
            findings.push(Diagnostic::error(
                Stage::Validation,
                "ILLEGAL_TOP_CONSTRUCT_LOCATION",
                message,
                crate::syntax::anchor(expr),
            ));
        }
    }
    check_names(&program.body, path, namespace, &mut findings);
    findings
}

fn defined_name(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::ClassDefinition(d) => Some(&d.name.name),
        ExprKind::DefineDefinition(d) => Some(&d.name.name),
        ExprKind::FunctionDefinition(d) => Some(&d.name.name),
        _ => None,
    }
}

/// Whether `name` in ASCII lower case starts with `prefix` (compared without a lower-cased copy).
fn starts_lowered(name: &str, prefix: &str) -> bool {
    name.len() >= prefix.len()
        && (name.bytes().zip(prefix.bytes())).all(|(n, p)| n.to_ascii_lowercase() == p)
}

/// Classes, defined types and functions (nested classes included) named outside the namespace.
fn check_names(body: &[Expr], path: &str, namespace: Option<&str>, findings: &mut Vec<Diagnostic>) {
    for expr in body {
        let Some(name) = defined_name(expr) else {
            continue;
        };
        let acceptable = namespace.is_some_and(|namespace| {
            starts_lowered(crate::qualified::trim_leading(name, "::"), namespace)
        });
        if !acceptable {
            findings.push(Diagnostic::error(
                Stage::Validation,
                "ILLEGAL_DEFINITION_LOCATION",
                format!(
                    "Unacceptable location. The name '{name}' is unacceptable in file '{path}'"
                ),
                expr.span,
            ));
        }
        if let ExprKind::ClassDefinition(class) = &expr.kind {
            if let ExprKind::Block(inner) = &class.body.kind {
                check_names(inner, path, namespace, findings);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_starts_with_a_namespace_in_lower_case_only() {
        assert!(starts_lowered("Mod::Thing", "mod::thing"));
        assert!(starts_lowered("mod::things", "mod::thing"));
        assert!(!starts_lowered("mod::th", "mod::thing"));
        // The namespace is compared as it is: one with capitals matches nothing lowered.
        assert!(!starts_lowered("Mod::thing", "Mod::thing"));
        assert!(starts_lowered("é", ""));
        assert!(!starts_lowered("éx", "ex"));
    }
}
