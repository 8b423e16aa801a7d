//! The narrow interface through which what runs below the evaluator (built-in functions, Hiera,
//! templates and modules' Ruby) reaches the evaluation it serves.
//!
//! [`Host`] is what every client needs: charging steps, the limits and the `strict` setting,
//! the log, variables, and calling functions and lambdas. What only some functions need is
//! grouped in traits of its own ([`CatalogAccess`], [`EnvironmentFiles`], [`Templates`],
//! [`DataLookup`], [`TypeNames`], [`Regexes`]); [`FunctionHost`] is all of them together, what a
//! built-in function receives. Hiera and the Ruby interpreter reach the evaluation through
//! [`Embedded`] (their own traits, `HieraHost` and `RubyHost`, build on it and lend their state
//! with it). The evaluator implements them (`eval/host_impl.rs`); nothing below it names the
//! evaluator. The types calls exchange live here too: [`CallSite`], [`Closure`], [`Unwind`],
//! [`Limits`], [`LogLevel`].

mod call;
mod charges;
mod flow;
mod puppet_stack;
mod settings;

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

pub(crate) use call::{arity_message, params_arity, CallSite, Closure};
pub(crate) use charges::{
    charge_compare, charge_walk, check_len, checked_instance_of, checked_mismatch, showable,
    size_steps, Walk, BYTES_PER_STEP, ELEMENTS_PER_STEP, ELEMENT_BYTES,
};
pub(crate) use flow::{catalog_error, error, EvalResult, Unwind};
pub(crate) use puppet_stack::{Frame, PuppetStack};
pub use settings::{Limits, LogEntry, LogLevel, Strictness};

use crate::regex::Captures;
use crate::sources::Sources;
use crate::span::Span;
use crate::syntax::ast::{Expr, Program};
use crate::types::Type;
use crate::value::{Hash, Regexp, Value};

/// What every client of the evaluator needs: the budget, the log, variables and calls.
pub(crate) trait Host {
    /// Count `n` evaluation steps: fails when the budget is spent or the run was cancelled.
    fn step(&mut self, n: u64, span: Span) -> EvalResult<()>;

    /// The steps left in the budget.
    fn steps_left(&self) -> u64;

    /// How many levels of nesting the evaluation is at (of [`Limits::max_depth`]): a walk that
    /// recurses over a value adds its own.
    fn nesting(&self) -> usize;

    /// The limits of this run.
    fn limits(&self) -> &Limits;

    /// Puppet's `strict` setting for this run.
    fn strictness(&self) -> Strictness;

    /// Fail when a string built is over the size limit; charge steps for its size.
    fn check_string(&mut self, text: &str, span: Span) -> EvalResult<()>;

    /// A string grown from `before` to `after` bytes: the size limit, and steps for the growth.
    fn check_string_growth(&mut self, before: usize, after: usize, span: Span) -> EvalResult<()>;

    /// Whether [`Self::check_string_growth`] from `before` to `after` bytes would pass on the
    /// size limit, the memory budget and the step budget's own count (matches not yet settled
    /// aside): a string built in many pieces may then be charged once, the same charges.
    fn string_growth_fits(&self, before: usize, after: usize) -> bool;

    /// Fail when a collection of `len` elements would be over the size limit; charge its steps.
    fn check_collection(&mut self, len: usize, span: Span) -> EvalResult<()>;

    /// Append a message to the run's log.
    fn log(&mut self, level: LogLevel, message: String, span: Span);

    /// The run's log so far.
    fn logs(&self) -> &[LogEntry];

    /// The files read so far (positions of spans as file, line and column).
    fn sources(&self) -> &Sources;

    /// The variable `name` as the current scope sees it (`::x` at top scope, `a::b` a class's).
    fn variable(&self, name: &str) -> Option<Value>;

    /// The numbered match variable `$n` of the current scope (undef when there is none).
    fn match_variable(&self, index: usize) -> Value;

    /// Set `name` in the current scope; `false` when the scope has it already (a Puppet
    /// variable is never reassigned).
    // Only templates set variables today (ERB's `scope.setvar`): unused in a build without ERB.
    #[cfg_attr(not(feature = "erb"), allow(dead_code))]
    fn set_variable(&mut self, name: &str, value: Value) -> bool;

    /// Call the function `name` (a Puppet-defined one, autoloaded where needed, else a
    /// built-in) as `call()` does; `site` says where, for messages.
    fn call_function(
        &mut self,
        site: &CallSite,
        name: &str,
        args: Vec<Value>,
        block: Option<&Closure<'_>>,
    ) -> EvalResult<Value>;

    /// Call a lambda given to a function; `next(v)` ends it with `v`, `break` and `return` go
    /// on outward.
    fn call_lambda(
        &mut self,
        block: &Closure<'_>,
        args: Vec<Value>,
        site: &CallSite,
    ) -> EvalResult<Value>;

