//! The page's keystroke in an environment, natively, for counting its instructions (the machine's
//! load does not move them): `page_keystroke DIR [KEYSTROKES]` reads every file under DIR, makes
//! the page's call once (`evaluate_answer('', { files, certname })` and its JSON), then once per
//! keystroke with one character more in the first `manifests/c1.pp` of a module, as
//! bench/environment/browser.mjs does in Chromium. Run it under
//! `valgrind --tool=callgrind` with 0 and with N keystrokes: the difference ÷ N is one keystroke.
//! Built with `--no-default-features`, it is the light engine's code (natively).

use std::path::{Path, PathBuf};

use puppet_wasm::{evaluate_json, Options};

fn files(root: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut dirs = vec![PathBuf::from(root)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.flatten().map(|entry| entry.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if let (Ok(text), Ok(relative)) =
                (std::fs::read_to_string(&path), path.strip_prefix(root))
            {
                files.push((relative.to_string_lossy().into_owned(), text));
            }
        }
    }
    files.sort();
    files
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: page_keystroke DIR [KEYSTROKES]");
        std::process::exit(2);
    };
    let keystrokes: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let files = files(Path::new(&dir));
    let edited = files
        .iter()
        .position(|(path, _)| path.ends_with("/manifests/c1.pp"))
        .unwrap_or(0);
    let call = |files: Vec<(String, String)>| {
        let options = Options {
            certname: Some("playground".into()),
            files: Some(files),
            ..Options::default()
        };
        evaluate_json("", &options).map_or(0, |json| json.len())
    };
    let mut bytes = call(files.clone());
    for n in 0..keystrokes {
        let mut files = files.clone();
        files[edited].1.push_str(&format!("\n# {n}"));
        bytes = call(files);
    }
    println!(
        "{} files, {keystrokes} keystrokes, last answer {bytes} bytes of JSON",
        files.len()
    );
}
