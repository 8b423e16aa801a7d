//! `puppet-eval` with environments: `--env DIR`, `--modulepath`, `--certname`, a `--jsonl` case's
//! `files`, and the catalog in `--json`/`--jsonl` answers.

mod common;
use common::puppet_eval;

use std::fs;
use std::path::{Path, PathBuf};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory holding `files` (relative path, text).
fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puppet-eval-env-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, content) in files {
        let file = dir.join(path);
        fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        fs::write(file, content).expect("write");
    }
    dir
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// A control repository: the main manifest declares a node, whose role includes a profile that
/// renders a template, reads a file and calls a function of the module.
#[test]
fn env_compiles_the_environments_manifests_for_the_node() {
    let env = tree(
        "repo",
        &[
            ("manifests/site.pp", "node default {\n  include role::web\n}\n"),
            ("modules/role/manifests/web.pp", "class role::web {\n  include profile::motd\n}\n"),
            (
                "modules/profile/manifests/motd.pp",
                "class profile::motd(String $owner = profile::owner()) {\n  file { '/etc/motd':\n    content => epp('profile/motd.epp', { 'owner' => $owner }),\n  }\n  notice(file('profile/banner.txt'))\n}\n",
            ),
            ("modules/profile/functions/owner.pp", "function profile::owner() >> String {\n  'ops'\n}\n"),
            ("modules/profile/templates/motd.epp", "<%- | String $owner | -%>\nowned by <%= $owner %>\n"),
            ("modules/profile/files/banner.txt", "welcome"),
        ],
    );
    let out = puppet_eval(&["--env", arg(&env), "--catalog"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "undef\nnode { 'default': }\nclass { 'role::web': }\nclass { 'profile::motd':\n  owner => 'ops',\n}\nfile { '/etc/motd':\n  content => \"owned by ops\\n\",\n}\n"
    );
    assert_eq!(text(&out.stderr), "Notice: welcome\n");
    let _ = fs::remove_dir_all(env);
}

/// `-e` replaces the environment's manifests/, as with `puppet apply -e`; an error in a module file
/// names that file and shows its line.
#[test]
fn code_replaces_the_manifests_and_errors_name_module_files() {
    let env = tree(
        "errors",
        &[
            ("manifests/site.pp", "fail('not read')\n"),
            (
                "modules/app/manifests/init.pp",
                "class app {\n  $x = 1 / 0\n}\n",
            ),
        ],
    );
    let out = puppet_eval(&["--env", arg(&env), "-e", "include app"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "modules/app/manifests/init.pp:2:12: error: Evaluation Error: Division by 0\n    $x = 1 / 0\n             ^\n"
    );
    let json = puppet_eval(&["--env", arg(&env), "--json", "-e", "include app"], "");
    let answer: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(
        answer["error"],
        "Evaluation Error: Division by 0 (file: modules/app/manifests/init.pp, line: 2, column: 12)"
    );
    let _ = fs::remove_dir_all(env);
}

/// `--modulepath` adds module directories after the environment's own; a module of the
/// environment shadows one of the same name there.
#[test]
fn modulepath_adds_directories_after_the_environments_modules() {
    let shared = tree(
        "shared",
        &[
            (
                "base/manifests/init.pp",
                "class base { notice('shared base') }\n",
            ),
            (
                "app/manifests/init.pp",
                "class app { notice('shared app') }\n",
            ),
        ],
    );
    let env = tree(
        "own",
        &[(
            "modules/app/manifests/init.pp",
            "class app { notice('own app') }\n",
        )],
    );
    let out = puppet_eval(
        &[
            "--env",
            arg(&env),
            "--modulepath",
            arg(&shared),
            "-e",
            "include app, base",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "Notice: own app\nNotice: shared base\n");
    let missing = puppet_eval(&["--modulepath", "/nonexistent/dir", "-e", "1"], "");
    assert_eq!(missing.status.code(), Some(2));
    let _ = fs::remove_dir_all(env);
    let _ = fs::remove_dir_all(shared);
}

/// A `--jsonl` case's `files` are its own environment: it compiles for the node `playground`
/// (node definitions, `$trusted`), and with `--catalog` its answer lists the catalog.
#[test]
fn jsonl_cases_carry_their_own_environment() {
    let cases = concat!(
        r#"{"id":1,"src":"","files":{"manifests/site.pp":"node 'playground' { include app }","modules/app/manifests/init.pp":"class app($p = 2) { notify { $trusted['certname']: } }"}}"#,
        "\n",
        r#"{"id":2,"src":"include nope"}"#,
        "\n"
    );
    let out = puppet_eval(&["--jsonl", "--catalog"], cases);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(
        lines[0]["catalog"],
        serde_json::json!([
            ["Node[playground]", []],
            ["Class[App]", [["p", "2"]]],
            ["Notify[playground]", []]
        ])
    );
    assert_eq!(lines[1]["catalog"], serde_json::Value::Null);
    assert_eq!(
        lines[1]["error"],
        "Evaluation Error: Error while evaluating a Function Call, Could not find class ::nope for playground (file: snippet.pp, line: 1, column: 1)"
    );
}

/// `--certname` names the node node definitions are matched against.
#[test]
fn certname_chooses_the_node_definition() {
    let code = "node 'web01' { notice('web') }\nnode default { notice('default') }";
    let web = puppet_eval(&["--certname", "web01", "-e", code], "");
    assert_eq!(text(&web.stderr), "Notice: web\n");
    let other = puppet_eval(&["--certname", "db01", "-e", code], "");
    assert_eq!(text(&other.stderr), "Notice: default\n");
    // Without a node, as before: the program alone, node definitions not evaluated.
    let alone = puppet_eval(&["-e", code], "");
    assert_eq!(text(&alone.stderr), "");
}

/// Paths that would leave the environment are never read: a case's file outside it is refused
/// with a diagnostic, and `file()` cannot reach outside the directory it was given.
#[test]
fn nothing_outside_the_environment_is_read() {
    let case = r#"{"id":1,"src":"include app","files":{"../outside.pp":"class app {}"}}"#;
    let out = puppet_eval(&["--jsonl"], case);
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("The file '../outside.pp' is left out")),
        "{answer}"
    );
    let env = tree("confined", &[("modules/app/files/x", "inside")]);
    let out = puppet_eval(
        &[
            "--env",
            arg(&env),
            "-e",
            "notice(file('app/../../../../etc/passwd', '/etc/passwd', 'app/x'))",
        ],
        "",
    );
    assert_eq!(text(&out.stderr), "Notice: inside\n");
    let _ = fs::remove_dir_all(env);
}