    /// [`Host::call_lambda`], and on `break` the first parameter's value as it was bound (what
    /// `reduce` hands over instead of keeping a copy).
    fn call_lambda_keeping(
        &mut self,
        block: &Closure<'_>,
        args: Vec<Value>,
        site: &CallSite,
        keep_first: Option<&mut Value>,
    ) -> EvalResult<Value>;

    /// An empty list for a lambda call's arguments, reused between calls (no allocation each).
    fn arg_list(&mut self) -> Vec<Value>;

    /// Note a call of the 3.x function `name`: Puppet's old autoloader loads one the first time
    /// it is called in a compile; `true` that first time.
    fn load_3x(&mut self, name: &'static str) -> bool;

    /// The caller of the running function on Puppet's stack (see [`PuppetStack`]), if any.
    fn caller_frame(&self) -> Option<Frame>;

    /// Note that this run needs what this build leaves out (`"stdlib"`, `"erb"`, `"ruby"`): the
    /// page's light engine then hands the run to the full one.
    fn needs_full_engine(&mut self, what: &'static str);
}

/// What Hiera and the Ruby interpreter ask of the evaluation beyond what a built-in function may:
/// they count runs of their own as nesting, read files whose positions they report, and see
/// variables as Puppet's scope hands them to Hiera and templates. Their hosts (`HieraHost`,
/// `RubyHost`) build on it; it is never a trait object, so its calls are direct ones.
pub(crate) trait Embedded: FunctionHost {
    /// Count a nested run of its own (a lookup, a template, a module's Ruby function) as `levels`
    /// more levels of nesting, or the depth limit's error saying what nests (`what`).
    fn enter_nesting(&mut self, levels: usize, what: &str, span: Span) -> EvalResult<()>;

    /// Take off the levels [`Embedded::enter_nesting`] counted.
    fn leave_nesting(&mut self, levels: usize);

    /// Add a file read during the run to [`Host::sources`]: the offset its spans start at, `None`
    /// when the run's offsets are spent.
    #[cfg(any(feature = "yaml", feature = "erb"))]
    fn add_source(&mut self, path: &str, text: crate::FileText) -> Option<u32>;

    /// The variable `name` as templates and Hiera's interpolation see it: the current scope's
    /// outwards, `::x` at top scope, `a::x` of class `a` (of its running body, else as declared).
    #[cfg(any(feature = "yaml", feature = "erb"))]
    fn scope_variable(&self, name: &str) -> Option<Value>;
}

/// The catalog under construction: what `include`, `realize`, `tag`, `defined` and stdlib's
/// resource functions read and change.
pub(crate) trait CatalogAccess {
    /// Declare the classes named by `names` (`include`, `require`, `contain` as `site.name` says).
    fn include_classes(&mut self, names: &[Value], site: &CallSite) -> EvalResult<Value>;

    /// Make the virtual resources referenced real.
    fn realize(&mut self, references: &[Value], span: Span) -> EvalResult<Value>;

    /// Declare the resources of `create_resources(type, hash, defaults)`; a non-empty text is
    /// the function's own error message.
    fn create_resources(&mut self, args: &[Value], span: Span) -> EvalResult<String>;

    /// Add tags to the current class or defined type.
    fn tag(&mut self, tags: &[Value], span: Span) -> EvalResult<Value>;

    /// Whether the current class or defined type has all the tags.
    fn tagged(&self, tags: &[Value]) -> Value;

    /// Whether a resource or class reference names something declared.
    fn is_declared(&self, reference: &Type) -> bool;

    /// Whether class `name` has been declared.
    fn is_class_declared(&self, name: &str) -> bool;

    /// Whether the resource `type_name[title]` (canonical type name) is in the catalog.
    fn has_resource(&self, type_name: &str, title: &str) -> bool;

    /// An attribute of a declared resource or a class parameter; `Err` when it has no such one.
    fn resource_attribute(&self, reference: &Type, attribute: &str) -> Option<Result<Value, ()>>;

    /// Whether class `name` is defined, in the program or the modules.
    fn class_known(&mut self, name: &str, span: Span) -> EvalResult<bool>;

    /// Whether resource type `name` (lower case) is known: built in, defined or a module's.
    fn resource_type_known(&mut self, name: &str, span: Span) -> EvalResult<bool>;

    /// The class or defined type whose body is being evaluated, and whether it is a class.
    fn current_definition(&self) -> (String, bool);
}

/// The environment's files, as the module file functions read them (never a real file system).
pub(crate) trait EnvironmentFiles {
    /// The directory of module `name` in the environment, if it has one.
    fn module_dir(&mut self, name: &str) -> Option<String>;

    /// Whether `path` is one of the environment's files (or, `dir_too`, its directories).
    fn env_path_exists(&self, path: &str, dir_too: bool) -> bool;

    /// The text of the environment's file `path` (`None`: no such file).
    fn read_env_file(&mut self, path: &str, span: Span) -> EvalResult<Option<crate::FileText>>;

    /// What this run has read of the stdlib module and which of stdlib's 3.x functions it loaded.
    #[cfg(feature = "stdlib")]
    fn stdlib_run(&mut self) -> &mut crate::functions::stdlib::module_files::StdlibRun;

    /// Which stdlib the built-in one follows when the environment has no stdlib module.
    #[cfg(feature = "stdlib")]
    fn builtin_stdlib(&self) -> crate::run::BuiltinStdlib;

    /// The compile's current time in nanoseconds since the epoch, when the client gave one.
    fn now(&self) -> Option<i128>;

    /// Whether a call of function `name` would find one: written in Puppet (autoloaded where
    /// needed), built in (as the run's stdlib has it), or a module's Ruby file.
    fn function_exists(&mut self, name: &str, span: Span) -> EvalResult<bool>;
}

/// Rendering templates: EPP (Puppet's) and ERB (Ruby's, in builds that have it).
pub(crate) trait Templates {
    /// The parsed EPP template at `path`, parsed once per run.
    fn template_program(&mut self, path: &str, span: Span) -> EvalResult<Rc<Program>>;

    /// An EPP template file rendered with `arguments`, seeing only top-scope variables.
    fn render_epp_file(
        &mut self,
        program: &Program,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<Value>;

    /// An inline EPP template (`source` its text, parsed into `program` during the run, which
    /// is freed after) rendered with `arguments`.
    fn render_epp_inline(
        &mut self,
        program: &Program,
        source: &str,
        arguments: &Hash,
        site: &CallSite,
    ) -> EvalResult<Value>;

    /// An ERB template rendered in the calling scope; `file` is its reference and path when it
    /// is a module's template, `None` for an inline one.
    #[cfg(feature = "erb")]
    fn render_erb(
        &mut self,
        text: &str,
        file: Option<(&str, &str)>,
        site: &CallSite,
    ) -> EvalResult<String>;
}

/// Hiera's data, as `lookup` and the `hiera_*` functions search it.
pub(crate) trait DataLookup {
    /// Search Hiera for `key`, with the merge behaviour `merge` (a Puppet value as `lookup`
    /// takes it, already checked); `None` when no level has it.
    fn hiera_search(
        &mut self,
        key: &str,
        merge: Option<&Value>,
        span: Span,
    ) -> EvalResult<Option<Value>>;

    /// Start keeping the explanation of the searches that follow; `false` when one is kept
    /// already (a nested lookup shares it).
    fn begin_explanation(&mut self) -> bool;

    /// The explanation kept since [`DataLookup::begin_explanation`] as Puppet's debug log
    /// writes it under `preamble`; it is no longer kept.
    fn end_explanation(&mut self, preamble: &str) -> Option<String>;

    /// Note the lookup a call of `function` made of `key` for the page's Lookup pane.
    fn record_lookup(&mut self, function: &str, key: &str, span: Span, found: Option<&Value>);
}

/// Types by name, and type expressions parsed from text during the run.
pub(crate) trait TypeNames {
    /// The type `name` stands for: an alias of the program, a data type, a resource type.
    fn resolve_type_name(&self, name: &str) -> Option<Type>;

    /// Evaluate a type expression parsed from text during the run (`Type.new('Integer[1]')`):
    /// unknown names inside brackets are references resolved late; the tree is freed after.
    fn eval_type_text(&mut self, expr: &Expr) -> EvalResult<Value>;

    /// The type a function signature's parameter text stood for when it was last parsed in this
    /// run (the same text always stands for the same type within a compile).
    fn signature_type(&self, text: &str) -> Option<alloc::rc::Rc<Type>>;

    /// Keep the type `text` stands for, for [`TypeNames::signature_type`].
    fn keep_signature_type(&mut self, text: &str, ty: alloc::rc::Rc<Type>);
}

/// Regular expressions run as the evaluator runs them (Ruby's engine, charged to the budget).
pub(crate) trait Regexes {
    /// The first match of `regexp` in `text` from byte `from`.
    fn regex_search(
        &mut self,
        regexp: &Regexp,
        text: &str,
        from: usize,
        span: Span,
    ) -> EvalResult<Option<Captures>>;
}

/// Everything a built-in function may ask of the evaluation it runs in.
pub(crate) trait FunctionHost:
    Host + CatalogAccess + EnvironmentFiles + Templates + DataLookup + TypeNames + Regexes
{
}

impl<T> FunctionHost for T where
    T: Host
        + CatalogAccess
        + EnvironmentFiles
        + Templates
        + DataLookup
        + TypeNames
        + Regexes
        + ?Sized
{
}

/// The numbered match variable a name stands for (`0`, `1`, ...), if it is one.
pub(crate) fn numeric_variable(name: &str) -> Option<usize> {
    if name.bytes().all(|b| b.is_ascii_digit()) && !name.is_empty() {
        crate::value::parse_count(name)
    } else {
        None
    }
}

/// Puppet's truthiness: only `undef` and `false` are false.
pub(crate) fn is_truthy(value: &Value) -> bool {
    !matches!(value, Value::Undef | Value::Boolean(false))
}
