//! A stand-in for puppetlabs-stdlib's Puppet-language side (its `Stdlib::` type aliases, classes
//! `stdlib`, `stdlib::manage`, `stdlib::stages`, functions `stdlib::ensure` and
//! `stdlib::deferrable_epp`), used when no module named `stdlib` is on the modulepath: the loader
//! sees it as the module directory [`DIR`], so autoloading, its checks and `$module_name` work as
//! with the real module. Its files are the engine's own, written from stdlib 8.5.0's documented
//! behaviour; errors inside them name them `<stdlib>/types/port.pp` and so on.

mod files;

/// The directory the built-in module stands at. No environment path can start with `<`.
pub(crate) const DIR: &str = "<stdlib>";

/// The text of one of the module's files, by its path (`<stdlib>/types/port.pp`).
pub(crate) fn read(path: &str) -> Option<&'static str> {
    let inner = path.strip_prefix(DIR)?.strip_prefix('/')?;
    files::FILES
        .binary_search_by(|(name, _)| (*name).cmp(inner))
        .ok()
        .and_then(|at| files::FILES.get(at))
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_sorted_and_found() {
        assert!(files::FILES.windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert!(read("<stdlib>/types/port.pp").is_some_and(|t| t.contains("Stdlib::Port")));
        assert!(read("<stdlib>/types/nope.pp").is_none());
        assert!(read("modules/stdlib/types/port.pp").is_none());
    }

    /// stdlib 8.5.0 defines 58 type aliases in 59 files (`compat/re.pp` defines nothing).
    #[test]
    fn every_alias_of_stdlib_is_there() {
        let aliases = files::FILES
            .iter()
            .filter(|(path, text)| path.starts_with("types/") && text.contains("\ntype Stdlib::"))
            .count();
        assert_eq!(aliases, 58);
    }
}
