//! Functions modules write in Ruby, run by the template interpreter's Ruby: the 4.x API
//! (`lib/puppet/functions/<module>/<name>.rb`, `Puppet::Functions.create_function` with its
//! dispatches and methods) and the 3.x one (`lib/puppet/parser/functions/<name>.rb`,
//! `newfunction` with a block), found as Puppet's loaders find them, each file read and run
//! once, and the `puppet_x` files they `require`. Arguments are checked against the dispatches
//! with Puppet's messages and cross as Puppet converts them; a Ruby error is the function
//! call's error, and Ruby the interpreter does not run is a diagnostic at the file's line.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{Block, Kind, MethodDef, MethodParam, Node};
use super::interp::{BlockArg, Flow, Interp, RResult};
use super::value::RVal;
use super::RubyHost;
use crate::functions::declare::Kind as ParamKind;
use crate::host::CallSite;
use crate::host::{error, EvalResult, Unwind};
use crate::value::Value;

/// The diagnostic of Ruby in a module's file that the interpreter does not run.
pub(crate) const RUBY_UNSUPPORTED: &str = "RUBY_UNSUPPORTED";

/// What the Ruby of one evaluation has defined and loaded.
#[derive(Default)]
pub(crate) struct RubyWorld {
    /// Methods defined in modules (`def self.x` in `module Puppet_X::Elastic`), by module.
    pub module_methods: Vec<(Rc<str>, Rc<MethodDef>)>,
    /// The modules and classes the programs opened.
    pub modules: Vec<Rc<str>>,
    /// The constants the programs assigned (`RESOURCE_TESTS = [...]`).
    pub constants: Vec<(String, RVal)>,
    /// The files run so far (`require` runs each once).
    required: Vec<String>,
    /// The functions looked for, by name: what was found (`None`: no Ruby file has it).
    functions: Vec<(String, Option<Rc<Loaded>>)>,
    /// The procs of resource types' title patterns that are not the identity
    /// (`resource_types.rs`), run on the parts of titles.
    pub title_procs: Vec<Rc<super::ast::Block>>,
}

/// A function a file created, as it was declared.
pub(crate) struct Created {
    pub name: String,
    pub api: Api,
}

pub(crate) enum Api {
    /// `create_function`: its dispatches (none: one made from the method's parameters) and the
    /// methods its body defined.
    V4 {
        dispatches: Vec<Dispatch>,
        methods: Vec<Rc<MethodDef>>,
    },
    /// `newfunction`: its arity (`None`: any), whether it is a statement, and its block.
    V3 {
        arity: Option<i64>,
        rvalue: bool,
        block: Rc<Block>,
    },
}

/// One `dispatch :method do ... end`.
pub(crate) struct Dispatch {
    pub method: String,
    pub params: Vec<DispatchParam>,
    pub return_type: Option<String>,
}

/// One parameter of a dispatch (`param 'Integer', :a`).
pub(crate) struct DispatchParam {
    pub name: String,
    pub ty: String,
    pub kind: ParamKind,
}

impl DispatchParam {
    /// The parameter as the dispatch checks take it.
    fn borrowed(&self) -> crate::functions::declare::ParamOf<'_> {
        crate::functions::declare::ParamOf {
            name: &self.name,
            ty: &self.ty,
            kind: self.kind,
        }
    }
}

/// A loaded function and the file it came from.
pub(crate) struct Loaded {
    created: Created,
    file: Rc<str>,
    text: crate::FileText,
}

/// How many Ruby files one evaluation may load.
const MAX_FILES: usize = 1_000;

/// Call the module's Ruby function `name`, or `None` when no module has one.
pub(crate) fn call<H: RubyHost>(
    rt: &mut H,
    site: &CallSite,
    args: Vec<Value>,
    has_block: bool,
) -> Option<EvalResult<Value>> {
    let loaded = match find(rt, site) {
        Ok(Some(loaded)) => loaded,
        Ok(None) => return None,
        Err(unwind) => return Some(Err(unwind)),
    };
    Some(run(rt, &loaded, site, args, has_block))
}

