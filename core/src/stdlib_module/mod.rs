//! A stand-in for puppetlabs-stdlib's Puppet-language side (its `Stdlib::` type aliases, classes
//! `stdlib`, `stdlib::manage`, `stdlib::stages`, functions `stdlib::ensure` and
//! `stdlib::deferrable_epp`), used when no module named `stdlib` is on the modulepath: the loader
//! sees it as the module directory [`DIR`], so autoloading, its checks and `$module_name` work as
//! with the real module. Its files are the engine's own, written from stdlib 8.5.0's documented
//! behaviour, with what 9.7.0 added and removed in `v9/` (read when a run's built-in stdlib follows
//! 9.7.0); errors inside them name them `<stdlib>/types/port.pp` and so on.

mod code_only;
mod files;

use crate::run::BuiltinStdlib;

/// The directory the built-in module stands at. No environment path can start with `<`.
pub(crate) const DIR: &str = "<stdlib>";

/// The text of one of the module's files, by its path (`<stdlib>/types/port.pp`), in the stdlib
/// version a run follows.
pub(crate) fn read(path: &str, version: BuiltinStdlib) -> Option<&'static str> {
    let inner = path.strip_prefix(DIR)?.strip_prefix('/')?;
    if version == BuiltinStdlib::V9_7 {
        if let Some(changed) = find(files::FILES_9, inner) {
            return *changed;
        }
    }
    find(files::FILES, inner).copied()
}

fn find<'t, T>(files: &'t [(&str, T)], path: &str) -> Option<&'t T> {
    files
        .binary_search_by(|(name, _)| (*name).cmp(path))
        .ok()
        .and_then(|at| files.get(at))
        .map(|(_, text)| text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_sorted_and_found() {
        assert!(files::FILES.windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert!(files::FILES_9.windows(2).all(|pair| pair[0].0 < pair[1].0));
        for version in [BuiltinStdlib::V8_5, BuiltinStdlib::V9_7] {
            let port = read("<stdlib>/types/port.pp", version);
            assert!(port.is_some_and(|t| t.contains("Stdlib::Port")));
            assert!(read("<stdlib>/types/nope.pp", version).is_none());
            assert!(read("modules/stdlib/types/port.pp", version).is_none());
        }
    }

    #[test]
    fn stdlib_9_adds_and_removes_files() {
        let compat = "<stdlib>/types/compat/string.pp";
        assert!(read(compat, BuiltinStdlib::V8_5).is_some());
        assert!(read(compat, BuiltinStdlib::V9_7).is_none());
        let status = "<stdlib>/types/http/status.pp";
        assert!(read(status, BuiltinStdlib::V8_5).is_none());
        assert!(
            read(status, BuiltinStdlib::V9_7).is_some_and(|t| t.contains("Stdlib::Http::Status"))
        );
    }

    /// The engine holds the files' code only; the emptied comment lines keep the others' numbers
    /// (stdlib 9's `time` warns from its line 9, as Puppet's warning names it).
    #[test]
    fn files_are_held_without_their_comment_lines() {
        let changed = files::FILES_9.iter().filter_map(|(_, text)| *text);
        for text in files::FILES.iter().map(|(_, text)| *text).chain(changed) {
            assert!(text.lines().all(|line| !line.trim_start().starts_with('#')));
        }
        let time = read("<stdlib>/functions/time.pp", BuiltinStdlib::V9_7);
        let line_9 = time.and_then(|text| text.lines().nth(8));
        assert!(line_9.is_some_and(|line| line.trim_start().starts_with("deprecation('time'")));
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
