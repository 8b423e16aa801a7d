//! stdlib's functions about the node and the run: `fact`, `fqdn_rotate`, `fqdn_rand_string`
//! (seeded from the node's fqdn as `fqdn_rand` is), `fqdn_uuid`, `seeded_rand`, `deprecation`, and
//! `assert_private` (whether the scope that declared this class was of its module).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::counted;
use crate::functions::declare::{opt, req, Call, Def};
use crate::functions::fqdn_rand::{fqdn_rand, join_into, ruby_to_i, Mt};
use crate::functions::numbers::ruby_integer;
use crate::host::{CallSite, EvalResult, FunctionHost, LogLevel, Strictness, Walk};
use crate::value::Value;

/// `deprecation(key, message)` as stdlib's 4.x function does it: under `strict = error` an error
/// naming the key and where Puppet's stack stood ([`stack_trace`]), under `warning` a warning once
/// per key, else nothing.
pub(super) fn stdlib_deprecation(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    key: &str,
    message: &str,
) -> EvalResult<()> {
    let message = format!("{message} at {}", stack_trace(host, site));
    match host.strictness() {
        Strictness::Error => Err(site.fail(format!("deprecation. {key}. {message}"))),
        Strictness::Warning => {
            let marker = format!("deprecation. {key}. ");
            if !host
                .logs()
                .iter()
                .any(|log| log.message.starts_with(&marker))
            {
                // Puppet names the key only in its list of warnings already given.
                host.log(LogLevel::Warning, format!("{marker}{message}"), site.span);
            }
            Ok(())
        }
        Strictness::Off => Ok(()),
    }
}

/// The top of Puppet's stack for a function called at `site`, as stdlib's `deprecation` names it:
/// the call's `[file, line]`, a colon, and its caller's (nothing when it has none: a defined
/// type's body runs after the main manifest's evaluation, with only its own calls below it).
pub(super) fn stack_trace(host: &dyn FunctionHost, site: &CallSite) -> String {
    let sources = host.sources();
    let entry = |file: &str, line: u32| {
        format!(
            "[{}, {line}]",
            crate::value::ruby_inspect(&Value::string(file))
        )
    };
    let at = sources.locate(site.span.start);
    let caller = host
        .caller_frame()
        .map(|frame| {
            let (file, line) = frame.file_line(sources);
            entry(&file, line)
        })
        .unwrap_or_default();
    format!("{}:{caller}", entry(&at.file, at.line))
}

/// stdlib 9's `deprecation` dispatch: a key, a message, and whether the `strict` setting applies.
const DEPRECATION_9: &[crate::functions::declare::Param] = &[
    req("key", "String"),
    req("message", "String"),
    opt("use_strict_setting", "Boolean"),
];

/// stdlib 8.5's: a key and a message.
const DEPRECATION_8: &[crate::functions::declare::Param] =
    &[req("key", "String"), req("message", "String")];

pub(super) fn deprecation(Call(host, site, args, closure, _): Call) -> EvalResult<Value> {
    let stdlib9 = follows_stdlib9(host, site)?;
    let dispatch = if stdlib9 {
        DEPRECATION_9
    } else {
        DEPRECATION_8
    };
    crate::functions::checks::check_dispatches(
        host,
        "deprecation",
        &[dispatch],
        site,
        &args,
        closure,
    )?;
    let text = |at: usize| match args.get(at) {
        Some(Value::String(s)) => String::from(&**s),
        _ => String::new(),
    };
    let (key, message) = (text(0), text(1));
    if stdlib9 {
        let use_strict = !matches!(args.get(2), Some(Value::Boolean(false)));
        stdlib9_deprecation(host, site, &key, &message, use_strict)?;
        return Ok(Value::Undef);
    }
    stdlib_deprecation(host, site, &key, &message)?;
    Ok(Value::Undef)
}

