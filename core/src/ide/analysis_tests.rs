//! Tests of the Analysis: files kept by id and hash, indexes made once per text, queries reading
//! only the files that matter, and the compile's life (due after a pause, cancelled by a change,
//! its values kept while a file's text holds).

use super::*;
use crate::ide::analysis_compile::compile;

const INIT: &str = "class app(Integer $port = 80) {\n  $root = \"/srv/${port}\"\n}\n";
const VHOST: &str = "define app::vhost(String $docroot) {\n  include app\n}\n";
const SITE: &str =
    "include app\napp::vhost { 'x': docroot => '/' }\n$n = 1 + 2\nnotice(\"é ${n}\")\n";

fn analysis() -> Analysis {
    let mut a = Analysis::new();
    a.set_file("modules/app/manifests/init.pp", INIT, 0);
    a.set_file("modules/app/manifests/vhost.pp", VHOST, 0);
    a.set_file("manifests/site.pp", SITE, 0);
    a.set_file("data/common.yaml", "---\napp::port: 8080\n", 0);
    a
}

#[test]
fn files_keep_their_id_and_their_index_while_their_text_holds() {
    let mut a = analysis();
    let id = a.file_id("manifests/site.pp").expect("site");
    let version = a.version();
    let before: *const FileIndex = a.index("manifests/site.pp").expect("index");
    // The same text: nothing changes, the index is the one made before.
    assert_eq!(a.set_file("manifests/site.pp", SITE, 5), id);
    assert_eq!(a.version(), version);
    assert!(core::ptr::eq(
        before,
        a.index("manifests/site.pp").expect("index")
    ));
    // A new text: the same id, a new version and index.
    assert_eq!(a.set_file("manifests/site.pp", "include app\n", 6), id);
    assert_eq!(a.version(), version + 1);
    assert!(a.index("manifests/site.pp").expect("index").spells("app"));
    a.remove_file("manifests/site.pp", 7);
    assert_eq!(a.file_id("manifests/site.pp"), None);
    assert_eq!(a.len(), 3);
}

#[test]
fn definition_hover_and_references_across_files() {
    let a = analysis();
    let target = a.definition("manifests/site.pp", 9).expect("app");
    assert_eq!(
        (target.path.as_str(), target.start),
        ("modules/app/manifests/init.pp", 6)
    );
    let hover = a.hover("manifests/site.pp", 9).expect("hover");
    assert!(hover
        .docs
        .as_deref()
        .unwrap_or("")
        .starts_with("class app(\n  Integer $port = 80,\n)"));
    let found = a.references("manifests/site.pp", 9);
    let found: Vec<(&str, usize)> = found.iter().map(|t| (t.path.as_str(), t.start)).collect();
    assert_eq!(
        found,
        [
            ("manifests/site.pp", 8),
            ("modules/app/manifests/init.pp", 6),
            ("modules/app/manifests/vhost.pp", 47),
        ]
    );
    // A Hiera key from its data file.
    let key = a.definition("data/common.yaml", 5);
    assert_eq!(
        key, None,
        "a data file's key is its own definition: nothing to go to"
    );
    assert!(!a.references("data/common.yaml", 5).is_empty());
}

#[test]
fn completion_knows_classes_parameters_and_keys() {
    let mut a = analysis();
    a.set_file(
        "manifests/other.pp",
        "class { 'app':\n  \n}\n$x = lookup('app::",
        0,
    );
    let found = a.complete("manifests/other.pp", 17, None);
    let labels: Vec<&str> = found.items.iter().map(|c| c.label.as_str()).collect();
    assert!(labels.contains(&"port"), "{labels:?}");
    let keys = a.complete("manifests/other.pp", 39, None);
    assert_eq!(keys.items.len(), 1);
    assert_eq!(keys.items[0].label, "app::port");
    let classes = a.complete("manifests/other.pp", 9, None);
    let names: Vec<&str> = classes.items.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(names, ["app", "app::vhost"]);
}

#[test]
fn workspace_symbols_match_letters_in_order() {
    let a = analysis();
    let found: Vec<(String, DefinitionKind)> = a
        .workspace_symbols("avh", 10)
        .into_iter()
        .map(|(name, kind, _)| (name, kind))
        .collect();
    assert_eq!(found, [("app::vhost".into(), DefinitionKind::DefinedType)]);
    let all = a.workspace_symbols("", 10);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].0, "app");
    assert_eq!(a.workspace_symbols("zz", 10), []);
}

#[test]
fn a_compile_is_due_after_a_pause_and_cancelled_by_a_change() {
    let mut a = analysis();
    let mut settings = CompileSettings::default();
    settings.options.certname = Some("web1".into());
    a.set_settings(settings, 100);
    assert!(!a.compile_due(150, 200));
    assert!(a.compile_due(300, 200));
    let input = a.start_compile();
    assert_eq!(a.compile_state(), CompileState::Running);
    assert!(!a.compile_due(1000, 200));
    let flag = input
        .settings
        .options
        .cancel
        .clone()
        .expect("a cancel flag");
    // A change cancels the running compile and makes the files stale from then.
    a.set_file(
        "manifests/site.pp",
        SITE.replace("1 + 2", "2 + 2").as_str(),
        400,
    );
    assert!(flag.is_cancelled());
    assert_eq!(a.compile_state(), CompileState::Stale { since: 400 });
    let cancelled = compile(&input);
    assert!(!a.finish_compile(cancelled));
    // The next compile runs to its end and its values are hover's.
    let input = a.start_compile();
    let output = compile(&input);
    assert!(a.finish_compile(output));
    assert_eq!(a.compile_state(), CompileState::Current);
    let site = a.text("manifests/site.pp").unwrap_or("").to_string();
    let at = site.find("2 + 2").unwrap_or(0) + 2;
    let hover = a.hover("manifests/site.pp", at).expect("a value");
    let value = hover.value.expect("recorded");
    assert_eq!(
        (value.value.as_str(), value.type_.as_str()),
        ("4", "Integer[4, 4]")
    );
    // Once the file changes the value is no longer shown for it.
    a.set_file("manifests/site.pp", &site.replace("2 + 2", "3 + 3"), 500);
    assert_eq!(a.value_at("manifests/site.pp", at), None);
}

#[test]
fn an_older_compile_still_answers_for_unchanged_files() {
    let mut a = analysis();
    let mut settings = CompileSettings::default();
    settings.options.certname = Some("web1".into());
    a.set_settings(settings, 0);
    let input = a.start_compile();
    let output = compile(&input);
    // A change after the compile started (a file the compile does not read).
    a.set_file("notes.pp", "notice(1)\n", 10);
    assert!(a.finish_compile(output));
    assert!(matches!(a.compile_state(), CompileState::Stale { .. }));
    assert!(a.compiled_as_is("manifests/site.pp"));
    assert!(!a.compiled_as_is("notes.pp"));
}

#[test]
fn queries_on_unknown_files_and_offsets_answer_nothing() {
    let a = analysis();
    assert_eq!(a.definition("nope.pp", 0), None);
    assert!(a.references("nope.pp", 0).is_empty());
    assert_eq!(a.hover("nope.pp", 0), None);
    assert!(a.complete("nope.pp", 0, None).items.is_empty());
    for offset in [SITE.len(), SITE.len() + 10, usize::MAX / 2] {
        let _ = a.definition("manifests/site.pp", offset);
        let _ = a.references("manifests/site.pp", offset);
        let _ = a.hover("manifests/site.pp", offset);
        let _ = a.complete("manifests/site.pp", offset, None);
        let _ = a.signature_help("manifests/site.pp", offset);
    }
}
