//! Texts joined with a separator (`parts.join(sep)`), by one small loop: the standard library's
//! `join` is instantiated again for each type of part (`String`, `&str`), each a kilobyte of
//! code in the browser engines, for messages where its exact-capacity copy buys nothing.

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
}
