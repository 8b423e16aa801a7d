//! How a built-in function is declared, once: its name, where it comes from, how Puppet calls it
//! (API and dispatches), what walking its arguments costs, its 3.x forms, deprecation, which
//! engine carries it, a line of description and the Rust that runs it. Each family file holds
//! the declarations of its functions (`DEFS`); the registry, the argument checks, the editor and
//! the page's data all read them.

use crate::host::{CallSite, Closure, EvalResult, FunctionHost, Walk};
use crate::value::Value;

/// What a built-in function is given, in this order: the evaluation it runs in (`host`), where
/// it was called (`site`), the evaluated arguments (`args`), the lambda (`closure`) and its own
/// declaration (`def`). Each function names what it uses in its header:
/// `fn keys(Call(_, _, args, ..): Call)`.
pub(crate) struct Call<'c, 'a>(
    pub &'c mut dyn FunctionHost,
    pub &'c CallSite<'a>,
    pub alloc::vec::Vec<Value>,
    pub Option<&'c Closure<'a>>,
    pub &'static Def,
);

/// The Rust that runs a built-in once its arguments are checked.
pub(crate) type Run = fn(Call<'_, '_>) -> EvalResult<Value>;

/// Who provides a function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Origin {
    /// Puppet itself (OpenVox 8's `lib/puppet/functions` and `lib/puppet/parser/functions`).
    Puppet,
    /// puppetlabs-stdlib, built in when no stdlib module is on the modulepath.
    Stdlib,
}

/// What stdlib 9.7 has of a function stdlib 8.5 has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum InStdlib9 {
    /// The same function.
    Kept,
    /// Nothing: the name is unknown.
    Removed,
    /// A file under the old name that warns (`deprecation(name, "This function is deprecated,
    /// please use stdlib::<name> instead.", false)`), then calls `stdlib::<name>`.
    Shim,
}

/// A part of the engine the page's light build leaves out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Part {
    /// puppetlabs-stdlib's functions (core's `stdlib` feature).
    Stdlib,
    /// The engine's Ruby (core's `erb` feature): ERB templates, and Ruby's scanf library.
    Erb,
}

impl Part {
    /// The name the light build gives the page when it hands a run over (`needsFullEngine`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Part::Stdlib => "stdlib",
            Part::Erb => "erb",
        }
    }

    /// Whether this build has it.
    pub const fn in_this_build(self) -> bool {
        match self {
            Part::Stdlib => cfg!(feature = "stdlib"),
            Part::Erb => cfg!(feature = "erb"),
        }
    }
}

/// Which engine carries a function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Engine {
    /// Both: the page's light engine runs it.
    Light,
    /// Only the full engine; the light one hands a call over to it.
    Full(Part),
}

/// How Puppet calls a function and checks its arguments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Api {
    /// `create_function` with dispatches. `checked`: the engine checks the arguments against
    /// them before the call, with Puppet's "expects ... got ..." messages; otherwise the function
    /// checks them itself (where Puppet's messages depend on more than the dispatches, or keep
    /// an older wording) and the dispatches describe it for the editor.
    V4 { checked: bool },
    /// `newfunction`, as stdlib (and a module) writes it: Puppet passes the arguments as Ruby
    /// values (a top-level `undef` becomes `''`), refuses iterators, and checks `arity` as Ruby
    /// declares it (`n`: exactly n, `-n-1`: at least n; `None`: the function checks itself).
    V3 { arity: Option<i8> },
    /// One of Puppet's own functions written only for the 3.x API (`sprintf`, `md5`, ...):
    /// Puppet refuses iterators in its arguments; the function checks the rest itself.
    Puppet3x,
}

/// One parameter of a dispatch: its name, its Puppet type as written, and its kind.
pub(crate) type Param = ParamOf<'static>;

/// A dispatch's parameter as built-ins declare it ([`Param`]) or borrowed from what a module's
/// Ruby declares: one type, so that the checks of both are one code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ParamOf<'a> {
    pub name: &'a str,
    pub ty: &'a str,
    pub kind: Kind,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Required,
    Optional,
    Repeated,
    /// The lambda, declaring `min` to `max` parameters (`None`: any number); `optional` when
    /// the function runs without one too.
    Block {
        min: usize,
        max: Option<usize>,
        optional: bool,
    },
}

/// `param 'T', :name`
pub(crate) const fn req(name: &'static str, ty: &'static str) -> Param {
    Param {
        name,
        ty,
        kind: Kind::Required,
    }
}

/// `optional_param 'T', :name`
pub(crate) const fn opt(name: &'static str, ty: &'static str) -> Param {
    Param {
        name,
        ty,
        kind: Kind::Optional,
    }
}

/// `repeated_param 'T', :name`
pub(crate) const fn rep(name: &'static str, ty: &'static str) -> Param {
    Param {
        name,
        ty,
        kind: Kind::Repeated,
    }
}

/// `block_param 'Callable[min, max]', :block`
pub(crate) const fn block(min: usize, max: usize) -> Param {
    block_kind(min, Some(max), false)
}

