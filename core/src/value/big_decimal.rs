//! The exact decimal digits of `m × 2^e` (a double's mantissa and exponent): a minimal unsigned
//! big integer (shift, multiply by a small number, divide out base-10^9 chunks), enough for the
//! float formatting of `float_digits.rs`.

use alloc::string::String;
use alloc::vec::Vec;

/// The largest power of five below 2^32: multiplying by 5^13 at a time.
const FIVE_POW_13: u32 = 1_220_703_125;

/// Little-endian 32-bit limbs of an unsigned integer.
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u64(value: u64) -> BigUint {
        BigUint(alloc::vec![value as u32, (value >> 32) as u32])
    }

    fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow5(&mut self, mut exponent: u32) {
        while exponent >= 13 {
            self.mul_small(FIVE_POW_13);
            exponent -= 13;
        }
        self.mul_small(5u32.pow(exponent));
    }

    fn shl(&mut self, bits: u32) {
        let (words, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let next = *limb >> (32 - bits);
                *limb = (*limb << bits) | carry;
                carry = next;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if words > 0 {
            let mut shifted = alloc::vec![0; words];
            shifted.append(&mut self.0);
            self.0 = shifted;
        }
    }

    /// Divide by 10^9 in place, returning the remainder.
    fn div_billion(&mut self) -> u32 {
        let mut remainder = 0u64;
        for limb in self.0.iter_mut().rev() {
            let current = (remainder << 32) | u64::from(*limb);
            *limb = (current / 1_000_000_000) as u32;
            remainder = current % 1_000_000_000;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        remainder as u32
    }

    /// The decimal digits, most significant first, without leading zeros ("0" for zero).
    fn into_decimal(mut self) -> String {
        let mut chunks = Vec::new();
        while !self.0.is_empty() {
            chunks.push(self.div_billion());
        }
        let mut text = String::new();
        for (i, chunk) in chunks.iter().rev().enumerate() {
            let mut buffer = itoa::Buffer::new();
            let digits = buffer.format(*chunk);
            if i > 0 {
                text.push_str(&"000000000"[digits.len()..]);
            }
            text.push_str(digits);
        }
        if text.is_empty() {
            text.push('0');
        }
        text
    }
}

/// `mantissa × 2^exponent` as decimal digits `D` (no leading zeros) and the count of digits after
/// the decimal point: the value is `D / 10^scale`. Several calls with the same `exponent` give
/// the same scale, so their digit strings compare as integers.
pub(super) fn exact_digits(mantissa: u64, exponent: i32) -> (String, u32) {
    let mut number = BigUint::from_u64(mantissa);
    if exponent >= 0 {
        number.shl(exponent.unsigned_abs());
        (number.into_decimal(), 0)
    } else {
        // m / 2^k = m × 5^k / 10^k.
        number.mul_pow5(exponent.unsigned_abs());
        (number.into_decimal(), exponent.unsigned_abs())
    }
}
