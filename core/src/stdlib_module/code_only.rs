//! A Puppet file's text without its comment lines, computed at compile time.

/// `text` with the text of every comment line (blank, then `#` and the rest of the line) taken
/// out, its line ending kept, so that every other line keeps its number and columns. The first
/// `N` bytes of the result, and its whole length: `code_only::<0>(text).1` is the length to ask
/// for. Comments after code on a line stay, as does a `#` inside a string or heredoc that starts a
/// line (the built-in module's files have none).
pub(super) const fn code_only<const N: usize>(text: &str) -> ([u8; N], usize) {
    let bytes = text.as_bytes();
    let mut code = [0u8; N];
    let mut kept = 0;
    let mut at = 0;
    while at < bytes.len() {
        let mut first = at;
        while first < bytes.len() && (bytes[first] == b' ' || bytes[first] == b'\t') {
            first += 1;
        }
        let is_comment = first < bytes.len() && bytes[first] == b'#';
        let mut end = at;
        while end < bytes.len() && bytes[end] != b'\n' {
            end += 1;
        }
        let mut from = if is_comment { end } else { at };
        if end < bytes.len() {
            end += 1;
        }
        while from < end {
            if kept < N {
                code[kept] = bytes[from];
            }
            kept += 1;
            from += 1;
        }
        at = end;
    }
    (code, kept)
}

#[cfg(test)]
mod tests {
    use super::code_only;
    use alloc::string::String;

    fn stripped(text: &str) -> String {
        let (_, len) = code_only::<0>(text);
        let (code, kept) = code_only::<256>(text);
        assert_eq!(kept, len);
        String::from_utf8(code[..kept].to_vec()).unwrap()
    }

    #[test]
    fn comment_lines_are_emptied_and_lines_keep_their_numbers() {
        let text = "# doc\n  # indented\n\tclass a { # after code\n  $x = '#'\n}\n#\n";
        assert_eq!(
            stripped(text),
            "\n\n\tclass a { # after code\n  $x = '#'\n}\n\n"
        );
    }

    #[test]
    fn a_last_line_without_ending_and_an_empty_text() {
        assert_eq!(stripped("type A = B\n# last"), "type A = B\n");
        assert_eq!(stripped("type A = B"), "type A = B");
        assert_eq!(stripped(""), "");
        assert_eq!(stripped("é # ü\n# ö\n"), "é # ü\n\n");
    }
}
