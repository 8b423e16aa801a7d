//! Fuzz target: any text reads as HOCON (stdlib's `parsehocon`) within a small budget of work,
//! with data or an error, without a panic, a hang or a stack overflow; the data prints.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(value) = puppet_core::hocon_data(&text, 200_000) {
        let _ = puppet_core::value::to_string_default(&value);
    }
});
