//! Ruby's `openssl` as modules' functions hash passwords with it: `OpenSSL::Digest` and
//! `OpenSSL::HMAC` objects fed with `<<`, their one-call class methods, and PBKDF2
//! (`OpenSSL::KDF.pbkdf2_hmac`, `OpenSSL::PKCS5.pbkdf2_hmac`), over the digests the core has
//! (MD5, SHA1, SHA256, SHA512). Certificates, keys and ciphers are not carried.

use super::RubyHost;
use crate::functions::stdlib::hashing::{self, digest, hmac};
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use super::call::Call;
use super::interp::{arity, Interp, RResult};
use super::library::bytes_of;
use super::methods::no_conversion;
use super::objects::RObject;
use super::value::RVal;

/// An `OpenSSL::Digest` (no key) or `OpenSSL::HMAC` (its key), with the bytes fed to it so far.
#[derive(Debug)]
pub(crate) struct Hasher {
    pub algorithm: &'static str,
    pub key: Option<Vec<u8>>,
    pub data: RefCell<Vec<u8>>,
}

impl Hasher {
    pub fn class_name(&self) -> &'static str {
        match self.key {
            Some(_) => "OpenSSL::HMAC",
            None => "OpenSSL::Digest",
        }
    }

    /// The digest (or MAC) of what was fed.
    pub fn finish(&self) -> Vec<u8> {
        let data = self.data.borrow();
        match &self.key {
            Some(key) => hmac(self.algorithm, key, &data),
            None => digest(self.algorithm, &[&data]),
        }
    }
}

/// The digest a name gives (OpenSSL's spellings: any case, `SHA-256`), or a digest object's.
fn algorithm_named<H: RubyHost>(interp: &Interp<'_, H>, given: &RVal) -> RResult<&'static str> {
    let name = match given {
        RVal::Str(name) => name.to_ascii_uppercase().replace('-', ""),
        RVal::Object(object) => match &**object {
            RObject::Hasher(hasher) if hasher.key.is_none() => return Ok(hasher.algorithm),
            _ => String::new(),
        },
        _ => String::new(),
    };
    match ["MD5", "SHA1", "SHA256", "SHA512"]
        .into_iter()
        .find(|known| *known == name)
    {
        Some(known) => Ok(known),
        None => interp.unsupported(format!(
            "the digest {} is not supported by the playground's Ruby (MD5, SHA1, SHA256 and SHA512 are)",
            super::value::inspect(given)
        )),
    }
}

fn hasher(algorithm: &'static str, key: Option<Vec<u8>>, data: Vec<u8>) -> RVal {
    RVal::Object(Rc::new(RObject::Hasher(Hasher {
        algorithm,
        key,
        data: RefCell::new(data),
    })))
}

/// The raw bytes of a digest as Ruby gives them: a binary String, or its hex or Base64 text.
pub(crate) fn digest_result(raw: Vec<u8>, method: &str) -> RVal {
    match method {
        "hexdigest" => RVal::str(&crate::functions::strings::hex(&raw)),
        "base64digest" => RVal::str(&crate::value::Binary::from_bytes(&raw).to_base64()),
        _ => RVal::Object(Rc::new(RObject::Binary(raw))),
    }
}

/// The class methods of `OpenSSL::Digest`, `OpenSSL::HMAC`, `OpenSSL::KDF` and `OpenSSL::PKCS5`
/// (`None`: none of them).
pub(crate) fn module_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    module: &str,
) -> Option<RResult<RVal>> {
    let digests = matches!(call.name, "digest" | "hexdigest" | "base64digest");
    let known = match module {
        "OpenSSL::Digest" | "OpenSSL::HMAC" => digests || call.name == "new",
        _ => call.name == "pbkdf2_hmac",
    };
    known.then(|| class_method(interp, call, module))
}

