//! Resource types modules declare in Ruby (`lib/puppet/type/<name>.rb`), read by running the
//! file with a stand-in `Puppet::Type`: `newtype(:name) do ... end` runs its block with the type
//! as `self`, where `newparam`, `newproperty`, `ensurable`, `newmetaparam` name the attributes
//! and `isnamevar` (or `namevar: true`) the key ones; `def self.title_patterns` is called for the
//! regexps that split a title. What Puppet does not run when it compiles (`validate`, `munge`,
//! `newvalue` blocks, `autorequire`, `defaultto` blocks) is accepted and not run. The compile
//! gets what it checks: the attribute names, the key attributes and the title patterns.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{Kind, Param};
use super::interp::{arity, BlockArg, Flow, Interp, RResult};
use super::value::{self, RVal};
use super::RubyHost;
use crate::host::{CallSite, EvalResult};
use crate::types::title_patterns::TitlePattern;
use crate::value::Value;

/// What a type file declared, as the compile uses it.
pub(crate) struct DeclaredType {
    /// Its parameters and properties (metaparameters it adds too), in order.
    pub attributes: Vec<String>,
    /// Its key attributes: the parameters marked as namevars, and one named `name`.
    pub namevars: Vec<String>,
    /// Its `title_patterns`: `None` when it defines none (Puppet's default then applies);
    /// `Some(None)` when what it returns has a shape not read here.
    pub title_patterns: Option<Option<Vec<TitlePattern>>>,
}

/// The declaration being run.
#[derive(Default)]
pub(crate) struct Declaring {
    /// The type's name as `newtype` gave it (empty until it runs).
    name: String,
    /// Each attribute and whether it is a namevar.
    attributes: Vec<(String, bool)>,
    /// The attribute whose block runs (`isnamevar` marks it).
    current: Option<usize>,
    /// The module standing for the type's class (`def self.title_patterns` goes there).
    module: Option<Rc<str>>,
    /// What its `title_patterns` gave (see [`DeclaredType`]).
    title_patterns: Option<Option<Vec<TitlePattern>>>,
}

/// How a type file's reading ended.
pub(crate) enum Reading {
    Declared(DeclaredType),
    /// The file raised: Puppet's message for it (`Could not autoload puppet/type/x: ...`).
    Raised(String),
    /// The file runs Ruby the interpreter does not (or declares no type): the type stays known
    /// with its attributes unchecked.
    Unread,
}

/// Run the type file `path` (`text`) for type `name`.
pub(crate) fn read<H: RubyHost>(
    rt: &mut H,
    site: &CallSite,
    name: &str,
    path: &str,
    text: &str,
) -> EvalResult<Reading> {
    let Ok(body) = super::parser::parse_ruby_file(text) else {
        return Ok(Reading::Unread);
    };
    let mut interp = Interp::new(rt, site.span);
    interp.template = false;
    interp.file = Rc::from(path);
    interp.declaring = Some(Declaring::default());
    let result = interp.run(&body);
    let declaring = interp.declaring.take().unwrap_or_default();
    drop(interp);
    match result {
        Ok(()) if declaring.name == name => Ok(Reading::Declared(declared(declaring))),
        Ok(()) => Ok(Reading::Unread),
        Err(Flow::Raise(message, _, _)) => Ok(Reading::Raised(format!(
            "Could not autoload puppet/type/{name}: {message}"
        ))),
        Err(Flow::Stop(unwind)) => Err(unwind),
        Err(_) => Ok(Reading::Unread),
    }
}

fn declared(declaring: Declaring) -> DeclaredType {
    let namevars = declaring
        .attributes
        .iter()
        .filter(|(name, namevar)| *namevar || name == "name")
        .map(|(name, _)| name.clone())
        .collect();
    DeclaredType {
        attributes: declaring.attributes.into_iter().map(|(n, _)| n).collect(),
        namevars,
        title_patterns: declaring.title_patterns,
    }
}

