//! The two versions `puppet-eval diff` compares: an environment directory, or `REPO@REV`, a
//! revision of a git repository. A revision is unpacked from `git archive` into a temporary
//! directory (removed when the run ends): git reads its objects, the repository, its index and
//! its worktree list stay untouched (a bare repository works too), and the unpacking keeps only
//! regular files and folders inside that directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One version's environment directory, and the temporary directory that holds it, if any.
pub struct Version {
    /// What the user wrote (`production`, `.@main`): the report's name for it.
    pub label: String,
    pub dir: PathBuf,
    _unpacked: Option<tempfile::TempDir>,
}

impl Version {
    /// The version `spec` names: a directory, or `REPO@REV` unpacked.
    pub fn open(spec: &str) -> Result<Version, String> {
        let path = Path::new(spec);
        if path.is_dir() {
            return Ok(Version {
                label: spec.to_string(),
                dir: path.to_path_buf(),
                _unpacked: None,
            });
        }
        let Some((repo, rev)) = spec
            .rsplit_once('@')
            .filter(|(r, v)| !r.is_empty() && !v.is_empty())
        else {
            return Err(format!("{spec}: neither a directory nor REPO@REV"));
        };
        if !Path::new(repo).is_dir() {
            return Err(format!("{spec}: {repo} is not a directory"));
        }
        if rev.starts_with('-') {
            return Err(format!("{spec}: {rev} is not a revision"));
        }
        let unpacked = tempfile::Builder::new()
            .prefix("puppet-eval-diff-")
            .tempdir()
            .map_err(|e| format!("{spec}: cannot make a temporary directory: {e}"))?;
        archive(repo, rev, unpacked.path()).map_err(|e| format!("{spec}: {e}"))?;
        Ok(Version {
            label: spec.to_string(),
            dir: unpacked.path().to_path_buf(),
            _unpacked: Some(unpacked),
        })
    }
}

/// Unpack `git archive REV` of `repo` into `into`.
fn archive(repo: &str, rev: &str, into: &Path) -> Result<(), String> {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["archive", "--format=tar", rev, "--"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let mut stdout = child.stdout.take().ok_or("git gave no output")?;
    let unpacked = unpack(&mut stdout, into);
    // The archive's padding after its last entry: git fails on a closed pipe.
    let _ = std::io::copy(&mut stdout, &mut std::io::sink());
    drop(stdout);
    let output = child
        .wait_with_output()
        .map_err(|e| format!("git archive: {e}"))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(format!("git archive {rev}: {}", message.trim()));
    }
    unpacked
}

/// Regular files and folders of a tar stream, inside `into`; links and devices are skipped.
fn unpack(stream: impl std::io::Read, into: &Path) -> Result<(), String> {
    let mut archive = tar::Archive::new(stream);
    let entries = archive
        .entries()
        .map_err(|e| format!("reading git archive: {e}"))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| format!("reading git archive: {e}"))?;
        let kind = entry.header().entry_type();
        if !(kind.is_file() || kind.is_dir()) {
            continue;
        }
        // unpack_in refuses paths that would land outside `into`.
        entry
            .unpack_in(into)
            .map_err(|e| format!("unpacking git archive: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &Path, args: &[&str]) {
        let status = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .stdout(Stdio::null())
            .status()
            .expect("git runs");
        assert!(status.success(), "git {args:?}");
    }

    #[test]
    fn a_revision_is_unpacked_without_its_links() {
        let repo = tempfile::tempdir().unwrap();
        let path = repo.path();
        git(path, &["init", "-q"]);
        std::fs::create_dir_all(path.join("manifests")).unwrap();
        std::fs::write(path.join("manifests/site.pp"), "notify { 'v1': }\n").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink("/etc/hostname", path.join("manifests/link.pp")).unwrap();
        git(path, &["add", "-A"]);
        git(path, &["commit", "-qm", "v1"]);
        std::fs::write(path.join("manifests/site.pp"), "notify { 'v2': }\n").unwrap();
        git(path, &["commit", "-qam", "v2"]);
        let spec = format!("{}@HEAD~1", path.display());
        let version = Version::open(&spec).unwrap();
        let site = std::fs::read_to_string(version.dir.join("manifests/site.pp")).unwrap();
        assert_eq!(site, "notify { 'v1': }\n");
        assert!(!version.dir.join("manifests/link.pp").exists());
        let unpacked = version.dir.clone();
        drop(version);
        assert!(!unpacked.exists(), "the temporary directory is removed");
        let missing = format!("{}@no-such-rev", path.display());
        assert!(Version::open(&missing)
            .err()
            .unwrap()
            .contains("git archive no-such-rev"));
        assert!(Version::open("/no/such/dir").is_err());
    }
}
