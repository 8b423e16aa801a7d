//! Rename across the Analysis's files: a class or defined type, a function, a type alias, a
//! variable within its scope, or a Hiera key with its data files; each reference's text rewritten
//! in the case its place needs (`app::web`, `App::Web`), the new name checked by Puppet's rules.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::analysis::Analysis;
use super::analysis_index::is_manifest;
use super::named::{named_at, Kind, Named};

/// One replacement in a file (byte range of its current text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    pub path: String,
    pub start: usize,
    pub end: usize,
    pub new_text: String,
}

/// What a rename renames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Renamed {
    Class,
    Function,
    TypeAlias,
    Variable,
    HieraKey,
}

/// What may be renamed at a place: what it is, the byte range of its name there and that name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenameTarget {
    pub renamed: Renamed,
    pub start: usize,
    pub end: usize,
    pub name: String,
}

impl Analysis {
    /// What may be renamed at byte `offset` of `path`, or why nothing.
    pub fn prepare_rename(&self, path: &str, offset: usize) -> Result<RenameTarget, String> {
        let text = self.text(path).ok_or("the file is not known")?;
        if !is_manifest(path) {
            let key = self
                .index(path)
                .and_then(|i| {
                    i.hiera_keys
                        .iter()
                        .find(|k| k.start <= offset && offset <= k.end)
                        .cloned()
                })
                .ok_or("there is no Hiera key here")?;
            return Ok(RenameTarget {
                renamed: Renamed::HieraKey,
                start: key.start,
                end: key.end,
                name: key.key,
            });
        }
        let (named, start, end) =
            named_at(text, offset).ok_or("there is nothing to rename here")?;
        let defined = |name: &str, kinds: &[Kind]| {
            self.paths()
                .filter(|p| is_manifest(p))
                .any(|p| self.index(p).is_some_and(|i| i.defines(name, kinds)))
        };
        let not_here = |name: &str| format!("'{name}' is not defined in the workspace");
        let (renamed, name) = match named {
            Named::Variable(name) => (Renamed::Variable, name),
            Named::Name(name) => {
                if defined(&name, &[Kind::Class]) {
                    (Renamed::Class, name)
                } else if defined(&name, &[Kind::Function]) {
                    (Renamed::Function, name)
                } else {
                    return Err(not_here(&name));
                }
            }
            Named::ClassString(name) => {
                if !defined(&name, &[Kind::Class]) {
                    return Err(not_here(&name));
                }
                (Renamed::Class, name)
            }
            Named::Type(word) => {
                if defined(&word, &[Kind::TypeAlias]) {
                    (Renamed::TypeAlias, word)
                } else if defined(&word, &[Kind::Class]) {
                    (Renamed::Class, word.to_ascii_lowercase())
                } else {
                    return Err(not_here(&word));
                }
            }
            Named::HieraKey(key) => (Renamed::HieraKey, key),
            Named::Definition(own) => {
                let renamed = match own.kind {
                    Kind::Class => Renamed::Class,
                    Kind::Function => Renamed::Function,
                    Kind::TypeAlias => Renamed::TypeAlias,
                };
                (renamed, own.name)
            }
        };
        // A string's range is its text inside the quotes.
        let (start, end) = match text.get(start..end) {
            Some(w) if w.len() >= 2 && (w.starts_with('\'') || w.starts_with('"')) => {
                (start + 1, end - 1)
            }
            _ => (start, end),
        };
        Ok(RenameTarget {
            renamed,
            start,
            end,
            name,
        })
    }

