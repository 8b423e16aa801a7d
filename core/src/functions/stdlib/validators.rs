//! stdlib's name checks: `is_domain_name`, `is_email_address` and their `validate_*` forms (3.x,
//! not deprecated shims), with stdlib's own patterns run by the engine's Ruby regexes; and
//! `sprintf_hash`, deprecated in favour of `sprintf`.

use alloc::format;

use super::inspect;
use super::node::stdlib_deprecation;
use crate::functions::declare::{req, Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost, Walk};
use crate::value::Value;

/// Whether `pattern` (Ruby's syntax) matches somewhere in `text`.
fn matches(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    pattern: &str,
    text: &str,
) -> EvalResult<bool> {
    let regexp = crate::functions::strings::compile(site, pattern)?;
    Ok(host.regex_search(&regexp, text, 0, site.span)?.is_some())
}

/// stdlib's `is_domain_name`: labels of 1 to 63 letters, digits and inner hyphens, 255 at most
/// in all, a final dot allowed, a letters-only last label when there are dots.
fn domain_name(host: &mut dyn FunctionHost, site: &CallSite, value: &Value) -> EvalResult<bool> {
    let Value::String(text) = value else {
        return Ok(false);
    };
    if &**text == "." {
        return Ok(true);
    }
    let domain = text.strip_suffix('.').unwrap_or(text);
    if domain.is_empty() || domain.chars().count() > 255 {
        return Ok(false);
    }
    if domain.contains('.') && !matches(host, site, r"\.[A-Za-z]+$", domain)? {
        return Ok(false);
    }
    for label in domain.split('.') {
        let fits = (1..=63).contains(&label.chars().count())
            && !label.starts_with('-')
            && !label.ends_with('-')
            && matches(host, site, r"^[a-z\d-]+$", &label.to_ascii_lowercase())?;
        if !fits {
            return Ok(false);
        }
    }
    Ok(true)
}

/// stdlib's `is_email_address` pattern.
fn email_address(host: &mut dyn FunctionHost, site: &CallSite, value: &Value) -> EvalResult<bool> {
    let Value::String(text) = value else {
        return Ok(false);
    };
    matches(
        host,
        site,
        r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z",
        text,
    )
}

type NameCheck = fn(&mut dyn FunctionHost, &CallSite, &Value) -> EvalResult<bool>;

/// The check of `is_domain_name`/`validate_domain_name` or of the email forms.
fn check_of(name: &str) -> (NameCheck, &'static str) {
    if name.ends_with("domain_name") {
        (domain_name, "is not a syntactically correct domain name")
    } else {
        (email_address, "is not a valid email address")
    }
}

pub(super) fn is_name(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let [value] = args.as_slice() else {
        return Err(site.fail(format!(
            "{}(): Wrong number of arguments given {} for 1",
            site.name,
            args.len()
        )));
    };
    let (check, _) = check_of(site.name);
    Ok(Value::Boolean(check(host, site, value)?))
}

pub(super) fn validate_name(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail(format!(
            "{}(): wrong number of arguments (0; must be > 0)",
            site.name
        )));
    }
    let (check, refusal) = check_of(site.name);
    for arg in &args {
        if !matches!(arg, Value::String(_)) {
            return Err(site.fail(format!("{} is not a string.", inspect(arg))));
        }
        if !check(host, site, arg)? {
            return Err(site.fail(format!("{} {refusal}", inspect(arg))));
        }
    }
    Ok(Value::Undef)
}

pub(super) fn sprintf_hash(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    stdlib_deprecation(
        host,
        site,
        "sprintf_hash",
        "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the built-in sprintf instead",
    )?;
    let format = super::to_s(&args[0]);
    let limit = host.limits().max_string_len;
    match crate::functions::format::sprintf::sprintf(&format, &args[1..], limit) {
        Ok(text) => Ok(Value::string(&text)),
        Err(message) => Err(site.fail(message)),
    }
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("is_domain_name", is_name).removed_in_stdlib9()
        .doc("Whether a string is a syntactically correct domain name"),
    Def::stdlib("is_email_address", is_name).removed_in_stdlib9()
        .doc("Whether a string is an email address (stdlib's pattern)"),
    Def::stdlib("validate_domain_name", validate_name).shim_in_stdlib9()
        .doc("Fails unless every argument is a domain name"),
    Def::stdlib("validate_email_address", validate_name).shim_in_stdlib9()
        .doc("Fails unless every argument is an email address"),
    Def::stdlib("sprintf_hash", sprintf_hash)
        .takes(&[&[req("format", "String"), req("arguments", "Hash")]]).removed_in_stdlib9()
        .checked().walks(Walk::Prints)
        .doc("sprintf with named references to a hash (deprecated: sprintf does it)"),
    Def::stdlib("validate_cmd", super::host_reads::validate_cmd)
        .refused_after_checks("it runs a command on the compiling host")
        .doc("Validates content with a command"),
    Def::stdlib_refused("validate_augeas", "it runs Augeas on the compiling host")
        .doc("Validates content with an Augeas lens"),
    Def::stdlib("validate_x509_rsa_key_pair", super::host_reads::validate_x509_rsa_key_pair)
        .refused_after_checks("it reads the certificate and key with Ruby's OpenSSL")
        .doc("Validates that a certificate and an RSA key match"),
];
