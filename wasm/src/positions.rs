//! The facade's one conversion of positions: the engine's UTF-8 byte offsets to the UTF-16 code
//! units the browser's editor counts, and back (`OffsetEncoding` for every report and answer).

use puppet_core::report::OffsetEncoding;

/// UTF-16 offsets, with each text's marks made once per report or answer.
#[derive(Default)]
pub struct Utf16 {
    /// Each text's marks with its address and length: the texts outlive the encoder, which lives
    /// for one report or answer. A list, not a map (a map's code costs the engines about 1.5 KB
    /// gzipped), searched from the text used last: conversions come in runs over one file.
    texts: Vec<((usize, usize), Marks)>,
    last: usize,
}

/// `(byte offset, UTF-16 offset)` at character starts about `STRIDE` bytes apart; none for ASCII
/// text (one unit per byte). A conversion is a binary search and a short scan: the page converts a
/// position per statement and per diagnostic, and a scan from the start each time was quadratic
/// (1.5 s for a 10,000-statement program).
struct Marks(Vec<(usize, u32)>);

/// Bytes between two marks.
const STRIDE: usize = 256;

impl Marks {
    fn new(text: &str) -> Marks {
        let mut marks = Vec::new();
        if !text.is_ascii() {
            let mut units = 0u32;
            let mut next = 0usize;
            for (at, ch) in text.char_indices() {
                if at >= next {
                    marks.push((at, units));
                    next = at + STRIDE;
                }
                units += ch.len_utf16() as u32;
            }
        }
        Marks(marks)
    }
}

impl Utf16 {
    fn marks(&mut self, text: &str) -> &Marks {
        let key = (text.as_ptr() as usize, text.len());
        let known = |&(k, _): &((usize, usize), Marks)| k == key;
        if !self.texts.get(self.last).is_some_and(known) {
            self.last = match self.texts.iter().position(known) {
                Some(at) => at,
                None => {
                    self.texts.push((key, Marks::new(text)));
                    self.texts.len() - 1
                }
            };
        }
        &self.texts[self.last].1
    }
}

impl OffsetEncoding for Utf16 {
    fn offset(&mut self, text: &str, byte: usize) -> u32 {
        let mut end = byte.min(text.len());
        let marks = &self.marks(text).0;
        if marks.is_empty() {
            return u32::try_from(end).unwrap_or(u32::MAX);
        }
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let (from, units) = marks[marks
            .partition_point(|&(at, _)| at <= end)
            .saturating_sub(1)];
        let counted: usize = text[from..end].chars().map(char::len_utf16).sum();
        units.saturating_add(u32::try_from(counted).unwrap_or(u32::MAX))
    }

    fn byte(&mut self, text: &str, offset: u32) -> usize {
        let marks = &self.marks(text).0;
        if marks.is_empty() {
            return text.len().min(offset as usize);
        }
        let (from, mut units) = marks[marks
            .partition_point(|&(_, u)| u <= offset)
            .saturating_sub(1)];
        for (at, c) in text[from..].char_indices() {
            units += c.len_utf16() as u32;
            if units > offset {
                return from + at;
            }
        }
        text.len()
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
            let mut utf16 = Utf16::default();
            for byte in 0..=src.len() + 2 {
                let mut end = byte.min(src.len());
                while !src.is_char_boundary(end) {
                    end -= 1;
                }
                let counted = src[..end].chars().map(char::len_utf16).sum::<usize>() as u32;
                assert_eq!(utf16.offset(src, byte), counted, "byte {byte} of {src:?}");
                // Back again: the character's start (a unit inside a pair is its start too).
                assert_eq!(utf16.byte(src, counted), end, "unit {counted} of {src:?}");
            }
        }
    }

    #[test]
    fn offsets_past_the_end_or_inside_a_pair_are_safe() {
        let mut utf16 = Utf16::default();
        let source = "😀x";
        assert_eq!(utf16.byte(source, 1), 0);
        assert_eq!(utf16.byte(source, 2), 4);
        assert_eq!(utf16.byte(source, 99), source.len());
        assert_eq!(utf16.offset("'😀' / 0", 7), 5);
    }
}
