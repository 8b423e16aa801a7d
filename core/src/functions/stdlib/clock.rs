//! stdlib's `time()`: the compile's current time as whole seconds since the epoch.

use alloc::format;

use super::node::follows_stdlib9;
use crate::functions::declare::{Call, Def};
use crate::host::EvalResult;
use crate::value::Value;

/// `time([timezone])`. stdlib 9 hands the call to its Puppet function `stdlib::time`, which checks
/// the arguments, warns that it is deprecated and answers `Integer(Timestamp().strftime('%s'))`;
/// stdlib 8.5's 3.x function takes at most one argument and answers the same seconds (the time
/// zone it accepts changes nothing in them).
fn time(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if follows_stdlib9(host, site)? {
        return host.call_function(site, "stdlib::time", args, None);
    }
    if args.len() > 1 {
        return Err(site.fail(format!(
            "time(): Wrong number of arguments given {} for 0 or 1",
            args.len()
        )));
    }
    let nanos = host.now().ok_or_else(|| {
        site.fail("time() reads the current time, which needs a clock, and this run has none")
    })?;
    let seconds = nanos.div_euclid(1_000_000_000);
    i64::try_from(seconds)
        .map(Value::Integer)
        .map_err(|_| site.fail("time(): the clock is beyond Puppet's Integer"))
}

pub(super) const DEFS: &[Def] = &[Def::stdlib("time", time)
    .arity(-1)
    .doc("The current time as seconds since the epoch (deprecated in stdlib 9)")];
