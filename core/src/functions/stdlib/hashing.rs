//! stdlib's functions that hash or draw from a seed: `str2saltedsha512` (a salted SHA-512 of a
//! password), `str2saltedpbkdf2` (PBKDF2-HMAC-SHA512, as macOS user resources want it) and
//! `seeded_rand_string` (Ruby's `Random` seeded by the SHA-256 of a seed); and the digests by
//! name, HMAC and PBKDF2 they share with the Ruby of modules' functions (its `openssl`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use sha2::{Digest, Sha256, Sha512};

use super::{class, counted};
use crate::functions::declare::{opt, req, Call, Def};
use crate::functions::fqdn_rand::Mt;
use crate::host::EvalResult;
use crate::value::{Hash, Value};

pub(super) use crate::functions::strings::hex;

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

/// The digest `algorithm` (`MD5`, `SHA1`, `SHA256`, else SHA512) of the parts, in order.
pub(crate) fn digest(algorithm: &str, parts: &[&[u8]]) -> Vec<u8> {
    let bytes = parts.concat();
    match algorithm {
        "MD5" => md5::Md5::digest(&bytes).to_vec(),
        "SHA1" => sha1::Sha1::digest(&bytes).to_vec(),
        "SHA256" => Sha256::digest(&bytes).to_vec(),
        _ => Sha512::digest(&bytes).to_vec(),
    }
}

/// HMAC (RFC 2104) with the digest `algorithm`.
pub(crate) fn hmac(algorithm: &str, key: &[u8], data: &[u8]) -> Vec<u8> {
    let block = if algorithm == "SHA512" { 128 } else { 64 };
    let mut padded = if key.len() > block {
        digest(algorithm, &[key])
    } else {
        key.to_vec()
    };
    padded.resize(block, 0);
    let pad = |with: u8| padded.iter().map(|b| b ^ with).collect::<Vec<u8>>();
    let inner = digest(algorithm, &[&pad(0x36), data]);
    digest(algorithm, &[&pad(0x5c), &inner])
}

/// PBKDF2 (RFC 8018) with HMAC of `algorithm`: `length` bytes, `iterations` (at least 1) rounds
/// for each block of the digest's size (callers charge them first).
pub(crate) fn pbkdf2(
    algorithm: &str,
    password: &[u8],
    salt: &[u8],
    iterations: u64,
    length: usize,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(length);
    let mut block: u32 = 0;
    while out.len() < length {
        block = block.wrapping_add(1);
        let mut round = hmac(algorithm, password, &[salt, &block.to_be_bytes()].concat());
        let mut sum = round.clone();
        for _ in 1..iterations {
            round = hmac(algorithm, password, &round);
            sum.iter_mut().zip(&round).for_each(|(a, b)| *a ^= b);
        }
        let take = sum.len().min(length - out.len());
        out.extend_from_slice(&sum[..take]);
    }
    out
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
    // Two blocks of SHA-512 make the 128 bytes.
    host.step(2 * iterations as u64, site.span)?;
    let key = pbkdf2(
        "SHA512",
        password.as_bytes(),
        salt.as_bytes(),
        iterations as u64,
        128,
    );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_as_the_rfcs_give_it() {
        // RFC 4231, test case 2 (HMAC-SHA256), and RFC 2202's (HMAC-MD5).
        let mac = hmac("SHA256", b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            hex(&mac),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        let mac = hmac("MD5", b"Jefe", b"what do ya want for nothing?");
        assert_eq!(hex(&mac), "750c783e6ab0b503eaa86e310a5db738");
    }

    #[test]
    fn pbkdf2_as_rfc_6070_gives_it() {
        let key = pbkdf2("SHA1", b"password", b"salt", 2, 20);
        assert_eq!(hex(&key), "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
    }
}
