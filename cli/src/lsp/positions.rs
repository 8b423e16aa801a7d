//! LSP positions (line and UTF-16 code unit, the protocol's default encoding) and byte offsets
//! of a text, converted at the server's boundary: the engine counts bytes.

use lsp_types::{Position, Range};

/// A text's line starts, for converting positions both ways.
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

/// A position past the text's last line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfRange {
    pub line: u32,
    pub lines: usize,
}

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {} is past the end of the document ({} lines)",
            self.line, self.lines
        )
    }
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines { text, starts }
    }

    /// The byte offset of a position. A character past its line's end means the line's end (as
    /// the protocol says); a line past the last is refused.
    pub fn offset(&self, position: Position) -> Result<usize, OutOfRange> {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return Err(OutOfRange {
                line: position.line,
                lines: self.starts.len(),
            });
        };
        let end = self
            .starts
            .get(line + 1)
            .map_or(self.text.len(), |next| next - 1);
        let line_text = &self.text[start..end];
        let line_text = line_text.strip_suffix('\r').unwrap_or(line_text);
        let mut units = 0u32;
        for (at, c) in line_text.char_indices() {
            let width = c.len_utf16() as u32;
            if units + width > position.character {
                return Ok(start + at);
            }
            units += width;
        }
        Ok(start + line_text.len())
    }

    /// The position of a byte offset (one inside a character counts as that character's start;
    /// past the end is the end).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = self.text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    /// The range of two byte offsets.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end.max(start)))
    }

    /// The byte offsets of a range (its ends in order).
    pub fn offsets(&self, range: Range) -> Result<(usize, usize), OutOfRange> {
        let start = self.offset(range.start)?;
        let end = self.offset(range.end)?;
        Ok((start.min(end), start.max(end)))
    }
}

/// The UTF-16 length of a text (a signature's parameter offsets within its label).
pub fn utf16_len(text: &str) -> u32 {
    text.chars().map(|c| c.len_utf16() as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_after_non_ascii_text() {
        // "é" is one UTF-16 unit and two bytes; "😀" two units and four bytes.
        let text = "$a = 'é😀'\nnotice($a)\r\nx";
        let lines = Lines::new(text);
        let after_emoji = text.find("'\n").unwrap_or(0);
        assert_eq!(lines.position(after_emoji), Position::new(0, 9));
        assert_eq!(lines.offset(Position::new(0, 9)), Ok(after_emoji));
        assert_eq!(
            lines.offset(Position::new(1, 7)),
            Ok(text.find("$a)").unwrap_or(0))
        );
        // Inside the surrogate pair: the emoji's start.
        assert_eq!(
            lines.offset(Position::new(0, 8)),
            Ok(text.find('😀').unwrap_or(0))
        );
        assert_eq!(
            lines.position(text.find('😀').unwrap_or(0) + 1),
            Position::new(0, 7)
        );
    }

    #[test]
    fn out_of_range_positions() {
        let text = "ab\ncd";
        let lines = Lines::new(text);
        // Past a line's end: the line's end (before "\r\n" or "\n").
        assert_eq!(lines.offset(Position::new(0, 99)), Ok(2));
        assert_eq!(lines.offset(Position::new(1, 99)), Ok(5));
        assert_eq!(
            lines.offset(Position::new(2, 0)),
            Err(OutOfRange { line: 2, lines: 2 })
        );
        assert_eq!(lines.position(99), Position::new(1, 2));
        assert_eq!(Lines::new("").offset(Position::new(0, 5)), Ok(0));
    }
}
