//! The modules of Ruby's standard library and of Puppet that module functions call, as far as
//! they compute (no files, no processes): `File`'s path functions, `Base64`, `Digest`'s hex
//! digests, `Shellwords`, `CGI`'s URL escapes, and Puppet's function-creating modules.

use super::RubyHost;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::call::Call;
use super::interp::{arity, Interp, RResult};
use super::value::{self, RVal};

/// The constants this file answers for (and the namespaces that hold them).
const MODULES: &[&str] = &[
    "Puppet",
    "Puppet::Functions",
    "Puppet::Parser",
    "Puppet::Parser::Functions",
    "Puppet::Util",
    // A resource type's file: `Puppet::Type.newtype`, and the parents its attributes name.
    "Puppet::Type",
    "Puppet::Parameter",
    "Puppet::Parameter::Boolean",
    "Puppet::Property",
    "Puppet::Property::Boolean",
    "Puppet::Property::Ensure",
    "Puppet::Property::List",
    "Puppet::Property::OrderedList",
    "Puppet::Property::KeyValue",
    "ERB",
    "ERB::Util",
    "File",
    "Base64",
    "Digest",
    "Digest::MD5",
    "Digest::SHA1",
    "Digest::SHA256",
    "Digest::SHA512",
    "Shellwords",
    "CGI",
    "OpenSSL",
    "OpenSSL::Digest",
    "OpenSSL::HMAC",
    "OpenSSL::KDF",
    "OpenSSL::PKCS5",
    "Gem",
    "Gem::Version",
    "Puppet::Pops",
    "Puppet::Pops::Types",
    "Puppet::Pops::Types::PSensitiveType",
    super::value::SENSITIVE,
];

/// Whether `name` is one of the library's modules.
pub(crate) fn is_library_module(name: &str) -> bool {
    MODULES.contains(&name)
        // Puppet's types, parameters and properties (`parent: Puppet::Type::File::Owner`).
        || ["Puppet::Type::", "Puppet::Parameter::", "Puppet::Property::"]
            .iter()
            .any(|prefix| name.starts_with(prefix))
        || cfg!(feature = "ruby-uri")
            && matches!(
                name,
                "URI" | "URI::Generic" | "URI::HTTP" | "URI::HTTPS" | "URI::File"
            )
}

/// Libraries a Ruby file may `require` that are part of Ruby or Puppet (loaded already).
pub(crate) fn is_loaded_library(name: &str) -> bool {
    matches!(
        name,
        "json"
            | "yaml"
            | "set"
            | "ipaddr"
            | "socket"
            | "base64"
            | "digest"
            | "digest/md5"
            | "digest/sha1"
            | "digest/sha2"
            | "shellwords"
            | "puppet"
            | "openssl"
            | "cgi"
            | "erb"
            // Required by resource types for their agent-side checks (`Pathname`, `Resolv`):
            // what they define is refused where it is used.
            | "pathname"
            | "resolv"
    ) || cfg!(feature = "ruby-uri") && name == "uri"
}

/// A method of one of the library's modules, or `None` when it is none of these.
pub(crate) fn module_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    module: &str,
) -> Option<RResult<RVal>> {
    let (name, args, block) = (call.name, call.args, call.block);
    Some(match (module, name) {
        ("Puppet::Functions", "create_function") => {
            super::module_functions::create_function(interp, args, block)
        }
        ("Puppet::Parser::Functions", "newfunction") => {
            super::module_functions::newfunction(interp, args, block)
        }
        ("Puppet::Type", "newtype") => super::resource_types::newtype(interp, args, block),
        (super::value::SENSITIVE, "new") => sensitive(interp, args),
        ("Gem::Version", "new" | "create") => {
            one_string(interp, args).map(|text| super::objects::version(&text))
        }
        // Puppet's debug messages are not shown; its warnings are the run's.
        ("Puppet", "debug") => Ok(RVal::Nil),
        ("Puppet", "warning") => puppet_call(interp, "warning", args, &[], None),
        ("JSON", "parse" | "load") => json_load(interp, args),
        ("ERB::Util", "url_encode") => {
            one_string(interp, args).map(|text| RVal::str(&url_encode(&text)))
        }
        // `CGI.escape`: as `url_encode`, a space as `+`.
        ("CGI", "escape") => {
            one_string(interp, args).map(|text| RVal::str(&url_encode(&text).replace("%20", "+")))
        }
        ("CGI", "unescape") => one_string(interp, args).map(|text| cgi_unescape(&text)),
        ("File", "join") => Ok(RVal::str(&file_join(args))),
        ("File", "dirname") => one_string(interp, args).map(|p| RVal::str(dirname(&p))),
        ("File", "basename") => basename(interp, args),
        ("File", "extname") => one_string(interp, args).map(|p| RVal::str(&extname(&p))),
        (digest @ ("Digest::MD5" | "Digest::SHA1" | "Digest::SHA256" | "Digest::SHA512"), _)
            if matches!(name, "hexdigest" | "digest" | "base64digest") =>
        {
            digest_method(interp, call, digest)
        }
        #[cfg(feature = "ruby-uri")]
        ("URI" | "URI::Generic" | "URI::HTTP" | "URI::HTTPS", _) => {
            return super::uri::module_method(interp, call, module)
        }
        ("File", "expand_path") => expand_path(interp, args),
        (openssl, _) if openssl.starts_with("OpenSSL::") => {
            return super::openssl::module_method(interp, call, module)
        }
        ("Base64", "strict_encode64" | "encode64" | "urlsafe_encode64")
            if matches!(args.first(), Some(RVal::Object(_))) =>
        {
            bytes_of(interp, args).map(|bytes| RVal::str(&base64(&bytes, name)))
        }
        (
            "Base64",
            "strict_encode64" | "encode64" | "urlsafe_encode64" | "strict_decode64" | "decode64"
            | "urlsafe_decode64",
        ) => {
            // stdlib's `base64(action, text, method)`: the name says both.
            let action = if name.ends_with("encode64") {
                "encode"
            } else {
                "decode"
            };
            let method = match name.split_once('_') {
                Some((method @ ("strict" | "urlsafe"), _)) => method,
                _ => "default",
            };
            puppet_call(interp, "base64", args, &[action], Some(method))
        }
        ("Shellwords", "escape" | "shellescape") => {
            puppet_call(interp, "shell_escape", args, &[], None)
        }
        ("Shellwords", "join" | "shelljoin") => puppet_call(interp, "shell_join", args, &[], None),
        ("Shellwords", "split" | "shellsplit" | "shellwords") => {
            puppet_call(interp, "shell_split", args, &[], None)
        }
        _ => return None,
    })
}

