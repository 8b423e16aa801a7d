//! The argument checks a declaration implies, with Puppet's own messages: 4.x dispatches,
//! the 3.x API's arity, conversions and refusal of iterators; then the call.

use alloc::format;
use alloc::vec::Vec;

use super::args::no_signature;
use super::declare::{Api, Call, Def, Kind, ParamOf};
use super::meta::parse_type;
use crate::host::{arity_message, charge_walk, CallSite, Closure, EvalResult, FunctionHost, Walk};
use crate::types::describe_mismatch;
use crate::value::Value;

/// Check the arguments against the declaration and run the function.
pub(crate) fn call(
    host: &mut dyn FunctionHost,
    def: &'static Def,
    site: &CallSite,
    mut args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> EvalResult<Value> {
    if def.refused.is_some() {
        return (def.run)(Call(host, site, args, closure, def));
    }
    #[cfg(feature = "stdlib")]
    if def.origin == super::declare::Origin::Stdlib {
        let called = super::stdlib::called_name(site.name, def);
        let block_fits = || shim_block_fits(def.name, site, closure);
        if super::stdlib::module_files::warn_if_shim(host, called, site, block_fits)? {
            // stdlib 9's shim hands its arguments to its namespaced successor, whose checks and
            // messages then apply.
            let successor = format!("stdlib::{}", def.name);
            if let Some(next) = super::find(&successor) {
                let site = CallSite {
                    name: &successor,
                    ..*site
                };
                return call(host, next, &site, args, closure);
            }
        }
    }
    // The name messages give: stdlib 9's namespaced name when the function was called by it.
    let shown = if site.name.starts_with("stdlib::") {
        site.name
    } else {
        def.name
    };
    if let Some(walk) = def.walk {
        for arg in &args {
            charge_walk(host, arg, walk, site.span)?;
        }
    }
    match def.api {
        Api::Puppet3x => {
            if contains_iterator(&args) {
                return Err(site.fail("Use of an Iterator is not supported here"));
            }
        }
        Api::V3 { arity } => {
            host.load_3x(def.name);
            if contains_iterator(&args) {
                return Err(site.fail("Use of an Iterator is not supported here"));
            }
            if let Some(arity) = arity {
                check_3x_arity(site, shown, i64::from(arity), args.len())?;
            }
            args = to_3x_args(host, site, args)?;
        }
        Api::V4 { checked: true } => {
            check_dispatches(host, shown, def.dispatches, site, &args, closure)?;
        }
        Api::V4 { checked: false } => {}
    }
    (def.run)(Call(host, site, args, closure, def))
}

/// The block a stdlib 9 shim's own dispatch takes (`repeated_param 'Any'`, and no block but
/// merge's optional `Variant[Callable[2,2], Callable[3,3]]`), checked before it warns.
#[cfg(feature = "stdlib")]
fn shim_block_fits(name: &str, site: &CallSite, closure: Option<&Closure<'_>>) -> EvalResult<()> {
    let Some(closure) = closure else {
        return Ok(());
    };
    if name != "merge" {
        return Err(site.fail(format!("'{name}' does not expect a block")));
    }
    let (min, max) = closure.arity();
    if [2, 3]
        .iter()
        .any(|&n| min <= n && max.is_none_or(|max| n <= max))
    {
        return Ok(());
    }
    // Puppet's message keeps the first line: the optional block's `Undef` variant.
    Err(site.fail(format!(
        "'{name}' block variant 0 expects an Undef value, got Callable"
    )))
}

/// A 3.x function's `arity` as Ruby declares it (`n`: exactly n, `-n-1`: at least n), with
/// Puppet's message naming `name`.
pub(crate) fn check_3x_arity(
    site: &CallSite,
    name: &str,
    arity: i64,
    given: usize,
) -> EvalResult<()> {
    let n = given as i64;
    let (fits, text) = if arity >= 0 {
        (n == arity, format!("{arity}"))
    } else {
        let min = -arity - 1;
        (n >= min, format!("minimum {min}"))
    };
    if fits {
        return Ok(());
    }
    Err(site.fail(format!(
        "{name}(): Wrong number of arguments given ({n} for {text})"
    )))
}

/// The arguments as Puppet hands them to a 3.x function: a top-level undef as `''`, regexps,
/// versions and times as strings (the caller has refused iterators first).
pub(crate) fn to_3x_args(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    mut args: Vec<Value>,
) -> EvalResult<Vec<Value>> {
    for arg in args.iter_mut() {
        match arg {
            Value::Undef => *arg = Value::string(""),
            _ if needs_3x_form(arg) => {
                charge_walk(host, arg, Walk::Builds, site.span)?;
                *arg = to_3x(arg, 0);
            }
            _ => {}
        }
    }
    Ok(args)
}

/// Whether an iterator is among `args` or inside their arrays and hashes (walked without
/// recursion, and at most this many values: shared parts could make the walk exponential).
pub(crate) fn contains_iterator(args: &[Value]) -> bool {
    const MAX_VISITS: usize = 100_000;
    // Scalars only (most calls' arguments, most attribute values): nothing to walk.
    let container = |v: &Value| matches!(v, Value::Iterator(_) | Value::Array(_) | Value::Hash(_));
    if !args.iter().any(container) {
        return false;
    }
    // One array of scalars (a list attribute's usual value): its items are all there is to see.
    if let [Value::Array(items)] = args {
        if !items.iter().any(container) {
            return false;
        }
    }
    let mut pending: Vec<&Value> = args.iter().collect();
    let mut visits = 0;
    while let Some(value) = pending.pop() {
        visits += 1;
        if visits > MAX_VISITS {
            break;
        }
        match value {
            Value::Iterator(_) => return true,
            Value::Array(items) => pending.extend(items.iter()),
            Value::Hash(entries) => {
                for (key, item) in entries.iter() {
                    pending.push(key);
                    pending.push(item);
                }
            }
            _ => {}
        }
    }
    false
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
    use crate::value::{ruby_inspect, ruby_to_s};
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
/// Gives the index of the dispatch that takes the call.
pub(crate) fn check_dispatches(
    host: &mut dyn FunctionHost,
    name: &str,
    dispatches: &[&[ParamOf<'_>]],
    site: &CallSite,
    args: &[Value],
    closure: Option<&Closure<'_>>,
) -> EvalResult<usize> {
    let block_fits = |d: &[ParamOf<'_>]| match (block_of(d), closure) {
        (None, None) => true,
        (Some((_, _, optional)), None) => optional,
        // Some count of arguments both the block and the lambda take (Puppet's Callable
        // assignability; a lambda with `*$rest` takes any more).
        (Some((min, max, _)), Some(c)) => {
            let (least, most) = c.arity();
            max.is_none_or(|max| least <= max) && most.is_none_or(|most| most >= min)
        }
        (None, Some(_)) => false,
    };
    let single = dispatches.len() == 1;
    // The argument every dispatch refused at the top, and the types it was refused by.
    let mut refused: Option<(usize, &ParamOf<'_>)> = None;
    let mut refused_by: Vec<&str> = Vec::new();
    let mut mergeable = true;
    // The argument counts the dispatches take together, while none takes this many.
    let mut counts: Option<(usize, Option<usize>)> = None;
    let mut count_refused = 0;
    for (index, &dispatch) in dispatches.iter().enumerate() {
        let (min, max) = arity(dispatch);
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
            let Some(param) = param_at(dispatch, at) else {
                break;
            };
            if param.ty == "Any" {
                continue;
            }
            let ty = signature_type(host, site, param.ty)?;
            if let Some(message) = describe_mismatch(&ty, arg) {
                if single {
                    let message = crate::types::argument_mismatch(message);
                    return Err(site.fail(format!("'{name}' parameter '{}' {message}", param.name)));
                }
                // Puppet merges the refusals of one parameter only: the same place and name.
                match refused {
                    Some((first, known)) if first != at || known.name != param.name => {
                        mergeable = false
                    }
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
            return Ok(index);
        }
        if fits {
            // Taken but for the block: said so when no dispatch would take it either.
            let all_without = dispatches.iter().all(|d| block_of(d).is_none());
            let all_with = dispatches.iter().all(|d| block_of(d).is_some());
            if single || (all_without && closure.is_some()) || (all_with && closure.is_none()) {
                return Err(site.fail(match block_of(dispatch) {
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
        let variant = format!("Variant[{}]", crate::text::join(&refused_by, ", "));
        if let Some(message) = describe_mismatch(&parse_type(host, site, &variant)?, &args[at]) {
            return Err(site.fail(format!("'{name}' parameter '{}' {message}", param.name)));
        }
    }
    Err(no_signature(site))
}

/// The type a signature's parameter text stands for, parsed once per run: every call of a
/// function checks its arguments against the same few texts.
fn signature_type(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    text: &str,
) -> EvalResult<alloc::rc::Rc<crate::types::Type>> {
    if let Some(known) = host.signature_type(text) {
        return Ok(known);
    }
    let ty = alloc::rc::Rc::new(parse_type(host, site, text)?);
    host.keep_signature_type(text, ty.clone());
    Ok(ty)
}

/// The block a dispatch takes, last: (fewest, most parameters, optional).
fn block_of(dispatch: &[ParamOf<'_>]) -> Option<(usize, Option<usize>, bool)> {
    match dispatch.last()?.kind {
        Kind::Block { min, max, optional } => Some((min, max, optional)),
        _ => None,
    }
}

/// The parameters that take arguments (all but the block).
pub(crate) fn argument_params<'p, 'a>(dispatch: &'p [ParamOf<'a>]) -> &'p [ParamOf<'a>] {
    match block_of(dispatch) {
        Some(_) => &dispatch[..dispatch.len() - 1],
        None => dispatch,
    }
}

/// The argument counts a dispatch takes: (fewest, most or `None` when one is repeated).
fn arity(dispatch: &[ParamOf<'_>]) -> (usize, Option<usize>) {
    let params = argument_params(dispatch);
    let min = params.iter().filter(|p| p.kind == Kind::Required).count();
    let repeated = params.iter().any(|p| p.kind == Kind::Repeated);
    (min, (!repeated).then_some(params.len()))
}

/// The parameter that takes argument `at`.
fn param_at<'p, 'a>(dispatch: &'p [ParamOf<'a>], at: usize) -> Option<&'p ParamOf<'a>> {
    let params = argument_params(dispatch);
    params
        .get(at)
        .or_else(|| params.last().filter(|p| p.kind == Kind::Repeated))
}