/// The function `name`, loaded from its file the first time.
fn find<H: RubyHost>(rt: &mut H, site: &CallSite) -> EvalResult<Option<Rc<Loaded>>> {
    let name = site.name;
    if let Some((_, known)) = rt.ruby().world.functions.iter().find(|(n, _)| n == name) {
        return Ok(known.clone());
    }
    if !rt.has_environment() {
        return Ok(None);
    }
    let mut found = None;
    for path in rt.ruby_function_paths(name) {
        let Some(text) = rt.env_file_text(&path) else {
            continue;
        };
        let created = load_file(rt, site, &path, &text)?;
        let function = created.into_iter().find(|c| c.name == name);
        if let Some(created) = function {
            found = Some(Rc::new(Loaded {
                created,
                file: Rc::from(path.as_str()),
                text,
            }));
            break;
        }
    }
    rt.ruby()
        .world
        .functions
        .push((name.to_string(), found.clone()));
    Ok(found)
}

/// Run a Ruby file's top level once, and the functions it creates.
fn load_file<H: RubyHost>(
    rt: &mut H,
    site: &CallSite,
    path: &str,
    text: &str,
) -> EvalResult<Vec<Created>> {
    let world = &mut rt.ruby().world;
    if world.required.iter().any(|p| p == path) {
        return Ok(Vec::new());
    }
    if world.required.len() >= MAX_FILES {
        return Err(site.fail(format!("more than {MAX_FILES} Ruby files loaded")));
    }
    world.required.push(path.to_string());
    let body = parse(rt, site, path, text)?;
    let mut interp = Interp::new(rt, site.span);
    interp.template = false;
    interp.file = Rc::from(path);
    interp.created = Some(Vec::new());
    let result = interp.run(&body);
    let created = interp.created.take().unwrap_or_default();
    drop(interp);
    match result {
        Ok(()) => Ok(created),
        Err(flow) => Err(failure(rt, site, path, text, flow)),
    }
}

/// The syntax tree of a Ruby file, or the call's error naming the file's line.
fn parse<H: RubyHost>(
    host: &mut H,
    site: &CallSite,
    path: &str,
    text: &str,
) -> EvalResult<Vec<Node>> {
    super::parser::parse_ruby_file(text).map_err(|(message, line)| {
        failure(host, site, path, text, Flow::Unsupported(message, line))
    })
}

/// `require 'x'` in a module's Ruby: Ruby's libraries these files use are there already; a
/// module's own file (`puppet_x/...`) is found in some module's `lib/` and run once.
pub(crate) fn require<H: RubyHost>(interp: &mut Interp<'_, H>, library: &str) -> RResult<RVal> {
    if super::library::is_loaded_library(library) {
        return Ok(RVal::Bool(false));
    }
    #[cfg(not(feature = "ruby-uri"))]
    if library == "uri" {
        return interp.needs_uri();
    }
    if !interp.rt.has_environment() {
        return interp.unsupported(format!("require '{library}' is not supported here"));
    }
    // `trim_end_matches(".rb")` without the reverse substring searcher.
    let mut relative = library;
    while let Some(shorter) = relative.strip_suffix(".rb") {
        relative = shorter;
    }
    let dirs = interp.rt.module_dirs();
    for dir in dirs {
        let path = format!("{dir}/lib/{relative}.rb");
        if interp.rt.ruby().world.required.contains(&path) {
            return Ok(RVal::Bool(false));
        }
        let Some(text) = interp.rt.env_file_text(&path) else {
            continue;
        };
        let site = CallSite {
            name: "require",
            style: crate::syntax::ast::CallStyle::Prefix,
            span: interp.span,
        };
        return match load_file(interp.rt, &site, &path, &text) {
            Ok(_) => Ok(RVal::Bool(true)),
            // A resource type's file: what the required file does not run leaves the type
            // unread, as its own Ruby would.
            Err(unwind) if interp.declaring.is_some() => {
                let _ = unwind;
                interp.unsupported(format!("require '{library}' does not run here"))
            }
            Err(unwind) => Err(Flow::Stop(unwind)),
        };
    }
    // Puppet's own files (`puppet/parameter/boolean`): loaded already in Puppet; what they
    // define is there as far as the stand-ins go.
    if relative.starts_with("puppet/") {
        return Ok(RVal::Bool(false));
    }
    interp.unsupported(format!(
        "require '{library}' (a Ruby library) is not supported by the playground's Ruby"
    ))
}

