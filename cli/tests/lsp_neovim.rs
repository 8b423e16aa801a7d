//! A real editor: Debian's Neovim, headless, with its built-in LSP client on a copy of the fixture
//! control repository (cli/tests/neovim/lsp_session.lua drives it): diagnostics, hover,
//! definition across files, references, then a rename and a formatting written with `:wall`,
//! checked here on disk. Skipped, saying so, where `nvim` is not installed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/lsp-control-repo"
);
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/neovim/lsp_session.lua");

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("the fixture").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

fn has_nvim() -> bool {
    Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn neovim_s_client_diagnoses_navigates_renames_and_formats() {
    if !has_nvim() {
        eprintln!("skipped: nvim is not installed");
        return;
    }
    let root: PathBuf =
        std::env::temp_dir().join(format!("puppet-lsp-neovim-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    copy_tree(Path::new(FIXTURE), &root);
    let root = std::fs::canonicalize(&root).expect("the copy");
    std::fs::write(
        root.join("manifests/check.pp"),
        "$a = \"plain\"\nnotice($a)\n",
    )
    .expect("a manifest");

    let mut child = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {SCRIPT}"))
        .env("PUPPET_EVAL", env!("CARGO_BIN_EXE_puppet-eval"))
        .env("FIXTURE", &root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nvim starts");
    // A guard against a hang, not a measure of speed.
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Ok(Some(status)) = child.try_wait() {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut errors = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut stderr, &mut errors);
    }
    assert!(
        status.is_some_and(|s| s.success()),
        "nvim: {status:?}\n{errors}"
    );

    let read = |relative: &str| std::fs::read_to_string(root.join(relative)).expect("a file");
    // The rename reached the data file and the manifest, both written by :wall.
    assert!(read("data/common.yaml").contains("\nmotd::greeting: 'Welcome'\n"));
    let profile = read("site/profile/manifests/web.pp");
    assert!(profile.contains("lookup('motd::greeting')"), "{profile}");
    // The formatting: the double-quoted string without variables single-quoted.
    assert_eq!(read("manifests/check.pp"), "$a = 'plain'\nnotice($a)\n");
    let _ = std::fs::remove_dir_all(&root);
}
