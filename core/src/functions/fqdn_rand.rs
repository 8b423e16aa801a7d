//! `fqdn_rand(MAX, [SEED], [DOWNCASE])`: the number Puppet 7 gives a node, exactly. Puppet seeds
//! Ruby's `Random` (MT19937) with the MD5 of `"<fqdn>:<max>:<seed>"` read as one big integer and
//! takes `rand(max)`: this is that generator, Ruby's seeding (`init_genrand` for a one-word seed,
//! `init_by_array` for more) and its bounded draw (`limited_rand`: masked 32-bit draws, retried
//! while above the limit). Golden data from real Puppet: tests/conformance/cases/node.txt.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::declare::{rep, req, Call, Def};
use crate::host::EvalResult;
use crate::text::TrimBy;
use crate::value::ruby_to_s;
use crate::value::Value;

const N: usize = 624;
const M: usize = 397;

/// Ruby's Mersenne Twister (MT19937, 32-bit output).
pub(crate) struct Mt {
    state: [u32; N],
    next: usize,
}

impl Mt {
    fn from_word(seed: u32) -> Mt {
        let mut state = [0u32; N];
        state[0] = seed;
        for i in 1..N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt { state, next: N }
    }

    fn from_words(key: &[u32]) -> Mt {
        let mut mt = Mt::from_word(19_650_218);
        let s = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = s[i - 1];
            s[i] = (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                s[0] = s[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = s[i - 1];
            s[i] =
                (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                s[0] = s[N - 1];
                i = 1;
            }
        }
        s[0] = 0x8000_0000;
        mt
    }

    /// `Random.new(seed)` for a non-negative seed given as 32-bit words, least significant first:
    /// Ruby's `rand_init` takes the words the number needs, drops a most significant word that
    /// is exactly 1 (its "leading-zero guard", even when the seed was given), and seeds with one
    /// word through `init_genrand`, with more through `init_by_array`.
    pub(crate) fn ruby(seed: &[u32]) -> Mt {
        let mut len = seed.iter().rposition(|w| *w != 0).map_or(1, |at| at + 1);
        if len > 1 && seed[len - 1] == 1 {
            len -= 1;
        }
        match &seed[..len.min(seed.len())] {
            [] => Mt::from_word(0),
            [one] => Mt::from_word(*one),
            words => Mt::from_words(words),
        }
    }

    /// Ruby's `Random.new(digest.hex.to_i(16))`: the digest's bytes read as one big number, in
    /// 32-bit words, least significant first.
    pub(crate) fn from_digest(digest: &[u8]) -> Mt {
        let words: Vec<u32> = digest
            .chunks(4)
            .rev()
            .map(|w| u32::from_be_bytes([w[0], w[1], w[2], w[3]]))
            .collect();
        Mt::ruby(&words)
    }

    /// Ruby's `Random.new(MD5(text).hex)`: the generator `fqdn_rand` (and stdlib's
    /// `fqdn_rotate` and `seeded_rand`) draw from.
    pub(crate) fn md5(text: &str) -> Mt {
        use md5::Digest;
        Mt::from_digest(&md5::Md5::digest(text.as_bytes()))
    }

    fn refill(&mut self) {
        let s = &mut self.state;
        let mix = |upper: u32, lower: u32, far: u32| {
            let y = (upper & 0x8000_0000) | (lower & 0x7fff_ffff);
            far ^ (y >> 1) ^ if lower & 1 == 1 { 0x9908_b0df } else { 0 }
        };
        for k in 0..N - M {
            s[k] = mix(s[k], s[k + 1], s[k + M]);
        }
        for k in N - M..N - 1 {
            s[k] = mix(s[k], s[k + 1], s[k + M - N]);
        }
        s[N - 1] = mix(s[N - 1], s[0], s[M - 1]);
        self.next = 0;
    }

    pub(crate) fn next_u32(&mut self) -> u32 {
        if self.next >= N {
            self.refill();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `rand(limit + 1)`: Ruby's `limited_rand`, a uniform integer in `0..=limit`.
    pub(crate) fn up_to(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        'retry: loop {
            let mut value = 0u64;
            for word in (0..2).rev() {
                if (mask >> (word * 32)) & 0xffff_ffff == 0 {
                    continue;
                }
                value |= u64::from(self.next_u32()) << (word * 32);
                value &= mask;
                if limit < value {
                    continue 'retry;
                }
            }
            return value;
        }
    }
}

/// Ruby's `String#to_i`: leading blanks, a sign, decimal digits (single `_` between them);
/// anything else ends the number. `None` beyond 64 bits.
pub(super) fn ruby_to_i(text: &str) -> Option<i64> {
    let text = text.trim_start_by(&|c| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'));
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    let mut last_digit = false;
    let bytes = digits.as_bytes();
    for (at, &b) in bytes.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                value = value.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
                last_digit = true;
            }
            b'_' if last_digit && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) => {
                last_digit = false;
            }
            _ => break,
        }
    }
    Some(if negative { -value } else { value })
}

