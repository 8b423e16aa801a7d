//! Fuzz target: any text lexes and parses as a module's Ruby file (the parser alone, without the
//! compile around it that the `ruby` target adds) without a panic, a hang or a stack overflow.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = puppet_core::ruby_syntax_error(&text);
});
