//! Texts joined with a separator (`parts.join(sep)`), by one small loop: the standard library's
//! `join` is instantiated again for each type of part (`String`, `&str`), each a kilobyte of
//! code in the browser engines, for messages where its exact-capacity copy buys nothing. And
//! texts trimmed of the characters a test accepts ([`TrimBy`]): the standard library's
//! `trim_*_matches` is another copy of its searcher for each closure, function or array of
//! characters it is given (about 150 bytes each, some thirty of them in the full engine).

use alloc::string::String;

/// `parts` with `sep` between each two (`parts.join(sep)`).
pub(crate) fn join<S: AsRef<str>>(parts: &[S], sep: &str) -> String {
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(part.as_ref());
    }
    out
}

/// `trim_start_matches`, `trim_end_matches` and `trim_matches` with a test of characters, through
/// one non-generic loop each.
pub(crate) trait TrimBy {
    /// The text without the leading characters `drop` accepts.
    fn trim_start_by(&self, drop: &dyn Fn(char) -> bool) -> &str;
    /// The text without the trailing characters `drop` accepts.
    fn trim_end_by(&self, drop: &dyn Fn(char) -> bool) -> &str;
    /// The text without the leading and trailing characters `drop` accepts.
    fn trim_by(&self, drop: &dyn Fn(char) -> bool) -> &str {
        self.trim_start_by(drop).trim_end_by(drop)
    }
}

impl TrimBy for str {
    fn trim_start_by(&self, drop: &dyn Fn(char) -> bool) -> &str {
        let start = self
            .char_indices()
            .find(|&(_, c)| !drop(c))
            .map_or(self.len(), |(at, _)| at);
        self.get(start..).unwrap_or_default()
    }

    fn trim_end_by(&self, drop: &dyn Fn(char) -> bool) -> &str {
        let end = self
            .char_indices()
            .rev()
            .find(|&(_, c)| !drop(c))
            .map_or(0, |(at, c)| at + c.len_utf8());
        self.get(..end).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn joins_as_the_standard_library_does() {
        let lists: [&[&str]; 4] = [&[], &[""], &["a"], &["a", "", "bc"]];
        for list in lists {
            for sep in ["", ", ", "::"] {
                assert_eq!(join(list, sep), list.join(sep));
                let owned: Vec<String> = list.iter().map(|s| String::from(*s)).collect();
                assert_eq!(join(&owned, sep), owned.join(sep));
            }
        }
    }

    #[test]
    fn trims_as_the_standard_library_does() {
        let blank = |c: char| matches!(c, ' ' | '\t');
        let texts = [
            "",
            " ",
            " \t ",
            "a",
            " a ",
            "\t é b\t",
            "ab  ",
            "  ab",
            "x y",
        ];
        for text in texts {
            assert_eq!(text.trim_start_by(&blank), text.trim_start_matches(blank));
            assert_eq!(text.trim_end_by(&blank), text.trim_end_matches(blank));
            assert_eq!(text.trim_by(&blank), text.trim_matches(blank));
            let letters = |c: char| c.is_alphabetic();
            assert_eq!(
                text.trim_start_by(&letters),
                text.trim_start_matches(letters)
            );
            assert_eq!(text.trim_end_by(&letters), text.trim_end_matches(letters));
            assert_eq!(text.trim_by(&letters), text.trim_matches(letters));
        }
    }
}
