//! `puppet-eval diff`: two versions of a control repository compiled for a few nodes, the report
//! in text, Markdown and JSON, the exit status, shards merged, git revisions, ignore rules.

mod common;
use common::puppet_eval;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory holding `files` (relative path, text).
fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puppet-eval-diff-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("mkdir");
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

const SITE: &str =
    "node /^web/ {\n  include role::web\n}\nnode default {\n  include role::base\n}\n";
const BASE: &str = "class role::base {\n  package { 'openssh-server': ensure => installed }\n}\n";

/// Version 1: web nodes run nginx 1.18; the motd names the OS family.
fn version_1(name: &str) -> PathBuf {
    tree(
        name,
        &[
            ("manifests/site.pp", SITE),
            ("modules/role/manifests/base.pp", BASE),
            (
                "modules/role/manifests/web.pp",
                "class role::web {\n  include role::base\n  class { 'nginx': version => '1.18' }\n}\n",
            ),
            (
                "modules/nginx/manifests/init.pp",
                "class nginx(String $version) {\n  package { 'nginx': ensure => $version }\n  \
                 file { '/etc/motd': content => epp('nginx/motd.epp') }\n  \
                 service { 'nginx': ensure => running }\n  Package['nginx'] -> Service['nginx']\n}\n",
            ),
            ("modules/nginx/templates/motd.epp", "Welcome to <%= $facts['os']['family'] %>\nworkers: 2\n"),
        ],
    )
}

/// Version 2: nginx 1.24, one more worker, and the service notified by the package.
fn version_2(name: &str) -> PathBuf {
    let dir = version_1(name);
    fs::write(
        dir.join("modules/role/manifests/web.pp"),
        "class role::web {\n  include role::base\n  class { 'nginx': version => '1.24' }\n}\n",
    )
    .expect("write");
    fs::write(
        dir.join("modules/nginx/templates/motd.epp"),
        "Welcome to <%= $facts['os']['family'] %>\nworkers: 4\n",
    )
    .expect("write");
    dir
}

fn nodes(name: &str) -> PathBuf {
    tree(
        name,
        &[
            ("web01.json", r#"{"os": {"family": "Debian"}}"#),
            ("web02.json", r#"{"name": "web02", "values": {"os": {"family": "Debian"}}}"#),
            ("web03.yaml", "--- !ruby/object:Puppet::Node::Facts\nname: web03\nvalues:\n  os:\n    family: RedHat\ntimestamp: 2024-05-01 10:00:00.000000000 +00:00\n"),
            ("db01.json", r#"{"os": {"family": "Debian"}}"#),
        ],
    )
}

fn json_report(args: &[&str]) -> (serde_json::Value, Option<i32>) {
    let output = puppet_eval(args, "");
    let report = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&output.stdout), text(&output.stderr)));
    (report, output.status.code())
}

#[test]
fn text_report_groups_nodes_by_identical_diff() {
    let (from, to, nodes) = (
        version_1("text-a"),
        version_2("text-b"),
        nodes("text-nodes"),
    );
    let output = puppet_eval(&["diff", arg(&from), arg(&to), "--nodes", arg(&nodes)], "");
    let out = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{out}{}",
        text(&output.stderr)
    );
    // web01 and web02 (Debian) change alike; web03's motd names RedHat: a group of its own;
    // db01 is not a web node.
    let expected = format!(
        "puppet-eval diff: {} → {}\n4 nodes: 0 errored, 3 changed, 1 unaffected\n\n\
         2 nodes changed: File[/etc/motd] content changed and 1 more\n  nodes: web01, web02\n",
        arg(&from),
        arg(&to)
    );
    assert!(out.starts_with(&expected), "{out}");
    assert!(out.contains("  ~ File[/etc/motd]  (modules/nginx/manifests/init.pp:3)\n      content:\n        @@ -1,2 +1,2 @@\n         Welcome to Debian\n        -workers: 2\n        +workers: 4\n"), "{out}");
    assert!(out.contains("  ~ Package[nginx]  (modules/nginx/manifests/init.pp:2)\n      ensure: '1.18' → '1.24'\n"), "{out}");
    assert!(
        out.contains(
            "1 node changed: File[/etc/motd] content changed and 1 more\n  nodes: web03\n"
        ),
        "{out}"
    );
    assert!(out.contains("         Welcome to RedHat\n"), "{out}");
    assert!(out.ends_with("1 node unaffected\n  nodes: db01\n"), "{out}");
}

