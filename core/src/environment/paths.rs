//! Paths in an environment: `/`-separated, without `.`, `..` or empty segments, so no path can
//! name anything outside the files it was given; module names; `environment.conf`'s modulepath.

use alloc::string::String;
use alloc::vec::Vec;

/// Why a path is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathProblem {
    Empty,
    /// A `.` or `..` segment, or an empty one (`a//b`).
    BadSegment,
    /// A backslash or a NUL: not a portable path.
    BadCharacter,
}

impl PathProblem {
    pub fn message(self) -> &'static str {
        match self {
            PathProblem::Empty => "an empty path",
            PathProblem::BadSegment => "a path with '.', '..' or empty segments",
            PathProblem::BadCharacter => "a path with a backslash or a NUL character",
        }
    }
}

/// The path as the environment keeps it: a leading `./` and trailing `/` dropped; a leading `/`
/// kept (the CLI's module directories may be absolute); refused if it could leave its directory.
pub fn clean_path(path: &str) -> Result<String, PathProblem> {
    let trimmed = path
        .strip_prefix("./")
        .unwrap_or(path)
        .trim_end_matches('/');
    if trimmed.is_empty() {
        return Err(PathProblem::Empty);
    }
    // One pass over the bytes (every path the engine reads comes through here): a bad character
    // anywhere wins over a bad segment.
    let bytes = trimmed.as_bytes();
    if bytes.iter().any(|&b| b == b'\\' || b == 0) {
        return Err(PathProblem::BadCharacter);
    }
    let relative = bytes.strip_prefix(b"/").unwrap_or(bytes);
    if relative.split(|&b| b == b'/').any(is_bad_segment) {
        return Err(PathProblem::BadSegment);
    }
    Ok(trimmed.into())
}

/// An empty, `.` or `..` segment.
fn is_bad_segment(segment: &[u8]) -> bool {
    matches!(segment, b"" | b"." | b"..")
}

/// Whether a directory name can be a module's: Puppet's `[a-z][a-z0-9_]*`.
pub fn is_module_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The `modulepath` setting of an `environment.conf` (an INI-like file of `key = value` lines),
/// split at `:`; `None` when it has none.
pub(super) fn conf_modulepath(conf: &str) -> Option<Vec<String>> {
    conf.lines().find_map(|line| {
        let line = line.trim();
        let (key, value) = line.split_once('=')?;
        if key.trim() != "modulepath" {
            return None;
        }
        let value = value.trim().trim_matches('"');
        Some(
            value
                .split(':')
                .map(|entry| entry.trim().trim_end_matches('/').into())
                .filter(|entry: &String| !entry.is_empty())
                .collect(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cannot_leave_their_directory() {
        assert_eq!(clean_path("./modules/a/"), Ok("modules/a".into()));
        assert_eq!(clean_path("/usr/share/m"), Ok("/usr/share/m".into()));
        assert_eq!(clean_path("a/../b"), Err(PathProblem::BadSegment));
        assert_eq!(clean_path("a//b"), Err(PathProblem::BadSegment));
        assert_eq!(clean_path(".."), Err(PathProblem::BadSegment));
        assert_eq!(clean_path("a\\b"), Err(PathProblem::BadCharacter));
        assert_eq!(clean_path(""), Err(PathProblem::Empty));
    }

    /// The rules as first written, with `str`'s own searches: the byte scan must agree.
    fn clean_path_by_str(path: &str) -> Result<String, PathProblem> {
        let trimmed = path
            .strip_prefix("./")
            .unwrap_or(path)
            .trim_end_matches('/');
        if trimmed.is_empty() {
            return Err(PathProblem::Empty);
        }
        if trimmed.contains(['\\', '\0']) {
            return Err(PathProblem::BadCharacter);
        }
        let relative = trimmed.strip_prefix('/').unwrap_or(trimmed);
        if relative
            .split('/')
            .any(|segment| segment.is_empty() || segment == "." || segment == "..")
        {
            return Err(PathProblem::BadSegment);
        }
        Ok(trimmed.into())
    }

    #[test]
    fn the_byte_scan_agrees_with_the_rules_on_every_short_path() {
        // Every path of up to five pieces over an alphabet of the characters that matter.
        let pieces = ["a", "é", ".", "/", "\\", "\0", "..", "./"];
        let mut paths = alloc::vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = paths
                .iter()
                .flat_map(|p| pieces.iter().map(move |piece| alloc::format!("{p}{piece}")))
                .collect();
            paths.extend(longer);
            paths.sort();
            paths.dedup();
        }
        assert!(paths.len() > 20_000, "{}", paths.len());
        for path in &paths {
            assert_eq!(clean_path(path), clean_path_by_str(path), "{path:?}");
        }
    }

    #[test]
    fn module_names_are_puppets() {
        assert!(is_module_name("apache"));
        assert!(is_module_name("my_mod2"));
        assert!(!is_module_name("My"));
        assert!(!is_module_name("2a"));
        assert!(!is_module_name("puppetlabs-apache"));
        assert!(!is_module_name(""));
    }

    #[test]
    fn environment_conf_modulepath() {
        let conf = "# c\nmodulepath = site:modules:$basemodulepath\nmanifest = x\n";
        assert_eq!(
            conf_modulepath(conf),
            Some(alloc::vec![
                "site".into(),
                "modules".into(),
                "$basemodulepath".into()
            ])
        );
        assert_eq!(conf_modulepath("manifest = x"), None);
    }
}
