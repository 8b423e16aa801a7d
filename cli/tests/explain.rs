//! `puppet-eval explain`: what hover shows, in a snippet and in an environment whose files hold
//! ranges at the same offsets of their own texts (each place explained from its own file only).

mod common;
use common::puppet_eval;

use std::fs;
use std::path::PathBuf;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory holding `files` (relative path, text).
fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("puppet-eval-explain-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, content) in files {
        let file = dir.join(path);
        fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        fs::write(file, content).expect("write");
    }
    dir
}

/// 1-based line and column of byte `at` of an ASCII `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    (before.matches('\n').count() + 1, at - line_start + 1)
}

const SITE: &str = "$x = 1 + 2\ninclude app\n";
const APP: &str = "class app (\n  Integer $port = 8080,\n) {\n  $y = $port * 2\n}\n";

#[test]
fn every_place_of_a_two_file_environment_is_explained_from_its_own_file() {
    let dir = tree(
        "two-files",
        &[
            ("manifests/site.pp", SITE),
            ("modules/app/manifests/init.pp", APP),
        ],
    );
    let env = dir.to_string_lossy().into_owned();
    let mut explained = 0;
    for (path, source) in [
        ("manifests/site.pp", SITE),
        ("modules/app/manifests/init.pp", APP),
    ] {
        for offset in 0..source.len() {
            if source.as_bytes()[offset] == b'\n' {
                continue;
            }
            let (line, column) = line_column(source, offset);
            let place = format!("{}:{line}:{column}", dir.join(path).display());
            let out = puppet_eval(&["explain", "--env", &env, &place], "");
            let printed = text(&out.stdout);
            // A range's text comes first, then its value: it must be a range of this file that
            // holds the offset.
            let Some(value_at) = printed.find("\nvalue: ") else {
                continue;
            };
            let range = &printed[..value_at];
            let covers = source
                .match_indices(range)
                .any(|(start, _)| start <= offset && offset < start + range.len());
            assert!(covers, "{path}:{line}:{column} named {range:?}, not a range of that file there:\n{printed}");
            explained += 1;
        }
    }
    assert!(explained > 20, "only {explained} places had a value");
    // `$x` of site.pp (0..2) and `$port` of the module, each from its own file.
    let x = puppet_eval(
        &[
            "explain",
            "--env",
            &env,
            &format!("{}:1:2", dir.join("manifests/site.pp").display()),
        ],
        "",
    );
    assert_eq!(text(&x.stdout), "$x\nvalue: 3\ntype: Integer[3, 3]\n");
    let port = puppet_eval(
        &[
            "explain",
            "--env",
            &env,
            &format!(
                "{}:2:12",
                dir.join("modules/app/manifests/init.pp").display()
            ),
        ],
        "",
    );
    assert_eq!(
        text(&port.stdout),
        "$port\nvalue: 8080\ntype: Integer[8080, 8080]\n"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_class_parameter_shows_its_value_and_notice_its_documentation() {
    let dir = tree(
        "snippet",
        &[(
            "app.pp",
            "class app (\n  Integer $port = 8080,\n) { notice($port) }\ninclude app\n",
        )],
    );
    let file = dir.join("app.pp").display().to_string();
    let port = puppet_eval(&["explain", &format!("{file}:2:12")], "");
    assert!(port.status.success(), "{}", text(&port.stderr));
    assert_eq!(
        text(&port.stdout),
        "$port\nvalue: 8080\ntype: Integer[8080, 8080]\n"
    );
    let notice = text(&puppet_eval(&["explain", &format!("{file}:3:7")], "").stdout);
    assert!(
        notice.contains("notice(Any *$values)\nLogs the values at level notice"),
        "{notice}"
    );
    let _ = fs::remove_dir_all(&dir);
}