/// `Puppet::Functions.create_function(:name) do ... end`: its dispatches and methods, read
/// from the block (the other statements of the block run).
pub(crate) fn create_function<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    let (Some(name), Some(BlockArg::Block(block))) = (args.first(), block) else {
        return interp.raise_as("ArgumentError", "create_function needs a name and a block");
    };
    let name = super::value::to_s(name);
    let mut dispatches = Vec::new();
    let mut methods = Vec::new();
    for statement in &block.body {
        match &statement.kind {
            Kind::Def(def) => methods.push(def.clone()),
            Kind::Call {
                recv: None,
                name: call,
                args,
                block: Some(body),
                ..
            } if call == "dispatch" => {
                let (values, _) = interp.args(args)?;
                let method = values.first().map(super::value::to_s).unwrap_or_default();
                dispatches.push(dispatch(interp, method, &body.body)?);
            }
            Kind::Call {
                recv: None, name, ..
            } if name == "local_types" => {
                interp.line = statement.line;
                return interp.unsupported("local_types is not supported by the playground's Ruby");
            }
            _ => {
                interp.eval(statement)?;
            }
        }
    }
    created(
        interp,
        Created {
            name,
            api: Api::V4 {
                dispatches,
                methods,
            },
        },
    )
}

/// The parameters of one `dispatch` block.
fn dispatch<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    method: String,
    body: &[Node],
) -> RResult<Dispatch> {
    let mut params = Vec::new();
    let mut return_type = None;
    for statement in body {
        let Kind::Call {
            recv: None,
            name,
            args,
            ..
        } = &statement.kind
        else {
            interp.eval(statement)?;
            continue;
        };
        let (values, _) = interp.args(args)?;
        let text = |at: usize| values.get(at).map(super::value::to_s).unwrap_or_default();
        let kind = match name.as_str() {
            "param" | "required_param" => ParamKind::Required,
            "optional_param" => ParamKind::Optional,
            "repeated_param" | "optional_repeated_param" | "required_repeated_param" => {
                ParamKind::Repeated
            }
            "block_param" | "optional_block_param" => ParamKind::Block {
                min: 0,
                max: None,
                optional: name == "optional_block_param",
            },
            "return_type" => {
                return_type = Some(text(0));
                continue;
            }
            _ => {
                interp.line = statement.line;
                return interp.unsupported(format!(
                    "`{name}' in a dispatch is not supported by the playground's Ruby"
                ));
            }
        };
        let (ty, param) = match (kind, values.len()) {
            (ParamKind::Block { .. }, 0) => (String::from("Callable"), String::from("block")),
            (ParamKind::Block { .. }, 1) => (String::from("Callable"), text(0)),
            _ => (text(0), text(1)),
        };
        params.push(DispatchParam {
            name: param,
            ty,
            kind,
        });
        // `required_repeated_param`: at least one, so a required one then the repeated one.
        if name == "required_repeated_param" {
            let last = params.len() - 1;
            params[last].kind = ParamKind::Required;
            params.push(DispatchParam {
                name: params[last].name.clone(),
                ty: params[last].ty.clone(),
                kind: ParamKind::Repeated,
            });
        }
    }
    Ok(Dispatch {
        method,
        params,
        return_type,
    })
}

