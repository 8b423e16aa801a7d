//! Positions in UTF-8 text: the character at a byte, and the character boundaries around it.

/// The character at byte `at` of UTF-8 text, and the byte after it.
#[inline]
pub(crate) fn decode(text: &[u8], at: usize) -> Option<(u32, usize)> {
    let first = u32::from(*text.get(at)?);
    if first < 0x80 {
        return Some((first, at + 1));
    }
    let byte = |i: usize| u32::from(text.get(at + i).copied().unwrap_or(0x80) & 0x3F);
    Some(if first < 0xE0 {
        (((first & 0x1F) << 6) | byte(1), at + 2)
    } else if first < 0xF0 {
        (((first & 0x0F) << 12) | (byte(1) << 6) | byte(2), at + 3)
    } else {
        (
            ((first & 0x07) << 18) | (byte(1) << 12) | (byte(2) << 6) | byte(3),
            at + 4,
        )
    })
}

/// The start of the character before byte `at` (a character boundary above 0).
#[inline]
pub(crate) fn prev_boundary(text: &[u8], at: usize) -> usize {
    let mut i = at.saturating_sub(1);
    while i > 0 && text.get(i).is_some_and(|b| b & 0xC0 == 0x80) {
        i -= 1;
    }
    i
}

/// The start of the character after the one at `at`.
#[inline]
pub(crate) fn next_boundary(text: &[u8], at: usize) -> usize {
    decode(text, at).map_or(at + 1, |(_, next)| next)
}
