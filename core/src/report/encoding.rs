//! How a caller counts offsets into a text: the engine counts UTF-8 bytes, an editor may count
//! otherwise (the browser's and the Language Server Protocol's default: UTF-16 code units).

/// Converts the engine's byte offsets into a caller's offsets and back. The wasm facade gives
/// one that counts UTF-16 code units; it may keep work per text (texts are alive for as long as one
/// report or answer is being built).
pub trait OffsetEncoding {
    /// The caller's offset of byte offset `byte` of `text` (clamped to the text; a byte inside a
    /// character counts as the character's start).
    fn offset(&mut self, text: &str, byte: usize) -> u32;

    /// The byte offset of the caller's `offset` into `text` (the text's end past it; the
    /// character's start for an offset inside one).
    fn byte(&mut self, text: &str, offset: u32) -> usize;
}

/// Offsets as the engine counts them: bytes of UTF-8.
#[derive(Debug, Clone, Copy, Default)]
pub struct Utf8Bytes;

impl OffsetEncoding for Utf8Bytes {
    fn offset(&mut self, text: &str, byte: usize) -> u32 {
        u32::try_from(char_start(text, byte)).unwrap_or(u32::MAX)
    }

    fn byte(&mut self, text: &str, offset: u32) -> usize {
        char_start(text, usize::try_from(offset).unwrap_or(usize::MAX))
    }
}

/// `byte` clamped to `text` and moved back to the start of the character it is in.
pub(crate) fn char_start(text: &str, byte: usize) -> usize {
    let mut at = byte.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_clamped_and_kept_on_character_starts() {
        let text = "é😀x";
        assert_eq!(Utf8Bytes.offset(text, 1), 0);
        assert_eq!(Utf8Bytes.offset(text, 4), 2);
        assert_eq!(Utf8Bytes.offset(text, 99), 7);
        assert_eq!(Utf8Bytes.byte(text, 6), 6);
        assert_eq!(Utf8Bytes.byte(text, u32::MAX), 7);
    }
}
