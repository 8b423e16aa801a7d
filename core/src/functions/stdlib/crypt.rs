//! stdlib's `pw_hash(password, type, salt)`: the system `crypt(3)` hashes Puppet asks glibc for,
//! written from their published specifications: MD5-crypt (`$1$`) and SHA-crypt (`$5$`
//! SHA-256, `$6$` SHA-512, 5000 rounds). The bcrypt types are refused (they need Blowfish).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use md5::Md5;
use sha2::{Digest, Sha256, Sha512};

use super::hashing::unwrap_sensitive;
use crate::functions::declare::{Call, Def};
use crate::host::{CallSite, EvalResult, FunctionHost};
use crate::value::Value;

const ITOA64: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// crypt's base-64: `n` characters of the 24-bit number the three bytes make, low bits first.
fn b64(out: &mut String, b2: u8, b1: u8, b0: u8, n: usize) {
    let mut w = (u32::from(b2) << 16) | (u32::from(b1) << 8) | u32::from(b0);
    for _ in 0..n {
        out.push(char::from(ITOA64[(w & 0x3f) as usize]));
        w >>= 6;
    }
}

/// What hashing `len` bytes costs in evaluation steps: a compression of a 64-byte block weighs
/// about as much as eight steps of the evaluator.
fn blocks_of(len: usize) -> u64 {
    (len as u64 / 64 + 1) * 8
}

/// `bytes` repeated to `len` bytes.
fn cycle(bytes: &[u8], len: usize) -> Vec<u8> {
    bytes.iter().copied().cycle().take(len).collect()
}

/// SHA-crypt with digest `D` (32 or 64 bytes), 5000 rounds; the blocks hashed charged as steps
/// before they are hashed.
fn sha_crypt<D: Digest + Clone>(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    password: &[u8],
    salt: &[u8],
) -> EvalResult<Vec<u8>> {
    let n = <D as Digest>::output_size();
    let hash = |parts: &[&[u8]]| {
        let mut d = D::new();
        for part in parts {
            d.update(part);
        }
        d.finalize().to_vec()
    };
    let b = hash(&[password, salt, password]);
    let mut a = D::new();
    a.update(password);
    a.update(salt);
    let mut left = password.len();
    while left > n {
        a.update(&b);
        left -= n;
    }
    a.update(&b[..left]);
    let mut bits = password.len();
    while bits > 0 {
        if bits & 1 == 1 {
            a.update(&b);
        } else {
            a.update(password);
        }
        bits >>= 1;
    }
    let mut a = a.finalize().to_vec();
    // Hashing the password once per byte of it: charged by the blocks hashed.
    let blocks = blocks_of(password.len());
    let mut dp = D::new();
    for _ in 0..password.len() {
        host.step(blocks, site.span)?;
        dp.update(password);
    }
    let p = cycle(&dp.finalize(), password.len());
    let mut ds = D::new();
    for _ in 0..16 + usize::from(a[0]) {
        ds.update(salt);
    }
    let s = cycle(&ds.finalize(), salt.len());
    for _ in 0..5000usize {
        host.step(blocks, site.span)?;
    }
    for round in 0..5000usize {
        let mut c = D::new();
        if round % 2 == 1 {
            c.update(&p);
        } else {
            c.update(&a);
        }
        if round % 3 != 0 {
            c.update(&s);
        }
        if round % 7 != 0 {
            c.update(&p);
        }
        if round % 2 == 1 {
            c.update(&a);
        } else {
            c.update(&p);
        }
        a = c.finalize().to_vec();
    }
    Ok(a)
}

fn sha256_crypt(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    password: &[u8],
    salt: &[u8],
) -> EvalResult<String> {
    let a = sha_crypt::<Sha256>(host, site, password, salt)?;
    let mut out = String::new();
    for k in 0..10 {
        let (x, y, z) = match k % 3 {
            0 => (k, k + 10, k + 20),
            1 => (k + 20, k, k + 10),
            _ => (k + 10, k + 20, k),
        };
        b64(&mut out, a[x], a[y], a[z], 4);
    }
    b64(&mut out, 0, a[31], a[30], 3);
    Ok(out)
}

