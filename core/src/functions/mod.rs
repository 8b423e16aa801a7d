//! Built-in functions: the registry of every declaration (Puppet's and stdlib's, one family a
//! file, each declaring its own functions), found by name with a binary search over an index
//! sorted at compile time (natively, in a table hashed by name).

mod args;
pub(crate) mod binary;
mod catalog;
pub(crate) mod checks;
mod collections;
mod constructors;
mod control;
pub(crate) mod declare;
mod deferred;
mod env_files;
mod epp;
mod erb;
mod error_new;
pub(crate) mod format;
mod fqdn_rand;
mod hand_over;
mod iteration;
mod logging;
mod lookup;
pub(crate) mod meta;
mod numbers;
mod public;
mod scanf;
mod sequences;
// Compiled in every build: the light one keeps its functions' names only (see `declare.rs`),
// and the linker drops the rest.
#[cfg_attr(not(feature = "stdlib"), allow(dead_code))]
pub(crate) mod stdlib;
pub(crate) mod strings;
mod time;
mod types;
mod unavailable;

use alloc::vec::Vec;

pub(crate) use args::{expect_args, expect_block, iterator_value};
pub(crate) use checks::{call, contains_iterator};
use declare::{Def, Origin};
#[cfg(not(feature = "stdlib"))]
pub(crate) use hand_over::needs_stdlib_part;
pub use hand_over::{LIBRARIES, NEEDS_ERB, NEEDS_STDLIB};
pub use public::{builtin_functions, FunctionInfo};

use crate::host::{CallSite, Closure, EvalResult, FunctionHost};
use crate::value::Value;

/// Puppet's own functions, by family.
const PUPPET: &[&[Def]] = &[
    logging::DEFS,
    control::DEFS,
    iteration::DEFS,
    sequences::DEFS,
    collections::DEFS,
    numbers::DEFS,
    strings::DEFS,
    scanf::DEFS,
    time::DEFS,
    fqdn_rand::DEFS,
    types::DEFS,
    meta::DEFS,
    constructors::DEFS,
    epp::DEFS,
    env_files::DEFS,
    erb::DEFS,
    lookup::DEFS,
    catalog::CLASS_DECLARING,
    catalog::DEFS,
    unavailable::DEFS,
];

/// Every declaration: Puppet's families, then stdlib's.
const GROUPS: &[&[&[Def]]] = &[PUPPET, stdlib::FAMILIES];

/// How many functions are declared.
const COUNT: usize = count(GROUPS);

/// Every declaration, sorted by name (built when the engine is compiled).
const SORTED: [&Def; COUNT] = sorted(GROUPS);
static INDEX: [&Def; COUNT] = SORTED;

/// Where the names starting with each lower-case letter start in [`INDEX`] (the last: where
/// those after `z` do): a name is searched for among those of its first letter only.
#[cfg(any(target_arch = "wasm32", test))]
static LETTER_STARTS: [u16; 27] = letter_starts(&SORTED);

#[cfg(any(target_arch = "wasm32", test))]
const fn letter_starts(index: &[&Def]) -> [u16; 27] {
    let mut starts = [0u16; 27];
    let mut letter = 0;
    while letter < 27 {
        let mut at = 0;
        while at < index.len() && index[at].name.as_bytes()[0] < b'a' + letter as u8 {
            at += 1;
        }
        starts[letter] = at as u16;
        letter += 1;
    }
    starts
}

const fn count(groups: &[&[&[Def]]]) -> usize {
    let mut n = 0;
    let mut g = 0;
    while g < groups.len() {
        let mut f = 0;
        while f < groups[g].len() {
            n += groups[g][f].len();
            f += 1;
        }
        g += 1;
    }
    n
}