/// `Puppet::Type.newtype(:name, options) do ... end`.
pub(crate) fn newtype<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    if interp.declaring.is_none() {
        return interp.unsupported("Puppet::Type.newtype outside a type file is not supported");
    }
    arity(interp, args, 1, 2)?;
    let name = value::to_s(&args[0]);
    let mut class = String::from("Puppet::Type::");
    class.push_str(&crate::catalog::capitalize(&name));
    let module: Rc<str> = Rc::from(class.as_str());
    if let Some(declaring) = &mut interp.declaring {
        *declaring = Declaring {
            name,
            module: Some(module.clone()),
            ..Declaring::default()
        };
    }
    if let Some(block) = block {
        in_module(interp, module.clone(), block)?;
    }
    // A type with `exists?`, `create` and `destroy` of its own is made ensurable.
    let ensurable = ["exists?", "create", "destroy"]
        .iter()
        .all(|m| super::defs::find_in_module(interp, &module, m).is_some());
    if ensurable {
        add_attribute(interp, "ensure", false);
    }
    if let Some(def) = super::defs::find_in_module(interp, &module, "title_patterns") {
        let value = super::defs::invoke(interp, &def, Some(module.clone()), Vec::new(), None)?;
        let patterns = title_patterns(interp, &value);
        if let Some(declaring) = &mut interp.declaring {
            declaring.title_patterns = Some(patterns);
        }
    }
    Ok(RVal::Module(module))
}

/// Run `block` with `module` as `self` (the type's class, or an attribute's).
fn in_module<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    module: Rc<str>,
    block: &BlockArg,
) -> RResult<RVal> {
    let saved = interp.method.module.replace(module);
    let result = interp.yield_block(block, Vec::new());
    interp.method.module = saved;
    result
}

fn add_attribute<H: RubyHost>(interp: &mut Interp<'_, H>, name: &str, namevar: bool) -> usize {
    let Some(declaring) = &mut interp.declaring else {
        return 0;
    };
    match declaring.attributes.iter().position(|(n, _)| n == name) {
        Some(at) => {
            declaring.attributes[at].1 |= namevar;
            at
        }
        None => {
            declaring.attributes.push((name.to_string(), namevar));
            declaring.attributes.len() - 1
        }
    }
}

/// A call without a receiver while a type file runs: the type's and its attributes' class
/// methods (`None`: not one of them, Kernel's then).
pub(crate) fn dsl<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    name: &str,
    args: &[RVal],
    block: Option<&BlockArg>,
) -> Option<RResult<RVal>> {
    let in_attribute = interp.declaring.as_ref()?.current.is_some();
    Some(match name {
        "newparam" | "newproperty" | "newmetaparam" | "newcheck" if !in_attribute => {
            attribute(interp, name, args, block)
        }
        "ensurable" if !in_attribute => {
            let at = add_attribute(interp, "ensure", false);
            match block {
                Some(block) => attribute_block(interp, at, "ensure", block),
                None => Ok(RVal::Nil),
            }
        }
        "isnamevar" if in_attribute => {
            if let Some(declaring) = &mut interp.declaring {
                if let Some(at) = declaring.current {
                    declaring.attributes[at].1 = true;
                }
            }
            Ok(RVal::Bool(true))
        }
        // Accepted and not run: Puppet runs them on the agent, not when it compiles.
        "autorequire" | "autobefore" | "autosubscribe" | "autonotify" | "feature" | "desc"
        | "doc" | "validate" | "apply_to_all" | "apply_to_device" | "apply_to_host"
        | "newvalues" | "newvalue" | "aliasvalue" | "defaultvalues" | "defaultto" | "munge"
        | "unmunge" | "isrequired" | "nodefault" | "required_features=" | "should_to_s"
        | "is_to_s" | "attr_accessor" | "attr_reader" | "attr_writer" | "include" | "extend" => {
            Ok(RVal::Nil)
        }
        _ => return None,
    })
}

/// `newparam(:x, options) do ... end` and the like: the attribute, and its block run with it.
fn attribute<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    kind: &str,
    args: &[RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    arity(interp, args, 1, 2)?;
    let name = value::to_s(&args[0]);
    let namevar = kind == "newparam"
        && matches!(args.get(1), Some(RVal::Hash(options)) if options
            .borrow()
            .iter()
            .any(|(key, value)| value::to_s(key) == "namevar" && value.truthy()));
    let at = add_attribute(interp, &name, namevar);
    match block {
        Some(block) => attribute_block(interp, at, &name, block),
        None => Ok(RVal::Nil),
    }
}

