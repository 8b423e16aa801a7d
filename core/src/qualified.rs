//! Qualified names (`apache::params::port`): their `::` separators, and other two-character
//! markers such as Hiera's `%{`, found by a byte search rather than the substring searcher the
//! standard library sets up on every `find("::")` (that set-up costs more than scanning a name).

/// Where the two ASCII characters `pair` first occur in `text` (`text.find(pair)`).
pub(crate) fn find_pair(text: &str, pair: [u8; 2]) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(found) = bytes.get(from..)?.iter().position(|&b| b == pair[0]) {
        let at = from + found;
        if bytes.get(at + 1) == Some(&pair[1]) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Where the two ASCII characters `pair` last occur in `text` (`text.rfind(pair)`).
pub(crate) fn rfind_pair(text: &str, pair: [u8; 2]) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    while let Some(at) = bytes.get(..end)?.iter().rposition(|&b| b == pair[1]) {
        if at > 0 && bytes.get(at - 1) == Some(&pair[0]) {
            return Some(at - 1);
        }
        end = at;
    }
    None
}

/// `name` without its leading `::`s (`name.trim_start_matches("::")`).
pub(crate) fn trim_leading(name: &str) -> &str {
    let mut rest = name;
    while let Some(after) = rest.strip_prefix("::") {
        rest = after;
    }
    rest
}

/// Whether `name` has a `::` (`name.contains("::")`).
pub(crate) fn is_qualified(name: &str) -> bool {
    find_pair(name, *b"::").is_some()
}

/// `name` around its first `::` (`name.split_once("::")`).
pub(crate) fn split_first(name: &str) -> Option<(&str, &str)> {
    let at = find_pair(name, *b"::")?;
    Some((name.get(..at)?, name.get(at + 2..)?))
}

/// `name` around its last `::` (`name.rsplit_once("::")`).
pub(crate) fn split_last(name: &str) -> Option<(&str, &str)> {
    let at = rfind_pair(name, *b"::")?;
    Some((name.get(..at)?, name.get(at + 2..)?))
}

/// The parts of `name` between its `::`s (`name.split("::")`).
pub(crate) fn segments(name: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(name);
    core::iter::from_fn(move || {
        let text = rest?;
        match split_first(text) {
            Some((segment, after)) => {
                rest = Some(after);
                Some(segment)
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn the_searches_agree_with_the_standard_library() {
        let texts = [
            "", ":", "::", ":::", "::::", "a", "a::b", "::a", "a::", "a:::b", "a::::b", "a:b::c:d",
            "é::ü", "a::b::c", "x%{y}%{z", "%", "%{", "{%{",
        ];
        for text in texts {
            assert_eq!(find_pair(text, *b"::"), text.find("::"), "{text}");
            assert_eq!(rfind_pair(text, *b"::"), text.rfind("::"), "{text}");
            assert_eq!(find_pair(text, *b"%{"), text.find("%{"), "{text}");
            assert_eq!(is_qualified(text), text.contains("::"), "{text}");
            assert_eq!(split_first(text), text.split_once("::"), "{text}");
            assert_eq!(split_last(text), text.rsplit_once("::"), "{text}");
            let ours: Vec<&str> = segments(text).collect();
            let theirs: Vec<&str> = text.split("::").collect();
            assert_eq!(ours, theirs, "{text}");
        }
    }
}
