//! The diff of two catalogs compiled from code, for one node and for many.

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::{evaluate, EvalOptions};

fn compile(code: &str) -> NodeCatalog {
    let options = EvalOptions {
        certname: Some("web01".into()),
        ..EvalOptions::default()
    };
    catalog_of(&evaluate(code, &options))
}

fn diff(from: &str, to: &str) -> NodeDiff {
    diff_catalogs(&compile(from), &compile(to), &DiffOptions::default())
}

fn s(text: &str) -> Option<Data> {
    Some(Data::String(text.into()))
}

#[test]
fn the_same_catalog_in_another_order_is_no_change() {
    let from = "notify { 'a': message => {'x' => 1, 'y' => 2} }\nnotify { 'b': }";
    let to = "notify { 'b': }\n\n\nnotify { 'a': message => {'y' => 2, 'x' => 1} }";
    let result = diff(from, to);
    assert!(result.is_empty(), "{result:?}");
    assert_eq!(result.status(), Status::Unaffected);
}

#[test]
fn parameters_compare_as_values() {
    let result = diff(
        "package { 'nginx': ensure => '1.18' }\nfile { '/x': mode => '0644' }",
        "package { 'nginx': ensure => '1.24' }\nfile { '/x': mode => '0644', owner => 'root' }",
    );
    assert_eq!(
        result
            .parameters_changed
            .iter()
            .map(|c| (
                c.resource.as_str(),
                c.parameter.as_str(),
                c.from.clone(),
                c.to.clone()
            ))
            .collect::<Vec<_>>(),
        vec![
            ("File[/x]", "owner", None, s("root")),
            ("Package[nginx]", "ensure", s("1.18"), s("1.24")),
        ]
    );
    assert_eq!(result.status(), Status::Changed);
    assert_eq!(
        headline(&result),
        "File[/x] owner (absent) → 'root' and 1 more"
    );
    let one = diff(
        "package { 'nginx': ensure => '1.18' }",
        "package { 'nginx': ensure => '1.24' }",
    );
    assert_eq!(headline(&one), "Package[nginx] ensure '1.18' → '1.24'");
    // A string and an integer differ, as in the catalog's JSON.
    let typed = diff(
        "notify { 'a': message => '1' }",
        "notify { 'a': message => 1 }",
    );
    assert_eq!(typed.parameters_changed.len(), 1);
}