/// The declarations of `groups`, sorted by name (an insertion sort, run by the compiler).
const fn sorted<const N: usize>(groups: &'static [&'static [&'static [Def]]]) -> [&'static Def; N] {
    let mut out: [&'static Def; N] = [&logging::DEFS[0]; N];
    let mut n = 0;
    let mut g = 0;
    while g < groups.len() {
        let mut f = 0;
        while f < groups[g].len() {
            let family = groups[g][f];
            let mut d = 0;
            while d < family.len() {
                let def = &family[d];
                let mut at = n;
                while at > 0 && name_before(def.name, out[at - 1].name) {
                    out[at] = out[at - 1];
                    at -= 1;
                }
                out[at] = def;
                n += 1;
                d += 1;
            }
            f += 1;
        }
        g += 1;
    }
    out
}

/// Whether `a` sorts before `b` (bytewise, as `str`'s `Ord` does).
const fn name_before(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// The declaration of the built-in function `name`.
#[inline]
pub(crate) fn find(name: &str) -> Option<&'static Def> {
    let found = declared(name);
    if found.is_none() && stdlib::NAMESPACED_ALIASES.contains(&name) {
        return find(crate::qualified::trim_leading(name, "stdlib::"));
    }
    found
}

/// The declaration named `name`: a binary search of its first letter's part of the index (the
/// browser's engines, which have no room for a hash table's code).
#[cfg(any(target_arch = "wasm32", test))]
#[inline]
fn declared_by_search(name: &str) -> Option<&'static Def> {
    let candidates = match name.as_bytes().first() {
        Some(&first @ b'a'..=b'z') => {
            let letter = usize::from(first - b'a');
            let from = LETTER_STARTS.get(letter).copied().unwrap_or_default();
            let to = LETTER_STARTS.get(letter + 1).copied().unwrap_or_default();
            INDEX
                .get(usize::from(from)..usize::from(to))
                .unwrap_or_default()
        }
        _ => &INDEX[..],
    };
    candidates
        .binary_search_by(|def| def.name.cmp(name))
        .ok()
        .and_then(|at| candidates.get(at).copied())
}

#[cfg(target_arch = "wasm32")]
use declared_by_search as declared;

/// The declaration named `name`, natively from a table hashed by name, made at the first call: a
/// compile calls thousands of functions (5,700 in the 701-file benchmark environment), and the
/// binary search compared each name with about five others.
#[cfg(not(target_arch = "wasm32"))]
fn declared(name: &str) -> Option<&'static Def> {
    type ByName = indexmap::IndexMap<&'static str, &'static Def, foldhash::fast::FixedState>;
    static BY_NAME: once_cell::race::OnceBox<ByName> = once_cell::race::OnceBox::new();
    let table = BY_NAME
        .get_or_init(|| alloc::boxed::Box::new(INDEX.iter().map(|def| (def.name, *def)).collect()));
    table.get(name).copied()
}

/// The built-in function called as `name` in this run: stdlib's exist as the stdlib module on
/// the modulepath has them (see `stdlib/module_files.rs`; a module file it cannot read is the
/// error).
pub(crate) fn find_in_run(
    host: &mut dyn FunctionHost,
    name: &str,
    span: crate::span::Span,
) -> EvalResult<Option<&'static Def>> {
    let Some(def) = find(name) else {
        return Ok(None);
    };
    #[cfg(feature = "stdlib")]
    if def.origin == Origin::Stdlib {
        let called = stdlib::called_name(name, def);
        if !stdlib::module_files::exists(host, called, span)? {
            return Ok(None);
        }
    }
    #[cfg(not(feature = "stdlib"))]
    let _ = (host, span);
    Ok(Some(def))
}

/// Every declaration, sorted by name.
pub(crate) fn all() -> impl Iterator<Item = &'static Def> {
    INDEX.iter().copied()
}

/// The names of Puppet's own functions (the candidates for "did you mean" beside a program's).
pub(crate) fn puppet_function_names() -> impl Iterator<Item = &'static str> {
    all()
        .filter(|def| def.origin == Origin::Puppet)
        .map(|def| def.name)
}

/// Whether `scope.function_<name>` answers in a template (`stdlib`: a stdlib module is there).
pub(crate) fn has_3x_function(name: &str, stdlib: bool) -> bool {
    find(name).is_some_and(|def| def.has_3x_form(stdlib))
}

/// The names of the functions `lookup.rs` declares (`lookup` and the `hiera_*` functions).
#[cfg(feature = "ide")]
pub(crate) fn lookup_functions() -> impl Iterator<Item = &'static str> {
    lookup::DEFS.iter().map(|def| def.name)
}

/// The names of the functions that declare classes (`include`, `require`, `contain`).
pub fn class_declaring_functions() -> impl Iterator<Item = &'static str> {
    catalog::CLASS_DECLARING.iter().map(|def| def.name)
}

/// Whether the function `name` reads the calling scope's variables by name or unwinds its
/// caller (see [`declare::Def::reaches_scope`]).
pub(crate) fn reaches_scope(name: &str) -> bool {
    find(name).is_some_and(|def| def.reaches_scope)
}

/// Call the built-in function `name`, or `None` when there is no such function.
pub(crate) fn call_builtin(
    host: &mut dyn FunctionHost,
    name: &str,
    site: &CallSite,
    args: Vec<Value>,
    closure: Option<&Closure<'_>>,
) -> Option<EvalResult<Value>> {
    if let Some(def) = find(name) {
        return Some(call(host, def, site, args, closure));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each declaration is found by its name, by the hashed table and among those of its first
    /// letter, and names that are not declared (before `a`, after `z`, between two) are not.
    #[test]
    fn every_function_is_found_by_name() {
        for def in all() {
            let found = find(def.name).map(|found| found.name);
            assert_eq!(found, Some(def.name));
            let searched = declared_by_search(def.name).map(|found| found.name);
            assert_eq!(searched, Some(def.name));
        }
        for missing in [
            "",
            "A",
            "_x",
            "{",
            "zzzz",
            "aaaa",
            "includ",
            "include_x",
            "é",
        ] {
            assert!(find(missing).is_none(), "{missing}");
            assert!(declared_by_search(missing).is_none(), "{missing}");
        }
        assert!(LETTER_STARTS.windows(2).all(|pair| pair[0] <= pair[1]));
        assert!(usize::from(LETTER_STARTS[26]) <= COUNT);
    }
}
