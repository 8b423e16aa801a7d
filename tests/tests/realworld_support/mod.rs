//! What the tests on real modules share: a control repository linking Debian's modules under
//! their module names, the full facts of the goldens' runs, and module paths as the goldens print
//! them.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

pub const MODULES: &str = "/usr/share/puppet/modules.available";

pub fn realworld_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("realworld")
}

/// An environment whose `modules/` links each of Debian's modules under its module name
/// (`None` when they are not installed).
pub fn control_repository(name: &str) -> Option<PathBuf> {
    let available = fs::read_dir(MODULES).ok()?;
    let env = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let modules = env.join("modules");
    fs::create_dir_all(&modules).ok()?;
    for entry in available.filter_map(Result::ok) {
        let folder = entry.file_name().to_string_lossy().into_owned();
        let Some((_, name)) = folder.split_once('-') else {
            continue;
        };
        let link = modules.join(name.replace('-', "_"));
        if !link.exists() {
            std::os::unix::fs::symlink(entry.path(), &link).ok()?;
        }
    }
    Some(env)
}

/// The full facts of the goldens' runs, as `compare_classes.py` derives them (kept next to them;
/// the template cases have facts of their own).
#[allow(dead_code)]
pub fn facts() -> String {
    let text = fs::read_to_string(realworld_dir().join("golden/full-facts.json"))
        .expect("realworld/golden/full-facts.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("facts are JSON");
    puppet_cli::facts::facts_text(&json)
}

/// Module paths as the goldens print them (`<tmp>/stdlibmods/<m>/`): `modules/` where it starts
/// a path (not after a letter, digit, `_` or `/`: a rendered `LoadModule ... modules/mod_x.so`
/// stays), as `compare_classes.py`'s `normalize` reads them.
pub fn as_golden(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("modules/") {
        let before = rest[..at].chars().next_back();
        let starts_path = !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '/');
        let module = rest[at + "modules/".len()..]
            .split('/')
            .next()
            .filter(|name| rest[at + "modules/".len() + name.len()..].starts_with('/'));
        let is_module = module.is_some_and(|name| {
            name.starts_with(|c: char| c.is_ascii_lowercase())
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        });
        out.push_str(&rest[..at]);
        out.push_str(if starts_path && is_module {
            "<tmp>/stdlibmods/"
        } else {
            "modules/"
        });
        rest = &rest[at + "modules/".len()..];
    }
    out.push_str(rest);
    out
}

/// A catalog listing with module paths as the goldens print them.
pub fn listing_as_golden(catalog: &puppet_cli::protocol::Listing) -> puppet_cli::protocol::Listing {
    catalog
        .iter()
        .map(|(r, ps)| {
            let ps = ps.iter().map(|(p, v)| (p.clone(), as_golden(v))).collect();
            (r.clone(), ps)
        })
        .collect()
}

/// The lines of a list file, without comments and blank lines.
pub fn list(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("{}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(String::from)
        .collect()
}

/// One case's answer from real Puppet: its error, or its catalog.
#[derive(Debug, Deserialize)]
#[allow(dead_code)] // corpus.rs reads goldens of its own shape
pub struct Golden {
    pub id: String,
    pub error: Option<String>,
    pub catalog: Option<puppet_cli::protocol::Listing>,
}

/// The goldens of `realworld/<name>` (one JSON object per line) by case id.
#[allow(dead_code)]
pub fn goldens(name: &str) -> HashMap<String, Golden> {
    fs::read_to_string(realworld_dir().join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Golden>(l).expect("golden line"))
        .map(|g| (g.id.clone(), g))
        .collect()
}
