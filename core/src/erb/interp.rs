//! The interpreter of a template's Ruby: statements, variables (locals, `@vars` from the Puppet
//! scope), control flow and blocks; method calls are dispatched to `methods.rs`,
//! `enumerable.rs` and `kernel.rs`. Every node evaluated charges a step of the evaluator's
//! budget, and nesting is bounded. `eval_kind` stays one `match` over the node kinds (about 340
//! lines): split into a method per compound node, the full engine grew 1.3 KB gzipped, past its
//! size budget (measured in session 23).

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::{Block, Kind, MethodDef, Node, Param, Part};
use super::call::Call;
use super::value::{self, RVal};
use super::RubyHost;
use crate::host::Unwind;
use crate::span::Span;
use crate::value::Value;

/// How deeply evaluation may nest (calls in calls, blocks in blocks).
const MAX_DEPTH: usize = 100;

/// The names in the String, Array and Hash tables that Ruby 3.1's Integer, Float, TrueClass or
/// FalseClass has (publicly, or privately from Kernel, as `select`): calling one that the
/// interpreter does not carry on these stays refused rather than raising NoMethodError.
const SCALARS_HAVE: &[&str] = &[
    "%", "&", "*", "+", "-", "<", "<<", "<=", "<=>", "=~", ">", ">=", "[]", "|", "clone", "dup",
    "next", "ord", "select", "size", "succ", "to_f", "to_i",
];

/// Whether `name` is a method of String, Array or Hash here that Ruby's Integer, Float, true and
/// false lack (calling it on one raises NoMethodError).
pub(crate) fn scalars_lack(name: &str) -> bool {
    !SCALARS_HAVE.contains(&name)
        && (super::methods::is_string_method(name) || super::enumerable::is_collection_method(name))
}

/// Why evaluation stopped short.
#[derive(Debug)]
pub(crate) enum Flow {
    /// A Ruby exception (Puppet fails the template with it), at a line, with its class when the
    /// interpreter knows it (`rescue` of a named class needs it).
    Raise(String, u32, Option<&'static str>),
    /// What the playground's ERB does not do, at a line.
    Unsupported(String, u32),
    /// A stop of the evaluation itself (limits, cancel), or a Puppet function's error.
    Stop(Unwind),
    Break(RVal),
    Next(RVal),
    /// `return`: ends the running method with a value.
    Return(RVal),
}

pub(crate) type RResult<T> = Result<T, Flow>;

/// A block given to a method: a literal block, a proc, or `&:name`.
#[derive(Clone)]
pub(crate) enum BlockArg {
    Block(Rc<Block>),
    Symbol(Rc<str>),
}

pub(crate) struct Interp<'e, H: RubyHost> {
    /// The evaluation this Ruby runs in, and the Ruby side's state of the run.
    pub rt: &'e mut H,
    /// The template function's call: where its errors are, and how Puppet functions are called.
    pub span: Span,
    pub out: String,
    frames: Vec<Vec<(String, RVal)>>,
    /// `@vars` the template assigned itself.
    ivars: Vec<(String, RVal)>,
    /// The arrays and hashes of Puppet variables the template read with `@name`: the variable's
    /// name, its value then, and the Ruby object the template got (`mutations.rs`).
    pub containers_read: Vec<(String, Value, RVal)>,
    depth: usize,
    pub line: u32,
    /// The last regex match (`$~`, `$1`...), `None` after a failed one.
    pub last_match: Option<Rc<super::objects::RObject>>,
    /// The methods the program defined on its own object (the template, or the function).
    pub own_methods: Vec<Rc<MethodDef>>,
    /// The running method: its name (`__method__`), the block it was given (`yield`), and the
    /// module it is a method of (calls without a receiver look there first).
    pub method: super::defs::Running,
    /// Whether this runs a template (`@name` reads the Puppet scope) or a module's Ruby.
    pub template: bool,
    /// The Ruby file being run (`__FILE__`), empty for a template.
    pub file: Rc<str>,
    /// The module function being called, by its Puppet name.
    pub function: Option<Rc<str>>,
    /// While a function file is loaded: the functions it creates.
    pub created: Option<Vec<super::module_functions::Created>>,
    /// While a resource type's file runs: what it declares (`resource_types.rs`).
    pub declaring: Option<super::resource_types::Declaring>,
}

impl<'e, H: RubyHost> Interp<'e, H> {
    pub fn new(rt: &'e mut H, span: Span) -> Self {
        Interp {
            rt,
            span,
            out: String::new(),
            frames: alloc::vec![Vec::new()],
            ivars: Vec::new(),
            containers_read: Vec::new(),
            depth: 0,
            line: 1,
            last_match: None,
            own_methods: Vec::new(),
            method: Default::default(),
            template: true,
            file: Rc::from(""),
            function: None,
            created: None,
            declaring: None,
        }
    }

