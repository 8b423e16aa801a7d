//! `inline_epp(template, params)`: an EPP template rendered with its parameters.

use alloc::format;

use super::declare::{opt, req, Call, Def};
use super::expect_args;
use crate::host::{CallSite, EvalResult, Unwind, Walk};
use crate::span::LineIndex;
use crate::syntax::parse_epp;
use crate::types::{infer, type_label};
use crate::value::{Hash, Value};

/// `'f' parameter 'p' expects a T value, got <the general type of the value>`.
pub(super) fn expects(site: &CallSite, param: &str, expected: &str, got: &Value) -> Unwind {
    site.fail(format!(
        "'{}' parameter '{param}' expects a {expected} value, got {}",
        site.name,
        type_label(&infer(got).generalize())
    ))
}

pub(super) fn inline_epp(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    expect_args(site, &args, 1, Some(2))?;
    let template = match &args[0] {
        Value::String(text) => text.clone(),
        other => return Err(expects(site, "template", "String", other)),
    };
    let arguments = match args.get(1) {
        None | Some(Value::Undef) => Hash::new(),
        Some(Value::Hash(hash)) => hash.clone(),
        Some(other) => return Err(expects(site, "parameters", "Hash", other)),
    };
    let (program, diagnostics) = parse_epp(&template);
    if let Some(problem) = diagnostics.iter().find(|d| d.is_error()) {
        let at = LineIndex::new(&template).line_col(&template, problem.span.start);
        return Err(site.fail(format!(
            "inline_epp(): Invalid EPP: {} (file: inlined-epp-text, line: {}, column: {})",
            problem.message, at.line, at.column
        )));
    }
    host.render_epp_inline(&program, &template, &arguments, site)
}

/// `inline_epp`, declared.
pub(super) const DEFS: &[Def] = &[Def::puppet("inline_epp", inline_epp)
    .takes(&[&[
        req("template", "String"),
        opt("parameters", "Hash[Pattern[/^\\w+$/], Any]"),
    ]])
    .with_3x()
    .walks(Walk::Builds)
    .reaches_scope()
    .doc("Renders an EPP template given as a string")];
