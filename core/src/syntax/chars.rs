//! Byte classes shared by the lexer and the validator: `\w` (`[a-zA-Z0-9_]`) by table lookup, and
//! runs of it eight bytes at a time.

/// `WORD[b]` is true for the bytes of `[a-zA-Z0-9_]`.
static WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// Whether `b` is one of `[a-zA-Z0-9_]`.
#[inline(always)]
pub(crate) fn is_word(b: u8) -> bool {
    WORD[b as usize]
}

/// How many bytes of `[a-zA-Z0-9_]` `bytes` starts with: eight at a time (names and variables are
/// most of a manifest's bytes), the last few with the eight that end the text; one at a time only
/// in a text shorter than eight bytes.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
pub(crate) fn word_run(bytes: &[u8]) -> usize {
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(chunk);
        let others = !word_bytes(u64::from_le_bytes(eight)) & HIGHS;
        if others != 0 {
            return at + (others.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let left = bytes.len().saturating_sub(at);
    if left > 0 && bytes.len() >= 8 {
        // Fewer than eight left: the text's last eight bytes, shifted so that the byte at `at`
        // comes first and zeros (not word bytes) fill in after the end.
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&bytes[bytes.len() - 8..]);
        let tail = u64::from_le_bytes(eight) >> (8 * (8 - left));
        let others = !word_bytes(tail) & HIGHS;
        return at + (others.trailing_zeros() / 8) as usize;
    }
    let rest = bytes.get(at..).unwrap_or(&[]);
    at + rest.iter().position(|&b| !is_word(b)).unwrap_or(rest.len())
}

/// The browser's engines scan one byte at a time: the eight-byte form costs their size budget
/// (scripts/check-wasm-size.sh) more than it buys their parse.
#[cfg(target_arch = "wasm32")]
#[inline]
pub(crate) fn word_run(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| !is_word(b))
        .unwrap_or(bytes.len())
}

#[cfg(not(target_arch = "wasm32"))]
const ONES: u64 = 0x0101_0101_0101_0101;
#[cfg(not(target_arch = "wasm32"))]
const HIGHS: u64 = ONES * 0x80;
#[cfg(not(target_arch = "wasm32"))]
const SEVEN_BITS: u64 = ONES * 0x7f;

/// The high bit of each byte of `eight` set where that byte is one of `[a-zA-Z0-9_]` (the other
/// bits are not meaningful). Each byte is first cut to seven bits, so no sum carries into the next
/// byte; a byte whose own high bit was set is not a word byte.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn word_bytes(eight: u64) -> u64 {
    let low = eight & SEVEN_BITS;
    // The high bit of `b + (0x80 - lo)` is set when b >= lo, of `b + (0x7f - hi)` when b > hi.
    let within = |x: u64, lo: u8, hi: u8| {
        x.wrapping_add(ONES * u64::from(0x80 - lo)) & !x.wrapping_add(ONES * u64::from(0x7f - hi))
    };
    // `| 0x20` makes `A-Z` into `a-z` and nothing else into `a-z`.
    let letters = within(low | (ONES * 0x20), b'a', b'z');
    let digits = within(low, b'0', b'9');
    let underscores = !((low ^ (ONES * u64::from(b'_'))).wrapping_add(SEVEN_BITS));
    (letters | digits | underscores) & !eight
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_runs_agree_with_the_table_for_every_byte_at_every_position() {
        for b in 0..=255u8 {
            for at in 0..12 {
                let mut bytes = [b'a'; 12];
                bytes[at] = b;
                let expected = if is_word(b) { 12 } else { at };
                assert_eq!(word_run(&bytes), expected, "byte {b:#x} at {at}");
                assert_eq!(
                    word_run(&bytes[..at + 1]),
                    if is_word(b) { at + 1 } else { at }
                );
            }
        }
        for len in 0..20 {
            for stop in 0..=len {
                let mut bytes = alloc::vec![b'x'; len];
                if stop < len {
                    bytes[stop] = b'-';
                }
                for from in 0..=len {
                    let expected = stop.max(from) - from;
                    let expected = if stop < from { len - from } else { expected };
                    assert_eq!(word_run(&bytes[from..]), expected, "{len} {stop} {from}");
                }
            }
        }
        assert_eq!(word_run(b""), 0);
        assert_eq!(word_run(b"package_ensure::x"), 14);
        assert_eq!(word_run("abcdefgh\u{e9}".as_bytes()), 8);
    }
}
