//! Names compared as `str`'s order compares them, their first bytes looked at inline first: the
//! short names the compile sorts and searches (a class's variables, a type's attributes) mostly
//! differ there, and then need no call of the C library's `memcmp`.

use core::cmp::Ordering;

/// `a.cmp(b)`, the same order: the first bytes decide when they differ.
#[inline]
pub(crate) fn cmp_names(a: &str, b: &str) -> Ordering {
    match (a.as_bytes().first(), b.as_bytes().first()) {
        (Some(x), Some(y)) if x != y => x.cmp(y),
        _ => a.cmp(b),
    }
}

#[cfg(test)]
mod tests {
    use super::cmp_names;

    #[test]
    fn the_order_is_strs() {
        let names = [
            "",
            "a",
            "ab",
            "b",
            "ba",
            "name",
            "module_name",
            "title",
            "é",
            "z",
            "Z",
        ];
        for a in names {
            for b in names {
                assert_eq!(cmp_names(a, b), a.cmp(b), "{a} {b}");
            }
        }
    }
}
