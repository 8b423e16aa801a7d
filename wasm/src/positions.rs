//! Conversion of byte offsets (the core's positions) to UTF-16 code-unit offsets (the browser's).

/// Byte offset → UTF-16 offset over one source text.
pub struct Utf16Positions<'s> {
    source: &'s str,
}

impl<'s> Utf16Positions<'s> {
    pub fn new(source: &'s str) -> Self {
        Utf16Positions { source }
    }

    /// The UTF-16 offset of a byte offset (clamped to the text, snapped back to a char boundary).
    pub fn offset(&self, byte_offset: u32) -> u32 {
        let mut end = (byte_offset as usize).min(self.source.len());
        while !self.source.is_char_boundary(end) {
            end -= 1;
        }
        self.source[..end]
            .chars()
            .map(char::len_utf16)
            .sum::<usize>() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn astral_characters_count_two_units() {
        let src = "'😀' / 0";
        let positions = Utf16Positions::new(src);
        let slash = src.find('/').unwrap() as u32;
        assert_eq!(positions.offset(slash), 5);
    }
}
