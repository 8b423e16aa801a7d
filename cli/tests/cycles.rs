//! `puppet-eval --catalog` and dependency cycles: Puppet's report (as `puppet apply` prints it, at the arrow that
//! closes the cycle), the catalog still printed, and exit status 1, as `puppet apply` fails.

mod common;
use common::puppet_eval;

const REPORT: &str = "Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a])\\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz";

#[test]
fn a_cycle_fails_the_run_with_puppets_report_and_the_catalog_is_printed() {
    let code = "notify { 'a': } -> notify { 'b': }\nNotify['b'] -> Notify['a']";
    for node in [&[][..], &["--certname", "web01.example.com"][..]] {
        let mut args = vec!["--catalog"];
        args.extend_from_slice(node);
        args.extend_from_slice(&["-e", code]);
        let out = puppet_eval(&args, "");
        assert_eq!(out.status.code(), Some(1), "{node:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("snippet.pp:2:1: error: {REPORT}\n")),
            "{err}"
        );
        assert_eq!(err.matches("dependency cycle").count(), 1, "{err}");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(
            printed.contains("notify { 'b':\n  before => ['Notify[a]'],\n}"),
            "{printed}"
        );
    }
}

#[test]
fn a_diamond_is_no_cycle() {
    let code = "notify { 'top': } -> [notify { 'l': }, notify { 'r': }] -> notify { 'bottom': }";
    let out = puppet_eval(&["--catalog", "--certname", "n", "-e", code], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn without_the_catalog_only_a_nodes_compile_reports_a_cycle() {
    let code = "notify { 'a': } -> notify { 'b': }\nNotify['b'] -> Notify['a']\n42";
    // No node, no catalog shown: the value is the run's, the cycle nobody's to report.
    let out = puppet_eval(&["-e", code], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("dependency cycle"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
    // A node's compile reports it as `puppet apply` does, catalog shown or not.
    let out = puppet_eval(&["--certname", "web01.example.com", "-e", code], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!("snippet.pp:2:1: error: {REPORT}\n")),
        "{err}"
    );
}

/// Without `--catalog` the graph's nodes are drawn unnamed and named again only for a cycle found:
/// the same reports as with it, for cycles through a class, a defined type's instance and a node's
/// resources.
#[test]
fn a_cycle_is_reported_the_same_with_the_catalog_or_without() {
    let codes = [
        "class a { notify { 'x': } }\ninclude a\nNotify['x'] -> Class['a']",
        "define d { notify { \"in ${title}\": } }\nd { 'one': }\nNotify['in one'] -> D['one']",
        "node default {\n  notify { 'n': } -> notify { 'm': }\n  Notify['m'] -> Notify['n']\n}",
        "notify { 'a': } -> notify { 'b': } -> notify { 'c': }\nNotify['c'] -> Notify['a']",
    ];
    for code in codes {
        let shown = puppet_eval(&["--catalog", "--certname", "web01", "-e", code], "");
        let unread = puppet_eval(&["--certname", "web01", "-e", code], "");
        let shown_err = String::from_utf8_lossy(&shown.stderr);
        assert!(
            shown_err.contains("dependency cycle"),
            "{code}: {shown_err}"
        );
        assert_eq!(String::from_utf8_lossy(&unread.stderr), shown_err, "{code}");
        assert_eq!(unread.status.code(), Some(1), "{code}");
    }
}
