//! `template(ref, ...)` and `inline_template(text, ...)`: ERB templates rendered in the calling
//! scope, several concatenated. Without the `erb` feature (the page's light engine) a call hands
//! the run over to the full engine (the error NEEDS_ERB).

#[cfg(feature = "erb")]
use alloc::string::String;

use super::args::at_least_one_3x;
use super::declare::{rep, Call, Def, Part};
use crate::host::{EvalResult, LogLevel};
use crate::value::Value;

/// `template('mod/x.erb', ...)`: each module template rendered, concatenated.
#[cfg(feature = "erb")]
pub(super) fn template(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    let mut out = String::new();
    for arg in &args {
        let reference = crate::value::to_string_default(arg);
        host.log(
            LogLevel::Debug,
            alloc::format!("Retrieving template {reference}"),
            site.span,
        );
        let Some(path) = super::env_files::find_template_path(host, &reference) else {
            return Err(site.fail(alloc::format!("Could not find template '{reference}'")));
        };
        let Some(text) = host.read_env_file(&path, site.span)? else {
            return Err(site.fail(alloc::format!("Could not find template '{reference}'")));
        };
        out.push_str(&host.render_erb(&text, Some((&reference, &path)), site)?);
        host.check_string(&out, site.span)?;
    }
    Ok(Value::string(&out))
}

/// `inline_template(text, ...)`: each text rendered as an ERB template, concatenated.
#[cfg(feature = "erb")]
pub(super) fn inline_template(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    let mut out = String::new();
    for arg in &args {
        let text = crate::value::to_string_default(arg);
        out.push_str(&host.render_erb(&text, None, site)?);
        host.check_string(&out, site.span)?;
    }
    Ok(Value::string(&out))
}

/// Without ERB: the run goes to the full engine.
#[cfg(not(feature = "erb"))]
pub(super) fn template(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    if site.name == "template" {
        // A template that is not there fails the same in either engine.
        for arg in &args {
            let reference = crate::value::to_string_default(arg);
            host.log(
                LogLevel::Debug,
                alloc::format!("Retrieving template {reference}"),
                site.span,
            );
            if super::env_files::find_template_path(host, &reference).is_none() {
                return Err(site.fail(alloc::format!("Could not find template '{reference}'")));
            }
        }
    }
    host.needs_full_engine(Part::Erb.as_str());
    Err(super::hand_over::needs(Part::Erb, site.name, site.span))
}

#[cfg(not(feature = "erb"))]
pub(super) use template as inline_template;

/// The ERB template functions, declared.
pub(super) const DEFS: &[Def] = &[
    Def::puppet("inline_template", inline_template)
        .takes(&[&[rep("templates", "String")]])
        .with_3x()
        .full_engine(Part::Erb)
        .reaches_scope()
        .doc("Renders ERB templates given as strings"),
    Def::puppet("template", template)
        .takes(&[&[rep("paths", "String")]])
        .with_3x()
        .full_engine(Part::Erb)
        .reaches_scope()
        .doc("Renders module ERB templates, concatenated"),
];
