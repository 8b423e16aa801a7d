//! Puppet's naming rules for autoloading: which files may define a class, defined type,
//! function or type alias of a given name, and which names a module's file may define.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// A file inside a module, by module name and path relative to the module's directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ModuleFile {
    pub module: String,
    pub path: String,
}

/// The files Puppet imports, in order, looking for class or defined type `name` (lower case,
/// without leading `::`): for `a::b::c` it tries `a/b/c`, then `a/b`, then `a`; each try imports
/// module `a`'s `manifests/init.pp` first, then the file the rest names (`manifests/b/c.pp`).
/// Each inner list is one try, made when it is reached: the name is looked for after each, and
/// is most often found after the first.
pub(crate) fn manifest_tries(name: &str) -> impl Iterator<Item = Vec<ModuleFile>> + '_ {
    let segments: Vec<&str> = crate::qualified::segments(name).collect();
    let module = segments.first().copied().unwrap_or_default();
    (1..=segments.len()).rev().map(move |count| {
        let init = ModuleFile {
            module: module.into(),
            path: "manifests/init.pp".into(),
        };
        let mut files = Vec::with_capacity(2);
        files.push(init);
        let path = match segments.get(1..count) {
            Some([one]) => ["manifests/", one, ".pp"].concat(),
            Some(rest) if !rest.is_empty() => {
                ["manifests/", &crate::text::join(rest, "/"), ".pp"].concat()
            }
            _ => return files,
        };
        files.push(ModuleFile {
            module: module.into(),
            path,
        });
        files
    })
}

/// Where a namespaced Puppet-language function or type alias lives: `a::b::f` in module `a`'s
/// `functions/b/f.pp`, `A::B::T` in `types/b/t.pp` (`kind` is `functions` or `types`). `None`
/// for a name without a namespace. The module `environment` is the environment's own folder.
pub(crate) fn namespaced_file(name: &str, kind: &str) -> Option<ModuleFile> {
    let lower = crate::qualified::trim_leading(name, "::").to_ascii_lowercase();
    let (module, rest) = crate::qualified::split_first(&lower)?;
    if rest.is_empty() {
        return None;
    }
    Some(ModuleFile {
        module: module.into(),
        path: format!("{kind}/{}.pp", rest.replace("::", "/")),
    })
}

/// What names a module's file may define (Puppet's check of where definitions are): every name
/// must start with the file's namespace, as text and ignoring case (`modules/a/manifests/b.pp`:
/// `a::b`; `init.pp`: `a`; a `functions/` or `types/` file likewise). `None` for files outside a
/// module's `manifests`, `functions`, `types` and `plans`, where any name is unacceptable.
pub(crate) fn file_namespace(file: &ModuleFile) -> Option<String> {
    // Built in one string (a file of each definition autoloaded asks): the module's name, then
    // the path's folders and file name, lower case, each after `::`.
    // Split at bytes: these paths are short, and a character search costs more than it saves.
    let slash = file.path.bytes().position(|b| b == b'/')?;
    let (dir, rest) = (file.path.get(..slash)?, file.path.get(slash + 1..)?);
    if !["manifests", "functions", "types", "plans"]
        .iter()
        .any(|kind| dir.eq_ignore_ascii_case(kind))
    {
        return None;
    }
    let mut name = String::with_capacity(file.module.len() + rest.len() + 8);
    name.push_str(&file.module);
    if rest.eq_ignore_ascii_case("init.pp") {
        return Some(name);
    }
    let module_end = name.len();
    let (dirs, last) = match rest.bytes().rposition(|b| b == b'/') {
        Some(at) => (rest.get(..at), rest.get(at + 1..).unwrap_or_default()),
        None => (None, rest),
    };
    for dir in dirs.into_iter().flat_map(|dirs| dirs.split('/')) {
        name.push_str("::");
        name.push_str(dir);
    }
    name.push_str("::");
    let stem_len = last.len().saturating_sub(3);
    let has_suffix = last.len() >= 3
        && last.is_char_boundary(stem_len)
        && last[stem_len..].eq_ignore_ascii_case(".pp");
    name.push_str(if has_suffix { &last[..stem_len] } else { last });
    name[module_end..].make_ascii_lowercase();
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(tries: impl Iterator<Item = Vec<ModuleFile>>) -> Vec<Vec<String>> {
        tries
            .map(|files| files.into_iter().map(|f| f.path).collect())
            .collect()
    }

    #[test]
    fn classes_are_looked_for_from_the_longest_path() {
        assert_eq!(
            paths(manifest_tries("a::b::c")),
            alloc::vec![
                alloc::vec!["manifests/init.pp", "manifests/b/c.pp"],
                alloc::vec!["manifests/init.pp", "manifests/b.pp"],
                alloc::vec!["manifests/init.pp"],
            ]
        );
        assert_eq!(
            paths(manifest_tries("a")),
            alloc::vec![alloc::vec!["manifests/init.pp"]]
        );
        // Empty segments are kept as Puppet keeps them.
        assert_eq!(
            paths(manifest_tries("a::::b")),
            alloc::vec![
                alloc::vec!["manifests/init.pp", "manifests//b.pp"],
                alloc::vec!["manifests/init.pp", "manifests/.pp"],
                alloc::vec!["manifests/init.pp"],
            ]
        );
        assert!(manifest_tries("m::c").all(|files| files[0].module == "m"));
    }

    #[test]
    fn functions_and_types_by_namespace() {
        let f = namespaced_file("a::b::f", "functions").unwrap();
        assert_eq!(
            (f.module.as_str(), f.path.as_str()),
            ("a", "functions/b/f.pp")
        );
        let t = namespaced_file("A::T", "types").unwrap();
        assert_eq!((t.module.as_str(), t.path.as_str()), ("a", "types/t.pp"));
        assert!(namespaced_file("f", "functions").is_none());
    }

    #[test]
    fn namespaces_of_module_files() {
        let file = |path: &str| ModuleFile {
            module: "app".into(),
            path: path.into(),
        };
        assert_eq!(
            file_namespace(&file("manifests/init.pp")).as_deref(),
            Some("app")
        );
        assert_eq!(
            file_namespace(&file("manifests/sub/x.pp")).as_deref(),
            Some("app::sub::x")
        );
        assert_eq!(
            file_namespace(&file("functions/f.pp")).as_deref(),
            Some("app::f")
        );
        assert_eq!(
            file_namespace(&file("types/Init.pp")).as_deref(),
            Some("app")
        );
        assert_eq!(file_namespace(&file("templates/x.pp")), None);
        // As the path's lower case reads: folders and the file name lowered, the module's name
        // as it is; empty folders kept.
        let upper = ModuleFile {
            module: "App".into(),
            path: "MANIFESTS/Sub//X.PP".into(),
        };
        assert_eq!(file_namespace(&upper).as_deref(), Some("App::sub::::x"));
        for (path, namespace) in [
            ("manifests/", Some("app::")),
            ("manifests/x", Some("app::x")),
            ("manifests/sub/init.pp", Some("app::sub::init")),
            ("plans/a/b.pp", Some("app::a::b")),
            ("manifests", None),
            ("files/x.pp", None),
        ] {
            assert_eq!(file_namespace(&file(path)).as_deref(), namespace, "{path}");
        }
    }
}