    /// Run `body` as a method's, with its own local variables (`frame`); a `return` ends it.
    pub(crate) fn in_method_frame(
        &mut self,
        frame: Vec<(String, RVal)>,
        body: impl FnOnce(&mut Self) -> RResult<RVal>,
    ) -> RResult<RVal> {
        let saved = core::mem::replace(&mut self.frames, alloc::vec![frame]);
        let result = body(self);
        self.frames = saved;
        match result {
            Err(Flow::Return(value)) => Ok(value),
            other => other,
        }
    }

    /// A Ruby exception at the current line.
    pub fn raise<T>(&self, message: impl Into<String>) -> RResult<T> {
        Err(Flow::Raise(message.into(), self.line, None))
    }

    /// Raise an exception of a known class.
    pub fn raise_as<T>(&self, class: &'static str, message: impl Into<String>) -> RResult<T> {
        Err(Flow::Raise(message.into(), self.line, Some(class)))
    }

    pub fn unsupported<T>(&self, message: impl Into<String>) -> RResult<T> {
        Err(Flow::Unsupported(message.into(), self.line))
    }

    /// Ruby's `uri` library where this build leaves it out (core's `ruby-uri`: the page's full
    /// engine): the run goes to the page's libraries engine, which has it.
    #[cfg(not(feature = "ruby-uri"))]
    #[inline(never)]
    pub fn needs_uri(&mut self) -> RResult<RVal> {
        self.rt.needs_full_engine(crate::functions::LIBRARIES);
        self.unsupported("Ruby's uri is in the playground's libraries engine")
    }

    /// Charge `n` steps of the budget.
    pub fn step(&mut self, n: u64) -> RResult<()> {
        self.rt.step(n, self.span).map_err(Flow::Stop)
    }

    /// Fail when a string built is over the size limit; charge steps for its size.
    #[inline(never)]
    pub fn check_string(&mut self, text: &str) -> RResult<()> {
        self.rt.check_string(text, self.span).map_err(Flow::Stop)
    }

