//! Fuzz target: lexing and parsing (Puppet and EPP) of any bytes never panics or overflows the stack.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let _ = puppet_core::syntax::parse(&source);
    let _ = puppet_core::syntax::parse_epp(&source);
});
