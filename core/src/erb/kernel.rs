//! What every template can call: the methods of the template itself (`scope`, `Array()`,
//! `Integer()`, `format`, `raise`, `require`, `has_variable?`), those of every object (`nil?`,
//! `is_a?`, `to_s`, `inspect`, `==`), of nil and booleans, of `scope` (variables and Puppet's
//! functions) and of the constants templates use (`JSON`).

mod calls;
mod conversions;

use super::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::call::Call;
use super::interp::{arity, BlockArg, Flow, Interp, RResult};
use super::methods::{no_conversion, regexp_escape, string_arg};
use super::value::{self, RVal};
use crate::host::CallSite;
use crate::host::Unwind;
use crate::syntax::ast::CallStyle;
use crate::value::Value;
use calls::{call_function, instance_variables, kernel_raise};
use conversions::{kernel_array, kernel_float, kernel_hash};

/// How many objects templates may keep with `scope.setvar` in one run.
const MAX_SET_VARIABLES: usize = 100_000;

/// The methods of the template object itself that `defined?` knows.
pub(crate) fn is_self_method(name: &str) -> bool {
    matches!(
        name,
        "scope" | "has_variable?" | "format" | "sprintf" | "raise" | "require" | "puts" | "print"
    )
}

/// Whether `value` is an instance of the class or module `name`.
pub(crate) fn is_a(value: &RVal, name: &str) -> bool {
    match name {
        "Object" | "BasicObject" | "Kernel" => true,
        "Integer" | "Fixnum" => matches!(value, RVal::Int(_) | RVal::Big(_)),
        "Float" => matches!(value, RVal::Float(_)),
        "Numeric" => matches!(value, RVal::Int(_) | RVal::Big(_) | RVal::Float(_)),
        "Comparable" => matches!(
            value,
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_) | RVal::Str(_)
        ),
        "Enumerable" => matches!(value, RVal::Array(_) | RVal::Hash(_) | RVal::Range(..)),
        other => match value {
            RVal::Object(object) => super::objects::object_is_a(object, other).unwrap_or(false),
            _ => value.class_name() == other,
        },
    }
}

fn to_puppet_args<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<Vec<Value>> {
    let mut values = Vec::with_capacity(args.len());
    for a in args {
        match interp.puppet_of(a)? {
            Some(v) => values.push(v),
            None => {
                return interp.unsupported(format!(
                    "a {} given to a Puppet function is not supported by the playground's ERB",
                    a.class_name()
                ))
            }
        }
    }
    Ok(values)
}

/// Call Puppet's function `name` with `args`, as `scope.call_function` does.
pub(crate) fn call_puppet_function<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    name: &str,
    args: &[RVal],
) -> RResult<RVal> {
    let values = to_puppet_args(interp, args)?;
    let site = CallSite {
        name,
        style: CallStyle::Prefix,
        span: interp.span,
    };
    match interp.rt.call_function(&site, name, values, None) {
        Ok(value) => interp.ruby_of(&value),
        Err(Unwind::Error(diagnostic)) if !crate::run::budget::is_limit(diagnostic.code) => {
            // A function the engine does not have (a module's Ruby function, stdlib in the light
            // build) stops the run as it would in a manifest: its own diagnostic says why.
            if diagnostic.code == crate::functions::NEEDS_STDLIB
                || diagnostic.message.contains("Unknown function")
            {
                return Err(Flow::Stop(Unwind::Error(diagnostic)));
            }
            // Puppet wraps the error once, at the manifest's call of the Ruby function; the
            // wrapper the call made here would be a second one.
            let message = match diagnostic.code {
                "CALL_FAILED" => unwrapped_call_error(&diagnostic.message).into(),
                _ => diagnostic.message,
            };
            Err(Flow::Raise(message, interp.line, None))
        }
        Err(other) => Err(Flow::Stop(other)),
    }
}

/// A called function's own message, without the "Error while evaluating a Function Call, "
/// (or "Method call, ") that [`CallSite::fail`] put before it.
fn unwrapped_call_error(message: &str) -> &str {
    [
        "Error while evaluating a Function Call, ",
        "Error while evaluating a Method call, ",
    ]
    .iter()
    .find_map(|wrapper| message.strip_prefix(wrapper))
    .unwrap_or(message)
}

