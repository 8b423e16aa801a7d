//! Methods and modules a Ruby program defines (`def`, `module`, `class`) and calls to them: each
//! call has its own local variables, binds its arguments as Ruby does (optional, rest, keyword
//! and block parameters), ends at `return`, and gives `yield` its block.

use super::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::ast::{MethodDef, MethodParam, Node};
use super::interp::{BlockArg, Interp, RResult};
use super::value::RVal;

/// What the running method is: its name (`__method__`), its block (`yield`), and the module
/// whose method it is or whose body runs (`self`, where calls without a receiver look first).
#[derive(Default, Clone)]
pub(crate) struct Running {
    pub name: Option<Rc<str>>,
    pub block: Option<BlockArg>,
    pub module: Option<Rc<str>>,
}

/// How many methods a program may define (each `def` run adds one).
const MAX_METHODS: usize = 10_000;

/// `def`: a method of the module whose body runs (or of the module of `def self.x`), else of
/// the program's own object. Its value is its name, as a symbol.
pub(crate) fn define<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    def: &Rc<MethodDef>,
) -> RResult<RVal> {
    let name = RVal::Sym(Rc::from(def.name.as_str()));
    match interp.method.module.clone() {
        Some(module) => {
            let methods = &mut interp.rt.ruby().world.module_methods;
            methods.retain(|(owner, known)| !(owner == &module && known.name == def.name));
            if methods.len() >= MAX_METHODS {
                return interp.raise("too many methods defined");
            }
            methods.push((module, def.clone()));
        }
        None => {
            interp.own_methods.retain(|known| known.name != def.name);
            if interp.own_methods.len() >= MAX_METHODS {
                return interp.raise("too many methods defined");
            }
            interp.own_methods.push(def.clone());
        }
    }
    Ok(name)
}

/// `module A::B ... end` (and `class`): the body runs with the module as `self`; nested ones
/// are named from the enclosing one. `class << self` stays in the enclosing module.
pub(crate) fn module_body<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    path: &str,
    body: &[Node],
) -> RResult<RVal> {
    let outer = interp.method.module.clone();
    let full: Rc<str> = match (&outer, path) {
        (Some(outer), "<<self") => outer.clone(),
        (None, "<<self") => Rc::from(""),
        (Some(outer), _) if !outer.is_empty() => Rc::from(format!("{outer}::{path}").as_str()),
        _ => Rc::from(path),
    };
    if !full.is_empty() && !interp.rt.ruby().world.modules.contains(&full) {
        interp.rt.ruby().world.modules.push(full.clone());
    }
    let inner = (!full.is_empty()).then(|| full.clone());
    let saved = core::mem::replace(&mut interp.method.module, inner);
    let result = interp.statements(body);
    interp.method.module = saved;
    result
}

/// The method a call without a receiver names: the running module's, then the program's own.
pub(crate) fn find_own<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    name: &str,
) -> Option<(Rc<MethodDef>, Option<Rc<str>>)> {
    if let Some(module) = interp.method.module.clone() {
        if let Some(def) = find_in_module(interp, &module, name) {
            return Some((def, Some(module)));
        }
    }
    interp
        .own_methods
        .iter()
        .rev()
        .find(|def| def.name == name)
        .map(|def| (def.clone(), None))
}

/// The method `name` the program defined in module `module`.
pub(crate) fn find_in_module<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    module: &str,
    name: &str,
) -> Option<Rc<MethodDef>> {
    interp
        .rt
        .ruby()
        .world
        .module_methods
        .iter()
        .rev()
        .find(|(owner, def)| &**owner == module && def.name == name)
        .map(|(_, def)| def.clone())
}

/// The module a constant names, as the program defined it (relative to the running module
/// first), or one of Puppet's and Ruby's that function files use.
pub(crate) fn resolve_module<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    name: &str,
) -> Option<Rc<str>> {
    let modules = &interp.rt.ruby().world.modules;
    let known = |path: &str| {
        modules
            .iter()
            .any(|m| &**m == path || (m.starts_with(path) && m[path.len()..].starts_with("::")))
    };
    if let Some(module) = &interp.method.module {
        let mut outer: &str = module;
        loop {
            let candidate = format!("{outer}::{name}");
            if known(&candidate) {
                return Some(Rc::from(candidate.as_str()));
            }
            match crate::qualified::rfind_pair(outer, *b"::") {
                Some(at) => outer = &outer[..at],
                None => break,
            }
        }
    }
    if known(name) || super::library::is_library_module(name) {
        return Some(Rc::from(name));
    }
    None
}

/// `yield`: the running method's block, or Ruby's error without one.
pub(crate) fn yield_to_block<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    args: Vec<RVal>,
) -> RResult<RVal> {
    match interp.method.block.clone() {
        Some(block) => interp.yield_block(&block, args),
        None => interp.raise_as("LocalJumpError", "no block given (yield)"),
    }
}

/// Call a method the program defined: its arguments bound in a frame of its own, `self` its
/// module (`None`: the program's object).
pub(crate) fn invoke<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    def: &Rc<MethodDef>,
    module: Option<Rc<str>>,
    args: Vec<RVal>,
    block: Option<BlockArg>,
) -> RResult<RVal> {
    interp.step(1)?;
    let running = Running {
        name: Some(Rc::from(def.name.as_str())),
        block: block.clone(),
        module,
    };
    let saved = core::mem::replace(&mut interp.method, running);
    let def = def.clone();
    let result = interp.in_method_frame(Vec::new(), |interp| {
        bind(interp, &def, args, block)?;
        interp.statements(&def.body)
    });
    interp.method = saved;
    result
}

