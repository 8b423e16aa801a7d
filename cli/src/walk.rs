//! The one directory walker of every command (`--env`'s `manifests/` and data globs, `parse DIR`,
//! `lint DIR`, `references --env DIR`): the files below a folder, sorted, inside a closed world.
//!
//! As Ruby's `Dir.glob('**/*')` (which Puppet uses for a manifests directory and puppet-lint for a
//! folder), a walk never enters a symbolic link to a folder, so a link loop cannot make it run
//! forever; a link to a file is read when it stays inside the world. A link that leaves it or
//! loops is named in a note, and every limit the walk applies (files, folders, entries of one
//! folder, nesting, path length) says which files it left out instead of dropping them silently.

use std::fs;
use std::path::{Path, PathBuf};

use crate::confine::{refusal, Resolved, Roots};

/// How far a walk goes.
#[derive(Debug, Clone, Copy)]
pub struct WalkLimits {
    /// Files found, in all (also the entries read from one folder, and the folders entered).
    pub max_files: usize,
    /// Segments of a file's path, its walk's base segments included (`manifests/a/b.pp`: 3).
    pub max_depth: usize,
    /// Bytes of a file's path as shown.
    pub max_path_len: usize,
}

/// What `parse` and `lint` walks must stay in: the folders and files named on the command line.
pub const GIVEN_WORLD: &str = "the paths given";

/// The limits of `parse` and `lint` walks: they read one file at a time, so more files than an
/// environment may hold; still bounded, so a tree that never ends (a bind mount of a parent)
/// ends with a note.
pub const GIVEN_LIMITS: WalkLimits = WalkLimits {
    max_files: 200_000,
    max_depth: 64,
    max_path_len: 4096,
};

/// A file found by a walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Its path as shown: the walk's prefix, `/`, its path below the walked folder.
    pub name: String,
    /// Where to read it: canonical, inside the world.
    pub disk: PathBuf,
}

/// What a walk found, and its notes (refused links, limits), in the order met.
#[derive(Debug, Default)]
pub struct Walked {
    pub files: Vec<Found>,
    pub notes: Vec<Note>,
}

/// Something a walk did not read, said in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The path it concerns, as shown.
    pub path: String,
    pub message: String,
    /// Whether a file Puppet would have read is left out (a link out of the world, a special
    /// file, a limit), rather than something Puppet passes over too (a link loop, which Ruby's
    /// glob does not enter either).
    pub left_out: bool,
}

impl Note {
    pub fn left_out(path: &str, message: String) -> Note {
        Note {
            path: path.to_string(),
            message,
            left_out: true,
        }
    }

    pub fn passed_over(path: &str, message: String) -> Note {
        Note {
            path: path.to_string(),
            message,
            left_out: false,
        }
    }
}

/// A walk's settings.
pub struct Walker<'a> {
    pub roots: &'a Roots,
    pub limits: WalkLimits,
    /// What the walk must stay in, in words (`the environment`), for its notes.
    pub world: &'a str,
    /// Folder names never entered (`.git`, `spec`, ...).
    pub skipped_dirs: &'a [&'a str],
    /// Which file names are wanted (the others are neither counted nor noted).
    pub wanted: &'a dyn Fn(&str) -> bool,
}

struct State {
    walked: Walked,
    folders: usize,
    full: bool,
}

