//! Function signatures as data: what a built-in or stdlib function accepts, declared once, and the
//! argument checks with Puppet's own messages derived from it (4.x dispatches, 3.x arity and
//! conversions).

use alloc::format;
use alloc::vec::Vec;

use crate::eval::calls::{arity_message, Builtin, CallSite, Closure};
use crate::eval::evaluator::Evaluator;
use crate::eval::flow::EvalResult;
use crate::eval::limits::{charge_walk, Walk};
use crate::functions::args::no_signature;
use crate::functions::contains_iterator;
use crate::functions::meta::parse_type;
use crate::types::describe_mismatch;
use crate::value::Value;

/// One function: its name, how Puppet calls it, what walking its arguments costs, a one-line
/// description (for lists and help) and the Rust that runs it once the arguments fit.
pub(crate) struct Def {
    pub name: &'static str,
    pub api: Api,
    pub walk: Option<Walk>,
    // Listed by `stdlib_functions()`; the built-ins' descriptions are for reading.
    #[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
    pub doc: &'static str,
    pub run: Builtin,
}

/// The two Ruby function APIs stdlib uses.
pub(crate) enum Api {
    /// `newfunction`: Puppet passes the arguments as Ruby values (a top-level `undef` becomes
    /// `''`), refuses iterators, and checks `arity` as Ruby declares it (`n`: exactly n,
    /// `-n-1`: at least n; `None`: the function checks its arguments itself).
    // Only stdlib declares 3.x functions so far.
    #[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
    V3 { arity: Option<i8> },
    /// `create_function` with its dispatches, tried in order.
    V4(&'static [Dispatch]),
}

/// One 4.x dispatch: its parameters and whether it takes a block (with exactly that many
/// parameters, as `Callable[n, n]` says).
pub(crate) struct Dispatch {
    pub params: &'static [Param],
    pub block: Option<usize>,
}

/// A parameter: its name, its Puppet type as written, and whether it is optional or repeated.
pub(crate) struct Param {
    pub name: &'static str,
    pub ty: &'static str,
    pub kind: Kind,
}

#[derive(PartialEq, Eq)]
pub(crate) enum Kind {
    Required,
    Optional,
    Repeated,
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

impl Dispatch {
    fn arity(&self) -> (usize, Option<usize>) {
        let min = self
            .params
            .iter()
            .filter(|p| p.kind == Kind::Required)
            .count();
        let repeated = self.params.iter().any(|p| p.kind == Kind::Repeated);
        (min, (!repeated).then_some(self.params.len()))
    }