/// Whether the run's stdlib is 9 or later (the module's version, else the built-in's).
pub(super) fn follows_stdlib9(host: &mut dyn FunctionHost, site: &CallSite) -> EvalResult<bool> {
    #[cfg(feature = "stdlib")]
    return super::module_files::follows_stdlib9(host, site.span);
    #[cfg(not(feature = "stdlib"))]
    {
        let _ = (host, site);
        Ok(false)
    }
}

/// stdlib 9's `deprecation(key, message, use_strict)`: with `use_strict`, an error under
/// `strict = error` and nothing under `off`; else (or under `warning`) Puppet's deprecation
/// warning once per key, with the place of stdlib's own code.
pub(super) fn stdlib9_deprecation(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    key: &str,
    message: &str,
    use_strict: bool,
) -> EvalResult<()> {
    let message = format!("{message} at {}", stack_trace(host, site));
    if use_strict {
        match host.strictness() {
            Strictness::Off => return Ok(()),
            Strictness::Error => return Err(site.fail(format!("deprecation. {key}. {message}"))),
            Strictness::Warning => {}
        }
    }
    #[cfg(feature = "stdlib")]
    super::module_files::deprecation_warning(host, key, message, site.span);
    Ok(())
}

/// `fact('a.b."c.d".0')`: the path's segments (a quoted one may hold dots).
fn fact_path(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            match quoted.find('"') {
                Some(0) => rest = &quoted[1..],
                Some(end) => {
                    out.push(&quoted[..end]);
                    rest = &quoted[end + 1..];
                }
                None => rest = quoted,
            }
            continue;
        }
        let end = rest.find(['.', '"']).unwrap_or(rest.len());
        if end > 0 {
            out.push(&rest[..end]);
        }
        rest = rest[end..].strip_prefix('.').unwrap_or(&rest[end..]);
    }
    out
}

/// A walked path as stdlib's warning shows it: segments with a dot quoted.
fn dotted(path: &[&str]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|s| {
            if s.contains('.') {
                format!("\"{s}\"")
            } else {
                String::from(*s)
            }
        })
        .collect();
    crate::text::join(&parts, ".")
}

pub(super) fn fact(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let name = match args.first() {
        Some(Value::String(name)) => String::from(&**name),
        _ => String::new(),
    };
    let path = fact_path(&name);
    let mut current = host.variable("facts").unwrap_or(Value::Undef);
    for (at, key) in path.iter().enumerate() {
        let warn = |what: &str| {
            format!(
                "fact request for {name} returning nil: '{}' {what} '{key}'",
                dotted(&path[..at])
            )
        };
        current = match &current {
            Value::Undef => return Ok(Value::Undef),
            Value::Array(items) => match ruby_integer(key) {
                Some(i) => {
                    let i = if i < 0 { i + items.len() as i64 } else { i };
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| items.get(i))
                        .cloned()
                        .unwrap_or(Value::Undef)
                }
                None => {
                    let text = warn("is an array; cannot index to");
                    host.log(LogLevel::Warning, text, site.span);
                    Value::Undef
                }
            },
            Value::Hash(hash) => hash
                .get(&Value::string(key))
                .cloned()
                .unwrap_or(Value::Undef),
            _ => {
                let text = warn("is not a collection; cannot walk to");
                host.log(LogLevel::Warning, text, site.span);
                Value::Undef
            }
        };
    }
    Ok(current)
}

pub(super) fn fqdn_rotate(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let Some(subject) = args.first() else {
        return Err(site.fail("fqdn_rotate(): Wrong number of arguments given (0 for 1)"));
    };
    if !matches!(subject, Value::Array(_) | Value::String(_)) {
        return Err(site.fail("fqdn_rotate(): Requires either array or string to work with"));
    }
    let fqdn = host.variable("::fqdn").unwrap_or(Value::Undef);
    Ok(rotate(subject, &args[1..], &fqdn))
}

