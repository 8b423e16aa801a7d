//! The logging functions (`notice`, `warning`, ...): their arguments in interpolation form, joined
//! by spaces, appended to the program's log.

use alloc::string::String;
use alloc::vec::Vec;

use super::declare::{rep, Call, Def};
use crate::host::{EvalResult, LogLevel, Walk};
use crate::value::{interpolate, Value};

fn log(Call(host, site, args, ..): Call, level: LogLevel) -> EvalResult<Value> {
    let message: Vec<String> = args.iter().map(interpolate).collect();
    let message = crate::text::join(&message, " ");
    host.check_string(&message, site.span)?;
    host.log(level, message, site.span);
    Ok(Value::Undef)
}

/// The logging functions, one a level: each logs at its own level and is declared alike.
macro_rules! log_functions {
    ($($name:ident $level:ident),*) => {
        $(fn $name(call: Call) -> EvalResult<Value> {
            log(call, LogLevel::$level)
        })*

        /// The logging functions, declared.
        pub(super) const DEFS: &[Def] = &[$(
            Def::puppet(stringify!($name), $name)
                .takes(&[&[rep("values", "Any")]])
                .with_3x()
                .walks(Walk::Prints)
                .doc(concat!("Logs the values at level ", stringify!($name))),
        )*];
    };
}

log_functions!(
    alert Alert,
    crit Crit,
    debug Debug,
    emerg Emerg,
    err Err,
    info Info,
    notice Notice,
    warning Warning
);
