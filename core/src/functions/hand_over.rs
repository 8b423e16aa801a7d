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

/// The code of the full build's hand-over error where a run wants a library of Ruby's that only the
/// page's libraries engine carries: stdlib's HOCON reader (core's `hocon` feature) or Ruby's `uri`
/// (`ruby-uri`).
pub const NEEDS_LIBRARIES: &str = "NEEDS_LIBRARIES";

/// The reason the facade gives the page for such a run (`{ needsFullEngine: "libraries" }`).
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

/// A build without stdlib's HOCON reader or Ruby's `uri` (the page's full engine, for its size) where
/// a run needs one at `span`: the error that stops it. The caller notes [`LIBRARIES`] on its host
/// too, since the error may be caught or wrapped on its way out; the page then runs the program on
/// its libraries engine, so this message is never shown there.
#[cfg(not(all(feature = "hocon", feature = "ruby-uri")))]
pub(crate) fn needs_libraries(span: Span) -> Unwind {
    error(
        NEEDS_LIBRARIES,
        "This build of the engine has neither stdlib's HOCON reader nor Ruby's uri (the playground loads the engine that has them)",
        span,
    )
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