impl Walker<'_> {
    /// The files below `dir` (a canonical root joined with plain names), named `prefix/...`
    /// (relative to `dir` when `prefix` is empty); `base_depth` is the number of segments
    /// `prefix` counts for the depth limit.
    pub fn walk(&self, dir: &Path, prefix: &str, base_depth: usize) -> Walked {
        let mut state = State {
            walked: Walked::default(),
            folders: 0,
            full: false,
        };
        match self.roots.resolve(dir) {
            Resolved::Inside(canonical) if canonical.is_dir() => {
                self.walk_folder(&canonical, prefix, base_depth, &mut state)
            }
            Resolved::Inside(_) | Resolved::Missing => {}
            resolved => {
                let link = match &resolved {
                    Resolved::Outside { link, .. } | Resolved::Loop { link } => link,
                    _ => dir,
                };
                let link_shown = shown_link(dir, link, prefix);
                let outside = matches!(resolved, Resolved::Outside { .. });
                if let Some(message) = refusal(prefix, &resolved, &link_shown, self.world) {
                    state.walked.notes.push(Note {
                        path: prefix.to_string(),
                        message,
                        left_out: outside,
                    });
                }
            }
        }
        state.walked
    }

    fn walk_folder(&self, dir: &Path, prefix: &str, depth: usize, state: &mut State) {
        state.folders += 1;
        if state.folders > self.limits.max_files {
            state.full = true;
            state.walked.notes.push(Note::left_out(prefix, format!(
                "The folder '{prefix}' is left out: there are more folders than the limit of {} in {}",
                self.limits.max_files, self.world
            )));
            return;
        }
        let Ok(entries) = fs::read_dir(dir) else {
            state.walked.notes.push(Note::passed_over(
                prefix,
                format!("The folder '{prefix}' is left out: it cannot be read"),
            ));
            return;
        };
        // At most one entry past the file limit is held (the file limit then names it): a
        // folder of millions of entries is noted, not listed.
        let mut names: Vec<String> = Vec::new();
        let mut crowded = false;
        for entry in entries.filter_map(Result::ok) {
            if names.len() > self.limits.max_files {
                crowded = true;
                break;
            }
            // Names that are not UTF-8 cannot be paths of the environment.
            if let Ok(name) = entry.file_name().into_string() {
                names.push(name);
            }
        }
        names.sort();
        if crowded {
            state.walked.notes.push(Note::left_out(prefix, format!(
                "The folder '{prefix}' has more entries than the limit of {}: those past it are left out",
                self.limits.max_files
            )));
        }
        for name in names {
            if state.full {
                return;
            }
            let shown = if prefix.is_empty() {
                name.clone()
            } else if prefix.ends_with('/') {
                format!("{prefix}{name}")
            } else {
                format!("{prefix}/{name}")
            };
            let disk = dir.join(&name);
            let Ok(metadata) = fs::symlink_metadata(&disk) else {
                continue;
            };
            if metadata.is_symlink() {
                self.linked(&disk, dir, &name, shown, state);
            } else if metadata.is_dir() {
                if self.skipped_dirs.contains(&name.as_str()) {
                    continue;
                }
                // The folder's files would have one segment more than the folder.
                if depth + 2 > self.limits.max_depth {
                    state.walked.notes.push(Note::left_out(&shown, format!(
                        "The folder '{shown}' is left out: it is nested deeper than the limit of {} folders",
                        self.limits.max_depth
                    )));
                    continue;
                }
                self.walk_folder(&disk, &shown, depth + 1, state);
            } else {
                self.file(&name, shown, disk, metadata.is_file(), state);
            }
        }
    }

    /// A symbolic link met in a folder: a file it leads to inside the world is found; a folder
    /// is never entered (as Ruby's glob), but one that holds the link is a loop and noted.
    fn linked(&self, disk: &Path, dir: &Path, name: &str, shown: String, state: &mut State) {
        match self.roots.resolve(disk) {
            Resolved::Inside(target) => {
                if target.is_dir() {
                    if dir.starts_with(&target) {
                        state.walked.notes.push(Note::passed_over(&shown, format!(
                            "'{shown}' is not read: it is a symbolic link to '{}', a folder that holds it (a loop)",
                            target.display()
                        )));
                    }
                    return;
                }
                let regular = target.is_file();
                self.file(name, shown, target, regular, state);
            }
            Resolved::Missing => {}
            resolved => {
                // A link out is worth a note when it would have given a wanted file, or a
                // folder (of them, perhaps); a link that loops, always.
                let (relevant, outside) = match &resolved {
                    Resolved::Outside { target, .. } => {
                        ((self.wanted)(name) || target.is_dir(), true)
                    }
                    _ => (true, false),
                };
                if let Some(message) = refusal(&shown, &resolved, &shown, self.world) {
                    if relevant {
                        state.walked.notes.push(Note {
                            path: shown.clone(),
                            message,
                            left_out: outside,
                        });
                    }
                }
            }
        }
    }

    fn file(&self, name: &str, shown: String, disk: PathBuf, regular: bool, state: &mut State) {
        if !(self.wanted)(name) {
            return;
        }
        if !regular {
            state.walked.notes.push(Note::left_out(
                &shown,
                format!("'{shown}' is not read: it is not a regular file"),
            ));
            return;
        }
        if shown.len() > self.limits.max_path_len {
            state.walked.notes.push(Note::left_out(
                &shown,
                format!(
                    "The file '{shown}' is left out: its path is longer than the limit of {} bytes",
                    self.limits.max_path_len
                ),
            ));
            return;
        }
        if state.walked.files.len() >= self.limits.max_files {
            state.full = true;
            state.walked.notes.push(Note::left_out(&shown, format!(
                "The file '{shown}' is left out, and any after it: there are more files than the limit of {} in {}",
                self.limits.max_files, self.world
            )));
            return;
        }
        state.walked.files.push(Found { name: shown, disk });
    }
}

