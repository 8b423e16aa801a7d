//! `template(ref, ...)` and `inline_template(text, ...)`: ERB templates rendered in the calling
//! scope, several concatenated. Without the `erb` feature (the page's light engine) a call hands
//! the run over to the full engine (the error NEEDS_ERB).

use alloc::format;
use alloc::string::String;

use super::args::at_least_one_3x;
use super::declare::{rep, Call, Def, Part};
use crate::host::{CallSite, EvalResult, FunctionHost, LogLevel, Unwind};
use crate::value::Value;

/// Where the module template `reference` names is, logged as Puppet looks for it.
fn find_template(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    reference: &str,
) -> EvalResult<String> {
    host.log(
        LogLevel::Debug,
        format!("Retrieving template {reference}"),
        site.span,
    );
    super::env_files::find_template_path(host, reference).ok_or_else(|| not_found(site, reference))
}

fn not_found(site: &CallSite, reference: &str) -> Unwind {
    site.fail(format!("Could not find template '{reference}'"))
}

/// `template('mod/x.erb', ...)`: each module template rendered, concatenated; and
/// `inline_template(text, ...)`: each text rendered as an ERB template, concatenated.
#[cfg(feature = "erb")]
pub(super) fn template(Call(host, site, args, _, def): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    let mut out = String::new();
    for arg in &args {
        let text = crate::value::to_string_default(arg);
        let rendered = if def.name == "inline_template" {
            host.render_erb(&text, None, site)?
        } else {
            let path = find_template(host, site, &text)?;
            let Some(content) = host.read_env_file(&path, site.span)? else {
                return Err(not_found(site, &text));
            };
            host.render_erb(&content, Some((&text, &path)), site)?
        };
        out.push_str(&rendered);
        host.check_string(&out, site.span)?;
    }
    Ok(Value::string(&out))
}

/// Without ERB: the run goes to the full engine.
#[cfg(not(feature = "erb"))]
pub(super) fn template(Call(host, site, args, _, def): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    if def.name == "template" {
        // A template that is not there fails the same in either engine.
        for arg in &args {
            find_template(host, site, &crate::value::to_string_default(arg))?;
        }
    }
    host.needs_full_engine(Part::Erb.as_str());
    Err(super::hand_over::needs(Part::Erb, site.name, site.span))
}

/// The ERB template functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("inline_template", template).takes(&[&[rep("templates", "String")]])
        .with_3x().full_engine(Part::Erb).reaches_scope()
        .doc("Renders ERB templates given as strings"),
    Def::puppet("template", template).takes(&[&[rep("paths", "String")]]).with_3x()
        .full_engine(Part::Erb).reaches_scope().doc("Renders module ERB templates, concatenated"),
];