fn attribute_block<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    at: usize,
    name: &str,
    block: &BlockArg,
) -> RResult<RVal> {
    let Some(declaring) = &mut interp.declaring else {
        return Ok(RVal::Nil);
    };
    let outer = declaring.current.replace(at);
    let module = format!(
        "{}::Attribute{}",
        declaring.module.as_deref().unwrap_or("Puppet::Type"),
        crate::catalog::capitalize(name)
    );
    let result = in_module(interp, Rc::from(module.as_str()), block);
    if let Some(declaring) = &mut interp.declaring {
        declaring.current = outer;
    }
    result
}

/// How many title pattern procs one run keeps.
const MAX_TITLE_PROCS: usize = 1_000;

/// What `title_patterns` returned: `[[regexp, [[:attribute], [:attribute, proc]]], ...]`, each
/// proc other than the identity kept to run on titles (`None`: the value has another shape).
fn title_patterns<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    value: &RVal,
) -> Option<Vec<TitlePattern>> {
    let RVal::Array(list) = value else {
        return None;
    };
    let mut patterns = Vec::new();
    for pattern in list.borrow().iter() {
        let RVal::Array(pair) = pattern else {
            return None;
        };
        let pair = pair.borrow();
        let (Some(RVal::Regex(regex)), Some(RVal::Array(keys))) = (pair.first(), pair.get(1))
        else {
            return None;
        };
        let mut attributes = Vec::new();
        for key in keys.borrow().iter() {
            let RVal::Array(key) = key else {
                return None;
            };
            let key = key.borrow();
            let proc = match key.get(1) {
                None => None,
                Some(proc) if is_identity(proc) => None,
                Some(RVal::Proc(block)) => {
                    let procs = &mut interp.rt.ruby().world.title_procs;
                    if procs.len() >= MAX_TITLE_PROCS {
                        return None;
                    }
                    procs.push(block.clone());
                    Some(procs.len() - 1)
                }
                Some(_) => return None,
            };
            match key.first() {
                Some(name @ (RVal::Sym(_) | RVal::Str(_))) => {
                    attributes.push((value::to_s(name), proc));
                }
                _ => return None,
            }
        }
        patterns.push(TitlePattern {
            regex: (**regex).clone(),
            attributes,
        });
    }
    Some(patterns)
}

/// Whether a title pattern's proc is the identity (`lambda { |x| x }`, `->(x) { x }`) or none.
fn is_identity(proc: &RVal) -> bool {
    match proc {
        RVal::Nil => true,
        RVal::Proc(block) => match (block.params.as_slice(), block.body.as_slice()) {
            ([Param::Name(param)], [body]) => {
                matches!(&body.kind, Kind::Local(name) if name == param)
            }
            _ => false,
        },
        _ => false,
    }
}

/// The value title pattern proc `index` makes of a title's part (`None`: the proc does not run
/// here, or gives nil or what Puppet has no value for: the part stays as it is). A proc that raises
/// fails the resource statement with its message, as Puppet does.
pub(crate) fn run_title_proc<H: RubyHost>(
    rt: &mut H,
    index: usize,
    part: &str,
    span: crate::span::Span,
) -> EvalResult<Option<Value>> {
    let Some(block) = rt.ruby().world.title_procs.get(index).cloned() else {
        return Ok(None);
    };
    let mut interp = Interp::new(rt, span);
    interp.template = false;
    let result = interp.yield_block(&BlockArg::Block(block), alloc::vec![RVal::str(part)]);
    drop(interp);
    match result {
        Ok(RVal::Nil) => Ok(None),
        Ok(value) => Ok(value::to_puppet(&value, rt.limits().max_collection_len)
            .ok()
            .map(|(value, _)| value)),
        Err(Flow::Raise(message, _, _)) => Err(crate::host::error(
            "RUBY_TYPE_TITLE",
            format!("Error while evaluating a Resource Statement, {message}"),
            span,
        )),
        Err(Flow::Stop(unwind)) => Err(unwind),
        Err(_) => Ok(None),
    }
}
