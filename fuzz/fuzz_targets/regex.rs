//! Fuzz target: any pattern compiles or gives an error, and any compiled pattern searches any text
//! within a small step budget without a panic, with matches and groups on character boundaries
//! inside the text. The input is the pattern, a NUL byte, then the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_core::regex::Regex;

fuzz_target!(|data: &[u8]| {
    let (pattern, text) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &b"abc\nab\xc3\xa9 12"[..]),
    };
    let pattern = String::from_utf8_lossy(pattern);
    let text = String::from_utf8_lossy(text);
    let Ok(regex) = Regex::new(&pattern) else {
        return;
    };
    let mut budget = 200_000u64;
    let mut from = Some(0);
    while let Some(start) = from {
        let Ok(Some(captures)) = regex.search(&text, start, &mut budget) else {
            break;
        };
        for group in 0..captures.len() {
            if let Some((s, e)) = captures.get(group) {
                assert!(s <= e && e <= text.len(), "group {group} at {s}..{e}");
                assert!(text.is_char_boundary(s) && text.is_char_boundary(e));
            }
        }
        let whole = captures.whole();
        assert!(whole.0 >= start, "a match before the search start");
        from = Regex::next_start(&text, whole);
    }
});