#[test]
fn json_report_has_the_documented_shape() {
    let (from, to, nodes) = (
        version_1("json-a"),
        version_2("json-b"),
        nodes("json-nodes"),
    );
    let (report, status) = json_report(&[
        "diff",
        arg(&from),
        arg(&to),
        "--nodes",
        arg(&nodes),
        "--format",
        "json",
    ]);
    assert_eq!(status, Some(2));
    assert_eq!(report["version"], 1);
    assert_eq!(report["nodes"], 4);
    assert_eq!(
        report["counts"],
        serde_json::json!({"errored": 0, "changed": 3, "unaffected": 1})
    );
    let group = &report["groups"][0];
    assert_eq!(group["status"], "changed");
    assert_eq!(group["nodes"], serde_json::json!(["web01", "web02"]));
    assert_eq!(group["error"], serde_json::Value::Null);
    let keys: Vec<&str> = group
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "status",
            "nodes",
            "headline",
            "error",
            "resources_added",
            "resources_removed",
            "parameters_changed",
            "classes_added",
            "classes_removed",
            "edges_added",
            "edges_removed",
            "cycles_added",
            "cycles_removed"
        ]
    );
    assert_eq!(
        group["parameters_changed"][1],
        serde_json::json!({"resource": "Package[nginx]", "parameter": "ensure", "from": "1.18", "to": "1.24",
                           "file": "modules/nginx/manifests/init.pp", "line": 2})
    );
    assert_eq!(report["groups"][2]["status"], "unaffected");
}

#[test]
fn shards_merged_are_the_whole_run() {
    let (from, to, nodes) = (
        version_1("shard-a"),
        version_2("shard-b"),
        nodes("shard-nodes"),
    );
    let common = ["diff", arg(&from), arg(&to), "--nodes", arg(&nodes)];
    let dir = tree("shard-parts", &[]);
    let mut parts = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let part = dir.join(format!("part{}.json", &shard[..1]));
        let mut args = common.to_vec();
        args.extend(["--format", "json", "--shard", shard, "-o", arg(&part)]);
        let output = puppet_eval(&args, "");
        assert!(
            matches!(output.status.code(), Some(0 | 2)),
            "{}",
            text(&output.stderr)
        );
        parts.push(part);
    }
    let part: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&parts[0]).unwrap()).unwrap();
    assert_eq!(part["shard"], "1/3");
    for format in ["json", "text", "markdown"] {
        let mut whole_args = common.to_vec();
        whole_args.extend(["--format", format]);
        let whole = puppet_eval(&whole_args, "");
        let mut merge_args = vec!["diff", "--merge", "--format", format];
        merge_args.extend(parts.iter().map(|p| arg(p)));
        let merged = puppet_eval(&merge_args, "");
        assert_eq!(
            text(&merged.stdout),
            text(&whole.stdout),
            "{format}: {}",
            text(&merged.stderr)
        );
        assert_eq!(merged.status.code(), whole.status.code());
    }
    // A missing shard is an error, not a smaller report.
    let merged = puppet_eval(&["diff", "--merge", arg(&parts[0]), arg(&parts[2])], "");
    assert_eq!(merged.status.code(), Some(1));
    assert!(
        text(&merged.stderr).contains("not all of 1/3 to 3/3 once"),
        "{}",
        text(&merged.stderr)
    );
}

