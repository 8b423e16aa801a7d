//! Places in a manifest as the editor-knowledge commands take and print them: `FILE:LINE:COL`,
//! 1-based, columns in characters, to and from byte offsets; a file's path inside an environment.

use std::path::Path;

/// `FILE:LINE:COL`, split from the right (a file name may hold colons).
pub fn parse_place(place: &str) -> Option<(&str, usize, usize)> {
    let (rest, column) = place.rsplit_once(':')?;
    let (file, line) = rest.rsplit_once(':')?;
    Some((file, line.parse().ok()?, column.parse().ok()?))
}

/// The byte offset of 1-based `line` and character `column` in `text`, if the line exists (a
/// column past the line's end is its end).
pub fn offset_of(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = if line == 1 {
        0
    } else {
        text.match_indices('\n').nth(line.checked_sub(2)?)?.0 + 1
    };
    let line_text = text[start..].split('\n').next().unwrap_or("");
    let within = line_text
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line_text.len(), |(at, _)| at);
    Some(start + within)
}

/// 1-based line and character column of byte `at` of `text`.
pub fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// FILE's path inside the environment directory `dir` (`/`-separated), if it is there.
pub fn path_inside(dir: &Path, file: &str) -> Option<String> {
    let file = std::fs::canonicalize(file).ok()?;
    let dir = std::fs::canonicalize(dir).ok()?;
    let relative = file.strip_prefix(dir).ok()?;
    Some(
        relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_offsets_and_positions() {
        assert_eq!(parse_place("a:b.pp:2:5"), Some(("a:b.pp", 2, 5)));
        assert_eq!(parse_place("a.pp:2"), None);
        let text = "$é = 1\n$x = 2\n";
        assert_eq!(offset_of(text, 1, 2), Some(1));
        assert_eq!(offset_of(text, 2, 2), Some(9));
        assert_eq!(offset_of(text, 2, 99), Some(14));
        assert_eq!(offset_of(text, 9, 1), None);
        // `$x` on the second line; `1` after the two-byte `é`, in characters.
        assert_eq!(line_and_column(text, 8), (2, 1));
        assert_eq!(line_and_column(text, 6), (1, 6));
    }
}