    /// The edits that rename what is at byte `offset` of `path` to `new_name`, or why not.
    pub fn rename(
        &self,
        path: &str,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<TextEdit>, String> {
        let target = self.prepare_rename(path, offset)?;
        let new_name = new_name.trim();
        let new_name = match target.renamed {
            Renamed::Variable => new_name.trim_start_matches('$'),
            _ => crate::qualified::trim_leading(new_name, "::"),
        };
        check_name(target.renamed, new_name)?;
        let mut edits = Vec::new();
        for place in self.references(path, offset) {
            let Some(text) = self.text(&place.path) else {
                continue;
            };
            let Some(old) = text.get(place.start..place.end) else {
                continue;
            };
            if let Some(edit) = rewrite(target.renamed, &place.path, place.start, old, new_name) {
                edits.push(edit);
            }
        }
        if edits.is_empty() {
            return Err(format!("no reference to '{}' was found", target.name));
        }
        Ok(edits)
    }
}

/// Whether `name` is a valid new name for what is renamed (Puppet's naming rules).
fn check_name(renamed: Renamed, name: &str) -> Result<(), String> {
    let segment_ok = |segment: &str, upper: bool| {
        let mut chars = segment.chars();
        let first_ok = chars.next().is_some_and(|c| {
            if upper {
                c.is_ascii_uppercase()
            } else {
                c.is_ascii_lowercase()
            }
        });
        first_ok
            && chars.all(|c| {
                c == '_'
                    || c.is_ascii_digit()
                    || if upper {
                        c.is_ascii_alphabetic()
                    } else {
                        c.is_ascii_lowercase()
                    }
            })
    };
    let ok = match renamed {
        Renamed::Class | Renamed::Function => name.split("::").all(|s| segment_ok(s, false)),
        Renamed::TypeAlias => name.split("::").all(|s| segment_ok(s, true)),
        Renamed::Variable => {
            let mut chars = name.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !name.contains("::")
        }
        Renamed::HieraKey => {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_:-.".contains(c))
        }
    };
    if ok {
        Ok(())
    } else {
        let rule = match renamed {
            Renamed::Class => "a class name is lower-case words joined by '::' (e.g. 'app::web')",
            Renamed::Function => {
                "a function name is lower-case words joined by '::' (e.g. 'app::double')"
            }
            Renamed::TypeAlias => {
                "a type alias is capitalized words joined by '::' (e.g. 'App::Port')"
            }
            Renamed::Variable => "a variable name is letters, digits and '_', starting lower case",
            Renamed::HieraKey => "a Hiera key is letters, digits and '_', ':', '-', '.'",
        };
        Err(format!("'{name}' is not a valid name: {rule}"))
    }
}

/// The edit of one reference whose text is `old`.
fn rewrite(
    renamed: Renamed,
    path: &str,
    start: usize,
    old: &str,
    new_name: &str,
) -> Option<TextEdit> {
    let edit = |from: usize, to: usize, text: String| TextEdit {
        path: path.to_string(),
        start: start + from,
        end: start + to,
        new_text: text,
    };
    match renamed {
        Renamed::Variable => {
            // `$name`, `$::name`, `$class::name`, `name` inside `${name}`: the last segment.
            let from = crate::qualified::rfind_pair(old, *b"::")
                .map(|i| i + 2)
                .unwrap_or_else(|| usize::from(old.starts_with('$')));
            Some(edit(from, old.len(), new_name.to_string()))
        }
        Renamed::HieraKey => Some(edit(0, old.len(), new_name.to_string())),
        Renamed::Class | Renamed::Function | Renamed::TypeAlias => {
            let lead = if old.starts_with("::") { 2 } else { 0 };
            let bare = &old[lead..];
            let capitalized = bare.starts_with(|c: char| c.is_ascii_uppercase());
            let text = if capitalized {
                capitalize(new_name)
            } else {
                new_name.to_ascii_lowercase()
            };
            Some(edit(lead, old.len(), text))
        }
    }
}

/// `app::web` as a type reference spells it: `App::Web`.
fn capitalize(name: &str) -> String {
    let segments: Vec<String> = name
        .split("::")
        .map(|segment| {
            let mut chars = segment.chars();
            match chars.next() {
                Some(first) => {
                    let mut s = first.to_ascii_uppercase().to_string();
                    s.push_str(chars.as_str());
                    s
                }
                None => String::new(),
            }
        })
        .collect();
    crate::text::join(&segments, "::")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(files: &[(&str, &str)]) -> Analysis {
        let mut analysis = Analysis::new();
        for (path, text) in files {
            analysis.set_file(path, text, 0);
        }
        analysis
    }

    /// The files after applying the edits.
    fn applied(analysis: &Analysis, mut edits: Vec<TextEdit>) -> Vec<(String, String)> {
        edits.sort_by(|a, b| (&b.path, b.start).cmp(&(&a.path, a.start)));
        let mut out: Vec<(String, String)> = analysis
            .paths()
            .map(|p| (p.to_string(), analysis.text(p).unwrap_or("").to_string()))
            .collect();
        for edit in edits {
            if let Some((_, text)) = out.iter_mut().find(|(p, _)| *p == edit.path) {
                text.replace_range(edit.start..edit.end, &edit.new_text);
            }
        }
        out
    }

    const INIT: &str = "class app(Integer $port = 80) {\n  notice($port)\n}\n";
    const SITE: &str =
        "include app\nclass { '::app': port => 1 }\nnotice(Class['app'], Class[App], $app::port)\n";

    #[test]
    fn a_class_everywhere_it_is_named_in_the_case_of_each_place() {
        let a = analysis(&[("modules/app/manifests/init.pp", INIT), ("site.pp", SITE)]);
        let edits = a.rename("site.pp", 9, "web").expect("renamed");
        let files = applied(&a, edits);
        assert_eq!(
            files[0].1,
            "class web(Integer $port = 80) {\n  notice($port)\n}\n"
        );
        // A qualified variable keeps its class part: classes are renamed by their names only.
        assert_eq!(
            files[1].1,
            "include web\nclass { '::web': port => 1 }\nnotice(Class['web'], Class[Web], $app::port)\n"
        );
    }

    #[test]
    fn a_variable_within_its_scope_and_its_qualified_uses() {
        let a = analysis(&[("modules/app/manifests/init.pp", INIT), ("site.pp", SITE)]);
        let at = INIT.find("$port)").unwrap_or(0) + 1;
        let edits = a
            .rename("modules/app/manifests/init.pp", at, "$listen")
            .expect("renamed");
        let files = applied(&a, edits);
        assert_eq!(
            files[0].1,
            "class app(Integer $listen = 80) {\n  notice($listen)\n}\n"
        );
        assert!(files[1].1.ends_with("$app::listen)\n"), "{}", files[1].1);
    }

    #[test]
    fn a_hiera_key_in_its_data_files_and_lookups() {
        let a = analysis(&[
            ("data/common.yaml", "---\napp::port: 80\n"),
            ("site.pp", "$p = lookup('app::port')\n"),
        ]);
        let edits = a.rename("site.pp", 15, "app::listen").expect("renamed");
        let files = applied(&a, edits);
        assert_eq!(files[0].1, "---\napp::listen: 80\n");
        assert_eq!(files[1].1, "$p = lookup('app::listen')\n");
        // From the data file too.
        assert!(a.rename("data/common.yaml", 6, "k").is_ok());
    }

    #[test]
    fn names_are_checked_and_built_ins_refused() {
        let a = analysis(&[("modules/app/manifests/init.pp", INIT), ("site.pp", SITE)]);
        let error = a
            .rename("site.pp", 9, "Web")
            .expect_err("a class is lower case");
        assert!(error.starts_with("'Web' is not a valid name"), "{error}");
        let b = analysis(&[("site.pp", "notice(1)\nfile { '/x': }\n")]);
        assert_eq!(
            b.rename("site.pp", 2, "say"),
            Err("'notice' is not defined in the workspace".into())
        );
        assert!(b.rename("site.pp", 5000, "x").is_err());
    }

    #[test]
    fn a_type_alias_and_a_function() {
        let a = analysis(&[
            (
                "modules/app/types/port.pp",
                "type App::Port = Integer[1, 65535]\n",
            ),
            (
                "modules/app/functions/double.pp",
                "function app::double(Integer $x) >> Integer { $x * 2 }\n",
            ),
            ("site.pp", "$p = 80 =~ App::Port\nnotice(app::double(2))\n"),
        ]);
        let files = applied(&a, a.rename("site.pp", 13, "App::Listen").expect("alias"));
        assert_eq!(files[1].1, "type App::Listen = Integer[1, 65535]\n");
        assert!(files[2].1.starts_with("$p = 80 =~ App::Listen\n"));
        let at = "$p = 80 =~ App::Port\nnotice(app::d".len();
        let files = applied(&a, a.rename("site.pp", at, "app::twice").expect("function"));
        assert!(files[0].1.starts_with("function app::twice("));
        assert!(files[2].1.ends_with("notice(app::twice(2))\n"));
    }
}
