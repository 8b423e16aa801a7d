//! Functions of the catalog: `include`, `require` and `contain` declare classes; `realize`,
//! `tag`, `tagged` and `create_resources`.

use super::args::at_least_one_3x;
use super::declare::{opt, rep, req, Call, Def, Dispatch, Run};
use crate::host::{EvalResult, Unwind};
use crate::value::Value;

pub(super) fn include(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    host.include_classes(&args, site)
}

fn realize(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    host.realize(&args, site.span)
}

fn create_resources(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    match host.create_resources(&args, site.span)? {
        message if message.is_empty() => Ok(Value::Undef),
        message => Err(site.fail(message)),
    }
}

fn tag(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    host.tag(&args, site.span).map_err(|e| match e {
        Unwind::Error(d) => site.fail(d.message.as_str()),
        other => other,
    })
}

fn tagged(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    at_least_one_3x(site, &args)?;
    Ok(host.tagged(&args))
}

/// One of the functions that declare the classes they name (`include`, `require`, `contain`),
/// which differ only in what the host does with them.
const fn declaring(name: &'static str) -> Def {
    const NAMES: &[Dispatch] = &[&[rep("names", "Variant[String, Class, Resource, Array]")]];
    Def::puppet(name, include).takes(NAMES).with_3x()
}

/// `tag` or `tagged`: tags as strings or arrays of them.
const fn tags(name: &'static str, run: Run) -> Def {
    const TAGS: &[Dispatch] = &[&[rep("tags", "Variant[String, Array]")]];
    Def::puppet(name, run).takes(TAGS).with_3x()
}

/// The functions that declare classes, declared (the editor finds class names after them).
#[rustfmt::skip]
pub(super) const CLASS_DECLARING: &[Def] = &[
    declaring("contain").doc("Declares the classes and contains them in the current class"),
    declaring("include").doc("Declares the classes, once each"),
    declaring("require").doc("Declares the classes and makes the current one depend on them"),
];

/// The other catalog functions, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::puppet("create_resources", create_resources)
        .takes(&[&[req("type", "String"), req("resources", "Hash"), opt("defaults", "Hash")]])
        .with_3x().doc("Declares a resource per key of the hash"),
    Def::puppet("realize", realize)
        .takes(&[&[rep("resources", "Variant[String, Resource, Array]")]]).with_3x()
        .doc("Makes virtual resources real"),
    tags("tag", tag).doc("Adds the tags to the current class or define"),
    tags("tagged", tagged).doc("Whether the current class or define has all the tags"),
];