/// `optional_block_param 'Callable[min, max]', :block`
pub(crate) const fn optional_block(min: usize, max: usize) -> Param {
    block_kind(min, Some(max), true)
}

/// A block of any number of parameters (`Callable`).
pub(crate) const fn any_block() -> Param {
    block_kind(0, None, false)
}

/// An optional block of any number of parameters.
pub(crate) const fn optional_any_block() -> Param {
    block_kind(0, None, true)
}

const fn block_kind(min: usize, max: Option<usize>, optional: bool) -> Param {
    Param {
        name: "block",
        ty: "Callable",
        kind: Kind::Block { min, max, optional },
    }
}

/// One dispatch: its parameters in order, a block last.
pub(crate) type Dispatch = &'static [Param];

/// One built-in function, declared once.
#[derive(Clone, Copy)]
pub(crate) struct Def {
    pub name: &'static str,
    pub origin: Origin,
    pub api: Api,
    /// Puppet's dispatches, tried in order (checked as [`Api::V4`] says).
    pub dispatches: &'static [Dispatch],
    /// What walking all of the arguments costs (charged before the call), when the function
    /// visits all of them: printing, inferring, flattening, comparing or hashing.
    pub walk: Option<Walk>,
    /// Whether a 3.x form of it answers `scope.function_<name>` in templates (and stdlib's
    /// `is_function_available`): Puppet's own, and stdlib's (when stdlib is on the modulepath).
    pub puppet_3x: bool,
    pub stdlib_3x: bool,
    /// What to use instead, for a deprecated function.
    pub deprecated: Option<&'static str>,
    /// What stdlib 9.7 made of this stdlib 8.5 function (the built-in stdlib follows 9.7 unless
    /// a run asks for 8.5 or an older stdlib module is on the modulepath).
    pub in_stdlib9: InStdlib9,
    /// It reads the calling scope's variables by name or unwinds its caller (`getvar`,
    /// templates, `break`): the evaluator does not move a lambda's value out of its scope across
    /// a call of it (`eval/ownership.rs`).
    pub reaches_scope: bool,
    /// Why the playground cannot run it (`None`: it runs).
    pub refused: Option<&'static str>,
    pub engine: Engine,
    /// One line of description (editor builds only).
    #[cfg(feature = "ide")]
    pub doc: &'static str,
    pub run: Run,
}

impl Def {
    /// Puppet's own function `name` (4.x, checking its own arguments until [`Def::checked`]).
    pub const fn puppet(name: &'static str, run: Run) -> Def {
        Def {
            name,
            origin: Origin::Puppet,
            api: Api::V4 { checked: false },
            dispatches: &[],
            walk: None,
            puppet_3x: false,
            stdlib_3x: false,
            deprecated: None,
            in_stdlib9: InStdlib9::Kept,
            reaches_scope: false,
            refused: None,
            engine: Engine::Light,
            #[cfg(feature = "ide")]
            doc: "",
            run,
        }
    }

    /// stdlib's function `name` (3.x, checking its own arguments, until said otherwise). In a
    /// build without stdlib only its name stays: a call hands the run to the full engine, and
    /// neither its code nor its dispatches are kept.
    pub const fn stdlib(name: &'static str, run: Run) -> Def {
        let mut def = Def::puppet(name, run);
        def.origin = Origin::Stdlib;
        def.engine = Engine::Full(Part::Stdlib);
        if def.kept() {
            def.api = Api::V3 { arity: None };
        } else {
            def.run = super::hand_over::hand_over;
        }
        def
    }

    /// stdlib's function `name`, which the playground cannot run: a call fails saying `why`.
    pub const fn stdlib_refused(name: &'static str, why: &'static str) -> Def {
        Def::stdlib(name, super::hand_over::refuse).refused(why)
    }

    /// Whether this build keeps what the declaration says beyond the name.
    const fn kept(&self) -> bool {
        match self.engine {
            Engine::Full(Part::Stdlib) => Part::Stdlib.in_this_build(),
            _ => true,
        }
    }
}

