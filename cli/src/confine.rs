//! The closed world of a command: the directories (and files) it was given, fully resolved. A
//! path inside them is followed through symbolic links only while it stays inside them: control
//! repositories commonly link a module or a data folder to another place of the same repository,
//! and that keeps working; a link that leads elsewhere (`/etc/passwd`, another checkout) or that
//! loops is refused, with a message naming it, and nothing is read through it.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The directories and files a command may read, canonical (every link resolved).
#[derive(Debug, Clone, Default)]
pub struct Roots {
    roots: Vec<PathBuf>,
}

/// Folders inside the roots already found to be plain folders (no links), for
/// [`Roots::resolve_with`]: keep one only while the folders do not change (one compile). Keyed by
/// the path's bytes, hashed with foldhash: std's SipHash of a path took 2.8 M instructions of a
/// 99 M compile of the 701-file environment, and a `Path`'s own hash and equality walk its
/// components (1.5 M of the read-ahead's and compile's instructions). The paths kept and asked for
/// are all built from a canonical root and plain names, so the same folder is always the same
/// bytes; a path spelled otherwise (`a//b`) is only not found, and goes the long way.
#[derive(Debug, Default)]
pub struct PlainDirs(HashSet<OsString, crate::read_ahead::PathHasher>);

impl PlainDirs {
    /// Whether `dir` is kept plain (every folder from its root to it is a folder, not a link).
    pub fn holds(&self, dir: &Path) -> bool {
        self.0.contains(dir.as_os_str())
    }

    fn keep(&mut self, dir: &Path) {
        if !self.holds(dir) {
            self.0.insert(dir.as_os_str().to_os_string());
        }
    }

    /// Keep `dir` plain on another's word: the read-ahead thread's listing, in the same roots,
    /// found it so ([`crate::read_ahead::Known::PlainFolder`]).
    pub fn keep_found(&mut self, dir: &Path) {
        self.keep(dir);
    }

    /// Keep `entry` plain: a folder a listing of `dir` found as a folder of its own (the entry's
    /// own type, as `lstat` gives it: not a link), when `dir` is kept plain. What
    /// [`Roots::resolve_seen`] would conclude with an `lstat` of `entry`, without it.
    pub fn keep_listed(&mut self, dir: &Path, entry: &Path) {
        let named = matches!(entry.components().next_back(), Some(Component::Normal(_)));
        if named && entry.parent() == Some(dir) && self.holds(dir) {
            self.keep(entry);
        }
    }
}

/// What [`Roots::plain_path`] found: the path behind plain folders with its `lstat`, nothing
/// there, or a link (or something else) on the way that needs the long way.
enum PlainPath {
    Found(PathBuf, std::fs::Metadata),
    Missing,
    Unknown,
}

/// What [`Roots::open_plain`] found.
pub enum PlainOpen {
    /// The file behind plain folders, opened (not through a link), with what the open file
    /// says of itself.
    Opened(std::fs::File, std::fs::Metadata),
    /// Nothing there.
    Missing,
    /// Not known to be plain, or a link: the long way ([`Roots::resolve_seen`]) tells.
    Unknown,
}

/// [`Roots::plain_path`]'s last step: `path`, whose folders are all plain, is there and not a
/// link itself (its `lstat` then says what `stat` would).
fn last_plain(path: PathBuf) -> PlainPath {
    match std::fs::symlink_metadata(&path) {
        Ok(metadata) if !metadata.is_symlink() => PlainPath::Found(path, metadata),
        Ok(_) => PlainPath::Unknown,
        // Every folder before it is a plain folder: [`Roots::resolve`] would find the same (it
        // stops at the first component it cannot look at).
        Err(error) if error.kind() == io::ErrorKind::NotFound => PlainPath::Missing,
        Err(_) => PlainPath::Unknown,
    }
}

/// Where a path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// Inside the roots: the canonical path to read or list.
    Inside(PathBuf),
    /// Nothing there (or nothing that can be looked at).
    Missing,
    /// `link` (the path itself or one of the folders it goes through) resolves to `target`,
    /// outside the roots.
    Outside { link: PathBuf, target: PathBuf },
    /// `link` is a symbolic link that never ends in a file or folder (it leads back to itself).
    Loop { link: PathBuf },
}

impl Roots {
    /// The roots of these paths; those that do not exist are left out (nothing is read there).
    pub fn new<P: AsRef<Path>>(paths: impl IntoIterator<Item = P>) -> Self {
        Roots {
            roots: paths
                .into_iter()
                .filter_map(|path| std::fs::canonicalize(path).ok())
                .collect(),
        }
    }

