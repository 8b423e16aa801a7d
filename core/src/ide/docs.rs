//! What the editor says about a function: every name the engine knows, and their signatures and
//! one-line description, from the functions' declarations.

use alloc::string::String;
use alloc::vec::Vec;

/// Puppet's built-ins and stdlib's functions (in every build: the light engine knows stdlib's
/// names, and hands their calls over).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    crate::functions::all().map(|def| def.name)
}

/// The signatures and description of a built-in or stdlib function.
pub fn function_signatures(name: &str) -> Option<(Vec<String>, &'static str)> {
    let def = crate::functions::find(name)?;
    Some((def.signatures(), def.doc))
}

/// `merge(Variant[Hash, Undef, String[0, 0]] *$args)` then the description, one signature per line.
pub fn signature_text(name: &str) -> Option<String> {
    let (signatures, doc) = function_signatures(name)?;
    let mut text = crate::text::join(&signatures, "\n");
    if !doc.is_empty() {
        text.push('\n');
        text.push_str(doc);
    }
    Some(text)
}