/// The methods of `scope`.
pub(crate) fn scope_method<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
    if let Some(function) = name.strip_prefix("function_") {
        let stdlib = interp.rt.module_dir("stdlib").is_some();
        if !crate::functions::has_3x_function(function, stdlib) {
            // Ruby adds its "Did you mean?" lines: Puppet's message has several lines.
            return interp.raise(format!(
                "undefined method `{name}' for Scope(Class[main]):Puppet::Parser::Scope\n"
            ));
        }
        // 3.x style: one array of arguments.
        arity(interp, args, 1, 1)?;
        let list = match &args[0] {
            RVal::Array(items) => items.borrow().clone(),
            other => {
                return interp.raise(format!(
                    "{name}(): Wrong number of arguments given; expected an Array, got {}",
                    other.class_name()
                ))
            }
        };
        return call_puppet_function(interp, function, &list);
    }
    match name {
        "lookupvar" | "[]" => {
            arity(interp, args, 1, 2)?;
            let var = string_arg(interp, &args[0])?.to_string();
            match interp.rt.scope_variable(&var) {
                Some(Value::Runtime(object)) => Ok(interp
                    .rt
                    .ruby()
                    .objects
                    .iter()
                    .find(|(stored, _)| Rc::ptr_eq(stored, &object))
                    .map_or_else(
                        || value::from_puppet(&Value::Runtime(object.clone())),
                        |(_, kept)| kept.clone(),
                    )),
                Some(v) => interp.ruby_of(&v),
                // Puppet 8's strict_variables: an unknown variable is an error here (a qualified
                // one named from the top: `::a::b`).
                None => {
                    let shown = match var.contains("::") {
                        true => format!("::{}", crate::qualified::trim_leading(&var, "::")),
                        false => var,
                    };
                    let message = format!("Undefined variable '{shown}'; ");
                    interp.raise_as(super::objects::THROWN, message)
                }
            }
        }
        "call_function" => {
            arity(interp, args, 1, 2)?;
            let RVal::Str(function) = &args[0] else {
                return interp.raise("the function name must be a String");
            };
            let function = function.to_string();
            let list = match args.get(1) {
                Some(RVal::Array(items)) => items.borrow().clone(),
                Some(other) => alloc::vec![other.clone()],
                None => Vec::new(),
            };
            call_puppet_function(interp, &function, &list)
        }
        "setvar" => {
            arity(interp, args, 2, 2)?;
            let var = string_arg(interp, &args[0])?.to_string();
            if interp.rt.ruby().objects.len() >= MAX_SET_VARIABLES {
                return interp.raise(format!(
                    "a template may set at most {MAX_SET_VARIABLES} variables with scope.setvar"
                ));
            }
            let object = Rc::new((
                Rc::from(args[1].class_name()),
                Rc::from(value::inspect(&args[1]).as_str()),
            ));
            let value = Value::Runtime(object.clone());
            if interp.rt.set_variable(&var, value) {
                interp.rt.ruby().objects.push((object, args[1].clone()));
                Ok(args[1].clone())
            } else {
                interp.raise(format!("Cannot reassign variable '${var}'"))
            }
        }
        "include?" | "exist?" | "has_key?" => {
            arity(interp, args, 1, 1)?;
            let var = value::to_s(&args[0]);
            Ok(RVal::Bool(interp.rt.scope_variable(&var).is_some()))
        }
        "lookupdefaults" => {
            // The attributes as symbols; the values stand in for Puppet's parameter objects.
            arity(interp, args, 1, 1)?;
            let type_name = string_arg(interp, &args[0])?.to_string();
            let mut defaults = Vec::new();
            for (attribute, value) in interp.rt.resource_defaults(&type_name) {
                defaults.push((
                    RVal::Sym(Rc::from(attribute.as_str())),
                    interp.ruby_of(&value)?,
                ));
            }
            Ok(RVal::hash(defaults))
        }
        _ => interp.unsupported(format!(
            "scope.{name} is not supported by the playground's ERB"
        )),
    }
}

