//! Conversion of byte offsets (the core's positions) to UTF-16 code-unit offsets (the browser's).

/// Byte offset → UTF-16 offset over one source text: constant time for ASCII text, otherwise a
/// binary search over marks every [`STRIDE`] bytes and a short scan (the page converts a position
/// per statement and per diagnostic: a scan from the start each time was quadratic, 1.5 s for a
/// 10,000-statement program).
pub struct Utf16Positions<'s> {
    source: &'s str,
    /// `(byte offset, UTF-16 offset)` at char boundaries about `STRIDE` bytes apart; empty for ASCII.
    marks: Vec<(u32, u32)>,
}

/// Bytes between two marks.
const STRIDE: usize = 256;

impl<'s> Utf16Positions<'s> {
    pub fn new(source: &'s str) -> Self {
        let mut marks = Vec::new();
        if !source.is_ascii() {
            let mut units = 0u32;
            let mut next = 0usize;
            for (at, ch) in source.char_indices() {
                if at >= next {
                    marks.push((at as u32, units));
                    next = at + STRIDE;
                }
                units += ch.len_utf16() as u32;
            }
        }
        Utf16Positions { source, marks }
    }

    /// The UTF-16 offset of a byte offset (clamped to the text, snapped back to a char boundary).
    pub fn offset(&self, byte_offset: u32) -> u32 {
        let mut end = (byte_offset as usize).min(self.source.len());
        if self.marks.is_empty() {
            return end as u32; // ASCII: one unit per byte
        }
        while !self.source.is_char_boundary(end) {
            end -= 1;
        }
        let at = self
            .marks
            .partition_point(|&(byte, _)| byte as usize <= end);
        let (byte, units) = self.marks[at.saturating_sub(1)];
        units
            + self.source[byte as usize..end]
                .chars()
                .map(char::len_utf16)
                .sum::<usize>() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same answers as counting from the start, at every byte of mixed texts.
    #[test]
    fn marks_give_the_counted_offsets() {
        let mixed = "é😀a\u{10FFFF}".repeat(300) + "tail";
        for src in [mixed.as_str(), "plain ascii", "", "😀"] {
            let positions = Utf16Positions::new(src);
            for byte in 0..=src.len() as u32 + 2 {
                let mut end = (byte as usize).min(src.len());
                while !src.is_char_boundary(end) {
                    end -= 1;
                }
                let counted = src[..end].chars().map(char::len_utf16).sum::<usize>() as u32;
                assert_eq!(positions.offset(byte), counted, "byte {byte} of {src:?}");
            }
        }
    }

    #[test]
    fn astral_characters_count_two_units() {
        let src = "'😀' / 0";
        let positions = Utf16Positions::new(src);
        let slash = src.find('/').unwrap() as u32;
        assert_eq!(positions.offset(slash), 5);
    }
}
