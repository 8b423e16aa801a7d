//! The declarations as the engine's public API: what the CLI lists, the tests count and the
//! page's generated data holds.

use super::declare::{Api, Def, Engine, Origin};

/// A built-in function as the engine declares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionInfo {
    pub name: &'static str,
    /// Who provides it: `puppet` or `stdlib`.
    pub origin: &'static str,
    /// Puppet's function API it is written for: `4.x` or `3.x`.
    pub api: &'static str,
    /// What the page's light engine lacks to run it (`stdlib`, `erb`): a call there hands the
    /// run to the full engine. `None`: both engines run it.
    pub full_engine: Option<&'static str>,
    /// What to use instead, when it is deprecated.
    pub deprecated: Option<&'static str>,
    /// Why the playground cannot run it, when it cannot.
    pub refused: Option<&'static str>,
    /// Its signatures, one per dispatch (`each(Iterable $collection) |1 or 2 parameters|`).
    #[cfg(feature = "ide")]
    pub signatures: alloc::vec::Vec<alloc::string::String>,
    /// One line of description.
    #[cfg(feature = "ide")]
    pub doc: &'static str,
}

impl FunctionInfo {
    fn of(def: &Def) -> FunctionInfo {
        FunctionInfo {
            name: def.name,
            origin: match def.origin {
                Origin::Puppet => "puppet",
                Origin::Stdlib => "stdlib",
            },
            api: match def.api {
                Api::V3 { .. } | Api::Puppet3x => "3.x",
                Api::V4 { .. } => "4.x",
            },
            full_engine: match def.engine {
                Engine::Light => None,
                Engine::Full(part) => Some(part.as_str()),
            },
            deprecated: def.deprecated,
            refused: def.refused,
            #[cfg(feature = "ide")]
            signatures: def.signatures(),
            #[cfg(feature = "ide")]
            doc: def.doc,
        }
    }
}

/// Every built-in function this build knows, sorted by name (stdlib's too in a build without
/// them: it knows their names and hands their calls over).
pub fn builtin_functions() -> impl Iterator<Item = FunctionInfo> {
    super::all().map(FunctionInfo::of)
}