    /// The parameter that takes argument `at`.
    fn param(&self, at: usize) -> Option<&Param> {
        self.params
            .get(at)
            .or_else(|| self.params.last().filter(|p| p.kind == Kind::Repeated))
    }
}

#[cfg(feature = "ide")]
/// The function's signatures as an editor shows them, one per dispatch:
/// `versioncmp(String $a, String $b, Optional[Boolean] $ignore_trailing_zeroes)`, `each(Iterable $x) |1|`.
pub(crate) fn signatures(def: &Def) -> Vec<alloc::string::String> {
    match &def.api {
        Api::V3 { arity } => {
            let args = match arity {
                Some(n) if *n >= 0 => format!("{n} arguments"),
                Some(n) => format!("at least {} arguments", -(*n as i16) - 1),
                None => "any arguments".into(),
            };
            alloc::vec![format!("{}({args})", def.name)]
        }
        Api::V4(dispatches) => dispatches
            .iter()
            .map(|dispatch| {
                let params: Vec<alloc::string::String> = dispatch
                    .params
                    .iter()
                    .map(|p| match p.kind {
                        Kind::Required => format!("{} ${}", p.ty, p.name),
                        Kind::Optional => format!("Optional[{}] ${}", p.ty, p.name),
                        Kind::Repeated => format!("{} *${}", p.ty, p.name),
                    })
                    .collect();
                let block = dispatch.block.map_or(alloc::string::String::new(), |n| {
                    format!(" |{n} parameter{}|", if n == 1 { "" } else { "s" })
                });
                format!("{}({}){block}", def.name, params.join(", "))
            })
            .collect(),
    }
}

/// Check the arguments against the declaration and run the function.
pub(crate) fn call(
    ev: &mut Evaluator<'_>,
    def: &Def,
    site: &CallSite,
    mut args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if let Some(walk) = def.walk {
        for arg in &args {
            charge_walk(ev, arg, walk, site.span)?;
        }
    }
    match &def.api {
        Api::V3 { arity } => {
            #[cfg(feature = "stdlib")]
            if !ev.stdlib_loaded.contains(&def.name) {
                ev.stdlib_loaded.push(def.name);
            }
            if contains_iterator(&args) {
                return Err(site.fail("Use of an Iterator is not supported here"));
            }
            if let Some(arity) = *arity {
                let n = args.len();
                let (fits, text) = if arity >= 0 {
                    (n == arity as usize, format!("{arity}"))
                } else {
                    let min = (-arity - 1) as usize;
                    (n >= min, format!("minimum {min}"))
                };
                if !fits {
                    return Err(site.fail(format!(
                        "{}(): Wrong number of arguments given ({n} for {text})",
                        def.name
                    )));
                }
            }
            for arg in args.iter_mut() {
                match arg {
                    Value::Undef => *arg = Value::string(""),
                    _ if needs_3x_form(arg) => {
                        charge_walk(ev, arg, Walk::Builds, site.span)?;
                        *arg = to_3x(arg, 0);
                    }
                    _ => {}
                }
            }
        }
        Api::V4(dispatches) => check_dispatches(ev, def.name, dispatches, site, &args, closure)?,
    }
    (def.run)(ev, site, args, closure)
}

/// Whether a value holds what Puppet hands a 3.x function in another form (a regexp as its
/// source text, versions and times as strings); walked without recursion, and at most this
/// many values (shared parts could make the walk exponential).
fn needs_3x_form(value: &Value) -> bool {
    const MAX_VISITS: usize = 100_000;
    let mut pending = alloc::vec![value];
    let mut visits = 0;
    while let Some(value) = pending.pop() {
        visits += 1;
        if visits > MAX_VISITS {
            return false;
        }
        match value {
            Value::Regexp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Binary(_)
            | Value::Timespan(_)
            | Value::Timestamp(_) => return true,
            Value::Array(items) => pending.extend(items.iter()),
            Value::Hash(hash) => hash.iter().for_each(|(k, v)| pending.extend([k, v])),
            _ => {}
        }
    }
    false
}

/// Puppet's `Runtime3Converter` on a value inside the arguments of a 3.x function (parts nested
/// deeper than the native stack allows are left as they are).
fn to_3x(value: &Value, depth: usize) -> Value {
    if depth > 4000 {
        return value.clone();
    }
    use crate::functions::format::sprintf::{ruby_inspect, ruby_to_s};
    match value {
        Value::Regexp(_) => Value::string(&ruby_inspect(value)),
        Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_)
        | Value::Timespan(_)
        | Value::Timestamp(_) => Value::string(&ruby_to_s(value)),
        Value::Array(items) => Value::array(items.iter().map(|v| to_3x(v, depth + 1)).collect()),
        Value::Hash(hash) => {
            let mut out = crate::value::Hash::new();
            for (k, v) in hash.iter() {
                out.insert(to_3x(k, depth + 1), to_3x(v, depth + 1));
            }
            Value::Hash(out)
        }
        other => other.clone(),
    }
}

/// Puppet's 4.x dispatch: the first dispatch that accepts the arguments (and the block) wins;
/// with one dispatch its own message says what does not fit. With several: where none takes
/// that many arguments, the count they take together; where every one refuses the same
/// argument (and can say why), the types together ("expects a value of type Numeric, String, or
/// Iterable[Variant], got Regexp"); otherwise the general message.
fn check_dispatches(
    ev: &mut Evaluator<'_>,
    name: &str,
    dispatches: &[Dispatch],
    site: &CallSite,
    args: &[Value],
    closure: Option<&Closure<'_>>,
) -> EvalResult<()> {
    let block_fits = |d: &Dispatch| match (d.block, closure) {
        (None, None) => true,
        (Some(n), Some(c)) => c.param_count() == n && c.arity().1 == Some(n),
        _ => false,
    };
    let single = dispatches.len() == 1;
    // The argument every dispatch refused at the top, and the types it was refused by.
    let mut refused: Option<(usize, &Param)> = None;
    let mut refused_by: Vec<&str> = Vec::new();
    let mut mergeable = true;
    // The argument counts the dispatches take together, while none takes this many.
    let mut counts: Option<(usize, Option<usize>)> = None;
    let mut count_refused = 0;
    for dispatch in dispatches {
        let (min, max) = dispatch.arity();
        let count_fits = args.len() >= min && max.is_none_or(|max| args.len() <= max);
        if !count_fits {
            if single {
                return Err(site.fail(arity_message(&format!("'{name}'"), (min, max), args.len())));
            }
            count_refused += 1;
            counts = Some(match counts {
                None => (min, max),
                Some((lo, hi)) => (lo.min(min), hi.zip(max).map(|(a, b)| a.max(b))),
            });
            mergeable = false;
            continue;
        }
        let mut fits = true;
        for (at, arg) in args.iter().enumerate() {
            let Some(param) = dispatch.param(at) else {
                break;
            };
            if param.ty == "Any" {
                continue;
            }
            let ty = parse_type(ev, site, param.ty)?;
            if let Some(message) = describe_mismatch(&ty, arg) {
                if single {
                    return Err(site.fail(format!("'{name}' parameter '{}' {message}", param.name)));
                }
                match refused {
                    Some((first, _)) if first != at => mergeable = false,
                    _ => refused = Some((at, param)),
                }
                // Puppet cannot say why some values do not fit (an empty description).
                mergeable &= !message.is_empty();
                refused_by.push(param.ty);
                fits = false;
                break;
            }
        }
        if fits && block_fits(dispatch) {
            return Ok(());
        }
        if fits {
            // Taken but for the block: said so when no dispatch would take it either.
            let all_without = dispatches.iter().all(|d| d.block.is_none());
            let all_with = dispatches.iter().all(|d| d.block.is_some());
            if single || (all_without && closure.is_some()) || (all_with && closure.is_none()) {
                return Err(site.fail(match dispatch.block {
                    Some(_) => format!("'{name}' expects a block"),
                    None => format!("'{name}' does not expect a block"),
                }));
            }
            mergeable = false;
        }
    }
    if let Some(counts) = counts.filter(|_| count_refused == dispatches.len()) {
        return Err(site.fail(arity_message(&format!("'{name}'"), counts, args.len())));
    }
    if let (true, Some((at, param))) = (mergeable, refused) {
        let variant = format!("Variant[{}]", refused_by.join(", "));
        if let Some(message) = describe_mismatch(&parse_type(ev, site, &variant)?, &args[at]) {
            return Err(site.fail(format!("'{name}' parameter '{}' {message}", param.name)));
        }
    }
    Err(no_signature(site))
}
