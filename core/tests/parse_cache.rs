//! Parsed files kept across compiles (`Environment::parse_cache`): a second compile reuses the trees
//! of files whose text and offset did not change, and parses again a file whose text changed or
//! that moved (a file read before it grew), so values and positions are the same as without it.

use puppet_core::{
    evaluate_environment, puppet_text, Environment, EvalOptions, Limits, MemoryFiles, Outcome,
    ParseCache,
};

fn compile(files: &[(&str, &str)], cache: &ParseCache) -> Outcome {
    let limits = Limits::default();
    let mut memory = MemoryFiles::new();
    for (path, text) in files {
        memory.insert(path, *text, &limits);
    }
    let env = Environment {
        files: &memory,
        main: None,
        base_modulepath: Vec::new(),
        global_hiera: None,
        parse_cache: Some(cache),
    };
    let options = EvalOptions {
        certname: Some("node1".into()),
        ..EvalOptions::default()
    };
    evaluate_environment(&env, &options)
}

fn message_of(outcome: &Outcome, title: &str) -> String {
    let notify = outcome
        .catalog
        .iter()
        .find(|r| r.type_name == "Notify" && r.title == title)
        .expect("the notify is in the catalog");
    let (_, value) = notify
        .parameters
        .iter()
        .find(|(name, _)| name == "message")
        .expect("a message");
    puppet_core::value::to_string_default(value)
}

#[test]
fn a_second_compile_reuses_the_trees_and_sees_a_changed_file() {
    let cache = ParseCache::new();
    let site = ("manifests/site.pp", "include app\n");
    let one = (
        "modules/app/manifests/init.pp",
        "class app { notify { 'a': message => 'one' } }\n",
    );
    let first = compile(&[site, one], &cache);
    assert!(first.error().is_none(), "{:?}", first.error());
    assert_eq!(message_of(&first, "a"), "one");
    let kept = cache.len();
    assert!(kept >= 1, "the module's file is kept");
    let again = compile(&[site, one], &cache);
    assert_eq!(message_of(&again, "a"), "one");
    assert_eq!(again.catalog.len(), first.catalog.len());
    assert_eq!(cache.len(), kept);
    // The same path with another text is parsed again.
    let two = (
        "modules/app/manifests/init.pp",
        "class app { notify { 'a': message => 'two' } }\n",
    );
    assert_eq!(message_of(&compile(&[site, two], &cache), "a"), "two");
}

#[test]
fn a_file_that_moved_is_parsed_again_and_its_errors_keep_their_lines() {
    let cache = ParseCache::new();
    let site = ("manifests/site.pp", "include a\ninclude b\n");
    let b = (
        "modules/b/manifests/init.pp",
        "class b {\n  fail('stop here')\n}\n",
    );
    let where_it_failed = |a_text: &str| {
        let a = ("modules/a/manifests/init.pp", a_text);
        let outcome = compile(&[site, a, b], &cache);
        let error = outcome.error().expect("b fails");
        puppet_text(&outcome.sources, error)
    };
    let short = where_it_failed("class a { }\n");
    assert!(
        short.contains("modules/b/manifests/init.pp, line: 2"),
        "{short}"
    );
    // `a` is read before `b`: when it grows, `b`'s offsets move, and its kept tree is not reused.
    let long = where_it_failed("class a {\n  # a comment that makes the file longer\n}\n");
    assert!(
        long.contains("modules/b/manifests/init.pp, line: 2"),
        "{long}"
    );
    assert_eq!(short, long);
}
