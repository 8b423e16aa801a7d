//! What hover says of the environment's own definitions: a class's or defined type's parameters
//! with their types and defaults, a function's signature, a type alias's definition, and the file
//! and line each is in (read from the source as written).

use alloc::string::String;
use alloc::vec::Vec;

use super::definition::{with_definition, Kind};
use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind, Param};

/// Longest a parameter's or alias's text is shown before it is cut.
const MAX_SHOWN: usize = 120;

/// `class app(\n  Integer $port = 80,\n)` and where it is, for the first definition of `name` of
/// one of `kinds`.
pub(super) fn definition_docs(
    files: &[(&str, &str)],
    name: &str,
    kinds: &[Kind],
) -> Option<String> {
    with_definition(files, name, kinds, |path, text, definition, _| {
        let (header, at) = match &definition.kind {
            ExprKind::ClassDefinition(class) => {
                let mut header = with_params(text, "class ", &class.name.name, &class.params, true);
                if let Some(parent) = &class.parent {
                    header.push_str(" inherits ");
                    header.push_str(&parent.name);
                }
                (header, class.name.span)
            }
            ExprKind::DefineDefinition(define) => (
                with_params(text, "define ", &define.name.name, &define.params, true),
                define.name.span,
            ),
            ExprKind::FunctionDefinition(function) => (
                alloc::format!(
                    "function {}",
                    function_label(
                        text,
                        &function.name.name,
                        &function.params,
                        function.return_type.as_ref()
                    )
                ),
                function.name.span,
            ),
            ExprKind::TypeAlias(alias) => (shown(text, definition.span), alias.name.span),
            _ => return None,
        };
        let line = text[..at.start as usize].matches('\n').count() + 1;
        Some(alloc::format!("{header}\n{path}:{line}"))
    })
}

/// The signature of the environment's Puppet function `name`, as signature help shows it:
/// `app::scale(Integer $x, Integer $by = 2) >> Integer`.
pub(super) fn puppet_function(files: &[(&str, &str)], name: &str) -> Option<String> {
    with_definition(
        files,
        name,
        &[Kind::Function],
        |_, text, definition, _| match &definition.kind {
            ExprKind::FunctionDefinition(function) => Some(function_label(
                text,
                &function.name.name,
                &function.params,
                function.return_type.as_ref(),
            )),
            _ => None,
        },
    )
}

fn function_label(text: &str, name: &str, params: &[Param], returns: Option<&Expr>) -> String {
    let mut label = with_params(text, "", name, params, false);
    if let Some(returns) = returns {
        label.push_str(" >> ");
        label.push_str(&shown(text, returns.span));
    }
    label
}

/// `keyword name(params)`: one parameter per line when `multiline` and there are any.
fn with_params(text: &str, keyword: &str, name: &str, params: &[Param], multiline: bool) -> String {
    let params: Vec<String> = params.iter().map(|p| shown(text, p.span)).collect();
    if multiline && !params.is_empty() {
        let mut out = alloc::format!("{keyword}{name}(\n");
        for param in params {
            out.push_str("  ");
            out.push_str(&param);
            out.push_str(",\n");
        }
        out.push(')');
        out
    } else if multiline {
        alloc::format!("{keyword}{name}")
    } else {
        alloc::format!("{keyword}{name}({})", crate::text::join(&params, ", "))
    }
}

/// The source text of `span` on one line (runs of white space as one space), cut when long.
fn shown(text: &str, span: Span) -> String {
    let source = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("");
    let mut out = String::new();
    for word in source.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.chars().count() > MAX_SHOWN {
        out = out.chars().take(MAX_SHOWN).collect();
        out.push('…');
    }
    out
}

/// The parameters of the class or defined type `name`: each one's name and its text as written
/// (`Integer $port = 80`), for completion inside its resource body.
pub(super) fn parameters(files: &[(&str, &str)], name: &str) -> Vec<(String, String)> {
    with_definition(files, name, &[Kind::Class], |_, text, definition, _| {
        let params = match &definition.kind {
            ExprKind::ClassDefinition(class) => &class.params,
            ExprKind::DefineDefinition(define) => &define.params,
            _ => return None,
        };
        Some(
            params
                .iter()
                .map(|p| (p.name.name.clone(), shown(text, p.span)))
                .collect(),
        )
    })
    .unwrap_or_default()
}