fn class_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    module: &str,
) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
    match (module, name) {
        ("OpenSSL::Digest", "new") => {
            arity(interp, args, 1, 2)?;
            let algorithm = algorithm_named(interp, &args[0])?;
            let data = match args.get(1) {
                Some(_) => bytes_of(interp, &args[1..])?,
                None => Vec::new(),
            };
            Ok(hasher(algorithm, None, data))
        }
        ("OpenSSL::Digest", "digest" | "hexdigest" | "base64digest") => {
            arity(interp, args, 2, 2)?;
            let algorithm = algorithm_named(interp, &args[0])?;
            let data = bytes_of(interp, &args[1..])?;
            Ok(digest_result(digest(algorithm, &[&data]), name))
        }
        ("OpenSSL::HMAC", "new") => {
            arity(interp, args, 2, 2)?;
            let key = bytes_of(interp, &args[..1])?;
            let algorithm = algorithm_named(interp, &args[1])?;
            Ok(hasher(algorithm, Some(key), Vec::new()))
        }
        ("OpenSSL::HMAC", "digest" | "hexdigest" | "base64digest") => {
            arity(interp, args, 3, 3)?;
            let algorithm = algorithm_named(interp, &args[0])?;
            let key = bytes_of(interp, &args[1..2])?;
            let data = bytes_of(interp, &args[2..])?;
            Ok(digest_result(hmac(algorithm, &key, &data), name))
        }
        ("OpenSSL::PKCS5", "pbkdf2_hmac") => {
            arity(interp, args, 5, 5)?;
            pbkdf2(interp, &args[0], &args[1], &args[2], &args[3], &args[4])
        }
        _ => {
            // `OpenSSL::KDF.pbkdf2_hmac(password, salt:, iterations:, length:, hash:)`
            let options = match args {
                [_, RVal::Hash(options)] => options.borrow().clone(),
                [_] => Vec::new(),
                _ => return arity(interp, args, 1, 1).map(|()| RVal::Nil),
            };
            let keys = ["salt", "iterations", "length", "hash"];
            let found = keys.map(|key| {
                options
                    .iter()
                    .find(|(k, _)| matches!(k, RVal::Sym(k) if &**k == key))
                    .map(|(_, v)| v.clone())
            });
            let missing: Vec<String> = keys
                .iter()
                .zip(&found)
                .filter(|(_, v)| v.is_none())
                .map(|(k, _)| format!(":{k}"))
                .collect();
            match found {
                [Some(salt), Some(iterations), Some(length), Some(hash)] => {
                    pbkdf2(interp, &args[0], &salt, &iterations, &length, &hash)
                }
                _ => interp.raise_as(
                    "ArgumentError",
                    format!(
                        "missing keyword{}: {}",
                        if missing.len() > 1 { "s" } else { "" },
                        missing.join(", ")
                    ),
                ),
            }
        }
    }
}

/// PBKDF2 (RFC 8018) with HMAC of the digest `hash`: `length` bytes, `iterations` rounds a
/// block, each round charged to the budget.
fn pbkdf2<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    password: &RVal,
    salt: &RVal,
    iterations: &RVal,
    length: &RVal,
    hash: &RVal,
) -> RResult<RVal> {
    let password = bytes_of(interp, core::slice::from_ref(password))?;
    let salt = bytes_of(interp, core::slice::from_ref(salt))?;
    let int = |n: &RVal| match n {
        RVal::Int(n) => Ok(*n),
        other => Err(no_conversion(interp, other.class_name(), "Integer")),
    };
    let (iterations, length) = (int(iterations)?, int(length)?);
    let algorithm = algorithm_named(interp, hash)?;
    if length < 0 {
        return interp.raise_as("ArgumentError", "negative string size (or size too big)");
    }
    if iterations < 1 {
        return interp.raise("PKCS5_PBKDF2_HMAC: invalid iteration count");
    }
    let (iterations, length) = (iterations as u64, length as usize);
    // The key's size and every round, charged before any is computed.
    grown(interp, 0, length)?;
    let blocks = length.div_ceil(digest(algorithm, &[]).len());
    interp.step(iterations.saturating_mul(blocks as u64))?;
    let key = hashing::pbkdf2(algorithm, &password, &salt, iterations, length);
    Ok(RVal::Object(Rc::new(RObject::Binary(key))))
}

/// The size limit on strings, and the steps of bytes added, for a buffer grown in place.
fn grown<H: RubyHost>(interp: &mut Interp<'_, H>, before: usize, after: usize) -> RResult<()> {
    let span = interp.span;
    interp
        .rt
        .check_string_growth(before, after, span)
        .map_err(super::interp::Flow::Stop)
}

/// The methods of a digest or HMAC object.
pub(crate) fn object_method<H: RubyHost>(
    interp: &mut Interp<'_, H>,
    call: Call,
    hasher: &Hasher,
) -> RResult<RVal> {
    let (name, args) = (call.name, call.args);
    match name {
        "<<" | "update" => {
            let bytes = bytes_of(interp, args)?;
            let before = hasher.data.borrow().len();
            grown(interp, before, before.saturating_add(bytes.len()))?;
            hasher.data.borrow_mut().extend_from_slice(&bytes);
            Ok(call.recv.clone())
        }
        "reset" => {
            arity(interp, args, 0, 0)?;
            hasher.data.borrow_mut().clear();
            Ok(call.recv.clone())
        }
        "name" if hasher.key.is_none() => {
            arity(interp, args, 0, 0)?;
            Ok(RVal::str(hasher.algorithm))
        }
        "digest" | "hexdigest" | "base64digest" => {
            // A digest given a String hashes it alone and starts over.
            let max = usize::from(hasher.key.is_none());
            arity(interp, args, 0, max)?;
            if !args.is_empty() {
                let bytes = bytes_of(interp, args)?;
                hasher.data.replace(bytes);
            }
            let raw = hasher.finish();
            if !args.is_empty() {
                hasher.data.borrow_mut().clear();
            }
            Ok(digest_result(raw, name))
        }
        _ => interp.no_method(name, call.recv),
    }
}