    /// Whether a canonical path is one of the roots or inside one.
    pub fn contains(&self, canonical: &Path) -> bool {
        self.roots.iter().any(|root| canonical.starts_with(root))
    }

    /// [`Self::resolve`], for many paths in the same folders: a path whose every folder from its
    /// root on is a plain folder (each looked at once, then kept in `plain`) and which is not a
    /// link itself is canonical as it is, found with one `lstat` instead of resolving each of its
    /// folders again (`canonicalize` reads every component as a link: eight system calls for a
    /// module's manifest). Anything else (a link) goes the long way.
    pub fn resolve_with(&self, path: &Path, plain: &mut PlainDirs) -> Resolved {
        self.resolve_seen(path, plain).0
    }

    /// [`Self::resolve_with`], with what the last `lstat` saw of the path when it was found the
    /// short way (a plain file or folder, not a link: what `stat` would say), so that a caller
    /// need not look at it again before reading it. A path missing behind plain folders is
    /// missing without the long way too: no link is on its way that could lead anywhere.
    pub fn resolve_seen(
        &self,
        path: &Path,
        plain: &mut PlainDirs,
    ) -> (Resolved, Option<std::fs::Metadata>) {
        match self.plain_path(path, plain) {
            PlainPath::Found(inside, metadata) => (Resolved::Inside(inside), Some(metadata)),
            PlainPath::Missing => (Resolved::Missing, None),
            PlainPath::Unknown => (self.resolve(path), None),
        }
    }

    /// `path` opened for reading when its folder is already known plain (see [`PlainDirs`]):
    /// the open itself refuses to follow a link there (`O_NOFOLLOW`), so no `lstat` is needed
    /// first; it does not wait should the path have become a FIFO (`O_NONBLOCK`). What the
    /// open file is (a folder, a FIFO) is the caller's to check from its metadata.
    pub fn open_plain(&self, path: &Path, plain: &PlainDirs) -> PlainOpen {
        let folder_kept = path.parent().is_some_and(|folder| plain.holds(folder));
        if !folder_kept || !matches!(path.components().next_back(), Some(Component::Normal(_))) {
            return PlainOpen::Unknown;
        }
        match crate::bounded_read::open_no_follow(path) {
            Ok(file) => match file.metadata() {
                Ok(metadata) => PlainOpen::Opened(file, metadata),
                Err(_) => PlainOpen::Unknown,
            },
            Err(error) if error.kind() == io::ErrorKind::NotFound => PlainOpen::Missing,
            // A link (`ELOOP`), no permission, ...: the long way says which.
            Err(_) => PlainOpen::Unknown,
        }
    }

    /// [`Self::open_plain`], after looking at the folders on the way that are not kept yet
    /// (see [`Self::plain_folders`]).
    pub fn open_plain_walking(&self, path: &Path, plain: &mut PlainDirs) -> PlainOpen {
        match self.plain_folders(path, plain) {
            None => self.open_plain(path, plain),
            Some(PlainPath::Missing) => PlainOpen::Missing,
            Some(_) => PlainOpen::Unknown,
        }
    }

    /// `path` when it is there and no link is on its way from the root it is in. A folder
    /// found so is kept plain too.
    fn plain_path(&self, path: &Path, plain: &mut PlainDirs) -> PlainPath {
        if let Some(stopped) = self.plain_folders(path, plain) {
            return stopped;
        }
        let found = last_plain(path.to_path_buf());
        if let PlainPath::Found(folder, metadata) = &found {
            if metadata.is_dir() {
                plain.keep(folder);
            }
        }
        found
    }

    /// Keeps every folder from the root `path` is in to its parent plain, looking at each not
    /// kept yet: `None` once they all are, else what `path` is then (missing behind a folder
    /// that is not there; unknown behind a link or anything else, or outside the roots).
    fn plain_folders(&self, path: &Path, plain: &mut PlainDirs) -> Option<PlainPath> {
        if !matches!(path.components().next_back(), Some(Component::Normal(_))) {
            return Some(PlainPath::Unknown);
        }
        // A folder is kept as plain only once every folder from its root to it was: when the
        // path's own folder is kept, only the path itself is left to look at (one hash, not
        // one a folder and no search for its root, for the many files of one folder).
        if path.parent().is_some_and(|folder| plain.holds(folder)) {
            return None;
        }
        let Some(root) = self.roots.iter().find(|root| path.starts_with(root)) else {
            return Some(PlainPath::Unknown);
        };
        let Ok(relative) = path.strip_prefix(root) else {
            return Some(PlainPath::Unknown);
        };
        let mut folders = relative.components();
        // The path's own name: only the folders before it are looked at here.
        if folders.next_back().is_none() {
            return Some(PlainPath::Unknown);
        }
        // The root itself is where links may lead: trusted, and plain for its files.
        plain.keep(root);
        let mut at = root.clone();
        for component in folders {
            let Component::Normal(name) = component else {
                return Some(PlainPath::Unknown);
            };
            at.push(name);
            if plain.holds(&at) {
                continue;
            }
            let metadata = match std::fs::symlink_metadata(&at) {
                Ok(metadata) => metadata,
                // Every folder before it is a plain folder: [`Self::resolve`] would find the
                // same (it stops at the first component it cannot look at).
                Err(error) if error.kind() == io::ErrorKind::NotFound => {
                    return Some(PlainPath::Missing)
                }
                Err(_) => return Some(PlainPath::Unknown),
            };
            if metadata.is_symlink() || !metadata.is_dir() {
                return Some(PlainPath::Unknown);
            }
            plain.keep(&at);
        }
        None
    }