/// Builder methods that each set one thing a declaration says, the same way: `kept` ones only
/// where the build keeps the declaration beyond its name (see [`Def::stdlib`]).
macro_rules! setters {
    ($($(#[doc = $doc:literal])* $name:ident($($arg:ident: $ty:ty)?) $($kept:ident)? {
        $($field:ident).+ = $value:expr
    })*) => {
        impl Def {
            $($(#[doc = $doc])*
            pub const fn $name(mut self $(, $arg: $ty)?) -> Def {
                if setters!(@applies self $($kept)?) {
                    self.$($field).+ = $value;
                }
                self
            })*
        }
    };
    (@applies $def:ident kept) => { $def.kept() };
    (@applies $def:ident) => { true };
}

setters! {
    /// The dispatches, in Puppet's order.
    takes(dispatches: &'static [Dispatch]) kept { dispatches = dispatches }
    /// Written for the 4.x API (a stdlib function with `create_function`): it checks its own
    /// arguments until [`Def::checked`].
    v4() kept { api = Api::V4 { checked: false } }
    /// The engine checks the arguments against the dispatches before the call.
    checked() kept { api = Api::V4 { checked: true } }
    /// A 3.x function with Ruby's `arity` (see [`Api::V3`]).
    arity(arity: i8) kept { api = Api::V3 { arity: Some(arity) } }
    /// What walking its arguments costs (see [`Def::walk`]).
    walks(walk: Walk) kept { walk = Some(walk) }
    /// stdlib 8.5 has a 3.x function of the same name (Puppet's own one is found first).
    stdlib_3x() { stdlib_3x = true }
    /// Deprecated: `instead` says what to use.
    deprecated(instead: &'static str) { deprecated = Some(instead) }
    /// stdlib 9 removed it: a call is Puppet's "Unknown function".
    removed_in_stdlib9() { in_stdlib9 = InStdlib9::Removed }
    /// stdlib 9 kept it as a deprecated shim of `stdlib::<name>`: a call warns once, then runs.
    shim_in_stdlib9() { in_stdlib9 = InStdlib9::Shim }
    /// It reads the calling scope's variables by name or unwinds its caller.
    reaches_scope() { reaches_scope = true }
    /// Only the full engine carries it; the light one runs `run` as declared (which hands over).
    full_engine(part: Part) { engine = Engine::Full(part) }
}

impl Def {
    /// Puppet's own function written only for the 3.x API (see [`Api::Puppet3x`]).
    pub const fn puppet_3x_only(mut self) -> Def {
        if self.kept() {
            self.api = Api::Puppet3x;
        }
        self.puppet_3x = true;
        self
    }

    /// It has a 3.x form too, from its own provider (Puppet's `lib/puppet/parser/functions`, or
    /// stdlib's besides its 4.x one).
    pub const fn with_3x(mut self) -> Def {
        match self.origin {
            Origin::Puppet => self.puppet_3x = true,
            Origin::Stdlib => self.stdlib_3x = true,
        }
        self
    }

    /// The playground cannot run it: a call fails saying `why`.
    pub const fn refused(mut self, why: &'static str) -> Def {
        self.refused = Some(why);
        if self.kept() {
            self.run = super::hand_over::refuse;
        }
        self
    }

    /// The playground cannot run it, but `run` checks the arguments first, in the function's
    /// own words, and refuses only a call it would run (see `stdlib/host_reads.rs`).
    pub const fn refused_after_checks(mut self, why: &'static str) -> Def {
        self.refused = Some(why);
        self
    }

    /// Its line of description (kept in editor builds only).
    #[cfg_attr(not(feature = "ide"), allow(unused_mut))]
    pub const fn doc(mut self, text: &'static str) -> Def {
        #[cfg(feature = "ide")]
        {
            self.doc = text;
        }
        #[cfg(not(feature = "ide"))]
        let _ = text;
        self
    }

    /// Whether `scope.function_<name>` answers for it (`stdlib`: a stdlib module is there).
    pub fn has_3x_form(&self, stdlib: bool) -> bool {
        let stdlib_v3 = self.origin == Origin::Stdlib && matches!(self.api, Api::V3 { .. });
        self.puppet_3x || (stdlib && (self.stdlib_3x || stdlib_v3))
    }
}

#[cfg(feature = "ide")]
impl Def {
    /// The function's signatures as an editor shows them, one per dispatch:
    /// `versioncmp(String $a, String $b, Optional[Boolean] $ignore_trailing_zeroes)`,
    /// `each(Iterable $collection) |1 or 2 parameters|`.
    pub fn signatures(&self) -> alloc::vec::Vec<alloc::string::String> {
        use alloc::format;
        use alloc::string::String;
        if let Api::V3 { arity } = self.api {
            let args = match arity {
                Some(n) if n >= 0 => format!("{n} arguments"),
                Some(n) => format!("at least {} arguments", -(n as i16) - 1),
                None => "any arguments".into(),
            };
            return alloc::vec![format!("{}({args})", self.name)];
        }
        self.dispatches
            .iter()
            .map(|dispatch| {
                let mut params: alloc::vec::Vec<String> = alloc::vec::Vec::new();
                let mut block = String::new();
                for p in dispatch.iter() {
                    match p.kind {
                        Kind::Required => params.push(format!("{} ${}", p.ty, p.name)),
                        Kind::Optional => params.push(format!("Optional[{}] ${}", p.ty, p.name)),
                        Kind::Repeated => params.push(format!("{} *${}", p.ty, p.name)),
                        Kind::Block { min, max, .. } => block = block_text(min, max),
                    }
                }
                format!("{}({}){block}", self.name, crate::text::join(&params, ", "))
            })
            .collect()
    }
}

/// ` |2 parameters|`, ` |1 or 2 parameters|`, ` |n parameters|`: what a block may declare.
#[cfg(feature = "ide")]
fn block_text(min: usize, max: Option<usize>) -> alloc::string::String {
    match max {
        Some(1) if min == 1 => " |1 parameter|".into(),
        Some(max) if max == min => alloc::format!(" |{min} parameters|"),
        Some(max) if max == min + 1 => alloc::format!(" |{min} or {max} parameters|"),
        Some(max) => alloc::format!(" |{min} to {max} parameters|"),
        None => " |n parameters|".into(),
    }
}
