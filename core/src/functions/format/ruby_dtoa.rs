//! Ruby's rounding of `%.Nf` and `%.Ne`: where Ruby's dtoa (David Gay's, with Ruby's change) decides a
//! last digit in floating point and finds itself within its error bound of a tie, it rounds half to even
//! on the digits (`sprintf('%.1f', 0.45)` is `0.4`, `99.55` gives `99.6`, `2.15` gives `2.2`), although
//! the binary value lies on the other side of the tie. Everywhere else it rounds exactly, as Rust does.
//!
//! [`fixed`] and [`scientific`] give Rust's `{:.N}` and `{:.Ne}` texts with that rule; the quick path
//! below reproduces dtoa's floating-point steps operation by operation to find the same cases.

use alloc::format;
use alloc::string::String;

/// dtoa's `tens`: the powers of ten a double holds exactly.
const TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
/// dtoa's `bigtens`.
const BIG_TENS: [f64; 5] = [1e16, 1e32, 1e64, 1e128, 1e256];
/// dtoa's `Quick_max`: most digits the floating-point path generates.
const QUICK_MAX: i32 = 14;

/// `format!("{value:.prec$}")` for a finite `value >= 0`, rounded as Ruby's `%.{prec}f`.
pub(crate) fn fixed(value: f64, prec: usize) -> String {
    match half_even_digits(value, prec.saturating_add(1), true) {
        // `0.d1d2... × 10^(exponent + 1)`: pad with zeros on both sides, then place the point.
        Some((digits, exponent, _)) => {
            let leading = usize::try_from(-exponent).unwrap_or(0);
            let whole = usize::try_from(exponent + 1).unwrap_or(0).max(1);
            let mut text = "0".repeat(leading) + &digits;
            let wanted = whole + prec;
            while text.len() < wanted {
                text.push('0');
            }
            text.truncate(wanted);
            if prec > 0 {
                text.insert(whole, '.');
            }
            text
        }
        None => crate::value::float_digits::fixed(value, prec),
    }
}

/// `format!("{value:.prec$e}")` for a finite `value >= 0`, rounded as Ruby's `%.{prec}e`.
pub(crate) fn scientific(value: f64, prec: usize) -> String {
    match half_even_digits(value, prec.saturating_add(1), false) {
        Some((digits, exponent, _)) => scientific_text(digits, exponent, prec),
        None => crate::value::float_digits::scientific(value, prec),
    }
}

/// Digits `d1 d2 ...` with the first one's decimal exponent, as `{:.prec$e}` writes them.
fn scientific_text(mut digits: String, exponent: i32, prec: usize) -> String {
    while digits.len() < prec + 1 {
        digits.push('0');
    }
    if prec > 0 {
        digits.insert(1, '.');
    }
    format!("{digits}e{exponent}")
}

/// Whether Ruby's `%g` with `significant` digits keeps the trailing zeros of `value`'s digits
/// (`sprintf('%.3g', 1.205)` is `1.20`, but `1.105` gives `1.1`): in the half case that keeps its last
/// digit although the value lies above the tie (exact rounding would round up), dtoa hands the
/// digits over unstripped.
pub(crate) fn g_keeps_trailing_zeros(value: f64, significant: usize) -> bool {
    let Some(prec) = significant.checked_sub(1) else {
        return false;
    };
    match half_even_digits(value, significant, false) {
        Some((digits, exponent, false)) => {
            scientific_text(digits, exponent, prec)
                != crate::value::float_digits::scientific(value, prec)
        }
        _ => false,
    }
}

/// When dtoa's quick path ends within its error bound of a tie: the digits rounded half to even, the
/// decimal exponent of the first one, and whether the last digit was bumped up. `None` when the quick path does not apply or decides the
/// last digit for certain (then exact rounding gives Ruby's answer). `fixed`: dtoa's mode 3 with
/// `ndigits - 1` decimals (`ndigits` counts the digit before them); otherwise mode 2, `ndigits`
/// significant digits.
// dtoa's own truncated constants (0.301029995663981 is not std's LOG10_2) give its estimate of k.
#[allow(clippy::approx_constant)]
fn half_even_digits(value: f64, ndigits: usize, fixed: bool) -> Option<(String, i32, bool)> {
    let ndigits = i32::try_from(ndigits).ok()?;
    if !(value.is_finite() && value > 0.0) {
        return None;
    }
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        return None; // subnormal: dtoa's exact path
    }
    // dtoa's estimate of k = floor(log10(value)) from the binary exponent, then its check.
    let mantissa = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    let binary_exponent = biased - 1023;
    let estimate = (mantissa - 1.5) * 0.289529654602168
        + 0.1760912590558
        + f64::from(binary_exponent) * 0.301029995663981;
    let mut k = estimate as i32;
    if estimate < 0.0 && estimate != f64::from(k) {
        k -= 1;
    }
    let mut k_check = true;
    if (0..=22).contains(&k) {
        if value < TENS[k as usize] {
            k -= 1;
        }
        k_check = false;
    }
    let (mut ilim, ilim1) = if fixed {
        let digits = ndigits - 1 + k + 1;
        (digits, digits - 1)
    } else {
        let digits = ndigits.max(1);
        (digits, digits)
    };
    if !(0..=QUICK_MAX).contains(&ilim) {
        return None;
    }
    let mut d = value;
    let mut ieps = 2;
    if k > 0 {
        let mut ds = TENS[(k & 0xf) as usize];
        let mut j = k >> 4;
        if j & 0x10 != 0 {
            j &= 0xf;
            d /= BIG_TENS[4];
            ieps += 1;
        }
        let mut i = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                ds *= BIG_TENS[i];
            }
            j >>= 1;
            i += 1;
        }
        d /= ds;
    } else if k < 0 {
        let j1 = -k;
        d *= TENS[(j1 & 0xf) as usize];
        let mut j = j1 >> 4;
        let mut i = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                d *= *BIG_TENS.get(i)?;
            }
            j >>= 1;
            i += 1;
        }
    }
    if k_check && d < 1.0 && ilim > 0 {
        if ilim1 <= 0 {
            return None;
        }
        ilim = ilim1;
        k -= 1;
        d *= 10.0;
        ieps += 1;
    }
    if ilim == 0 {
        return None; // decided by one comparison with 5 (or exactly): no half case
    }
    // eps = (ieps·d + 7) · 2^-52, then scaled to the last digit.
    let eps = (f64::from(ieps) * d + 7.0)
        * f64::from_bits(0x3cb0_0000_0000_0000)
        * TENS[(ilim - 1) as usize];
    let mut digits = String::new();
    let mut i = 1;
    loop {
        let whole = d as i64;
        d -= whole as f64;
        if d == 0.0 {
            ilim = i;
        }
        digits.push(char::from_digit(u32::try_from(whole).ok()?, 10)?);
        if i == ilim {
            if d > 0.5 + eps || d < 0.5 - eps {
                return None;
            }
            break;
        }
        i += 1;
        d *= 10.0;
    }
    // Within the bound of a tie: half to even on the digits.
    let bump = digits.ends_with(['1', '3', '5', '7', '9']);
    if bump {
        while digits.ends_with('9') {
            digits.pop();
        }
        match digits
            .pop()
            .and_then(|last| char::from_digit(last.to_digit(10)? + 1, 10))
        {
            Some(bumped) => digits.push(bumped),
            None => {
                digits.push('1');
                k += 1;
            }
        }
    }
    Some((digits, k, bump))
}
