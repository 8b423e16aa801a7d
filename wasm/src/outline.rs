//! The document outline through the facade: the core's symbols with UTF-16 offsets (the editor's).

use puppet_core::ide::{self, Symbol};
use serde::Serialize;

use crate::positions::Utf16Positions;

/// One symbol of the outline: `start..end` the whole construct, `nameStart..nameEnd` its name
/// (UTF-16 offsets), its body's symbols in `children`.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JsSymbol {
    /// `class`, `define`, `function`, `type alias`, `node`, `resource`, `variable`, `statement`,
    /// `if`, `unless`, `case` or `branch`.
    pub kind: &'static str,
    pub name: String,
    pub detail: Option<String>,
    pub start: u32,
    pub end: u32,
    pub name_start: u32,
    pub name_end: u32,
    pub children: Vec<JsSymbol>,
}

/// The outline of `source`.
pub fn outline_to_data(source: &str) -> Vec<JsSymbol> {
    let positions = Utf16Positions::new(source);
    convert(&ide::outline(source), &positions)
}

fn convert(symbols: &[Symbol], positions: &Utf16Positions) -> Vec<JsSymbol> {
    let at = |byte: usize| positions.offset(u32::try_from(byte).unwrap_or(u32::MAX));
    symbols
        .iter()
        .map(|s| JsSymbol {
            kind: s.kind.as_str(),
            name: s.name.clone(),
            detail: s.detail.clone(),
            start: at(s.start),
            end: at(s.end),
            name_start: at(s.name_start),
            name_end: at(s.name_end),
            children: convert(&s.children, positions),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_utf16_after_non_ascii_text() {
        // `# é😀\n` is 6 UTF-16 units (9 bytes): `class ` starts at 6, its name `a` at 12.
        let source = "# é😀\nclass a {\n  $x = 'ü'\n}\n";
        let symbols = outline_to_data(source);
        assert_eq!(symbols.len(), 1);
        let class = &symbols[0];
        assert_eq!((class.kind, class.name.as_str()), ("class", "a"));
        assert_eq!((class.start, class.name_start, class.name_end), (6, 12, 13));
        // The text is 29 UTF-16 units; the class ends before the last newline.
        assert_eq!(class.end, 28);
        let variable = &class.children[0];
        assert_eq!(variable.kind, "variable");
        assert_eq!((variable.name_start, variable.name_end), (18, 20));
        assert_eq!(variable.detail.as_deref(), Some("'ü'"));
    }
}
