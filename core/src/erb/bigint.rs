//! Ruby's Integer beyond 64 bits (Ruby's Bignum): a sign and a magnitude of 32-bit limbs, with
//! the arithmetic modules' Ruby uses (IPv6 addresses as numbers, CPU masks). Sizes are bounded by
//! [`MAX_BITS`]: an operation whose result would be larger returns `None`, which the caller makes
//! a diagnostic. Results that fit in 64 bits go back to `RVal::Int` ([`Big::into_rval`]).
//!
//! Hand-written rather than `num-bigint`: the browser's full engine had about 5 KB left in its
//! size budget, and num-bigint's general algorithms (Karatsuba and Toom-3 products, its radix
//! conversions, its traits) are several times that; numbers here are at most a few thousand bits,
//! for which the schoolbook algorithms below are enough.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::value::RVal;

/// The largest integer's size in bits (8 KiB): `1 << 100_000` or `2 ** 100_000` is refused.
pub(crate) const MAX_BITS: u64 = 65_536;

/// A magnitude: limbs, least significant first, with no zero limb at the end.
type Mag = Vec<u32>;

/// An integer of any size (within [`MAX_BITS`]).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Big {
    neg: bool,
    mag: Mag,
}

/// In decimal (no derived field-by-field form: less code in the browser's engine).
impl core::fmt::Debug for Big {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.to_radix(10))
    }
}

fn trim(mut m: Mag) -> Mag {
    while m.last() == Some(&0) {
        m.pop();
    }
    m
}

fn mag_bits(m: &[u32]) -> u64 {
    match m.last() {
        Some(top) => m.len() as u64 * 32 - u64::from(top.leading_zeros()),
        None => 0,
    }
}

fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn add_mag(a: &[u32], b: &[u32]) -> Mag {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(a.len() + 1);
    let mut carry = 0u64;
    for (i, &x) in a.iter().enumerate() {
        let s = u64::from(x) + u64::from(b.get(i).copied().unwrap_or(0)) + carry;
        out.push(s as u32);
        carry = s >> 32;
    }
    out.push(carry as u32);
    trim(out)
}

/// `a - b`, with `a >= b`.
fn sub_mag(a: &[u32], b: &[u32]) -> Mag {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i64;
    for (i, &x) in a.iter().enumerate() {
        let d = i64::from(x) - i64::from(b.get(i).copied().unwrap_or(0)) - borrow;
        out.push(d as u32);
        borrow = i64::from(d < 0);
    }
    trim(out)
}

fn mul_mag(a: &[u32], b: &[u32]) -> Mag {
    let mut out = vec![0u32; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate() {
            let t = u64::from(x) * u64::from(y) + u64::from(out[i + j]) + carry;
            out[i + j] = t as u32;
            carry = t >> 32;
        }
        out[i + b.len()] = carry as u32;
    }
    trim(out)
}

/// `a / d` and `a % d` for one limb `d > 0`.
fn divrem_small(a: &[u32], d: u32) -> (Mag, u32) {
    let mut q = vec![0u32; a.len()];
    let mut r = 0u64;
    for i in (0..a.len()).rev() {
        let cur = (r << 32) | u64::from(a[i]);
        q[i] = (cur / u64::from(d)) as u32;
        r = cur % u64::from(d);
    }
    (trim(q), r as u32)
}

fn shl_mag(a: &[u32], k: u64) -> Mag {
    if a.is_empty() {
        return Vec::new();
    }
    let (limbs, bits) = ((k / 32) as usize, (k % 32) as u32);
    let mut out = vec![0u32; limbs];
    let mut carry = 0u32;
    for &x in a {
        out.push((x << bits) | carry);
        carry = if bits == 0 { 0 } else { x >> (32 - bits) };
    }
    out.push(carry);
    trim(out)
}

fn shr_mag(a: &[u32], k: u64) -> Mag {
    let limbs = (k / 32) as usize;
    if limbs >= a.len() {
        return Vec::new();
    }
    let bits = (k % 32) as u32;
    let rest = &a[limbs..];
    let out = (0..rest.len())
        .map(|i| {
            let high = rest.get(i + 1).copied().unwrap_or(0);
            if bits == 0 {
                rest[i]
            } else {
                (rest[i] >> bits) | (high << (32 - bits))
            }
        })
        .collect();
    trim(out)
}