/// `newfunction(:name, type: :rvalue, arity: n) do |args| ... end` (3.x).
pub(crate) fn newfunction<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: &[RVal],
    block: Option<&BlockArg>,
) -> RResult<RVal> {
    let (Some(name), Some(BlockArg::Block(block))) = (args.first(), block) else {
        return interp.raise_as("ArgumentError", "newfunction needs a name and a block");
    };
    let mut rvalue = false;
    let mut arity = None;
    if let Some(RVal::Hash(options)) = args.get(1) {
        for (key, value) in options.borrow().iter() {
            match (super::value::to_s(key).as_str(), value) {
                ("type", value) => rvalue = super::value::to_s(value) == "rvalue",
                ("arity", RVal::Int(n)) => arity = Some(*n),
                _ => {}
            }
        }
    }
    let name = super::value::to_s(name);
    created(
        interp,
        Created {
            name,
            api: Api::V3 {
                arity,
                rvalue,
                block: block.clone(),
            },
        },
    )
}

/// Keep what a file created (outside a function file's loading, creating is refused).
fn created<H: RubyHost>(interp: &mut Interp<'_, H>, function: Created) -> RResult<RVal> {
    match &mut interp.created {
        Some(list) => {
            list.push(function);
            Ok(RVal::Nil)
        }
        None => interp.unsupported("creating a function is not supported in a template"),
    }
}

/// Check the arguments, run the function and check what it returns.
fn run<H: RubyHost>(
    rt: &mut H,
    loaded: &Loaded,
    site: &CallSite,
    args: Vec<Value>,
    has_block: bool,
) -> EvalResult<Value> {
    if has_block {
        return Err(unsupported_call(
            site,
            "a lambda given to a module's Ruby function is not supported by the playground's Ruby",
        ));
    }
    match &loaded.created.api {
        Api::V4 {
            dispatches,
            methods,
        } => {
            let (method, return_type) = if dispatches.is_empty() {
                let short =
                    crate::qualified::split_last(site.name).map_or(site.name, |(_, last)| last);
                let Some(def) = methods.iter().find(|m| m.name == short) else {
                    return Err(site.fail(format!(
                        "Function {}(): no method {short} to call",
                        site.name
                    )));
                };
                let params = params_of(def);
                let params: Vec<_> = params.iter().map(DispatchParam::borrowed).collect();
                crate::functions::checks::check_dispatches(
                    rt,
                    site.name,
                    &[params.as_slice()],
                    site,
                    &args,
                    None,
                )?;
                (def.clone(), None)
            } else {
                let borrowed: Vec<Vec<_>> = dispatches
                    .iter()
                    .map(|d| d.params.iter().map(DispatchParam::borrowed).collect())
                    .collect();
                let lists: Vec<&[_]> = borrowed.iter().map(Vec::as_slice).collect();
                let chosen = crate::functions::checks::check_dispatches(
                    rt, site.name, &lists, site, &args, None,
                )?;
                let dispatch = &dispatches[chosen];
                let Some(def) = methods.iter().find(|m| m.name == dispatch.method) else {
                    return Err(site.fail(format!(
                        "Function {}(): no method {} to call",
                        site.name, dispatch.method
                    )));
                };
                (
                    def.clone(),
                    dispatch
                        .return_type
                        .clone()
                        .map(|t| (t, dispatch.method.clone())),
                )
            };
            let value = run_ruby(rt, loaded, site, |interp| {
                interp.own_methods = methods.clone();
                let mut values = Vec::with_capacity(args.len());
                for arg in &args {
                    values.push(interp.ruby_of(arg)?);
                }
                super::defs::invoke(interp, &method, None, values, None)
            })?;
            if let Some((ty, method)) = return_type {
                let parsed = crate::functions::meta::parse_type(rt, site, &ty)?;
                if let Some(message) = crate::types::describe_mismatch(&parsed, &value) {
                    return Err(site.fail(format!(
                        "value returned from function '{method}' has wrong type, {message}"
                    )));
                }
            }
            Ok(value)
        }
        Api::V3 {
            arity,
            rvalue,
            block,
        } => {
            if crate::functions::checks::contains_iterator(&args) {
                return Err(site.fail("Use of an Iterator is not supported here"));
            }
            if let Some(arity) = *arity {
                crate::functions::checks::check_3x_arity(site, site.name, arity, args.len())?;
            }
            let args = crate::functions::checks::to_3x_args(rt, site, args)?;
            let block = block.clone();
            let value = run_ruby(rt, loaded, site, |interp| {
                let mut values = Vec::with_capacity(args.len());
                for arg in &args {
                    values.push(interp.ruby_of(arg)?);
                }
                interp.run_block_as_method(&block, alloc::vec![RVal::array(values)])
            })?;
            Ok(if *rvalue { value } else { Value::Undef })
        }
    }
}