/// `[fqdn, max, seed].join(':')` as Ruby joins: arrays flattened, `nil` empty, others `to_s`.
pub(super) fn join_into(out: &mut String, value: &Value) {
    match value {
        Value::Array(items) => {
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push(':');
                }
                join_into(out, item);
            }
        }
        other => out.push_str(&ruby_to_s(other)),
    }
}

pub(super) fn fqdn_rand(Call(host, site, args, ..): Call) -> EvalResult<Value> {
    if args.is_empty() {
        return Err(site.fail(format!(
            "{}(): Wrong number of arguments given (0 for minimum 1)",
            site.name
        )));
    }
    let max = match &args[0] {
        Value::Integer(n) => Some(*n),
        Value::Float(f) if f.is_finite() => Some(*f as i64),
        Value::String(text) => ruby_to_i(text),
        Value::Undef => Some(0),
        other => {
            return Err(site.fail(format!(
                // Ruby's NoMethodError: its message goes on over lines, so Puppet's first line
                // has no position.
                "undefined method `to_i' for {}:{}\n(raised by fqdn_rand's Ruby code, which reads MAX with to_i)",
                crate::value::ruby_inspect(other),
                crate::types::ruby_class(other)
            )));
        }
    };
    let Some(max) = max else {
        return Err(site.fail("fqdn_rand: MAX beyond 64-bit integers is not supported"));
    };
    let seed = args.get(1).cloned().unwrap_or(Value::Undef);
    let downcase = args
        .get(2)
        .is_some_and(|d| !matches!(d, Value::Boolean(false)));
    let facts = host.variable("facts").unwrap_or(Value::Undef);
    let fqdn = match &facts {
        Value::Hash(facts) => match facts.get(&Value::string("networking")) {
            Some(Value::Hash(networking)) => networking
                .get(&Value::string("fqdn"))
                .cloned()
                .unwrap_or(Value::Undef),
            None | Some(Value::Undef) => Value::Undef,
            Some(other) => {
                return Err(site.fail(format!(
                    "{} does not have #dig method",
                    crate::types::ruby_class(other)
                )))
            }
        },
        _ => Value::Undef,
    };
    let fqdn = match (&fqdn, downcase) {
        (Value::String(name), true) => Value::string(&crate::value::case::downcase(name)),
        (Value::Undef, true) => {
            return Err(site.fail("undefined method `downcase' for nil:NilClass"));
        }
        _ => fqdn,
    };
    let mut text = String::new();
    join_into(&mut text, &fqdn);
    text.push(':');
    text.push_str(&format!("{max}"));
    text.push(':');
    join_into(&mut text, &seed);
    if max <= 0 {
        return Err(site.fail(format!("invalid argument - {max}")));
    }
    let value = Mt::md5(&text).up_to(max as u64 - 1);
    Ok(Value::Integer(value as i64))
}

/// `fqdn_rand`, declared.
pub(super) const DEFS: &[Def] = &[Def::puppet("fqdn_rand", fqdn_rand)
    .takes(&[&[req("max", "Variant[Integer, String]"), rep("seed", "Any")]])
    .with_3x()
    .doc("A number below max, random but stable for the node")];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_sequence_of_mt19937() {
        // Matsumoto and Nishimura's mt19937ar.c: init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut mt = Mt::from_words(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(
            first,
            [1067595299, 955945823, 477289528, 4107218783, 4228976476]
        );
    }

    #[test]
    fn ruby_random_with_small_and_large_seeds() {
        // ruby -e 'p Random.new(42).rand(100), Random.new(2**64 + 5).rand(1000), Random.new(7).rand(2**40)'
        assert_eq!(Mt::ruby(&[42]).up_to(99), 51);
        assert_eq!(Mt::ruby(&[5, 0, 1]).up_to(999), 240);
        assert_eq!(Mt::ruby(&[7]).up_to((1 << 40) - 1), 752_595_690_692);
    }

    #[test]
    fn ruby_to_i_reads_as_ruby_does() {
        for (text, value) in [
            ("42", Some(42)),
            ("  -7x", Some(-7)),
            ("1_000", Some(1000)),
            ("1__0", Some(1)),
            ("_1", Some(0)),
            ("0x10", Some(0)),
            ("abc", Some(0)),
            ("+3", Some(3)),
            ("99999999999999999999999", None),
        ] {
            assert_eq!(ruby_to_i(text), value, "{text}");
        }
    }
}