/// Bind a call's arguments to the method's parameters in the current (new) frame, as Ruby does:
/// required ones first, optional ones while arguments remain, the rest to `*rest`; keywords
/// from a last hash with symbol keys.
fn bind<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    def: &MethodDef,
    mut args: Vec<RVal>,
    block: Option<BlockArg>,
) -> RResult<()> {
    let takes_keywords = def
        .params
        .iter()
        .any(|p| matches!(p, MethodParam::Keyword(..) | MethodParam::KeywordRest(_)));
    let mut keywords: Vec<(RVal, RVal)> = Vec::new();
    if takes_keywords {
        if let Some(RVal::Hash(entries)) = args.last() {
            if entries
                .borrow()
                .iter()
                .all(|(k, _)| matches!(k, RVal::Sym(_)))
            {
                keywords = entries.borrow().clone();
                args.pop();
            }
        }
    }
    let required = def
        .params
        .iter()
        .filter(|p| matches!(p, MethodParam::Required(_)))
        .count();
    let optional = def
        .params
        .iter()
        .filter(|p| matches!(p, MethodParam::Optional(..)))
        .count();
    let rest = def.params.iter().any(|p| matches!(p, MethodParam::Rest(_)));
    let given = args.len();
    if given < required || (!rest && given > required + optional) {
        let expected = match (optional, rest) {
            (0, false) => required.to_string(),
            (_, true) => format!("{required}+"),
            (n, false) => format!("{required}..{}", required + n),
        };
        return interp.raise_as(
            "ArgumentError",
            format!("wrong number of arguments (given {given}, expected {expected})"),
        );
    }
    // Optional parameters take arguments left to right while there are more than the required
    // ones need; the rest parameter takes what remains.
    let mut optional_left = optional.min(given - required);
    let rest_count = given - required - optional_left;
    let mut args = args.into_iter();
    for param in &def.params {
        match param {
            MethodParam::Required(name) => {
                let value = args.next().unwrap_or(RVal::Nil);
                interp.assign_local(name, value);
            }
            MethodParam::Optional(name, default) => {
                let value = if optional_left > 0 {
                    optional_left -= 1;
                    args.next().unwrap_or(RVal::Nil)
                } else {
                    interp.eval(default)?
                };
                interp.assign_local(name, value);
            }
            MethodParam::Rest(name) => {
                let taken: Vec<RVal> = args.by_ref().take(rest_count).collect();
                if !name.is_empty() {
                    interp.assign_local(name, RVal::array(taken));
                }
            }
            MethodParam::Keyword(name, default) => {
                let at = keywords
                    .iter()
                    .position(|(k, _)| matches!(k, RVal::Sym(s) if **s == **name));
                let value = match (at, default) {
                    (Some(at), _) => keywords.remove(at).1,
                    (None, Some(default)) => interp.eval(default)?,
                    (None, None) => {
                        return interp
                            .raise_as("ArgumentError", format!("missing keyword: :{name}"))
                    }
                };
                interp.assign_local(name, value);
            }
            MethodParam::KeywordRest(name) => {
                let left = core::mem::take(&mut keywords);
                if !name.is_empty() {
                    interp.assign_local(name, RVal::hash(left));
                }
            }
            MethodParam::Block(name) => {
                let value = match &block {
                    Some(BlockArg::Block(block)) => RVal::Proc(block.clone()),
                    _ => RVal::Nil,
                };
                interp.assign_local(name, value);
            }
        }
    }
    if let Some((key, _)) = keywords.first() {
        let key = super::value::inspect(key);
        return interp.raise_as("ArgumentError", format!("unknown keyword: {key}"));
    }
    Ok(())
}

/// `object.extend(Module)`: the module's `extended` hook runs with the object (what programs
/// use it for: `Puppet_X::Elastic::SortedHash` sorts a hash in place); the object is the value.
pub(crate) fn extend<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    object: &RVal,
    args: &[RVal],
) -> RResult<RVal> {
    for module in args {
        let RVal::Module(path) = module else {
            return interp.raise_as(
                "TypeError",
                format!(
                    "wrong argument type {} (expected Module)",
                    module.class_name()
                ),
            );
        };
        if let Some(hook) = find_in_module(interp, path, "extended") {
            invoke(
                interp,
                &hook,
                Some(path.clone()),
                alloc::vec![object.clone()],
                None,
            )?;
        } else if !interp.rt.ruby().world.modules.iter().any(|m| m == path) {
            return interp.unsupported(format!(
                "extend with {path} is not supported by the playground's Ruby"
            ));
        }
    }
    Ok(object.clone())
}

/// Methods of every Ruby object that a defining program calls on itself: `__method__`,
/// `block_given?`, and visibility and mixing declarations (which change nothing here).
pub(crate) fn self_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    name: &str,
) -> Option<RResult<RVal>> {
    Some(Ok(match name {
        "__method__" => match &interp.method.name {
            Some(name) => RVal::Sym(name.clone()),
            None => RVal::Nil,
        },
        "block_given?" => RVal::Bool(interp.method.block.is_some()),
        "__FILE__" => RVal::Str(interp.file.clone()),
        // A 4.x function's closure scope: the scope it reads variables from (`['facts']`).
        "closure_scope" if !interp.template => RVal::Scope,
        "private"
        | "public"
        | "protected"
        | "module_function"
        | "private_class_method"
        | "extend"
        | "attr_reader"
        | "attr_accessor"
            if !interp.template || interp.method.module.is_some() =>
        {
            RVal::Nil
        }
        _ => return None,
    }))
}