#[test]
fn resources_and_classes_added_and_removed() {
    let result = diff(
        "class old { service { 'apache2': } }\ninclude old\nnotify { 'kept': }",
        "class web { package { 'nginx': ensure => installed } }\ninclude web\nnotify { 'kept': }",
    );
    let references = |entries: &[ResourceEntry]| {
        entries
            .iter()
            .map(|e| e.resource.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(references(&result.resources_added), ["Package[nginx]"]);
    assert_eq!(references(&result.resources_removed), ["Service[apache2]"]);
    assert_eq!(result.classes_added, ["Web"]);
    assert_eq!(result.classes_removed, ["Old"]);
    // Without --display-detail-add an added resource is its name; with it, its parameters too.
    assert!(result.resources_added[0].parameters.is_empty());
    let position = result.resources_added[0]
        .position
        .as_ref()
        .expect("a position");
    assert_eq!(position.line, 1);
    let detailed = diff_catalogs(
        &compile("notify { 'kept': }"),
        &compile("package { 'nginx': ensure => installed }"),
        &DiffOptions {
            detail_add: true,
            ..DiffOptions::default()
        },
    );
    assert_eq!(
        detailed.resources_added[0].parameters,
        vec![("ensure".to_string(), Data::String("installed".into()))]
    );
}

#[test]
fn a_file_is_known_by_its_path() {
    let result = diff(
        "file { 'motd': path => '/etc/motd', content => 'a' }",
        "file { '/etc/motd': content => 'b' }",
    );
    assert!(
        result.resources_added.is_empty() && result.resources_removed.is_empty(),
        "{result:?}"
    );
    assert_eq!(result.parameters_changed.len(), 1);
    assert_eq!(result.parameters_changed[0].parameter, "content");
    // Named by its path, as octocatalog-diff names it.
    assert_eq!(result.parameters_changed[0].resource, "File[/etc/motd]");
}

#[test]
fn a_file_made_absent_shows_only_what_matters() {
    let result = diff(
        "file { '/x': ensure => file, content => 'a', mode => '0644', backup => false }",
        "file { '/x': ensure => absent, backup => true }",
    );
    let names: Vec<&str> = result
        .parameters_changed
        .iter()
        .map(|c| c.parameter.as_str())
        .collect();
    assert_eq!(names, ["ensure", "backup"]);
}

#[test]
fn edges_are_relationships_whatever_made_them() {
    let unchanged = diff(
        "package { 'p': } -> service { 's': }",
        "package { 'p': before => Service['s'] }\nservice { 's': }",
    );
    assert!(unchanged.is_empty(), "{unchanged:?}");
    let result = diff(
        "package { 'p': } -> service { 's': }",
        "package { 'p': } ~> service { 's': }",
    );
    assert_eq!(
        result
            .edges_added
            .iter()
            .map(Edge::text)
            .collect::<Vec<_>>(),
        ["Package[p] ~> Service[s]"]
    );
    assert_eq!(
        result
            .edges_removed
            .iter()
            .map(Edge::text)
            .collect::<Vec<_>>(),
        ["Package[p] -> Service[s]"]
    );
    assert!(result.parameters_changed.is_empty());
}

#[test]
fn new_dependency_cycles() {
    let result = diff(
        "exec { 'a': command => '/bin/a' } -> exec { 'b': command => '/bin/b' }",
        "exec { 'a': command => '/bin/a' } -> exec { 'b': command => '/bin/b' } -> Exec['a']",
    );
    assert_eq!(result.cycles_added.len(), 1);
    assert!(result.cycles_removed.is_empty());
    let path = result.cycles_added[0].join(" => ");
    assert!(
        path.contains("Exec[a]") && path.contains("Exec[b]"),
        "{path}"
    );
}

#[test]
fn compile_errors_that_appear_and_disappear() {
    let appears = diff("notify { 'a': }", "notify { 'a': }\nfail('broken')");
    assert_eq!(appears.status(), Status::Errored);
    let error = appears.error.as_ref().expect("an error change");
    assert_eq!(error.from, None);
    assert!(error.to.as_deref().is_some_and(|e| e.contains("broken")));
    assert!(appears.resources_removed.is_empty());
    let disappears = diff("fail('broken')", "notify { 'a': }");
    assert_eq!(disappears.status(), Status::Changed);
    assert!(disappears.error.as_ref().is_some_and(|e| e.to.is_none()));
    assert_eq!(headline(&disappears), "compiles again");
    let persists = diff("fail('broken')", "fail('broken')");
    assert_eq!(persists.status(), Status::Errored);
}

#[test]
fn ignore_rules_drop_resources_and_parameters() {
    let from = "file { '/etc/a': mode => '0644' }\nexec { 'x': command => '/bin/a' }\nfile { '/etc/a.d': }";
    let to = "file { '/etc/a': mode => '0600' }\nexec { 'x': command => '/bin/b' }\nexec { 'y': command => '/bin/y' }\nExec['x'] -> Exec['y']";
    let options = DiffOptions {
        ignore: vec![
            IgnoreRule::resource("Exec[*]").unwrap(),
            IgnoreRule::resource("File[/etc/*]::parameters::mode").unwrap(),
        ],
        detail_add: false,
    };
    let result = diff_catalogs(&compile(from), &compile(to), &options);
    assert!(result.parameters_changed.is_empty(), "{result:?}");
    assert!(result.resources_added.is_empty());
    assert!(result.edges_added.is_empty());
    assert_eq!(
        result
            .resources_removed
            .iter()
            .map(|r| r.resource.as_str())
            .collect::<Vec<_>>(),
        ["File[/etc/a.d]"]
    );
}

#[test]
fn nodes_group_by_identical_diff() {
    let a = diff(
        "package { 'nginx': ensure => '1.18' }",
        "package { 'nginx': ensure => '1.24' }",
    );
    let none = diff("notify { 'x': }", "notify { 'x': }");
    let broken = diff("notify { 'x': }", "fail('no')");
    let mut grouper = Grouper::new();
    for (node, result) in [
        ("web2", &a),
        ("db1", &none),
        ("web1", &a),
        ("bad", &broken),
        ("web3", &a),
    ] {
        grouper.add(node.into(), result.clone());
    }
    let groups = grouper.finish();
    let shape: Vec<(Status, Vec<String>)> = groups
        .iter()
        .map(|g| (g.diff.status(), g.nodes.clone()))
        .collect();
    assert_eq!(
        shape,
        vec![
            (Status::Errored, vec!["bad".to_string()]),
            (
                Status::Changed,
                vec!["web1".into(), "web2".into(), "web3".into()]
            ),
            (Status::Unaffected, vec!["db1".into()]),
        ]
    );
    assert_eq!(
        counts(&groups),
        Counts {
            errored: 1,
            changed: 3,
            unaffected: 1
        }
    );
    // Merging shards: the same nodes added in another order give the same groups.
    let mut again = Grouper::new();
    for group in groups.iter().rev() {
        for node in group.nodes.iter().rev() {
            again.add(node.clone(), group.diff.clone());
        }
    }
    assert_eq!(again.finish(), groups);
}
