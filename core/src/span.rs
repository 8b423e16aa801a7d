//! Source positions: byte-offset spans and a line index that turns offsets into line/column.

use crate::text::TrimBy;
use alloc::vec::Vec;

/// A range of bytes `[start, end)` in the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A 1-based line and column; the column counts characters (Unicode scalar values), as Puppet does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
}

/// The byte offset of every line start, for offset → line/column conversion.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(source: &str) -> Self {
        let mut line_starts = Vec::with_capacity(source.len() / 32 + 1);
        line_starts.push(0);
        for (offset, byte) in source.bytes().enumerate() {
            if byte == b'\n' {
                line_starts.push(offset as u32 + 1);
            }
        }
        LineIndex { line_starts }
    }

    /// Line and column of a byte offset (clamped to the source, snapped back to a char boundary).
    pub fn line_col(&self, source: &str, offset: u32) -> LineCol {
        let mut offset = (offset as usize).min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .line_starts
            .partition_point(|&start| start as usize <= offset)
            - 1;
        let line_start = self.line_starts[line] as usize;
        let column = source[line_start..offset].chars().count() + 1;
        LineCol {
            line: line as u32 + 1,
            column: column as u32,
        }
    }

    /// The text of a 1-based line, without its line terminator.
    pub fn line_text<'s>(&self, source: &'s str, line: u32) -> &'s str {
        let index = (line.max(1) - 1) as usize;
        let Some(&start) = self.line_starts.get(index) else {
            return "";
        };
        let end = self
            .line_starts
            .get(index + 1)
            .map_or(source.len(), |&next| next as usize);
        source[start as usize..end].trim_end_by(&|c| matches!(c, '\n' | '\r'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        let src = "é = 1\n\tx😀y\r\nz";
        let index = LineIndex::new(src);
        assert_eq!(index.line_col(src, 0), LineCol { line: 1, column: 1 });
        assert_eq!(index.line_col(src, 2), LineCol { line: 1, column: 2 });
        let y = src.find('y').unwrap() as u32;
        assert_eq!(index.line_col(src, y), LineCol { line: 2, column: 4 });
        let z = src.find('z').unwrap() as u32;
        assert_eq!(index.line_col(src, z), LineCol { line: 3, column: 1 });
        assert_eq!(index.line_text(src, 2), "\tx😀y");
    }
}