    /// `NoMethodError` as Ruby words it: for nil, and for an Integer, a Float, true or false
    /// called with a method of String, Array or Hash that its class lacks (others are refused).
    pub fn no_method<T>(&self, name: &str, recv: &RVal) -> RResult<T> {
        match recv {
            RVal::Nil => self.raise_as(
                "NoMethodError",
                format!("undefined method `{name}' for nil:NilClass"),
            ),
            // A method of String, Array or Hash that Ruby's numbers, true and false lack.
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_) | RVal::Bool(_) if scalars_lack(name) => {
                self.raise_as(
                    "NoMethodError",
                    format!(
                        "undefined method `{name}' for {}:{}",
                        value::inspect(recv),
                        recv.class_name()
                    ),
                )
            }
            _ => self.unsupported(format!(
                "the method `{name}' of {} is not supported by the playground's ERB",
                recv.class_name()
            )),
        }
    }

    pub fn run(&mut self, body: &[Node]) -> RResult<()> {
        match self.statements(body) {
            Ok(_) => Ok(()),
            Err(Flow::Break(_)) => self.raise("break from proc-closure (LocalJumpError)"),
            Err(Flow::Next(_)) | Err(Flow::Return(_)) => Ok(()),
            Err(other) => Err(other),
        }
    }

    pub fn statements(&mut self, body: &[Node]) -> RResult<RVal> {
        let mut last = RVal::Nil;
        for node in body {
            last = self.eval(node)?;
        }
        Ok(last)
    }

    pub fn lookup_local(&self, name: &str) -> Option<RVal> {
        for frame in self.frames.iter().rev() {
            if let Some((_, v)) = frame.iter().find(|(n, _)| n == name) {
                return Some(v.clone());
            }
        }
        None
    }

    pub(crate) fn assign_local(&mut self, name: &str, value: RVal) {
        for frame in self.frames.iter_mut().rev() {
            if let Some(entry) = frame.iter_mut().find(|(n, _)| n == name) {
                entry.1 = value;
                return;
            }
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.push((name.to_string(), value));
        }
    }

    /// The names of the instance variables the program assigned itself.
    pub fn own_ivar_names(&self) -> Vec<String> {
        self.ivars.iter().map(|(name, _)| name.clone()).collect()
    }

    /// `@name`: what the template assigned, else the Puppet variable the scope sees (nil when
    /// there is none, as Puppet gives it).
    fn ivar(&mut self, name: &str) -> RResult<RVal> {
        if let Some((_, v)) = self.ivars.iter().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if !self.template {
            return Ok(RVal::Nil);
        }
        if let Some((_, _, object)) = self.containers_read.iter().find(|(n, _, _)| n == name) {
            return Ok(object.clone());
        }
        Ok(match self.rt.scope_variable(name) {
            // One Ruby object per variable, as Puppet hands the template the variable's own
            // array or hash: what the template changes in place, Puppet's variable then holds.
            Some(v @ (Value::Array(_) | Value::Hash(_))) => {
                let object = self.ruby_of(&v)?;
                self.containers_read
                    .push((String::from(name), v, object.clone()));
                object
            }
            Some(v) => self.ruby_of(&v)?,
            None => RVal::Nil,
        })
    }

    /// A Puppet value as the template's Ruby object: a copy of all of it, charged (and refused
    /// past the limits) before it is made, as a value built by sharing can be far larger than
    /// its memory, and one nested deeply would be copied by a deep recursion.
    pub fn ruby_of(&mut self, v: &Value) -> RResult<RVal> {
        let walk = crate::host::Walk::Builds;
        crate::host::charge_walk(self.rt, v, walk, self.span).map_err(Flow::Stop)?;
        Ok(value::from_puppet(v))
    }

    /// A Ruby value as Puppet takes it back (see [`to_puppet`]); `None` when it has none.
    pub fn puppet_of(&mut self, v: &RVal) -> RResult<Option<Value>> {
        match to_puppet(self.rt, v, self.span).map_err(Flow::Stop)? {
            Ok(value) => Ok(Some(value)),
            // OpenVox hands Ruby's Bignum on as it is, and fails where Puppet computes with it or
            // puts it in the catalog ("outside of Puppet Integer max range"): the playground's
            // Puppet Integer is 64-bit only.
            Err(value::NotPuppet::Big) => self.unsupported(
                "an Integer beyond 64 bits handed to Puppet (whose Integer is 64-bit) is not supported by the playground's ERB",
            ),
            Err(_) => Ok(None),
        }
    }

    /// One level deeper (a node evaluated, a block called), or Ruby's `SystemStackError` past
    /// the bound; the caller comes back up a level when done.
    fn deeper(&mut self) -> RResult<()> {
        if self.depth >= MAX_DEPTH {
            return self.raise("stack level too deep (SystemStackError)");
        }
        self.depth += 1;
        Ok(())
    }

    pub fn eval(&mut self, node: &Node) -> RResult<RVal> {
        self.line = node.line;
        self.step(1)?;
        self.deeper()?;
        let result = self.eval_kind(node);
        self.depth -= 1;
        result
    }

    fn eval_kind(&mut self, node: &Node) -> RResult<RVal> {
        Ok(match &node.kind {
            Kind::Nil => RVal::Nil,
            Kind::True => RVal::Bool(true),
            Kind::False => RVal::Bool(false),
            Kind::SelfRef => RVal::Module(Rc::from("Puppet::Parser::TemplateWrapper")),
            Kind::Int(n) => RVal::Int(*n),
            Kind::Big(n) => RVal::Big(n.clone()),
            Kind::Float(f) => RVal::Float(*f),
            Kind::Str(parts) => RVal::Str(Rc::from(self.interpolate(parts)?.as_str())),
            Kind::Sym(parts) => RVal::Sym(Rc::from(self.interpolate(parts)?.as_str())),
            Kind::Regex(_, flags) if flags == "`" => {
                return self.unsupported(super::lexer::COMMAND_REFUSED.replace("{form}", "`...`"))
            }
            Kind::Regex(parts, flags) => {
                let source = self.interpolate(parts)?;
                RVal::Regex(Rc::new(self.regex(&source, flags)?))
            }
            Kind::Words(words, symbols) => RVal::array(
                words
                    .iter()
                    .map(|w| {
                        if *symbols {
                            RVal::Sym(Rc::from(w.as_str()))
                        } else {
                            RVal::str(w)
                        }
                    })
                    .collect(),
            ),
            Kind::Array(items) => RVal::array(self.args(items)?.0),
            Kind::Hash(pairs) => {
                let mut entries = Vec::with_capacity(pairs.len());
                for (k, v) in pairs {
                    let key = self.eval(k)?;
                    let value = self.eval(v)?;
                    // Ruby copies (and freezes) a string key.
                    value::hash_set(&mut entries, key, value);
                }
                RVal::hash(entries)
            }
            Kind::Range(a, b, exclusive) => {
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                match (&a, &b) {
                    (RVal::Int(x), RVal::Int(y)) => RVal::Range(*x, *y, *exclusive),
                    _ => {
                        return self.unsupported(format!(
                        "ranges of {} are not supported by the playground's ERB (only of integers)",
                        a.class_name()
                    ))
                    }
                }
            }
            Kind::Local(name) => self.lookup_local(name).unwrap_or(RVal::Nil),
            Kind::IVar(name) => self.ivar(name)?,
            Kind::GVar(name) => match name.as_str() {
                "~" => self.last_match.clone().map_or(RVal::Nil, RVal::Object),
                // `$&` is the whole match, `$1` its first group.
                group
                    if group == "&"
                        || (group.bytes().all(|b| b.is_ascii_digit()) && group != "0") =>
                {
                    let index = match group {
                        "&" => 0,
                        digits => digits.parse().unwrap_or(usize::MAX),
                    };
                    match self.last_match.as_deref() {
                        Some(super::objects::RObject::Match(data)) => {
                            data.groups.get(index).cloned().unwrap_or(RVal::Nil)
                        }
                        _ => RVal::Nil,
                    }
                }
                // The load path: what a function file adds to it changes nothing here (`require`
                // looks in every module's `lib/`).
                "LOAD_PATH" | ":" => RVal::array(Vec::new()),
                _ => {
                    return self.unsupported(format!(
                        "the global variable ${name} is not supported by the playground's ERB"
                    ))
                }
            },
            Kind::Const(scope, name) => self.constant(scope.as_deref(), name)?,
            Kind::Call {
                recv,
                name,
                args,
                block,
                safe,
            } => {
                let receiver = match recv {
                    Some(r) => Some(self.eval(r)?),
                    None => None,
                };
                if *safe && matches!(receiver, Some(RVal::Nil)) {
                    return Ok(RVal::Nil);
                }
                let (mut values, mut block_arg) = self.args(args)?;
                if let Some(block) = block {
                    block_arg = Some(BlockArg::Block(block.clone()));
                }
                self.line = node.line;
                // `s << x`, `s.upcase!`: Ruby changes the string in place; here the variable
                // holding it gets the new string.
                let mutating = matches!(receiver, Some(RVal::Str(_)))
                    && (name == "<<"
                        || name == "concat"
                        || name == "replace"
                        || name.ends_with('!'))
                    && recv
                        .as_ref()
                        .is_some_and(|r| matches!(r.kind, Kind::Local(_) | Kind::IVar(_)));
                if mutating {
                    let (Some(recv_node), Some(old)) = (recv, receiver.clone()) else {
                        return Ok(RVal::Nil);
                    };
                    let base = name.trim_end_matches('!');
                    let new = if name == "replace" {
                        values.first().cloned().unwrap_or(RVal::Nil)
                    } else {
                        self.call_method(old.clone(), base, &mut values, block_arg.as_ref())?
                    };
                    self.assign(recv_node, new.clone())?;
                    if name.ends_with('!') && value::equal(&old, &new, 0) {
                        return Ok(RVal::Nil);
                    }
                    return Ok(new);
                }
                let result = match receiver {
                    Some(recv) => self.call_method(recv, name, &mut values, block_arg.as_ref()),
                    None => match super::defs::find_own(self, name) {
                        Some((def, module)) => {
                            super::defs::invoke(self, &def, module, values, block_arg.clone())
                        }
                        None => {
                            super::kernel::call_self(self, name, &mut values, block_arg.as_ref())
                        }
                    },
                };
                match result {
                    Err(Flow::Break(v)) if block_arg.is_some() => v,
                    other => other?,
                }
            }
            Kind::Not(inner) => RVal::Bool(!self.eval(inner)?.truthy()),
            Kind::And(a, b) => {
                let left = self.eval(a)?;
                if left.truthy() {
                    self.eval(b)?
                } else {
                    left
                }
            }
            Kind::Or(a, b) => {
                let left = self.eval(a)?;
                if left.truthy() {
                    left
                } else {
                    self.eval(b)?
                }
            }
            Kind::Defined(inner) => match &inner.kind {
                Kind::IVar(name) => {
                    // Puppet makes instance variables of the variables that have a value:
                    // an undef one is not defined.
                    let known = self.ivars.iter().any(|(n, _)| n == name)
                        || self
                            .rt
                            .scope_variable(name)
                            .is_some_and(|value| !matches!(value, Value::Undef));
                    if known {
                        RVal::str("instance-variable")
                    } else {
                        RVal::Nil
                    }
                }
                Kind::Local(_) => RVal::str("local-variable"),
                // A constant the interpreter does not know is one Ruby has not defined either.
                Kind::Const(scope, name) => match self.constant(scope.as_deref(), name) {
                    Ok(_) => RVal::str("constant"),
                    Err(Flow::Unsupported(..)) => RVal::Nil,
                    Err(other) => return Err(other),
                },
                Kind::Call {
                    recv: None,
                    args,
                    name,
                    ..
                } if args.is_empty() => {
                    if super::kernel::is_self_method(name) {
                        RVal::str("method")
                    } else {
                        RVal::Nil
                    }
                }
                _ => {
                    return self.unsupported(
                        "defined? of this expression is not supported by the playground's ERB",
                    )
                }
            },
            Kind::Assign(target, value) => {
                let value = self.eval(value)?;
                self.assign(target, value.clone())?;
                value
            }
            Kind::OpAssign(target, op, value) => {
                let current = self.eval(target)?;
                let result = match *op {
                    "||" if current.truthy() => return Ok(current),
                    "&&" if !current.truthy() => return Ok(current),
                    "||" | "&&" => self.eval(value)?,
                    "<<" => {
                        let v = self.eval(value)?;
                        // `<<` changes the receiver (a string is replaced here, see `append`).
                        self.call_method(current, "<<", &mut alloc::vec![v], None)?
                    }
                    _ => {
                        let v = self.eval(value)?;
                        self.call_method(current, op, &mut alloc::vec![v], None)?
                    }
                };
                self.assign(target, result.clone())?;
                result
            }
            Kind::MultiAssign(targets, value) => {
                let value = self.eval(value)?;
                let items = match &value {
                    RVal::Array(items) => items.borrow().clone(),
                    other => alloc::vec![other.clone()],
                };
                for (i, target) in targets.iter().enumerate() {
                    self.assign(target, items.get(i).cloned().unwrap_or(RVal::Nil))?;
                }
                value
            }
            Kind::If(cond, then, otherwise) => {
                if self.eval(cond)?.truthy() {
                    self.statements(then)?
                } else {
                    self.statements(otherwise)?
                }
            }
            Kind::While(cond, body, until) => {
                loop {
                    if self.eval(cond)?.truthy() == *until {
                        break;
                    }
                    match self.statements(body) {
                        Ok(_) | Err(Flow::Next(_)) => {}
                        Err(Flow::Break(v)) => return Ok(v),
                        Err(other) => return Err(other),
                    }
                }
                RVal::Nil
            }
            Kind::For(params, iterable, body) => {
                let iterable = self.eval(iterable)?;
                let items = super::enumerable::elements(self, &iterable)?;
                for item in items {
                    self.step(1)?;
                    self.bind_params_here(params, alloc::vec![item]);
                    match self.statements(body) {
                        Ok(_) | Err(Flow::Next(_)) => {}
                        Err(Flow::Break(v)) => return Ok(v),
                        Err(other) => return Err(other),
                    }
                }
                iterable
            }
            Kind::Case(subject, whens, otherwise) => {
                let subject = match subject {
                    Some(s) => Some(self.eval(s)?),
                    None => None,
                };
                for (values, body) in whens {
                    for candidate in values {
                        let tests: Vec<RVal> = match &candidate.kind {
                            Kind::Splat(inner) => {
                                let v = self.eval(inner)?;
                                super::enumerable::elements(self, &v)?
                            }
                            _ => alloc::vec![self.eval(candidate)?],
                        };
                        for test in tests {
                            let hit = match &subject {
                                Some(subject) => self.case_equal(&test, subject)?,
                                None => test.truthy(),
                            };
                            if hit {
                                return self.statements(body);
                            }
                        }
                    }
                }
                match otherwise {
                    Some(body) => self.statements(body)?,
                    None => RVal::Nil,
                }
            }
            Kind::Seq(body) => self.statements(body)?,
            Kind::Begin(block) => super::objects::eval_begin(self, block)?,
            Kind::Rescue(body, fallback) => match self.eval(body) {
                Err(Flow::Raise(..)) => self.eval(fallback)?,
                other => other?,
            },
            Kind::Text(text) => {
                self.append(text)?;
                RVal::Nil
            }
            Kind::Output(body) => {
                let value = self.statements(body)?;
                let text = self.ruby_to_s(&value)?;
                self.append(&text)?;
                RVal::Nil
            }
            Kind::Break(value) => {
                let v = match value {
                    Some(v) => self.eval(v)?,
                    None => RVal::Nil,
                };
                return Err(Flow::Break(v));
            }
            Kind::Next(value) => {
                let v = match value {
                    Some(v) => self.eval(v)?,
                    None => RVal::Nil,
                };
                return Err(Flow::Next(v));
            }
            Kind::Splat(_) | Kind::BlockPass(_) => {
                return self.raise("syntax error, unexpected *");
            }
            Kind::Lambda(block) => RVal::Proc(block.clone()),
            Kind::Def(def) => super::defs::define(self, def)?,
            Kind::Return(value) => {
                let v = match value {
                    Some(v) => self.eval(v)?,
                    None => RVal::Nil,
                };
                return Err(Flow::Return(v));
            }
            Kind::Module(path, body) => super::defs::module_body(self, path, body)?,
            Kind::Yield(args) => {
                let (values, _) = self.args(args)?;
                super::defs::yield_to_block(self, values)?
            }
        })
    }

    /// Append to the template's output: refused before it is appended when the output would
    /// pass the string size limit, and charged as any string built.
    fn append(&mut self, text: &str) -> RResult<()> {
        let before = self.out.len();
        self.rt
            .check_string_growth(before, before.saturating_add(text.len()), self.span)
            .map_err(Flow::Stop)?;
        self.out.push_str(text);
        Ok(())
    }

    /// `to_s` of a value, charged by its size.
    pub fn ruby_to_s(&mut self, value: &RVal) -> RResult<String> {
        let text = value::to_s(value);
        self.check_string(&text)?;
        Ok(text)
    }

    pub fn inspect(&mut self, value: &RVal) -> RResult<String> {
        if let RVal::Object(object) = value {
            if super::objects::object_inspect(object).is_none() {
                return self.unsupported(format!(
                    "inspect of a {} is not supported by the playground's ERB",
                    object.class_name()
                ));
            }
        }
        let text = value::inspect(value);
        self.check_string(&text)?;
        Ok(text)
    }

    fn interpolate(&mut self, parts: &[Part]) -> RResult<String> {
        let mut text = String::new();
        for part in parts {
            match part {
                Part::Lit(s) => text.push_str(s),
                Part::Code(body) => {
                    let v = self.statements(body)?;
                    text.push_str(&self.ruby_to_s(&v)?);
                }
            }
        }
        self.check_string(&text)?;
        Ok(text)
    }

    /// A regex literal with Ruby's flags (`i`, `m`, `x`) as inline options.
    pub fn regex(&mut self, source: &str, flags: &str) -> RResult<crate::value::Regexp> {
        let mut options = String::new();
        for (flag, option) in [('m', 'm'), ('i', 'i'), ('x', 'x')] {
            if flags.contains(flag) {
                options.push(option);
            }
        }
        let full = if options.is_empty() {
            source.to_string()
        } else {
            format!("(?{options}:{source})")
        };
        match crate::value::Regexp::new(&full) {
            Ok(r) => Ok(r),
            Err(e) => self.raise(e.to_string()),
        }
    }

    /// Evaluate arguments: splats spread, a `&block` taken aside.
    pub fn args(&mut self, nodes: &[Node]) -> RResult<(Vec<RVal>, Option<BlockArg>)> {
        let mut values = Vec::with_capacity(nodes.len());
        let mut block = None;
        for node in nodes {
            match &node.kind {
                Kind::Splat(inner) => {
                    let v = self.eval(inner)?;
                    match v {
                        RVal::Array(items) => values.extend(items.borrow().iter().cloned()),
                        RVal::Nil => {}
                        other => values.push(other),
                    }
                }
                Kind::BlockPass(inner) => match self.eval(inner)? {
                    RVal::Sym(name) => block = Some(BlockArg::Symbol(name)),
                    RVal::Proc(b) => block = Some(BlockArg::Block(b)),
                    RVal::Nil => {}
                    other => {
                        return self.raise(format!(
                            "wrong argument type {} (expected Proc)",
                            other.class_name()
                        ))
                    }
                },
                _ => values.push(self.eval(node)?),
            }
        }
        Ok((values, block))
    }

    fn assign(&mut self, target: &Node, value: RVal) -> RResult<()> {
        match &target.kind {
            Kind::Local(name) => self.assign_local(name, value),
            // `X = v` in a function file: a constant of the run.
            Kind::IVar(name) | Kind::Const(None, name) => {
                let list = match target.kind {
                    Kind::IVar(_) => &mut self.ivars,
                    _ => &mut self.rt.ruby().world.constants,
                };
                if let Some(entry) = list.iter_mut().find(|(n, _)| n == name) {
                    entry.1 = value;
                } else {
                    list.push((name.clone(), value));
                }
            }
            // `x[k] = v` calls `[]=`, `x.y = v` calls `y=`.
            Kind::Call {
                recv: Some(recv),
                name,
                args,
                ..
            } => {
                let recv = self.eval(recv)?;
                let (mut values, _) = self.args(args)?;
                values.push(value);
                self.call_method(recv, &format!("{name}="), &mut values, None)?;
            }
            _ => {
                return self.unsupported("this assignment is not supported by the playground's ERB")
            }
        }
        Ok(())
    }

    /// Ruby's `===`, as `case`/`when` tests.
    pub fn case_equal(&mut self, test: &RVal, subject: &RVal) -> RResult<bool> {
        Ok(match test {
            RVal::Regex(r) => match subject {
                RVal::Str(s) | RVal::Sym(s) => self.regex_search(r, s, 0)?.is_some(),
                _ => false,
            },
            RVal::Range(a, b, exclusive) => match subject {
                RVal::Int(n) => *n >= *a && (if *exclusive { *n < *b } else { *n <= *b }),
                RVal::Float(f) => {
                    *f >= *a as f64
                        && (if *exclusive {
                            *f < *b as f64
                        } else {
                            *f <= *b as f64
                        })
                }
                _ => false,
            },
            RVal::Module(name) => super::kernel::is_a(subject, name),
            _ => value::equal(test, subject, 0),
        })
    }

    /// A regex search charged to the budget.
    pub fn regex_search(
        &mut self,
        regexp: &crate::value::Regexp,
        text: &str,
        from: usize,
    ) -> RResult<Option<crate::regex::Captures>> {
        let per = crate::regex::STEPS_PER_EVAL_STEP;
        let mut budget: u64 = 1_000_000 * per;
        let before = budget;
        let result = regexp.regex().search(text, from, &mut budget);
        let used = before - budget;
        self.step(used / per + 1)?;
        match result {
            Ok(found) => {
                self.last_match = found.as_ref().map(|c| {
                    let groups = (0..c.len())
                        .map(|g| c.get(g).map_or(RVal::Nil, |(a, b)| RVal::str(&text[a..b])))
                        .collect();
                    let names = regexp.regex().names().to_vec();
                    let data = super::matchdata::MatchData { groups, names };
                    Rc::new(super::objects::RObject::Match(data))
                });
                Ok(found)
            }
            Err(_) => Err(Flow::Stop(crate::host::error(
                "STEP_LIMIT",
                "a regular expression in a template took too many steps",
                self.span,
            ))),
        }
    }

    fn constant(&mut self, scope: Option<&Node>, name: &str) -> RResult<RVal> {
        let full = match scope {
            Some(node) => match self.eval(node)? {
                RVal::Module(outer) => format!("{outer}::{name}"),
                _ => return self.raise(format!("{name} is not a class/module")),
            },
            None => name.to_string(),
        };
        self.constant_named(&full)
    }

    /// The constant named `full` (`IPAddr::Error`).
    #[inline(never)]
    pub(crate) fn constant_named(&mut self, full: &str) -> RResult<RVal> {
        let assigned = &self.rt.ruby().world.constants;
        if let Some((_, value)) = assigned.iter().find(|(n, _)| *n == full) {
            return Ok(value.clone());
        }
        if let Some(module) = super::defs::resolve_module(self, full) {
            return Ok(RVal::Module(module));
        }
        match full {
            // The Ruby that Debian's Puppet runs on (programs compare it as a string).
            "RUBY_VERSION" => Ok(RVal::str("3.1.2")),
            // Linux's address families (`IPAddr.new(number, family)`).
            "Socket::AF_INET" => Ok(RVal::Int(2)),
            "Socket::AF_INET6" => Ok(RVal::Int(10)),
            // Linux's path separators (java_ks's type interpolates one in a description).
            "File::PATH_SEPARATOR" => Ok(RVal::str(":")),
            "File::SEPARATOR" => Ok(RVal::str("/")),
            "File::ALT_SEPARATOR" => Ok(RVal::Nil),
            "JSON" | "YAML" | "Integer" | "String" | "Array" | "Hash" | "Float" | "Numeric"
            | "Symbol" | "NilClass" | "TrueClass" | "FalseClass" | "Regexp" | "Range" | "Proc"
            | "Fixnum" | "Object" | "Comparable" | "Enumerable" | "Math" | "IPAddr" | "Socket" => {
                Ok(RVal::Module(Rc::from(full)))
            }
            name if super::objects::exception_class(name).is_some() => {
                Ok(RVal::Module(Rc::from(full)))
            }
            #[cfg(not(feature = "ruby-uri"))]
            // `URI` and its classes (`URI::Generic`; its errors are known above).
            uri if uri.starts_with("URI") => self.needs_uri(),
            _ => self.unsupported(format!(
                "the constant {full} is not supported by the playground's ERB"
            )),
        }
    }

    /// Call a block with arguments, with Ruby's rules for binding a block's parameters (one
    /// array argument spreads over several parameters).
    pub fn yield_block(&mut self, block: &BlockArg, args: Vec<RVal>) -> RResult<RVal> {
        self.step(1)?;
        match block {
            BlockArg::Symbol(name) => {
                let mut args = args;
                if args.is_empty() {
                    return self.raise("no receiver given");
                }
                let recv = args.remove(0);
                let name = name.clone();
                self.call_method(recv, &name, &mut args, None)
            }
            BlockArg::Block(block) => {
                self.deeper()?;
                self.frames.push(Vec::new());
                self.bind_params_here(&block.params, args);
                let result = self.statements(&block.body);
                self.frames.pop();
                self.depth -= 1;
                match result {
                    Err(Flow::Next(v)) => Ok(v),
                    other => other,
                }
            }
        }
    }

    /// Run a block as the body of a method (a 3.x function's): its parameters bound in a frame
    /// of its own, `return` ending it.
    pub fn run_block_as_method(&mut self, block: &Block, args: Vec<RVal>) -> RResult<RVal> {
        self.in_method_frame(Vec::new(), |interp| {
            interp.bind_params_here(&block.params, args);
            interp.statements(&block.body)
        })
    }

    fn bind_params_here(&mut self, params: &[Param], mut args: Vec<RVal>) {
        if params.len() > 1 && args.len() == 1 {
            if let RVal::Array(items) = &args[0] {
                let items = items.borrow().clone();
                args = items;
            }
        }
        let frame_new = |this: &mut Self, name: &str, value: RVal| {
            if let Some(frame) = this.frames.last_mut() {
                if let Some(entry) = frame.iter_mut().find(|(n, _)| n == name) {
                    entry.1 = value;
                } else {
                    frame.push((name.to_string(), value));
                }
            }
        };
        for (i, param) in params.iter().enumerate() {
            let arg = args.get(i).cloned().unwrap_or(RVal::Nil);
            match param {
                Param::Name(name) => frame_new(self, name, arg),
                Param::Destructure(names) => {
                    let items = match &arg {
                        RVal::Array(items) => items.borrow().clone(),
                        other => alloc::vec![other.clone()],
                    };
                    for (j, name) in names.iter().enumerate() {
                        frame_new(self, name, items.get(j).cloned().unwrap_or(RVal::Nil));
                    }
                }
            }
        }
    }

    /// Call method `name` on `recv`.
    pub fn call_method(
        &mut self,
        recv: RVal,
        name: &str,
        args: &mut Vec<RVal>,
        block: Option<&BlockArg>,
    ) -> RResult<RVal> {
        self.step(1)?;
        let call = Call {
            recv: &recv,
            name,
            args,
            block,
        };
        if let Some(result) = super::kernel::object_method(self, call)? {
            return Ok(result);
        }
        match &recv {
            RVal::Str(_) | RVal::Sym(_) => super::methods::string_method(self, call),
            RVal::Int(_) | RVal::Big(_) | RVal::Float(_) => {
                super::methods::number_method(self, call)
            }
            RVal::Array(_) | RVal::Hash(_) | RVal::Range(..) => {
                super::enumerable::collection_method(self, call)
            }
            // `/re/.match(s)`, `/re/ =~ s`, `/re/.match?(s)`: String's, the other way round (a nil
            // subject matches nothing).
            RVal::Regex(_) if matches!(name, "match" | "=~" | "match?") && args.len() == 1 => {
                match args.pop() {
                    Some(subject @ (RVal::Str(_) | RVal::Sym(_))) => {
                        let pattern = [recv.clone()];
                        let call = Call {
                            recv: &subject,
                            name,
                            args: &pattern,
                            block,
                        };
                        super::methods::string_method(self, call)
                    }
                    Some(RVal::Nil) if name == "match?" => Ok(RVal::Bool(false)),
                    Some(RVal::Nil) => Ok(RVal::Nil),
                    Some(other) => Err(super::methods::no_conversion(
                        self,
                        other.class_name(),
                        "String",
                    )),
                    None => self.no_method(name, &recv),
                }
            }
            RVal::Scope => super::kernel::scope_method(self, call),
            RVal::Object(object) => super::objects::object_method(self, call, object),
            RVal::Module(module) => match super::defs::find_in_module(self, module, name) {
                Some(def) => {
                    let module = module.clone();
                    let args = core::mem::take(args);
                    super::defs::invoke(self, &def, Some(module), args, block.cloned())
                }
                None => super::kernel::module_method(self, call),
            },
            RVal::Puppet(Value::Sensitive(inner)) if name == "unwrap" => {
                let inner = inner.clone();
                self.ruby_of(&inner)
            }
            RVal::Proc(block) if matches!(name, "call" | "()" | "yield" | "[]") => {
                let block = BlockArg::Block(block.clone());
                let args = core::mem::take(args);
                self.yield_block(&block, args)
            }
            _ => self.no_method(name, &recv),
        }
    }
}

