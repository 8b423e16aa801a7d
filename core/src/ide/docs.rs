//! What the editor says about a function: every name the engine knows, and for those declared as
//! data their signatures and one-line description.

use alloc::string::String;

/// Puppet's built-ins and stdlib's functions (in every build: the light engine knows stdlib's
/// names, and hands their calls over).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    crate::eval::function_names().chain(crate::functions::stdlib_names::names())
}

/// `merge(Variant[Hash, Undef, String[0, 0]] *$args) — description`, one signature per line, for
/// a function declared as data in this build.
pub fn signature_text(name: &str) -> Option<String> {
    let def = crate::functions::declaration(name)?;
    let mut text = crate::functions::signature::signatures(def).join("\n");
    if !def.doc.is_empty() {
        text.push('\n');
        text.push_str(def.doc);
    }
    Some(text)
}