/// How a link met on the way to `dir` is shown: as `prefix` with the part of `dir` below the
/// link taken off (the prefix names `dir`).
fn shown_link(dir: &Path, link: &Path, prefix: &str) -> String {
    let Ok(below) = dir.strip_prefix(link) else {
        return prefix.to_string();
    };
    let mut shown = prefix.to_string();
    for _ in below.components() {
        match shown.rfind('/') {
            Some(at) => shown.truncate(at),
            None => break,
        }
    }
    shown
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puppet-eval-walk-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        fs::canonicalize(dir).expect("canonical")
    }

    fn all(_: &str) -> bool {
        true
    }

    fn messages(walked: &Walked) -> Vec<&str> {
        walked.notes.iter().map(|n| n.message.as_str()).collect()
    }

    fn walker<'a>(roots: &'a Roots, max_files: usize, max_depth: usize) -> Walker<'a> {
        Walker {
            roots,
            limits: WalkLimits {
                max_files,
                max_depth,
                max_path_len: 1024,
            },
            world: "the environment",
            skipped_dirs: &[".git"],
            wanted: &all,
        }
    }

    #[test]
    fn linked_folders_are_not_entered_loops_and_links_out_are_noted() {
        let base = scratch("links");
        let env = base.join("env");
        fs::create_dir_all(env.join("manifests/sub")).expect("mkdir");
        fs::create_dir_all(env.join("manifests/.git")).expect("mkdir");
        fs::create_dir_all(env.join("other")).expect("mkdir");
        fs::write(env.join("manifests/a.pp"), "").expect("write");
        fs::write(env.join("manifests/sub/b.pp"), "").expect("write");
        fs::write(env.join("manifests/.git/c.pp"), "").expect("write");
        fs::write(env.join("other/d.pp"), "").expect("write");
        fs::write(base.join("secret.pp"), "").expect("write");
        symlink("..", env.join("manifests/up")).expect("link");
        symlink("../other", env.join("manifests/other")).expect("link");
        symlink("../other/d.pp", env.join("manifests/d.pp")).expect("link");
        symlink(base.join("secret.pp"), env.join("manifests/secret.pp")).expect("link");
        let roots = Roots::new([&env]);
        let walked = walker(&roots, 100, 32).walk(&env.join("manifests"), "manifests", 1);
        let names: Vec<&str> = walked.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            ["manifests/a.pp", "manifests/d.pp", "manifests/sub/b.pp"]
        );
        assert_eq!(walked.files[1].disk, env.join("other/d.pp"));
        // A link out leaves a file out; a loop is passed over (as Ruby's glob passes it over).
        let left_out: Vec<bool> = walked.notes.iter().map(|n| n.left_out).collect();
        assert_eq!(left_out, [true, false]);
        assert_eq!(
            messages(&walked),
            [
                format!(
                    "'manifests/secret.pp' is not read: it is a symbolic link to '{}', outside the environment",
                    base.join("secret.pp").display()
                ),
                format!(
                    "'manifests/up' is not read: it is a symbolic link to '{}', a folder that holds it (a loop)",
                    env.display()
                ),
            ]
        );
        let _ = fs::remove_dir_all(base);
    }

    #[test]
    fn limits_say_what_they_leave_out() {
        let base = scratch("limits");
        fs::create_dir_all(base.join("m")).expect("mkdir");
        for name in ["1.pp", "2.pp", "3.pp"] {
            fs::write(base.join("m").join(name), "").expect("write");
        }
        let roots = Roots::new([&base]);
        let walked = walker(&roots, 2, 32).walk(&base.join("m"), "m", 1);
        assert_eq!(walked.files.len(), 2);
        assert_eq!(
            messages(&walked),
            ["The file 'm/3.pp' is left out, and any after it: there are more files than the limit of 2 in the environment"]
        );
        fs::write(base.join("m/4.pp"), "").expect("write");
        let walked = walker(&roots, 2, 32).walk(&base.join("m"), "m", 1);
        assert_eq!(walked.files.len(), 2);
        assert_eq!(
            messages(&walked)[0],
            "The folder 'm' has more entries than the limit of 2: those past it are left out"
        );
        fs::create_dir_all(base.join("m/a/b")).expect("mkdir");
        fs::write(base.join("m/a/b/deep.pp"), "").expect("write");
        let walked = walker(&roots, 100, 3).walk(&base.join("m"), "m", 1);
        assert_eq!(
            messages(&walked),
            ["The folder 'm/a/b' is left out: it is nested deeper than the limit of 3 folders"]
        );
        let _ = fs::remove_dir_all(base);
    }

    #[test]
    fn a_walk_from_a_link_out_is_named_by_the_link() {
        let base = scratch("start");
        let env = base.join("env");
        fs::create_dir_all(base.join("elsewhere/manifests")).expect("mkdir");
        fs::create_dir_all(&env).expect("mkdir");
        symlink(base.join("elsewhere"), env.join("data")).expect("link");
        let roots = Roots::new([&env]);
        let walked = walker(&roots, 100, 32).walk(&env.join("data/manifests"), "data/manifests", 2);
        assert!(walked.files.is_empty());
        assert_eq!(
            messages(&walked),
            [format!(
                "'data/manifests' is not read: 'data' is a symbolic link to '{}', outside the environment",
                base.join("elsewhere").display()
            )]
        );
        let _ = fs::remove_dir_all(base);
    }
}