/// Methods of the constants templates use (`JSON.generate`).
pub(crate) fn module_method<H: RubyHost>(interp: &mut Interp<'_, H>, call: Call) -> RResult<RVal> {
    let (recv, name, args) = (call.recv, call.name, call.args);
    let RVal::Module(module) = recv else {
        return interp.no_method(name, recv);
    };
    if let Some(result) = super::library::module_method(interp, call, module) {
        return result;
    }
    if &**module == "Puppet::Parser::TemplateWrapper"
        && !interp.template
        && matches!(name, "lookupdefaults" | "lookupvar")
    {
        // A 3.x function's `self` is the calling scope.
        return scope_method(interp, call);
    }
    match (&**module, name) {
        ("JSON", "generate" | "dump") => {
            arity(interp, args, 1, 2)?;
            Ok(RVal::str(&super::json::generate(interp, &args[0], None)?))
        }
        ("JSON", "pretty_generate") => {
            arity(interp, args, 1, 2)?;
            Ok(RVal::str(&super::json::generate(
                interp,
                &args[0],
                Some(0),
            )?))
        }
        ("Regexp", "escape" | "quote") => {
            arity(interp, args, 1, 1)?;
            match &args[0] {
                RVal::Str(text) | RVal::Sym(text) => Ok(RVal::str(&regexp_escape(text))),
                other => Err(no_conversion(interp, other.class_name(), "String")),
            }
        }
        ("IPAddr", "new") => super::objects::ipaddr_new(interp, args),
        ("Hash", "[]") => super::enumerable::hash_from_pairs(interp, args),
        (_, "const_defined?") => {
            arity(interp, args, 1, 2)?;
            let full = format!("{module}::{}", value::to_s(&args[0]));
            let known = interp.constant_named(&full);
            Ok(RVal::Bool(!matches!(known, Err(Flow::Unsupported(..)))))
        }
        (_, "name" | "to_s") => Ok(RVal::Str(module.clone())),
        _ => interp.unsupported(format!(
            "{module}.{name} is not supported by the playground's ERB"
        )),
    }
}

