//! Unicode upcase/downcase from compact tables (`case_tables.rs`), the same per character as Rust's std.
//!
//! Std's tables take 31 KB of the .wasm; these runs take 4 KB. Strings map character by character, as
//! Ruby's `upcase`/`downcase` do: unlike std's `str::to_lowercase`, a final `Σ` becomes `σ`, not `ς`.

use alloc::borrow::Cow;
use alloc::string::String;

use super::case_tables::{LOWER, UPPER, UPPER_MULTI};

/// The one character `c` maps to through `runs`, if any (see `core/examples/gen_case_tables.rs`).
fn lookup(runs: &[u64], c: char) -> Option<char> {
    let c = c as u32;
    let at = runs.partition_point(|&r| (r as u32 & 0x1F_FFFF) <= c);
    let run = *runs.get(at.checked_sub(1)?)?;
    let start = run as u32 & 0x1F_FFFF;
    let count = (run >> 21) as u32 & 0x7FF;
    let stride = 1 + ((run >> 32) & 1) as u32;
    let offset = c - start;
    if (stride == 2 && offset & 1 != 0) || offset / stride >= count {
        return None;
    }
    let delta = (run >> 33) as i64 - (1 << 30);
    char::from_u32((c as i64 + delta) as u32)
}

/// Room on the stack for a name lower-cased by [`ascii_lowercase_in`]: type and class names
/// are rarely longer.
pub(crate) type NameBuffer = [u8; 64];

/// `text` with its ASCII letters lower-cased (as `str::to_ascii_lowercase` gives it), written
/// into `buffer` when it fits, without an allocation; allocated when it does not.
pub(crate) fn ascii_lowercase_in<'b>(text: &str, buffer: &'b mut NameBuffer) -> Cow<'b, str> {
    if let Some(room) = buffer.get_mut(..text.len()) {
        room.copy_from_slice(text.as_bytes());
        room.make_ascii_lowercase();
        if let Ok(lower) = core::str::from_utf8(room) {
            return Cow::Borrowed(lower);
        }
    }
    Cow::Owned(text.to_ascii_lowercase())
}

/// Appends the lowercase of `c`.
pub fn push_lower(out: &mut String, c: char) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
    } else if c == '\u{130}' {
        out.push_str("i\u{307}");
    } else {
        out.push(lookup(&LOWER, c).unwrap_or(c));
    }
}

/// Appends the uppercase of `c` (one to three characters).
pub fn push_upper(out: &mut String, c: char) {
    if c.is_ascii() {
        out.push(c.to_ascii_uppercase());
        return;
    }
    let code = c as u64;
    if let Ok(at) = UPPER_MULTI.binary_search_by_key(&code, |&m| m & 0xFFFF) {
        let mut packed = UPPER_MULTI[at] >> 16;
        while packed != 0 {
            out.extend(char::from_u32(packed as u32 & 0xFFFF));
            packed >>= 16;
        }
        return;
    }
    out.push(lookup(&UPPER, c).unwrap_or(c));
}

/// Ruby's `downcase`.
pub fn downcase(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    text.chars().for_each(|c| push_lower(&mut out, c));
    out
}

/// Ruby's `upcase`.
pub fn upcase(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    text.chars().for_each(|c| push_upper(&mut out, c));
    out
}

/// Ruby's `capitalize`: the first character upcased, the rest downcased.
pub fn capitalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    capitalize_into(&mut out, text);
    out
}

/// [`capitalize`] appending to `out`.
pub fn capitalize_into(out: &mut String, text: &str) {
    let mut chars = text.chars();
    if let Some(first) = chars.next() {
        push_upper(out, first);
    }
    chars.for_each(|c| push_lower(out, c));
}

/// The text with its first character uppercased, the rest unchanged.
pub fn upcase_first(text: &str) -> String {
    first_upcased(text, String::push_str)
}

/// The text's first character uppercased, then the rest as `rest` writes it.
fn first_upcased(text: &str, rest: fn(&mut String, &str)) -> String {
    let mut chars = text.chars();
    let mut out = String::with_capacity(text.len());
    if let Some(first) = chars.next() {
        push_upper(&mut out, first);
    }
    rest(&mut out, chars.as_str());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn names_lower_cased_on_the_stack_as_std_lowers_them() {
        let long = "Ab".repeat(40);
        for name in ["Package", "MY::Thing_2", "", "Ünïcode::ÄB", long.as_str()] {
            let mut buffer = [0u8; 64];
            let lower = ascii_lowercase_in(name, &mut buffer);
            assert_eq!(lower, name.to_ascii_lowercase());
            assert_eq!(
                matches!(lower, Cow::Borrowed(_)),
                name.len() <= 64,
                "{name}"
            );
        }
    }

    /// Every character maps as std maps it (a new Rust with a newer Unicode: regenerate the tables).
    #[test]
    fn every_character_maps_as_in_std() {
        let (mut lower, mut upper) = (String::new(), String::new());
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            lower.clear();
            upper.clear();
            push_lower(&mut lower, c);
            push_upper(&mut upper, c);
            assert_eq!(
                lower,
                c.to_lowercase().to_string(),
                "lowercase of U+{:04X}",
                c as u32
            );
            assert_eq!(
                upper,
                c.to_uppercase().to_string(),
                "uppercase of U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn strings_map_per_character_like_ruby() {
        assert_eq!(downcase("ΣΑΣ ÀÉ İ"), "σασ àé i\u{307}");
        assert_eq!(upcase("straße ǆ ŉ ᾳ"), "STRASSE Ǆ ʼN ΑΙ");
        assert_eq!(upcase_first("élan Vital"), "Élan Vital");
        assert_eq!(upcase_first(""), "");
        assert_eq!(capitalize("ßIG ÉLAN"), "SSig élan");
        assert_eq!(capitalize(""), "");
    }
}