/// The dispatch Puppet makes from a method's own parameters when the function declares none.
fn params_of(def: &MethodDef) -> Vec<DispatchParam> {
    def.params
        .iter()
        .filter_map(|p| {
            let (name, kind) = match p {
                MethodParam::Required(n) => (n, ParamKind::Required),
                MethodParam::Optional(n, _) => (n, ParamKind::Optional),
                MethodParam::Rest(n) => (n, ParamKind::Repeated),
                _ => return None,
            };
            Some(DispatchParam {
                name: name.clone(),
                ty: String::from("Any"),
                kind,
            })
        })
        .collect()
}

/// Run Ruby for a function call in a fresh interpreter, and its value as Puppet takes it.
fn run_ruby<H: RubyHost>(
    rt: &mut H,
    loaded: &Loaded,
    site: &CallSite,
    body: impl FnOnce(&mut Interp<'_, H>) -> RResult<RVal>,
) -> EvalResult<Value> {
    let what = "Ruby functions calling Puppet";
    rt.enter_nesting(super::RUBY_DEPTH, what, site.span)?;
    let mut interp = Interp::new(rt, site.span);
    interp.template = false;
    interp.file = loaded.file.clone();
    interp.function = Some(Rc::from(site.name));
    let result = body(&mut interp).and_then(|value| match interp.puppet_of(&value)? {
        Some(value) => Ok(value),
        None => interp.unsupported(format!(
            "a {} returned to Puppet is not supported by the playground's Ruby",
            value.class_name()
        )),
    });
    drop(interp);
    rt.leave_nesting(super::RUBY_DEPTH);
    result.map_err(|flow| failure(rt, site, &loaded.file, &loaded.text, flow))
}

/// The error of a Ruby function's call: Ruby's errors as the call's (Puppet's wording), what
/// the interpreter does not run as a diagnostic at the line of the Ruby file.
fn failure<H: RubyHost>(
    host: &mut H,
    site: &CallSite,
    path: &str,
    text: &str,
    flow: Flow,
) -> Unwind {
    match flow {
        Flow::Stop(unwind) => unwind,
        Flow::Raise(message, _, _) => site.fail(message),
        Flow::Unsupported(message, line) => {
            let span = super::template_line_span(host, path, text, line).unwrap_or(site.span);
            let message = message.replace("playground's ERB", "playground's Ruby");
            error(
                RUBY_UNSUPPORTED,
                format!(
                    "The function '{}' runs Ruby the playground does not: {message}",
                    site.name
                ),
                span,
            )
        }
        Flow::Break(_) | Flow::Next(_) | Flow::Return(_) => site.fail("unexpected break"),
    }
}

/// A call the interpreter does not run, as a diagnostic at the call.
fn unsupported_call(site: &CallSite, message: &str) -> Unwind {
    error(RUBY_UNSUPPORTED, message.to_string(), site.span)
}
