//! Kernel's methods of the template that raise, call Puppet's functions by name, or list the
//! template's instance variables.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::super::interp::{arity, Flow, Interp, RResult};
use super::super::value::{self, RVal};
use super::super::RubyHost;
use crate::host::Unwind;
use crate::value::Value;

/// `raise` / `fail`: a message (a RuntimeError), a class, or a class and a message.
pub(super) fn kernel_raise<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
) -> RResult<RVal> {
    let (class, message) = match args {
        [] => (Some("RuntimeError"), "unhandled exception".to_string()),
        [RVal::Module(class)] => (None, class.to_string()),
        [RVal::Module(_), message, ..] => (None, value::to_s(message)),
        [message, ..] => (Some("RuntimeError"), value::to_s(message)),
    };
    // `raise SomeError, "..."`: the class when the interpreter knows it.
    let class = match (class, args.first()) {
        (None, Some(RVal::Module(named))) => {
            super::super::objects::exception_class(named).map(|chain| chain[0])
        }
        (class, _) => class,
    };
    match class {
        Some(class) => interp.raise_as(class, message),
        None => interp.raise(message),
    }
}

/// A 4.x function's `call_function(name, args...)`; Puppet names the calling function when the
/// one called is unknown: "Function m::c(): Unknown function: 'x'".
pub(super) fn call_function<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &mut Vec<RVal>,
) -> RResult<RVal> {
    arity(interp, args, 1, usize::MAX)?;
    let function = value::to_s(&args[0]);
    let rest = args.split_off(1);
    match super::call_puppet_function(interp, &function, &rest) {
        Err(Flow::Stop(Unwind::Error(diagnostic)))
            if diagnostic.message.contains("Unknown function") =>
        {
            let caller = interp.function.clone().unwrap_or_else(|| Rc::from(""));
            interp.raise(format!(
                "Function {caller}(): Unknown function: '{function}'"
            ))
        }
        other => other,
    }
}

/// `instance_variables`: Puppet makes an instance variable of each variable the scope sees with
/// a value, then come the template's own.
pub(super) fn instance_variables<H: RubyHost>(interp: &mut Interp<'_, H>) -> RResult<RVal> {
    let mut names: Vec<Rc<str>> = Vec::new();
    for name in interp.rt.visible_variable_names() {
        let usable = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        let has_value = interp
            .rt
            .variable(&name)
            .is_some_and(|v| !matches!(v, Value::Undef));
        if usable && has_value && !names.contains(&name) {
            names.push(name);
        }
    }
    interp.step(names.len() as u64)?;
    let mut symbols: Vec<RVal> = names
        .iter()
        .map(|name| RVal::Sym(Rc::from(format!("@{name}").as_str())))
        .collect();
    symbols.extend(
        interp
            .own_ivar_names()
            .into_iter()
            .map(|name| RVal::Sym(Rc::from(format!("@{name}").as_str()))),
    );
    Ok(RVal::array(symbols))
}