/// An array's items, or a string's characters, rotated by an amount `[fqdn, seeds].join(':')`
/// decides (`subject` is an array or a string).
pub(super) fn rotate(subject: &Value, seeds: &[Value], fqdn: &Value) -> Value {
    let mut items: Vec<Value> = match subject {
        Value::Array(items) => items.as_slice().to_vec(),
        Value::String(text) => text
            .chars()
            .map(|c| Value::string(c.encode_utf8(&mut [0; 4])))
            .collect(),
        _ => return subject.clone(),
    };
    if items.len() <= 1 {
        return subject.clone();
    }
    let mut seed = String::new();
    join_into(&mut seed, fqdn);
    seed.push(':');
    join_into(&mut seed, &Value::array(seeds.to_vec()));
    let offset = Mt::md5(&seed).up_to(items.len() as u64 - 1) as usize;
    items.rotate_left(offset);
    match subject {
        Value::String(_) => {
            let text: String = items.iter().map(super::to_s).collect();
            Value::string(&text)
        }
        _ => Value::array(items),
    }
}

/// stdlib's `is_integer`: an Integer, or a string some line of which is a decimal integer.
fn is_integer(value: &Value) -> bool {
    match value {
        Value::Integer(_) => true,
        Value::String(text) => text.split('\n').any(|line| {
            let digits = line.strip_prefix('-').unwrap_or(line);
            digits == "0"
                || (digits.starts_with(|c: char| ('1'..='9').contains(&c))
                    && digits.bytes().all(|b| b.is_ascii_digit()))
        }),
        _ => false,
    }
}

/// The first argument of `fqdn_rand_string` and `seeded_rand`: a positive integer, or a string
/// of one, read as Ruby's `to_i`.
fn positive_integer(site: &CallSite, value: &Value, function: &str) -> EvalResult<i64> {
    let n = match value {
        Value::Integer(n) if is_integer(value) => *n,
        Value::String(text) if is_integer(value) => ruby_to_i(text).unwrap_or(0),
        _ => 0,
    };
    if n <= 0 {
        return Err(site.fail(format!(
            "{function}(): first argument must be a positive integer"
        )));
    }
    Ok(n)
}

const ALPHANUMERIC: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

pub(super) fn fqdn_rand_string(Call(host, site, args, _, def): Call) -> EvalResult<Value> {
    let length = positive_integer(site, &args[0], "fqdn_rand_string")?;
    let charset: Vec<char> = match args.get(1) {
        None => Vec::new(),
        Some(Value::String(text)) => text.chars().collect(),
        Some(_) => {
            return Err(site.fail("fqdn_rand_string(): second argument must be undef or a string"))
        }
    };
    let charset: Vec<char> = if charset.is_empty() {
        ALPHANUMERIC.chars().collect()
    } else {
        charset
    };
    let mut seeds = String::new();
    for seed in args.iter().skip(2) {
        join_into(&mut seeds, seed);
        seeds.push(':');
    }
    let mut out = String::new();
    for current in 1..=length {
        host.step(1, site.span)?;
        let seed = Value::string(&format!("{seeds}{current}"));
        let call = alloc::vec![Value::Integer(charset.len() as i64), seed];
        let Value::Integer(at) = fqdn_rand(Call(host, site, call, None, def))? else {
            return Ok(Value::Undef);
        };
        out.extend(charset.get(at as usize));
    }
    host.check_string(&out, site.span)?;
    Ok(Value::string(&out))
}