/// `a / b` and `a % b` of magnitudes, `b` not zero: long division a bit at a time (small code for
/// the browser's engine; at most [`MAX_BITS`] steps of the divisor's length).
fn divrem_mag(a: &[u32], b: &[u32]) -> (Mag, Mag) {
    let mut q = vec![0u32; a.len()];
    let mut r: Mag = Vec::with_capacity(b.len() + 1);
    for i in (0..mag_bits(a)).rev() {
        // r = r * 2 + the next bit of a.
        let mut carry = (a[(i / 32) as usize] >> (i % 32)) & 1;
        for limb in r.iter_mut() {
            let top = *limb >> 31;
            *limb = (*limb << 1) | carry;
            carry = top;
        }
        if carry == 1 {
            r.push(1);
        }
        if cmp_mag(&r, b) != Ordering::Less {
            let mut borrow = 0i64;
            for (k, limb) in r.iter_mut().enumerate() {
                let d = i64::from(*limb) - i64::from(b.get(k).copied().unwrap_or(0)) - borrow;
                *limb = d as u32;
                borrow = i64::from(d < 0);
            }
            r = trim(r);
            q[(i / 32) as usize] |= 1 << (i % 32);
        }
    }
    (trim(q), r)
}

/// A magnitude's two's complement over `len` limbs (`len` more than its own).
fn twos(x: &Big, len: usize) -> Vec<u32> {
    let mut m = x.mag.clone();
    m.resize(len, 0);
    if x.neg {
        let minus_one = sub_mag(&x.mag, &[1]);
        m = minus_one.iter().map(|l| !l).collect();
        m.resize(len, u32::MAX);
    }
    m
}

/// A two's complement number (`len` limbs) read back.
fn from_twos(mut m: Vec<u32>) -> Big {
    let neg = m.last().is_some_and(|top| top >> 31 == 1);
    if neg {
        m.iter_mut().for_each(|l| *l = !*l);
        m = add_mag(&trim(m), &[1]);
    }
    Big::new(neg, m)
}

/// A bit operator.
#[derive(Clone, Copy)]
pub(crate) enum Bits {
    And,
    Or,
    Xor,
}

impl Big {
    fn new(neg: bool, mag: Mag) -> Big {
        let mag = trim(mag);
        Big {
            neg: neg && !mag.is_empty(),
            mag,
        }
    }

    pub fn from_i64(n: i64) -> Big {
        Big::from_u128(n < 0, u128::from(n.unsigned_abs()))
    }

    pub fn from_u128(neg: bool, n: u128) -> Big {
        Big::new(neg, (0..4).map(|i| (n >> (32 * i)) as u32).collect())
    }

    pub fn is_neg(&self) -> bool {
        self.neg
    }