/// A call without a receiver: a method of the template object.
pub(crate) fn call_self<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    name: &str,
    args: &mut Vec<RVal>,
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    if interp.declaring.is_some() {
        if let Some(result) = super::resource_types::dsl(interp, name, args, block) {
            return result;
        }
    }
    match name {
        "scope" => {
            arity(interp, args, 0, 0)?;
            Ok(RVal::Scope)
        }
        "has_variable?" => {
            arity(interp, args, 1, 1)?;
            let var = value::to_s(&args[0]);
            Ok(RVal::Bool(interp.rt.scope_variable(&var).is_some()))
        }
        "Array" => kernel_array(interp, args),
        "String" => {
            arity(interp, args, 1, 1)?;
            Ok(RVal::str(&interp.ruby_to_s(&args[0])?))
        }
        "Integer" => {
            arity(interp, args, 1, 2)?;
            kernel_integer(interp, &args[0])
        }
        "Float" => kernel_float(interp, args),
        "Hash" => kernel_hash(interp, args),
        #[cfg(feature = "ruby-uri")]
        "URI" => super::uri::kernel_uri(interp, args),
        #[cfg(not(feature = "ruby-uri"))]
        "URI" => interp.needs_uri(),
        "format" | "sprintf" => {
            arity(interp, args, 1, usize::MAX)?;
            let fmt = value::to_s(&args[0]);
            let rest = args.split_off(1);
            Ok(RVal::str(&format_values(interp, &fmt, &rest)?))
        }
        "raise" | "fail" => kernel_raise(interp, args),
        "require" if !interp.template => {
            arity(interp, args, 1, 1)?;
            let library = value::to_s(&args[0]);
            super::module_functions::require(interp, &library)
        }
        "newfunction" if interp.method.module.as_deref() == Some("Puppet::Parser::Functions") => {
            super::module_functions::newfunction(interp, args, block)
        }
        // A 4.x function calls Puppet's functions by name; gettext's `_()` is the text itself.
        "call_function" if !interp.template => call_function(interp, args),
        // A 3.x function's `self` is the calling scope.
        "lookupvar" if !interp.template => interp.call_method(RVal::Scope, name, args, block),
        "_" | "N_" if !interp.template => {
            arity(interp, args, 1, 1)?;
            Ok(args[0].clone())
        }
        "require" => {
            arity(interp, args, 1, 1)?;
            let library = value::to_s(&args[0]);
            match library.as_str() {
                "json" | "yaml" => Ok(RVal::Bool(true)),
                // Puppet has loaded ipaddr already: `require` answers false.
                "ipaddr" => Ok(RVal::Bool(false)),
                other => super::module_functions::require(interp, other),
            }
        }
        "puts" | "print" | "p" | "warn" | "pp" => Ok(RVal::Nil),
        // Parsed as a call (a method that calls it may be defined and never called, as in
        // resource types' `initialize`), refused when it runs.
        "super" => interp.unsupported("`super' is not supported by the playground's Ruby"),
        // Puppet makes an instance variable of each variable the scope sees with a value.
        "instance_variables" if interp.template => {
            arity(interp, args, 0, 0)?;
            instance_variables(interp)
        }
        "loop" => {
            let Some(block) = block else {
                return interp
                    .unsupported("loop without a block is not supported by the playground's ERB");
            };
            loop {
                interp.yield_block(block, Vec::new())?;
            }
        }
        _ => {
            if let Some(result) = super::defs::self_method(interp, name) {
                return result;
            }
            match REACHING_OUT.iter().find(|(method, _)| *method == name) {
                Some((_, what)) => interp.unsupported(format!(
                    "{name} ({what}) is not supported by the playground's ERB"
                )),
                // A type's class method Puppet has and the stand-in lacks.
                None if interp.declaring.is_some() => interp.unsupported(format!(
                    "the method `{name}' of a resource type is not supported by the playground's Ruby"
                )),
                None => interp.raise(format!(
                    "undefined local variable or method `{name}' for #<Puppet::Parser::TemplateWrapper>"
                )),
            }
        }
    }
}

/// Kernel's methods that reach outside the template (commands, files, the process, Ruby text
/// to evaluate): refused by name, as backticks and `%x()` are, rather than reported as unknown.
const REACHING_OUT: &[(&str, &str)] = &[
    ("system", "running a command"),
    ("exec", "running a command"),
    ("spawn", "running a command"),
    ("fork", "starting a process"),
    ("syscall", "calling the system"),
    ("open", "opening a file or a command"),
    ("eval", "evaluating Ruby text"),
    ("exit", "ending the process"),
    ("exit!", "ending the process"),
    ("abort", "ending the process"),
];

/// Ruby's `Integer(x)`: strict about strings.
pub(crate) fn kernel_integer<H: RubyHost>(interp: &mut Interp<'_, H>, arg: &RVal) -> RResult<RVal> {
    match arg {
        RVal::Int(_) | RVal::Big(_) => Ok(arg.clone()),
        RVal::Float(f) if f.is_finite() && f.abs() < 9.2e18 => Ok(RVal::Int(*f as i64)),
        RVal::Float(f) if f.is_finite() => super::methods::big::float_too_big(interp),
        RVal::Float(_) => interp.raise("FloatDomainError"),
        RVal::Str(s) => match parse_integer_strict(s) {
            Some((negative, digits, base)) => {
                super::methods::big::digits_value(interp, negative, &digits, base)
            }
            None => interp.raise_as(
                "ArgumentError",
                format!("invalid value for Integer(): {}", value::inspect(arg)),
            ),
        },
        RVal::Nil => interp.raise_as("TypeError", "can't convert nil into Integer"),
        other => interp.raise_as(
            "TypeError",
            format!("can't convert {} into Integer", other.class_name()),
        ),
    }
}

/// A string `Integer()` takes: its sign, digits (no underscores) and base.
fn parse_integer_strict(s: &str) -> Option<(bool, String, u32)> {
    let t = s.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let lower = t.to_ascii_lowercase();
    let (radix, digits) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    clean
        .chars()
        .all(|c| c.is_digit(radix))
        .then_some((negative, clean, radix))
}

