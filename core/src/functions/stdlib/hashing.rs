//! stdlib's functions that hash or draw from a seed: `str2saltedsha512` (a salted SHA-512 of a
//! password), `str2saltedpbkdf2` (PBKDF2-HMAC-SHA512, as macOS user resources want it) and
//! `seeded_rand_string` (Ruby's `Random` seeded by the SHA-256 of a seed).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use sha2::{Digest, Sha256, Sha512};

use super::{class, counted};
use crate::functions::declare::{opt, req, Call, Def};
use crate::functions::fqdn_rand::Mt;
use crate::host::EvalResult;
use crate::value::{Hash, Value};

pub(super) fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
        out.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
    }
    out
}

/// `str2saltedsha512(password)`: four salt bytes, then the SHA-512 of salt and password, in hex.
/// stdlib draws the salt from Ruby's `rand`, different on every run; the playground takes it
/// from the password's own SHA-512, so that a catalog stays the same from run to run (any salt
/// gives a hash that checks).
pub(super) fn str2saltedsha512(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1)
        .or_say("str2saltedsha512(): Wrong number of arguments passed ({} but we require 1)")?;
    let Value::String(password) = &args[0] else {
        return Err(site.fail(format!(
            "str2saltedsha512(): Requires a String argument, you passed: {}",
            class(&args[0])
        )));
    };
    let seed = Sha512::digest(password.as_bytes());
    let salt = [seed[0], seed[1], seed[2], seed[3] & 0x7f];
    let mut hasher = Sha512::new();
    hasher.update(salt);
    hasher.update(password.as_bytes());
    let mut out = salt.to_vec();
    out.extend_from_slice(&hasher.finalize());
    Ok(Value::string(&hex(&out)))
}

/// HMAC-SHA512 with the key's inner and outer states prepared once.
struct Hmac {
    inner: Sha512,
    outer: Sha512,
}

impl Hmac {
    fn new(key: &[u8]) -> Hmac {
        let mut block = [0u8; 128];
        if key.len() > 128 {
            block[..64].copy_from_slice(&Sha512::digest(key));
        } else {
            block[..key.len()].copy_from_slice(key);
        }
        let mut inner = Sha512::new();
        let mut outer = Sha512::new();
        inner.update(block.map(|b| b ^ 0x36));
        outer.update(block.map(|b| b ^ 0x5c));
        Hmac { inner, outer }
    }

    fn mac(&self, parts: &[&[u8]]) -> [u8; 64] {
        let mut inner = self.inner.clone();
        for part in parts {
            inner.update(part);
        }
        let mut outer = self.outer.clone();
        outer.update(inner.finalize());
        outer.finalize().into()
    }
}

/// What a Sensitive argument holds (stdlib's hashing functions unwrap it).
pub(super) fn unwrap_sensitive(value: &Value) -> &Value {
    match value {
        Value::Sensitive(inner) => inner,
        other => other,
    }
}

pub(super) fn str2saltedpbkdf2(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 3..=3)
        .or_say("str2saltedpbkdf2(): wrong number of arguments ({} for 3)")?;
    let Value::String(password) = unwrap_sensitive(&args[0]) else {
        return Err(site.fail("str2saltedpbkdf2(): first argument must be a string"));
    };
    let Value::String(salt) = unwrap_sensitive(&args[1]) else {
        return Err(site.fail("str2saltedpbkdf2(): second argument must be a string"));
    };
    if salt.len() < 8 {
        return Err(site.fail("str2saltedpbkdf2(): second argument must be at least 8 bytes long"));
    }
    let Value::Integer(iterations) = *unwrap_sensitive(&args[2]) else {
        return Err(site.fail("str2saltedpbkdf2(): third argument must be an integer"));
    };
    if !(40_001..70_000).contains(&iterations) {
        return Err(
            site.fail("str2saltedpbkdf2(): third argument must be between 40,000 and 70,000")
        );
    }
    let hmac = Hmac::new(password.as_bytes());
    let mut key = Vec::with_capacity(128);
    for block in 1u32..=2 {
        let mut u = hmac.mac(&[salt.as_bytes(), &block.to_be_bytes()]);
        let mut t = u;
        for _ in 1..iterations {
            host.step(1, site.span)?;
            u = hmac.mac(&[&u]);
            t.iter_mut().zip(u.iter()).for_each(|(a, b)| *a ^= b);
        }
        key.extend_from_slice(&t);
    }
    let mut out = Hash::new();
    out.insert(Value::string("password_hex"), Value::string(&hex(&key)));
    out.insert(
        Value::string("salt_hex"),
        Value::string(&hex(salt.as_bytes())),
    );
    out.insert(Value::string("iterations"), Value::Integer(iterations));
    Ok(Value::Hash(out))
}

const ALPHANUMERIC: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

pub(super) fn seeded_rand_string(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let (Value::Integer(length), Value::String(seed)) = (&args[0], &args[1]) else {
        return Ok(Value::Undef);
    };
    let charset: Vec<char> = match args.get(2) {
        Some(Value::String(text)) => text.chars().collect(),
        _ => ALPHANUMERIC.chars().collect(),
    };
    // `Random.new(SHA256(seed).hex.to_i(16))`: the digest as one big number, low words first.
    let mut random = Mt::from_digest(&Sha256::digest(seed.as_bytes()));
    let mut out = String::new();
    for _ in 0..*length {
        host.step(1, site.span)?;
        let at = random.up_to(charset.len() as u64 - 1) as usize;
        out.extend(charset.get(at));
    }
    host.check_string(&out, site.span)?;
    Ok(Value::string(&out))
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("seeded_rand_string", seeded_rand_string)
        .takes(&[&[
            req("length", "Integer[1]"), req("seed", "String"), opt("charset", "String[2]"),
        ]])
        .shim_in_stdlib9().checked().doc("A random string of a length, the same for the same seed"),
    Def::stdlib("str2saltedsha512", str2saltedsha512)
        .doc("A password as a salted SHA-512 hash in hex (the salt from the password itself)"),
    Def::stdlib("str2saltedpbkdf2", str2saltedpbkdf2)
        .doc("A password as PBKDF2-HMAC-SHA512 (hash, salt and iterations in hex)"),
];