    pub fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }

    pub fn is_odd(&self) -> bool {
        self.mag.first().is_some_and(|l| l & 1 == 1)
    }

    /// Limbs, for charging work.
    pub fn limbs(&self) -> u64 {
        self.mag.len() as u64
    }

    /// The value in 64 bits, when it fits.
    pub fn to_i64(&self) -> Option<i64> {
        let m = self.abs().to_u128()?;
        let m = i128::try_from(m).ok()?;
        i64::try_from(if self.neg { -m } else { m }).ok()
    }

    /// The value in 128 bits without a sign, when it fits (an IPv6 address).
    pub fn to_u128(&self) -> Option<u128> {
        if self.neg || self.mag.len() > 4 {
            return None;
        }
        Some(
            self.mag
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 32) | u128::from(l)),
        )
    }

    /// The value as Ruby keeps it: an Integer of 64 bits when it fits.
    pub fn into_rval(self) -> RVal {
        match self.to_i64() {
            Some(n) => RVal::Int(n),
            None => RVal::Big(Rc::new(self)),
        }
    }

    /// Ruby's `bit_length`: the bits of the number, of its complement when negative.
    pub fn bit_length(&self) -> u64 {
        if self.neg {
            mag_bits(&sub_mag(&self.mag, &[1]))
        } else {
            mag_bits(&self.mag)
        }
    }

    pub fn to_f64(&self) -> f64 {
        let f = self
            .mag
            .iter()
            .rev()
            .fold(0.0, |acc, &l| acc * 4_294_967_296.0 + f64::from(l));
        if self.neg {
            -f
        } else {
            f
        }
    }

    pub fn neg(&self) -> Big {
        Big::new(!self.neg, self.mag.clone())
    }

    pub fn abs(&self) -> Big {
        Big::new(false, self.mag.clone())
    }

    pub fn cmp(&self, other: &Big) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_mag(&self.mag, &other.mag),
            (true, true) => cmp_mag(&other.mag, &self.mag),
        }
    }

    pub fn add(&self, other: &Big) -> Option<Big> {
        let out = if self.neg == other.neg {
            Big::new(self.neg, add_mag(&self.mag, &other.mag))
        } else if cmp_mag(&self.mag, &other.mag) == Ordering::Less {
            Big::new(other.neg, sub_mag(&other.mag, &self.mag))
        } else {
            Big::new(self.neg, sub_mag(&self.mag, &other.mag))
        };
        bounded(out)
    }

    pub fn sub(&self, other: &Big) -> Option<Big> {
        self.add(&other.neg())
    }

    pub fn mul(&self, other: &Big) -> Option<Big> {
        if mag_bits(&self.mag) + mag_bits(&other.mag) > MAX_BITS + 1 {
            return None;
        }
        bounded(Big::new(
            self.neg != other.neg,
            mul_mag(&self.mag, &other.mag),
        ))
    }

    /// Ruby's flooring division and modulo (the remainder has the divisor's sign); `None` for a
    /// zero divisor.
    pub fn divmod(&self, other: &Big) -> Option<(Big, Big)> {
        if other.is_zero() {
            return None;
        }
        let (q, r) = divrem_mag(&self.mag, &other.mag);
        let differ = self.neg != other.neg;
        let (q, r) = if differ && !r.is_empty() {
            (add_mag(&q, &[1]), sub_mag(&other.mag, &r))
        } else {
            (q, r)
        };
        Some((Big::new(differ, q), Big::new(other.neg, r)))
    }

    /// `self ** e`.
    pub fn pow(&self, e: u64) -> Option<Big> {
        if mag_bits(&self.mag) <= 1 {
            // 0, 1 and -1.
            let neg = self.neg && e % 2 == 1;
            let mag = if e == 0 { vec![1] } else { self.mag.clone() };
            return Some(Big::new(neg, mag));
        }
        if (mag_bits(&self.mag) - 1).saturating_mul(e) > MAX_BITS {
            return None;
        }
        let (mut base, mut e, mut out) = (self.clone(), e, Big::from_i64(1));
        while e > 0 {
            if e & 1 == 1 {
                out = out.mul(&base)?;
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base)?;
            }
        }
        Some(out)
    }

    /// `self << k`.
    pub fn shl(&self, k: u64) -> Option<Big> {
        if self.is_zero() {
            return Some(self.clone());
        }
        if mag_bits(&self.mag).saturating_add(k) > MAX_BITS {
            return None;
        }
        Some(Big::new(self.neg, shl_mag(&self.mag, k)))
    }

    /// `self >> k`, flooring as Ruby does (`-1 >> 100` is -1).
    pub fn shr(&self, k: u64) -> Big {
        if self.neg {
            let m = shr_mag(&sub_mag(&self.mag, &[1]), k);
            Big::new(true, add_mag(&m, &[1]))
        } else {
            Big::new(false, shr_mag(&self.mag, k))
        }
    }

    /// `&`, `|` or `^`, on two's complements as Ruby's are.
    pub fn bits(&self, other: &Big, op: Bits) -> Big {
        let len = self.mag.len().max(other.mag.len()) + 1;
        let (a, b) = (twos(self, len), twos(other, len));
        let out = a
            .iter()
            .zip(b.iter())
            .map(|(&x, &y)| match op {
                Bits::And => x & y,
                Bits::Or => x | y,
                Bits::Xor => x ^ y,
            })
            .collect();
        from_twos(out)
    }

    /// `~self`: `-self - 1`.
    pub fn not(&self) -> Big {
        let m = if self.neg {
            sub_mag(&self.mag, &[1])
        } else {
            add_mag(&self.mag, &[1])
        };
        Big::new(!self.neg, m)
    }

    /// The digits in `base` (2 to 36), lowercase, with a `-` when negative.
    pub fn to_radix(&self, base: u32) -> String {
        if self.is_zero() {
            return String::from("0");
        }
        // The largest power of the base in a limb, and its digits.
        let (mut chunk, mut per) = (base, 1);
        while let Some(next) = chunk.checked_mul(base) {
            chunk = next;
            per += 1;
        }
        let mut digits: Vec<u8> = Vec::new();
        let mut m = self.mag.clone();
        while !m.is_empty() {
            let (q, mut r) = divrem_small(&m, chunk);
            m = q;
            for _ in 0..per {
                if m.is_empty() && r == 0 {
                    break;
                }
                let d = (r % base) as u8;
                digits.push(if d < 10 { b'0' + d } else { b'a' + d - 10 });
                r /= base;
            }
        }
        if self.neg {
            digits.push(b'-');
        }
        digits.iter().rev().map(|&b| char::from(b)).collect()
    }

    /// The number of digits in `base` (2 to 36; no sign, no underscores); `None` for an empty text,
    /// a character that is no digit, or a number over [`MAX_BITS`].
    pub fn parse(neg: bool, digits: &str, base: u32) -> Option<Big> {
        let bits_per_digit = 32 - base.leading_zeros() as u64;
        if digits.is_empty() || digits.len() as u64 * bits_per_digit > MAX_BITS + 64 {
            return None;
        }
        let mut mag: Mag = Vec::new();
        for c in digits.chars() {
            let d = c.to_digit(base)?;
            let mut carry = u64::from(d);
            for limb in mag.iter_mut() {
                let t = u64::from(*limb) * u64::from(base) + carry;
                *limb = t as u32;
                carry = t >> 32;
            }
            if carry > 0 {
                mag.push(carry as u32);
            }
        }
        bounded(Big::new(neg, mag))
    }
}

