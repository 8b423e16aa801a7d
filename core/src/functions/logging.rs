//! The logging functions (`notice`, `warning`, ...): their arguments in interpolation form, joined
//! by spaces, appended to the program's log.

use alloc::string::String;
use alloc::vec::Vec;

use super::declare::{rep, Call, Def};
use crate::host::{EvalResult, LogLevel, Walk};
use crate::value::{interpolate, Value};

fn log(Call(host, site, args, ..): Call, level: LogLevel) -> EvalResult<Value> {
    let message: Vec<String> = args.iter().map(interpolate).collect();
    let message = message.join(" ");
    host.check_string(&message, site.span)?;
    host.log(level, message, site.span);
    Ok(Value::Undef)
}

macro_rules! log_function {
    ($name:ident, $level:ident) => {
        fn $name(call: Call) -> EvalResult<Value> {
            log(call, LogLevel::$level)
        }
    };
}

log_function!(debug, Debug);
log_function!(info, Info);
log_function!(notice, Notice);
log_function!(warning, Warning);
log_function!(err, Err);
log_function!(alert, Alert);
log_function!(crit, Crit);
log_function!(emerg, Emerg);

/// The logging functions, declared.
pub(super) const DEFS: &[Def] = &[
    Def::puppet("alert", alert)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level alert"),
    Def::puppet("crit", crit)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level crit"),
    Def::puppet("debug", debug)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level debug"),
    Def::puppet("emerg", emerg)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level emerg"),
    Def::puppet("err", err)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level err"),
    Def::puppet("info", info)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level info"),
    Def::puppet("notice", notice)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level notice"),
    Def::puppet("warning", warning)
        .takes(&[&[rep("values", "Any")]])
        .with_3x()
        .walks(Walk::Prints)
        .doc("Logs the values at level warning"),
];
