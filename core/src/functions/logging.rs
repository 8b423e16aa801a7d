//! The logging functions (`notice`, `warning`, ...): their arguments in interpolation form, joined
//! by spaces, appended to the program's log.

use alloc::string::String;
use alloc::vec::Vec;

use crate::eval::calls::{CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::eval::LogLevel;
use crate::value::{interpolate, Value};

fn log(
    ev: &mut Evaluator<'_>,
    level: LogLevel,
    site: &CallSite,
    args: Vec<Value>,
) -> EvalResult<Value> {
    let message: Vec<String> = args.iter().map(interpolate).collect();
    let message = message.join(" ");
    ev.check_string(&message, site.span)?;
    ev.log(level, message, site.span);
    Ok(Value::Undef)
}

macro_rules! log_function {
    ($name:ident, $level:ident) => {
        pub(super) fn $name(
            ev: &mut Evaluator<'_>,
            site: &CallSite,
            args: Vec<Value>,
            _: Option<&Closure<'_>>,
        ) -> EvalResult<Value> {
            log(ev, LogLevel::$level, site, args)
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