    /// Where `path` leads. `path` is a canonical root joined with plain names (no `..`): every
    /// folder it goes through from that root on is checked, so the first link that leaves (or
    /// loops) is the one named, whether or not anything exists behind it.
    pub fn resolve(&self, path: &Path) -> Resolved {
        // The common case: one call resolves the whole path, inside.
        if let Ok(canonical) = std::fs::canonicalize(path) {
            if self.contains(&canonical) {
                return Resolved::Inside(canonical);
            }
        }
        let mut prefix = PathBuf::new();
        for component in path.components() {
            prefix.push(component);
            if !self.roots.iter().any(|root| prefix.starts_with(root)) {
                continue; // a folder above the roots: the roots themselves are trusted
            }
            // Only a link can lead elsewhere: a plain folder or file stays where its parent is.
            match std::fs::symlink_metadata(&prefix) {
                Ok(metadata) if !metadata.is_symlink() => continue,
                Ok(_) => {}
                Err(_) => return Resolved::Missing,
            }
            match std::fs::canonicalize(&prefix) {
                Ok(canonical) if self.contains(&canonical) => {}
                Ok(target) => {
                    return Resolved::Outside {
                        link: prefix,
                        target,
                    }
                }
                Err(error) if is_loop(&error) => return Resolved::Loop { link: prefix },
                Err(_) => return Resolved::Missing,
            }
        }
        // Only when the path changed while it was looked at, or lies above every root.
        Resolved::Missing
    }
}

/// Why a path resolved outside or into a loop is not read, in words: `shown` names the path
/// asked for, `link_shown` the link found on its way, `world` what it had to stay in (`the
/// environment`).
pub fn refusal(shown: &str, resolved: &Resolved, link_shown: &str, world: &str) -> Option<String> {
    let which = if link_shown == shown {
        String::from("it is")
    } else {
        format!("'{link_shown}' is")
    };
    match resolved {
        Resolved::Outside { target, .. } => Some(format!(
            "'{shown}' is not read: {which} a symbolic link to '{}', outside {world}",
            target.display()
        )),
        Resolved::Loop { .. } => Some(format!(
            "'{shown}' is not read: {which} a symbolic link that loops back on itself"
        )),
        Resolved::Inside(_) | Resolved::Missing => None,
    }
}