fn bounded(b: Big) -> Option<Big> {
    (mag_bits(&b.mag) <= MAX_BITS).then_some(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    fn big(text: &str) -> Big {
        match text.strip_prefix('-') {
            Some(rest) => Big::parse(true, rest, 10).unwrap(),
            None => Big::parse(false, text, 10).unwrap(),
        }
    }

    #[test]
    fn division_floors_and_round_trips() {
        let a = big("123456789012345678901234567890123456789");
        let b = big("-98765432109876543210987");
        let (q, r) = a.divmod(&b).unwrap();
        assert_eq!(q.to_radix(10), "-1249999988609376");
        assert_eq!(r.to_radix(10), "-98751368791973770957323");
        assert_eq!(q.mul(&b).unwrap().add(&r).unwrap(), a);
    }

    #[test]
    fn bits_of_negatives_are_twos_complements() {
        let a = big("-18446744073709551616");
        assert_eq!(a.bits(&big("255"), Bits::And).to_radix(10), "0");
        assert_eq!(
            a.bits(&big("-1"), Bits::Xor).to_radix(10),
            "18446744073709551615"
        );
        assert_eq!(a.shr(70).to_radix(10), "-1");
        assert_eq!(a.not().to_radix(16), "ffffffffffffffff");
        assert_eq!(a.bit_length(), 64);
    }

    /// Against u128's own arithmetic, on operands of 1 to 4 limbs (division's multi-limb paths).
    #[test]
    fn arithmetic_agrees_with_u128() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            seed
        };
        // Hacker's Delight's cases where algorithm D's estimated quotient limb is one too large.
        for (a, b) in [
            (
                0x8000_0000_0000_0000_0000_0003_u128,
                0x2000_0000_0000_0000_0000_0001_u128,
            ),
            (
                0x7fff_ffff_8000_0000_0000_0000_0000_0000,
                0x8000_0000_0000_0000_0000_0001,
            ),
        ] {
            let (q, r) = Big::from_u128(false, a)
                .divmod(&Big::from_u128(false, b))
                .unwrap();
            assert_eq!((q.to_u128(), r.to_u128()), (Some(a / b), Some(a % b)));
        }
        for _ in 0..20_000 {
            let wide = |x: u64, y: u64, bits: u32| ((u128::from(x) << 64) | u128::from(y)) >> bits;
            let (a, b) = (
                wide(next(), next(), (next() % 128) as u32),
                wide(next(), next(), (next() % 128) as u32).max(1),
            );
            let (x, y) = (Big::from_u128(false, a), Big::from_u128(false, b));
            let (q, r) = x.divmod(&y).unwrap();
            assert_eq!(
                (q.to_u128(), r.to_u128()),
                (Some(a / b), Some(a % b)),
                "{a} / {b}"
            );
            let (m, n) = (a as u64, b as u64);
            assert_eq!(
                Big::from_u128(false, u128::from(m))
                    .mul(&Big::from_u128(false, u128::from(n)))
                    .unwrap()
                    .to_u128(),
                Some(u128::from(m) * u128::from(n))
            );
            if let Some(sum) = a.checked_add(b) {
                assert_eq!(x.add(&y).unwrap().to_u128(), Some(sum));
            }
            assert_eq!(x.to_radix(16), format!("{a:x}"));
            assert_eq!(Big::parse(false, &format!("{a}"), 10), Some(x));
        }
    }

    #[test]
    fn sizes_are_bounded() {
        assert!(big("2").pow(1_000_000_000).is_none());
        assert!(big("1").shl(1_000_000_000).is_none());
        assert_eq!(big("-1").pow(1_000_000_001).unwrap().to_radix(10), "-1");
    }
}