/// Ruby's `format`, through the engine's `sprintf` (Puppet's is Ruby's).
pub(crate) fn format_values<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    fmt: &str,
    args: &[RVal],
) -> RResult<String> {
    let values = to_puppet_args(interp, args)?;
    let max = interp.rt.limits().max_string_len;
    match crate::functions::format::sprintf::sprintf(fmt, &values, max) {
        Ok(text) => {
            interp.check_string(&text)?;
            Ok(text)
        }
        Err(message) => interp.raise_as("ArgumentError", message),
    }
}

/// Methods every object has, and those of nil, true and false; `None` when `name` is none of them.
pub(crate) fn object_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
) -> RResult<Option<RVal>> {
    let (recv, name, args, block) = (call.recv, call.name, call.args, call.block);
    if let RVal::Object(object) = recv {
        let unknown = matches!(&**object, super::objects::RObject::Exception(None, _));
        match name {
            "is_a?" | "kind_of?" | "instance_of?" => {
                arity(interp, args, 1, 1)?;
                let RVal::Module(class) = &args[0] else {
                    return interp.raise_as("TypeError", "class or module required");
                };
                let answer = if name == "instance_of?" {
                    (!unknown).then(|| object.class_name() == &**class)
                } else {
                    super::objects::object_is_a(object, class)
                };
                return match answer {
                    Some(answer) => Ok(Some(RVal::Bool(answer))),
                    None => interp.unsupported(format!(
                        "{name} of a Ruby error whose class the playground's ERB does not know is not supported"
                    )),
                };
            }
            "class" if unknown => {
                return interp.unsupported(
                    "the class of a Ruby error the playground's ERB raised is not known to it",
                )
            }
            _ => {}
        }
    }
    let result = match name {
        "nil?" => RVal::Bool(matches!(recv, RVal::Nil)),
        // NilClass#=~ matches nothing (so `nil !~ /x/` is true), and so does Object#=~ in Ruby 3.1
        // (deprecated, removed in 3.2): `false =~ /x/`, `1 =~ /1/`, `[] =~ /x/` are nil.
        "=~" if !matches!(recv, RVal::Str(_) | RVal::Sym(_) | RVal::Regex(_)) => {
            arity(interp, args, 1, 1)?;
            RVal::Nil
        }
        "is_a?" | "kind_of?" | "instance_of?" => {
            arity(interp, args, 1, 1)?;
            let RVal::Module(class) = &args[0] else {
                return interp.raise("class or module required");
            };
            if name == "instance_of?" {
                RVal::Bool(recv.class_name() == &**class)
            } else {
                RVal::Bool(is_a(recv, class))
            }
        }
        "class" => RVal::Module(Rc::from(recv.class_name())),
        "extend" if !matches!(recv, RVal::Nil) => super::defs::extend(interp, recv, args)?,
        // Psych's YAML of a hash or an array, as stdlib's `to_yaml` writes it.
        "to_yaml" if matches!(recv, RVal::Hash(_) | RVal::Array(_)) => {
            arity(interp, args, 0, 1)?;
            call_puppet_function(interp, "stdlib::to_yaml", core::slice::from_ref(recv))?
        }
        "==" | "eql?" | "equal?" => {
            arity(interp, args, 1, 1)?;
            if name == "eql?" {
                RVal::Bool(value::eql(recv, &args[0]))
            } else {
                RVal::Bool(value::equal(recv, &args[0], 0))
            }
        }
        "!=" => {
            arity(interp, args, 1, 1)?;
            RVal::Bool(!value::equal(recv, &args[0], 0))
        }
        "!" => RVal::Bool(!recv.truthy()),
        "inspect" => RVal::str(&interp.inspect(recv)?),
        "to_s" if !matches!(recv, RVal::Int(_) | RVal::Big(_)) || args.is_empty() => {
            RVal::str(&interp.ruby_to_s(recv)?)
        }
        "respond_to?" => {
            arity(interp, args, 1, 2)?;
            let method = value::to_s(&args[0]);
            RVal::Bool(responds_to(recv, &method))
        }
        "frozen?" => RVal::Bool(!matches!(
            recv,
            RVal::Array(_) | RVal::Hash(_) | RVal::Str(_)
        )),
        "freeze" | "itself" => recv.clone(),
        "dup" | "clone" => match recv {
            RVal::Array(items) => RVal::array(items.borrow().clone()),
            RVal::Hash(entries) => RVal::hash(entries.borrow().clone()),
            other => other.clone(),
        },
        "to_json" => RVal::str(&super::json::generate(interp, recv, None)?),
        // `tap` gives the receiver, `then` what the block gives.
        "tap" | "then" | "yield_self" => {
            let Some(block) = block else {
                return interp.raise("no block given (yield)");
            };
            let given = interp.yield_block(block, alloc::vec![recv.clone()])?;
            if name == "tap" {
                recv.clone()
            } else {
                given
            }
        }
        // As `case`/`when` tests: a class its instances, a range its members, a regexp matches.
        "===" => RVal::Bool(interp.case_equal(recv, args.first().unwrap_or(&RVal::Nil))?),
        _ => match recv {
            RVal::Nil => match name {
                "to_a" => RVal::array(Vec::new()),
                "to_i" => RVal::Int(0),
                "to_f" => RVal::Float(0.0),
                "to_h" => RVal::hash(Vec::new()),
                "&" => RVal::Bool(false),
                "|" => RVal::Bool(args.first().is_some_and(|a| a.truthy())),
                _ => return interp.no_method(name, recv),
            },
            RVal::Bool(b) => match name {
                "&" => RVal::Bool(*b && args.first().is_some_and(|a| a.truthy())),
                "|" => RVal::Bool(*b || args.first().is_some_and(|a| a.truthy())),
                "^" => RVal::Bool(*b != args.first().is_some_and(|a| a.truthy())),
                _ if super::interp::scalars_lack(name) => return interp.no_method(name, recv),
                _ => {
                    return interp.raise(format!(
                        "undefined method `{name}' for {b}:{}",
                        recv.class_name()
                    ))
                }
            },
            _ => return Ok(None),
        },
    };
    Ok(Some(result))
}

