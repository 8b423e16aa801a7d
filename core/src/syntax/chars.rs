//! Byte classes shared by the lexer and the validator: `\w` (`[a-zA-Z0-9_]`) by table lookup.

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

/// How many bytes of `[a-zA-Z0-9_]` `bytes` starts with.
#[inline]
pub(crate) fn word_run(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| !is_word(b))
        .unwrap_or(bytes.len())
}