fn sha512_crypt(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    password: &[u8],
    salt: &[u8],
) -> EvalResult<String> {
    let a = sha_crypt::<Sha512>(host, site, password, salt)?;
    let mut out = String::new();
    for k in 0..21 {
        let (x, y, z) = match k % 3 {
            0 => (k, k + 21, k + 42),
            1 => (k + 21, k + 42, k),
            _ => (k + 42, k, k + 21),
        };
        b64(&mut out, a[x], a[y], a[z], 4);
    }
    b64(&mut out, 0, 0, a[63], 2);
    Ok(out)
}

fn md5_crypt(
    host: &mut dyn FunctionHost,
    site: &CallSite,
    password: &[u8],
    salt: &[u8],
) -> EvalResult<String> {
    let alt = Md5::new()
        .chain_update(password)
        .chain_update(salt)
        .chain_update(password)
        .finalize();
    let mut ctx = Md5::new();
    ctx.update(password);
    ctx.update(b"$1$");
    ctx.update(salt);
    let mut left = password.len();
    while left > 0 {
        let take = left.min(16);
        ctx.update(&alt[..take]);
        left -= take;
    }
    let mut bits = password.len();
    while bits > 0 {
        if bits & 1 == 1 {
            ctx.update([0u8]);
        } else {
            ctx.update(&password[..1]);
        }
        bits >>= 1;
    }
    let mut f = ctx.finalize().to_vec();
    for _ in 0..1000usize {
        host.step(blocks_of(password.len()), site.span)?;
    }
    for round in 0..1000usize {
        let mut c = Md5::new();
        if round % 2 == 1 {
            c.update(password);
        } else {
            c.update(&f);
        }
        if round % 3 != 0 {
            c.update(salt);
        }
        if round % 7 != 0 {
            c.update(password);
        }
        if round % 2 == 1 {
            c.update(&f);
        } else {
            c.update(password);
        }
        f = c.finalize().to_vec();
    }
    let mut out = String::new();
    for (x, y, z) in [(0, 6, 12), (1, 7, 13), (2, 8, 14), (3, 9, 15), (4, 10, 5)] {
        b64(&mut out, f[x], f[y], f[z], 4);
    }
    b64(&mut out, 0, 0, f[11], 2);
    Ok(out)
}

pub(super) fn pw_hash(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    let password = match unwrap_sensitive(&args[0]) {
        Value::String(text) => String::from(&**text),
        Value::Undef => String::new(),
        _ => return Err(site.fail("pw_hash(): first argument must be a string")),
    };
    let Value::String(kind) = unwrap_sensitive(&args[1]) else {
        return Err(site.fail("pw_hash(): second argument must be a string"));
    };
    let prefix = match kind.to_lowercase().as_str() {
        "md5" => "1",
        "sha-256" => "5",
        "sha-512" => "6",
        "bcrypt" | "bcrypt-a" | "bcrypt-x" | "bcrypt-y" => {
            return Err(site.fail(
                "The function 'pw_hash' is not available in the playground: its bcrypt types need the compiling host's crypt(3) with Blowfish",
            ))
        }
        _ => {
            return Err(site.fail(format!(
                "pw_hash(): {kind} is not a valid hash type"
            )))
        }
    };
    let Value::String(salt) = unwrap_sensitive(&args[2]) else {
        return Err(site.fail("pw_hash(): third argument must be a string"));
    };
    if salt.is_empty() {
        return Err(site.fail("pw_hash(): third argument must not be empty"));
    }
    if !salt
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'/')
    {
        return Err(site.fail("pw_hash(): characters in salt must be in the set [a-zA-Z0-9./]"));
    }
    if password.is_empty() {
        return Ok(Value::Undef);
    }
    // glibc reads at most 8 salt characters for MD5, 16 for SHA.
    let max = if prefix == "1" { 8 } else { 16 };
    let salt = &salt.as_bytes()[..salt.len().min(max)];
    let encoded = match prefix {
        "1" => md5_crypt(host, site, password.as_bytes(), salt)?,
        "5" => sha256_crypt(host, site, password.as_bytes(), salt)?,
        _ => sha512_crypt(host, site, password.as_bytes(), salt)?,
    };
    let salt = core::str::from_utf8(salt).unwrap_or_default();
    Ok(Value::string(&format!("${prefix}${salt}${encoded}")))
}

/// The functions of this family, declared.
pub(super) const DEFS: &[Def] = &[Def::stdlib("pw_hash", pw_hash)
    .arity(3)
    .doc("A password hashed as crypt(3) does it: MD5, SHA-256 or SHA-512 with a salt")];