#[test]
fn exit_status_says_unchanged_changed_or_broken() {
    let (from, nodes) = (version_1("status-a"), nodes("status-nodes"));
    let same = version_1("status-same");
    let output = puppet_eval(
        &["diff", arg(&from), arg(&same), "--nodes", arg(&nodes)],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(text(&output.stdout).contains("4 nodes: 0 errored, 0 changed, 4 unaffected"));
    let broken = version_1("status-broken");
    fs::write(
        broken.join("modules/role/manifests/base.pp"),
        "class role::base {\n  fail('not yet')\n}\n",
    )
    .unwrap();
    let output = puppet_eval(
        &["diff", arg(&from), arg(&broken), "--nodes", arg(&nodes)],
        "",
    );
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("4 nodes: 4 errored, 0 changed, 0 unaffected\n\n4 nodes errored: fails: Evaluation Error: "), "{out}");
    assert!(out.contains("  ! fails to compile: Evaluation Error: Error while evaluating a Function Call, not yet (file: modules/role/manifests/base.pp, line: 2, column: 3)\n"), "{out}");
    let output = puppet_eval(&["diff", arg(&from), "/no/such/dir"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("/no/such/dir: neither a directory nor REPO@REV"));
}

#[test]
fn markdown_report_folds_each_group() {
    let (from, to, nodes) = (version_1("md-a"), version_2("md-b"), nodes("md-nodes"));
    let output = puppet_eval(
        &[
            "diff",
            arg(&from),
            arg(&to),
            "--nodes",
            arg(&nodes),
            "--format",
            "markdown",
        ],
        "",
    );
    let out = text(&output.stdout);
    assert!(out.starts_with(&format!("### Catalog diff: `{}` → `{}`\n\n| nodes | errored | changed | unaffected |\n|---:|---:|---:|---:|\n| 4 | 0 | 3 | 1 |\n\n", arg(&from), arg(&to))), "{out}");
    assert!(out.contains("<details><summary>2 nodes changed: File[/etc/motd] content changed and 1 more</summary>\n\nNodes: web01, web02\n\n```diff\n"), "{out}");
    assert!(out.ends_with("1 node unaffected: `db01`\n\n"), "{out}");
}

#[test]
fn ignore_rules_and_added_details() {
    let (from, to, nodes) = (version_1("ign-a"), version_2("ign-b"), nodes("ign-nodes"));
    let output = puppet_eval(
        &[
            "diff",
            arg(&from),
            arg(&to),
            "--nodes",
            arg(&nodes),
            "--ignore",
            "File[/etc/*],Class[*]",
            "--ignore-attr",
            "ensure",
        ],
        "",
    );
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{out}");
    fs::write(to.join("modules/role/manifests/base.pp"), "class role::base {\n  package { 'openssh-server': ensure => installed }\n  user { 'ops': uid => 2000 }\n}\n").unwrap();
    let output = puppet_eval(
        &[
            "diff",
            arg(&from),
            arg(&to),
            "--nodes",
            arg(&nodes),
            "--display-detail-add",
            "--ignore",
            "Class[Nginx]",
        ],
        "",
    );
    let out = text(&output.stdout);
    assert!(
        out.contains("  + User[ops]  (modules/role/manifests/base.pp:3)\n      uid => 2000\n"),
        "{out}"
    );
}

#[test]
fn git_revisions_of_a_repository() {
    let repo = version_1("git-repo");
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .arg("-C")
            .arg(&repo)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .output()
            .expect("git runs");
        assert!(
            status.status.success(),
            "git {args:?}: {}",
            text(&status.stderr)
        );
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "nginx 1.18"]);
    fs::write(
        repo.join("modules/role/manifests/web.pp"),
        "class role::web {\n  include role::base\n  class { 'nginx': version => '1.24' }\n}\n",
    )
    .unwrap();
    git(&["commit", "-qam", "nginx 1.24"]);
    // The work tree changes after the commits: the revisions are what is compared.
    fs::write(repo.join("manifests/site.pp"), "fail('work tree')\n").unwrap();
    let nodes = nodes("git-nodes");
    let from = format!("{}@HEAD~1", arg(&repo));
    let to = format!("{}@HEAD", arg(&repo));
    let (report, status) = json_report(&[
        "diff",
        &from,
        &to,
        "--nodes",
        arg(&nodes),
        "--format",
        "json",
    ]);
    assert_eq!(status, Some(2), "{report}");
    assert_eq!(report["from"], from.as_str());
    assert_eq!(
        report["groups"][0]["headline"],
        "Package[nginx] ensure '1.18' → '1.24'"
    );
    assert_eq!(
        report["groups"][0]["nodes"],
        serde_json::json!(["web01", "web02", "web03"])
    );
}

/// A module linked in from outside the environments is read only with `--allow-links-to` naming
/// where it leads (the CLI's closed world), and then its `files/` are compared too.
#[cfg(unix)]
#[test]
fn modules_linked_from_outside_need_allow_links_to() {
    let outside = tree(
        "links-outside",
        &[
            (
                "motd/manifests/init.pp",
                "class motd {\n  file { '/etc/motd': source => 'puppet:///modules/motd/motd' }\n}\n",
            ),
            ("motd/files/motd", "OUTSIDE-TEXT-1\n"),
        ],
    );
    let from = tree("links-from", &[("manifests/site.pp", "include motd\n")]);
    let to = tree(
        "links-to",
        &[("manifests/site.pp", "include motd\nnotify { 'new': }\n")],
    );
    for env in [&from, &to] {
        fs::create_dir_all(env.join("modules")).expect("mkdir");
        std::os::unix::fs::symlink(outside.join("motd"), env.join("modules/motd"))
            .expect("symlink");
    }
    // Refused: both versions fail on the link, and nothing of the module's text is shown.
    let output = puppet_eval(&["diff", arg(&from), arg(&to), "--format", "json"], "");
    let shown = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(shown.contains("is a symbolic link to"), "{shown}");
    assert!(!shown.contains("OUTSIDE-TEXT"), "{shown}");
    // Allowed: the compile succeeds and the diff is the one new resource.
    let (report, status) = json_report(&[
        "diff",
        arg(&from),
        arg(&to),
        "--allow-links-to",
        arg(&outside),
        "--format",
        "json",
    ]);
    assert_eq!(status, Some(2), "{report}");
    let shown = report.to_string();
    assert!(shown.contains("Notify[new]"), "{shown}");
    assert!(!shown.contains("is a symbolic link to"), "{shown}");
}