/// Whether a value answers `method` (the methods this interpreter has for it).
fn responds_to(recv: &RVal, method: &str) -> bool {
    const COMMON: &[&str] = &[
        "nil?",
        "is_a?",
        "kind_of?",
        "to_s",
        "inspect",
        "class",
        "==",
        "respond_to?",
        "to_json",
    ];
    if COMMON.contains(&method) {
        return true;
    }
    match recv {
        RVal::Puppet(Value::Sensitive(_)) => method == "unwrap",
        RVal::Str(_) => matches!(
            method,
            "each_line"
                | "split"
                | "upcase"
                | "downcase"
                | "strip"
                | "empty?"
                | "length"
                | "size"
                | "to_i"
                | "to_f"
                | "to_str"
                | "gsub"
                | "sub"
                | "include?"
                | "start_with?"
                | "end_with?"
                | "capitalize"
                | "to_sym"
        ),
        RVal::Array(_) => matches!(
            method,
            "each"
                | "map"
                | "join"
                | "empty?"
                | "size"
                | "length"
                | "sort"
                | "include?"
                | "first"
                | "last"
                | "to_a"
                | "to_ary"
                | "flatten"
                | "compact"
                | "uniq"
                | "select"
                | "reject"
        ),
        RVal::Hash(_) => matches!(
            method,
            "each"
                | "each_pair"
                | "keys"
                | "values"
                | "has_key?"
                | "key?"
                | "empty?"
                | "size"
                | "length"
                | "to_h"
                | "to_hash"
                | "map"
                | "merge"
                | "fetch"
                | "include?"
                | "select"
                | "reject"
        ),
        RVal::Int(_) | RVal::Big(_) | RVal::Float(_) => matches!(
            method,
            "to_i" | "to_f" | "+" | "-" | "*" | "/" | "round" | "abs" | "times" | "to_int"
        ),
        RVal::Nil => matches!(method, "to_a" | "to_i" | "to_f"),
        _ => false,
    }
}