/// `fqdn_uuid(fqdn)`: the name-based (SHA-1, version 5) UUID of a name in the DNS namespace.
pub(super) fn fqdn_uuid(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let name = match args.as_slice() {
        [] => return Err(site.fail("fqdn_uuid: No arguments given")),
        [Value::String(name)] => name.clone(),
        [other] => return Err(site.fail(super::no_implicit(other))),
        more => {
            return Err(site.fail(format!(
                "fqdn_uuid: Too many arguments given ({})",
                more.len()
            )))
        }
    };
    use sha1::Digest;
    const DNS: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut hasher = sha1::Sha1::new();
    hasher.update(DNS);
    hasher.update(name.as_bytes());
    let digest = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x50;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let mut out = String::new();
    for (at, byte) in bytes.iter().enumerate() {
        if matches!(at, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        out.push_str(&format!("{byte:02x}"));
    }
    Ok(Value::string(&out))
}

/// `seeded_rand(max, seed)`: Ruby's `Random.new(MD5(seed).hex).rand(max)`.
pub(super) fn seeded_rand(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let max = positive_integer(site, &args[0], "seeded_rand")?;
    let Value::String(seed) = &args[1] else {
        return Err(site.fail("seeded_rand(): second argument must be a string"));
    };
    Ok(Value::Integer(Mt::md5(seed).up_to(max as u64 - 1) as i64))
}

pub(super) fn assert_private(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, ..=1)
        .or_say("assert_private(): Wrong number of arguments given ({}}) for 0 or 1)")?;
    let module = host.variable("module_name").unwrap_or(Value::Undef);
    let caller = host.variable("caller_module_name").unwrap_or(Value::Undef);
    if module == caller {
        return Ok(Value::Undef);
    }
    Err(site.fail(match args.first() {
        Some(Value::String(message)) => String::from(&**message),
        _ => {
            let (name, class) = host.current_definition();
            format!(
                "{} {name} is private",
                if class { "Class" } else { "Definition" }
            )
        }
    }))
}

/// stdlib's 3.x `is_integer(value)`.
pub(super) fn is_integer_fn(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    match args.as_slice() {
        [one] => Ok(Value::Boolean(is_integer(one))),
        _ => Err(site.fail(format!(
            "is_integer(): Wrong number of arguments given {} for 1",
            args.len()
        ))),
    }
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("fqdn_uuid", fqdn_uuid).doc("The name-based (SHA-1) UUID of a DNS name"),
    Def::stdlib("seeded_rand", seeded_rand).shim_in_stdlib9().arity(2)
        .doc("A number below the maximum that the seed decides"),
    Def::stdlib("assert_private", assert_private)
        .doc("Fails unless the scope that declared this class or defined type is of its module"),
    Def::stdlib_refused(
        "private",
        "stdlib 8.5 deprecates it for assert_private, which the playground runs",
    )
        .removed_in_stdlib9()
        .doc(
            "Deprecated: fails when the class is declared outside its module (use assert_private)",
        ),
    Def::stdlib("is_integer", is_integer_fn).removed_in_stdlib9()
        .doc("Whether a value is an integer or a string of one"),
    Def::stdlib("fact", fact).takes(&[&[req("fact_name", "String")]]).checked()
        .doc("A fact by its dotted path ('os.release.major')"),
    // Checked in `deprecation`, by the dispatch of the stdlib the run follows.
    Def::stdlib("deprecation", deprecation).takes(&[DEPRECATION_9]).v4().with_3x()
        .doc("A deprecation: an error under strict=error, else a warning once per key"),
    Def::stdlib("fqdn_rotate", fqdn_rotate).shim_in_stdlib9().walks(Walk::Prints)
        .doc("An array or string rotated by an amount the node's fqdn decides"),
    Def::stdlib("fqdn_rand_string", fqdn_rand_string).shim_in_stdlib9().arity(-2)
        .walks(Walk::Prints).doc("A random string the node's fqdn decides"),
    Def::stdlib("time", super::host_reads::time)
        .refused_after_checks("it reads the compiling host's clock")
        .doc("The compiling host's clock as seconds since the epoch"),
    Def::stdlib("stdlib::time", super::host_reads::time).takes(&[super::host_reads::TIME_9])
        .refused_after_checks("it reads the compiling host's clock")
        .doc("The compiling host's clock as seconds since the epoch (deprecated)"),
];