/// `JSON.parse`, `JSON.load`: the text's data, or `JSON::ParserError`.
fn json_load<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    if args.len() > 1 {
        return interp
            .unsupported("JSON.parse's options are not supported by the playground's Ruby");
    }
    match crate::value::json::load(&one_string(interp, args)?) {
        Ok(data) => interp.ruby_of(&data),
        Err(message) => interp.raise_as("JSON::ParserError", message),
    }
}

/// `ERB::Util.url_encode`: every byte but letters, digits and `_-.~` as `%XX`.
fn url_encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"_-.~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `CGI.unescape`: `+` as a space and each `%XX` as its byte (a malformed one kept); bytes
/// that are not UTF-8 make a binary String.
fn cgi_unescape(text: &str) -> RVal {
    let (bytes, mut out) = (text.as_bytes(), Vec::with_capacity(text.len()));
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let hex = bytes
            .get(at + 1..at + 3)
            .filter(|pair| pair.iter().all(u8::is_ascii_hexdigit))
            .and_then(|pair| u8::from_str_radix(core::str::from_utf8(pair).ok()?, 16).ok());
        match (byte, hex) {
            (b'%', Some(decoded)) => {
                out.push(decoded);
                at += 3;
                continue;
            }
            (b'+', _) => out.push(b' '),
            _ => out.push(byte),
        }
        at += 1;
    }
    match String::from_utf8(out) {
        Ok(text) => RVal::str(&text),
        Err(bytes) => RVal::Object(Rc::new(super::objects::RObject::Binary(bytes.into_bytes()))),
    }
}

/// `Sensitive.new(value)`: Puppet's Sensitive of the value.
fn sensitive<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    match interp.puppet_of(&args[0])? {
        Some(value) => Ok(RVal::Puppet(crate::value::Value::Sensitive(Rc::new(value)))),
        None => interp.unsupported(format!(
            "Sensitive of a {} is not supported by the playground's Ruby",
            args[0].class_name()
        )),
    }
}

/// Call Puppet's function `function` with `before` first, the method's one argument, then
/// `after`.
fn puppet_call<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    function: &str,
    args: &[RVal],
    before: &[&str],
    after: Option<&str>,
) -> RResult<RVal> {
    arity(interp, args, 1, 1)?;
    let mut values: Vec<RVal> = before.iter().map(|s| RVal::str(s)).collect();
    values.push(args[0].clone());
    if let Some(after) = after {
        values.push(RVal::str(after));
    }
    super::kernel::call_puppet_function(interp, function, &values)
}

/// The bytes of a String argument (text or binary).
pub(crate) fn bytes_of<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<Vec<u8>> {
    arity(interp, args, 1, 1)?;
    let class = match &args[0] {
        RVal::Str(s) => return Ok(s.as_bytes().to_vec()),
        RVal::Object(object) => match &**object {
            super::objects::RObject::Binary(bytes) => return Ok(bytes.clone()),
            other => other.class_name(),
        },
        other => other.class_name(),
    };
    not_a_string(interp, class)
}

/// Ruby's TypeError of a value of class `class` where a String is wanted.
fn not_a_string<H: RubyHost, T>(interp: &Interp<'_, H>, class: &str) -> RResult<T> {
    interp.raise_as(
        "TypeError",
        format!("no implicit conversion of {class} into String"),
    )
}