/// Expected argument count, or Ruby's `ArgumentError`.
pub(crate) fn arity<H: RubyHost>(
    interp: &Interp<'_, H>,
    args: &[RVal],
    min: usize,
    max: usize,
) -> RResult<()> {
    if args.len() < min || args.len() > max {
        let expected = if min == max {
            format!("{min}")
        } else if max == usize::MAX {
            format!("{min}+")
        } else {
            format!("{min}..{max}")
        };
        return interp.raise_as(
            "ArgumentError",
            format!(
                "wrong number of arguments (given {}, expected {expected})",
                args.len()
            ),
        );
    }
    Ok(())
}

/// A Ruby value as Puppet takes it back, charged as a collection of all the elements it holds
/// and refused past the collection limit before more are copied (arrays sharing their elements
/// are copied each time they occur); why not when it has no Puppet value.
pub(crate) fn to_puppet<H: RubyHost>(
    host: &mut H,
    v: &RVal,
    span: Span,
) -> crate::host::EvalResult<Result<Value, value::NotPuppet>> {
    let max = host.limits().max_collection_len;
    match value::to_puppet(v, max) {
        Ok((value, elements)) => {
            host.check_collection(elements, span)?;
            Ok(Ok(value))
        }
        // Past the limit: the limit's own diagnostic.
        Err(value::NotPuppet::TooLarge) => host
            .check_collection(max.saturating_add(1), span)
            .map(|()| Err(value::NotPuppet::TooLarge)),
        Err(why) => Ok(Err(why)),
    }
}