/// Whether an error says that symbolic links loop (too many levels of them).
fn is_loop(error: &io::Error) -> bool {
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::symlink;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puppet-eval-confine-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        fs::canonicalize(dir).expect("canonical")
    }

    #[test]
    fn a_file_of_a_plain_folder_is_opened_at_once_unless_it_is_a_link() {
        let base = scratch("open-plain");
        let env = base.join("env");
        fs::create_dir_all(env.join("manifests")).expect("mkdir");
        fs::write(env.join("manifests/a.pp"), "notice(1)").expect("write");
        fs::write(base.join("secret"), "outside").expect("write");
        symlink(base.join("secret"), env.join("manifests/out.pp")).expect("link");
        symlink("a.pp", env.join("manifests/in.pp")).expect("link");
        let roots = Roots::new([&env]);
        let mut plain = PlainDirs::default();
        let file = env.join("manifests/a.pp");
        // Not known plain yet: the long way, unless the folders are looked at first.
        assert!(matches!(
            roots.open_plain(&file, &plain),
            PlainOpen::Unknown
        ));
        match roots.open_plain_walking(&file, &mut plain) {
            PlainOpen::Opened(_, metadata) => assert_eq!(metadata.len(), 9),
            _ => panic!("a plain file of a plain folder opens"),
        }
        assert!(matches!(
            roots.open_plain(&file, &plain),
            PlainOpen::Opened(..)
        ));
        // A link, wherever it leads, is left to the long way, which names it.
        for link in ["manifests/out.pp", "manifests/in.pp"] {
            assert!(matches!(
                roots.open_plain(&env.join(link), &plain),
                PlainOpen::Unknown
            ));
        }
        assert!(matches!(
            roots.open_plain(&env.join("manifests/none.pp"), &plain),
            PlainOpen::Missing
        ));
        // Behind a folder that is not there, or a file taken for a folder.
        assert!(matches!(
            roots.open_plain_walking(&env.join("nowhere/a.pp"), &mut plain),
            PlainOpen::Missing
        ));
        assert!(!matches!(
            roots.open_plain_walking(&env.join("manifests/a.pp/b.pp"), &mut plain),
            PlainOpen::Opened(..)
        ));
        let _ = fs::remove_dir_all(base);
    }

    #[test]
    fn links_inside_are_followed_links_out_and_loops_are_named() {
        let base = scratch("links");
        let env = base.join("env");
        let outside = base.join("outside");
        fs::create_dir_all(env.join("site/good/manifests")).expect("mkdir");
        fs::create_dir_all(env.join("modules")).expect("mkdir");
        fs::create_dir_all(&outside).expect("mkdir");
        fs::write(env.join("site/good/manifests/init.pp"), "class good {}").expect("write");
        symlink("../site/good", env.join("modules/good")).expect("link");
        symlink(&outside, env.join("modules/evil")).expect("link");
        symlink("loop", env.join("modules/loop")).expect("link");
        let roots = Roots::new([&env]);
        assert_eq!(
            roots.resolve(&env.join("modules/good/manifests/init.pp")),
            Resolved::Inside(env.join("site/good/manifests/init.pp"))
        );
        // Named by the link, whether or not the file exists behind it.
        let evil = Resolved::Outside {
            link: env.join("modules/evil"),
            target: outside.clone(),
        };
        assert_eq!(
            roots.resolve(&env.join("modules/evil/manifests/init.pp")),
            evil
        );
        assert_eq!(
            refusal("modules/evil/x", &evil, "modules/evil", "the environment"),
            Some(format!(
                "'modules/evil/x' is not read: 'modules/evil' is a symbolic link to '{}', outside the environment",
                outside.display()
            ))
        );
        assert_eq!(
            roots.resolve(&env.join("modules/loop/x")),
            Resolved::Loop {
                link: env.join("modules/loop")
            }
        );
        assert_eq!(roots.resolve(&env.join("modules/none")), Resolved::Missing);
        // The same answers for paths resolved with the folders kept, twice each.
        let mut plain = PlainDirs::default();
        for _ in 0..2 {
            for path in [
                "modules/good/manifests/init.pp",
                "site/good/manifests/init.pp",
                "site/good/manifests",
                "modules/evil/manifests/init.pp",
                "modules/loop/x",
                "modules/none",
                "site/good/manifests/init.pp/x",
                // Missing behind plain folders: found so without the long way.
                "site/good/manifests/none.pp",
                "site/none/manifests/init.pp",
            ] {
                let path = env.join(path);
                assert_eq!(
                    roots.resolve_with(&path, &mut plain),
                    roots.resolve(&path),
                    "{}",
                    path.display()
                );
            }
        }
        // What the short way saw is handed over (a plain file or folder); not through a link.
        let mut seen = |path: &str| roots.resolve_seen(&env.join(path), &mut plain).1;
        assert!(seen("site/good/manifests/init.pp").is_some_and(|m| m.is_file()));
        assert!(seen("site/good/manifests").is_some_and(|m| m.is_dir()));
        assert!(seen("modules/good/manifests/init.pp").is_none());
        assert!(seen("site/none").is_none());
        // A folder kept as plain is one looked at: a link put in its place later is not seen
        // (a compile's folders do not change while it runs).
        assert!(plain.holds(&env.join("site/good/manifests")));
        assert!(!plain.holds(&env.join("modules/good")));
        // A folder listed in a kept folder is kept; not when its folder is not kept, nor a
        // path that is not one of the folder's own entries.
        plain.keep_listed(&env.join("site/good"), &env.join("site/good/files"));
        assert!(plain.holds(&env.join("site/good/files")));
        plain.keep_listed(&env.join("modules/good"), &env.join("modules/good/x"));
        assert!(!plain.holds(&env.join("modules/good/x")));
        plain.keep_listed(&env.join("site/good"), &env.join("site/good/a/b"));
        assert!(!plain.holds(&env.join("site/good/a/b")));
        plain.keep_listed(&env.join("site/good"), &env.join("site/good/.."));
        assert!(!plain.holds(&env.join("site/good/..")));
        let _ = fs::remove_dir_all(base);
    }
}
