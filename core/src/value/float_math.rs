//! `trunc`, `fract` and `round` of an `f64` without the standard library (they are `std`-only
//! methods), bit for bit what `std` gives.

/// 2^52: every float from here on is an integer.
const INTEGRAL: f64 = 4_503_599_627_370_496.0;

/// `f64::trunc`: the integer part, towards zero (`-0.5` gives `-0.0`).
pub(crate) fn trunc(x: f64) -> f64 {
    // Not below 2^52 (or NaN): already an integer.
    if x.abs() >= INTEGRAL || x.is_nan() {
        return x;
    }
    let integer = (x as i64) as f64;
    // Keep the sign of a zero result (`-0.5` truncates to `-0.0`).
    f64::from_bits(integer.to_bits() | (x.to_bits() & (1 << 63)))
}

/// `f64::fract`: what `trunc` leaves.
pub(crate) fn fract(x: f64) -> f64 {
    x - trunc(x)
}

/// `f64::round`: to the nearest integer, halves away from zero.
pub(crate) fn round(x: f64) -> f64 {
    if x.abs() >= INTEGRAL || x.is_nan() {
        return x;
    }
    let integer = trunc(x);
    let rest = x - integer;
    if rest >= 0.5 {
        integer + 1.0
    } else if rest <= -0.5 {
        integer - 1.0
    } else {
        integer
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    extern crate std;

    #[test]
    fn the_same_as_std() {
        let mut values = std::vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            0.49999999999999994,
            -0.49999999999999994,
            4503599627370495.5,
            -4503599627370495.5,
            4503599627370496.0,
            1e300,
            -1e-300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN_POSITIVE,
            123.456,
            -987.654,
        ];
        let mut bits = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            values.push(f64::from_bits(bits));
            values.push((bits % 10_000_000) as f64 / 1000.0 - 5000.0);
        }
        let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
        for x in values {
            assert!(same(super::trunc(x), x.trunc()), "trunc {x}");
            assert!(same(super::round(x), x.round()), "round {x}");
            assert!(same(super::fract(x), x.fract()), "fract {x}");
        }
        assert!(super::trunc(f64::NAN).is_nan() && super::round(f64::NAN).is_nan());
    }
}
