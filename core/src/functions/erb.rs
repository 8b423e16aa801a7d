//! `template(ref, ...)` and `inline_template(text, ...)`: ERB templates rendered in the calling
//! scope, several concatenated. Without the `erb` feature (the page's light engine) a call hands
//! the run over to the full engine (the error NEEDS_ERB).

#[cfg(feature = "erb")]
use alloc::string::String;
use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::value::Value;

/// The code of the light build's answer to a template call: the run needs the full engine.
pub const NEEDS_ERB: &str = "NEEDS_ERB";

fn at_least_one(site: &CallSite, args: &[Value]) -> EvalResult<()> {
    if args.is_empty() {
        return Err(site.fail(alloc::format!(
            "{}(): Wrong number of arguments given (0 for minimum 1)",
            site.name
        )));
    }
    Ok(())
}

/// `template('mod/x.erb', ...)`: each module template rendered, concatenated.
#[cfg(feature = "erb")]
pub(super) fn template(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    at_least_one(site, &args)?;
    let mut out = String::new();
    for arg in &args {
        let reference = crate::value::to_string_default(arg);
        ev.log(
            crate::eval::LogLevel::Debug,
            alloc::format!("Retrieving template {reference}"),
            site.span,
        );
        let Some(path) = super::env_files::find_template_path(ev, &reference) else {
            return Err(site.fail(alloc::format!("Could not find template '{reference}'")));
        };
        let Some(text) = ev.read_env_file(&path, site.span)? else {
            return Err(site.fail(alloc::format!("Could not find template '{reference}'")));
        };
        let source = crate::erb::Source::File {
            reference: &reference,
            path: &path,
        };
        out.push_str(&crate::erb::render(ev, &text, source, site)?);
        ev.check_string(&out, site.span)?;
    }
    Ok(Value::string(&out))
}

/// `inline_template(text, ...)`: each text rendered as an ERB template, concatenated.
#[cfg(feature = "erb")]
pub(super) fn inline_template(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    at_least_one(site, &args)?;
    let mut out = String::new();
    for arg in &args {
        let text = crate::value::to_string_default(arg);
        out.push_str(&crate::erb::render(
            ev,
            &text,
            crate::erb::Source::Inline,
            site,
        )?);
        ev.check_string(&out, site.span)?;
    }
    Ok(Value::string(&out))
}

/// Without ERB: the run goes to the full engine.
#[cfg(not(feature = "erb"))]
pub(super) fn template(
    ev: &mut Evaluator<'_>,
    site: &CallSite,
    args: Vec<Value>,
    _: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    at_least_one(site, &args)?;
    if site.name == "template" {
        // A template that is not there fails the same in either engine.
        for arg in &args {
            let reference = crate::value::to_string_default(arg);
            ev.log(
                crate::eval::LogLevel::Debug,
                alloc::format!("Retrieving template {reference}"),
                site.span,
            );
            if super::env_files::find_template_path(ev, &reference).is_none() {
                return Err(site.fail(alloc::format!("Could not find template '{reference}'")));
            }
        }
    }
    ev.needs_full_engine = Some("erb");
    Err(crate::eval::flow::error(
        NEEDS_ERB,
        alloc::format!(
            "The function '{}' renders ERB, which this build of the engine does not have (the playground loads the engine that has it)",
            site.name
        ),
        site.span,
    ))
}

#[cfg(not(feature = "erb"))]
pub(super) use template as inline_template;
