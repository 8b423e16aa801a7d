//! What the editor says about a function: every name the engine knows, and their signatures and
//! one-line description (Puppet's built-ins from the editor's table or their declarations as data,
//! stdlib's from their declarations).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// Puppet's built-ins and stdlib's functions (in every build: the light engine knows stdlib's
/// names, and hands their calls over).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    crate::eval::function_names().chain(crate::functions::stdlib_names::names())
}

/// The signatures and description of a built-in or stdlib function. Puppet's own functions come
/// first, as Puppet's loaders find them before a module's of the same name.
pub fn function_signatures(name: &str) -> Option<(Vec<String>, &'static str)> {
    if let Some((signatures, doc)) = super::builtin_docs::function(name) {
        return Some((signatures.iter().map(|s| s.to_string()).collect(), doc));
    }
    let def = crate::functions::declaration(name)?;
    Some((crate::functions::signature::signatures(def), def.doc))
}

/// `merge(Variant[Hash, Undef, String[0, 0]] *$args)` then the description, one signature per line.
pub fn signature_text(name: &str) -> Option<String> {
    let (signatures, doc) = function_signatures(name)?;
    let mut text = signatures.join("\n");
    if !doc.is_empty() {
        text.push('\n');
        text.push_str(doc);
    }
    Some(text)
}