/// `Digest::X.hexdigest(s)`, `.digest(s)` (the raw bytes) and `.base64digest(s)`.
fn digest_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    digest: &str,
) -> RResult<RVal> {
    let bytes = bytes_of(interp, call.args)?;
    let algorithm = &digest["Digest::".len()..];
    let raw = crate::functions::stdlib::hashing::digest(algorithm, &[&bytes]);
    Ok(super::openssl::digest_result(raw, call.name))
}

/// Base64 as Ruby's `Base64` methods write it: `encode64` with a line break every 60
/// characters and at the end, `urlsafe_encode64` with `-` and `_`, else strict.
fn base64(bytes: &[u8], method: &str) -> String {
    match method {
        "encode64" => crate::functions::binary::base64_mime(bytes),
        "urlsafe_encode64" => crate::functions::binary::base64_urlsafe(bytes),
        _ => crate::value::Binary::from_bytes(bytes).to_base64(),
    }
}

fn one_string<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<String> {
    arity(interp, args, 1, 1)?;
    match &args[0] {
        RVal::Str(s) => Ok(s.to_string()),
        other => not_a_string(interp, other.class_name()),
    }
}

/// `File.join`: the parts with one `/` between them (arrays flattened).
fn file_join(args: &[RVal]) -> String {
    let mut parts = Vec::new();
    for arg in args {
        match arg {
            RVal::Array(items) => parts.extend(items.borrow().iter().map(value::to_s)),
            other => parts.push(value::to_s(other)),
        }
    }
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            out.push_str(part);
            continue;
        }
        match (out.ends_with('/'), part.starts_with('/')) {
            (true, true) => out.push_str(&part[1..]),
            (false, false) => {
                out.push('/');
                out.push_str(part);
            }
            _ => out.push_str(part),
        }
    }
    out
}

/// `File.dirname`: the path without its last part (`.` when there is none).
fn dirname(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') { "/" } else { "." };
    }
    match trimmed.rfind('/') {
        Some(0) => "/",
        Some(at) => trimmed[..at].trim_end_matches('/'),
        None => ".",
    }
}

/// `File.expand_path(path[, dir])` of an absolute path (or of one under an absolute `dir`): `.`
/// and `..` resolved. The working directory and home directories are not the playground's.
fn expand_path<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 2)?;
    let mut path = value::to_s(&args[0]);
    if !path.starts_with('/') {
        match args.get(1).map(value::to_s) {
            Some(dir) if dir.starts_with('/') && !path.starts_with('~') => {
                path = format!("{dir}/{path}")
            }
            _ => {
                return interp.unsupported(
                    "File.expand_path of a relative path is not supported by the playground's Ruby",
                )
            }
        }
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    // Linux Ruby keeps a root of several slashes as written.
    let root = &path[..path.len() - path.trim_start_matches('/').len()];
    Ok(RVal::str(&format!("{root}{}", parts.join("/"))))
}

/// `File.basename(path[, suffix])`.
fn basename<H: RubyHost>(interp: &mut Interp<'_, H>, args: &[RVal]) -> RResult<RVal> {
    arity(interp, args, 1, 2)?;
    let path = value::to_s(&args[0]);
    let trimmed = path.trim_end_matches('/');
    let mut base = match trimmed.rfind('/') {
        Some(at) => &trimmed[at + 1..],
        None if trimmed.is_empty() && path.starts_with('/') => "/",
        None => trimmed,
    }
    .to_string();
    if let Some(suffix) = args.get(1).map(value::to_s) {
        if suffix == ".*" {
            if let Some(at) = base.rfind('.').filter(|&at| at > 0) {
                base.truncate(at);
            }
        } else if base.len() > suffix.len() && base.ends_with(&suffix) {
            base.truncate(base.len() - suffix.len());
        }
    }
    Ok(RVal::Str(Rc::from(base.as_str())))
}

/// `File.extname`: the last part's extension with its dot (none for a leading dot).
fn extname(path: &str) -> String {
    let base = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    match base.rfind('.') {
        Some(at) if at > 0 && at + 1 < base.len() => base[at..].to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_as_ruby_writes_it() {
        assert_eq!(base64(b"ab", "strict_encode64"), "YWI=");
        assert_eq!(base64(b"abc", "strict_encode64"), "YWJj");
        assert_eq!(base64(b"a", "encode64"), "YQ==\n");
        assert_eq!(base64(&[0xfb, 0xff], "urlsafe_encode64"), "-_8=");
    }

    #[test]
    fn paths_as_ruby_splits_them() {
        for (path, dir) in [("/a/b/c.rb", "/a/b"), ("c.rb", "."), ("/c", "/")] {
            assert_eq!(dirname(path), dir);
        }
        for (path, ext) in [("a/b.tar.gz", ".gz"), (".bashrc", "")] {
            assert_eq!(extname(path), ext);
        }
        assert_eq!(
            file_join(&[RVal::str("a/"), RVal::str("/b"), RVal::str("c")]),
            "a/b/c"
        );
    }
}
