//! What a call runs when the function cannot run here: in the page's light build, a function
//! only the full engine carries hands the run over to it (the errors NEEDS_STDLIB and
//! NEEDS_ERB, which the facade turns into `{ needsFullEngine: "stdlib" }`); a function the
//! playground cannot run at all (it needs the compiling host) fails saying why.

use alloc::format;

use super::declare::{Call, Engine, Part};
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
use crate::value::Value;

/// The code of the light build's hand-over error for stdlib's functions and types.
pub const NEEDS_STDLIB: &str = "NEEDS_STDLIB";

/// The code of the light build's hand-over error for a template call.
pub const NEEDS_ERB: &str = "NEEDS_ERB";

/// What a run notes on its host (`needs_full_engine`) where it needs a library of Ruby's that only the
/// page's libraries engine carries: stdlib's HOCON reader (core's `hocon` feature) or Ruby's `uri`
/// (`ruby-uri`), which the page's full engine leaves out for its size. The facade answers
/// `{ needsFullEngine: "libraries" }`, whatever error stopped the run (the page never shows it).
pub const LIBRARIES: &str = "libraries";

/// A call of a function this build leaves out: the run goes to the full engine.
pub(super) fn hand_over(Call(host, site, _, _, def): Call) -> EvalResult<Value> {
    let part = match def.engine {
        Engine::Full(part) => part,
        Engine::Light => Part::Stdlib,
    };
    // Noted on the host too: the error may be wrapped (a defined type's body) on its way out.
    host.needs_full_engine(part.as_str());
    Err(needs(part, site.name, site.span))
}

/// The light build's error for a call of `name` at `span`, which needs `part`.
pub(super) fn needs(part: Part, name: &str, span: Span) -> Unwind {
    match part {
        Part::Stdlib => error(
            NEEDS_STDLIB,
            format!("The function '{name}' is puppetlabs-stdlib's, which this build of the engine does not have (the playground loads the engine that has it)"),
            span,
        ),
        Part::Erb => error(
            NEEDS_ERB,
            format!("The function '{name}' needs the engine's Ruby, which this build of the engine does not have (the playground loads the engine that has it)"),
            span,
        ),
    }
}

/// The light build's answer where stdlib's Puppet-language side (`what`: "The type alias
/// 'Stdlib::Port'", "The resource type 'file_line'", ...) is wanted and no module provides it.
#[cfg(not(feature = "stdlib"))]
pub(crate) fn needs_stdlib_part(what: &str, span: Span) -> Unwind {
    error(
        NEEDS_STDLIB,
        format!(
            "{what} is puppetlabs-stdlib's, which this build of the engine does not have without the module (the playground loads the engine that has it)"
        ),
        span,
    )
}

/// A call of a function the playground cannot run: why, in the function's own error.
pub(super) fn refuse(Call(_, site, _, _, def): Call) -> EvalResult<Value> {
    let why = def.refused.unwrap_or("it is not implemented yet");
    Err(site.fail(format!(
        "The function '{}' is not available in the playground: {why}",
        site.name
    )))
}
