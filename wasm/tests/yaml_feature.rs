//! The `yaml` feature: with it Hiera reads YAML; without it (the page's light engine) a snippet or
//! an environment without YAML files evaluates the same (Puppet's default hierarchy is built
//! without the YAML reader and finds no data file), and a YAML file is the error NEEDS_YAML.
//! Run natively in both engines through the facade's features, which switch the core's:
//! `cargo test -p puppet-wasm --test yaml_feature` (full) and with `--no-default-features` (light).
#![cfg(not(target_arch = "wasm32"))]

use puppet_core::hiera::NEEDS_YAML;
use puppet_core::{evaluate, evaluate_environment, value, Environment, EvalOptions, Limits};
use puppet_core::{MemoryFiles, Outcome};

fn run(files: &[(&str, &str)], global_hiera: Option<&str>, code: &str) -> Outcome {
    let limits = Limits::default();
    let mut memory = MemoryFiles::new();
    for (path, text) in files {
        memory.insert(path, *text, &limits);
    }
    let env = Environment {
        global_hiera: global_hiera.map(String::from),
        parse_cache: None,
        ..Environment::snippet(&memory, code)
    };
    evaluate_environment(&env, &EvalOptions::default())
}

fn value_of(outcome: &Outcome) -> Option<String> {
    outcome.value.as_ref().map(value::programmatic)
}

const LOOKUP: &str = "lookup('app::port', undef, undef, 8080)";

#[test]
fn a_snippet_looks_up_through_the_default_hierarchy_without_reading_yaml() {
    let outcome = evaluate(LOOKUP, &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(value_of(&outcome).as_deref(), Some("8080"));
    let missing = evaluate("lookup('app::port')", &EvalOptions::default());
    let error = missing.error().expect("no value found");
    assert_ne!(error.code, NEEDS_YAML);
    assert!(
        error.message.contains("did not find a value"),
        "{}",
        error.message
    );
}

#[test]
fn an_environment_without_yaml_files_never_needs_the_yaml_reader() {
    let files = [
        ("modules/app/manifests/init.pp", "class app { }"),
        ("data/common.json", "{\"app::port\": 1}"),
    ];
    let outcome = run(&files, None, &format!("include app\n{LOOKUP}"));
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(value_of(&outcome).as_deref(), Some("8080"));
}

#[test]
fn the_key_is_read_as_hiera_reads_it_before_any_data_is_searched() {
    // OpenVox 8.28.1: `lookup("a..b", undef, undef, 1)` fails with "Syntax error in key: 'a..b'",
    // `lookup("", undef, undef, 1)` gives 1.
    let outcome = evaluate("lookup('a..b', undef, undef, 1)", &EvalOptions::default());
    let error = outcome.error().expect("a syntax error");
    assert!(
        error.message.contains("Syntax error in key: 'a..b'"),
        "{}",
        error.message
    );
    let empty = evaluate("lookup('', undef, undef, 1)", &EvalOptions::default());
    assert_eq!(value_of(&empty).as_deref(), Some("1"));
}

const HIERA: &str = "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";

#[cfg(feature = "yaml")]
#[test]
fn with_the_feature_hiera_data_in_yaml_is_read() {
    let files = [
        ("hiera.yaml", HIERA),
        ("data/common.yaml", "app::port: 1\n"),
    ];
    let outcome = run(&files, None, LOOKUP);
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(value_of(&outcome).as_deref(), Some("1"));
    let module = [
        ("modules/app/hiera.yaml", HIERA),
        ("modules/app/data/common.yaml", "app::port: 2\n"),
    ];
    assert_eq!(value_of(&run(&module, None, LOOKUP)).as_deref(), Some("2"));
    let global = run(
        &[("global/hiera.yaml", HIERA)],
        Some("global/hiera.yaml"),
        LOOKUP,
    );
    assert_eq!(value_of(&global).as_deref(), Some("8080"));
}

#[cfg(not(feature = "yaml"))]
#[test]
fn without_the_feature_a_yaml_file_is_the_needs_yaml_error() {
    type Files<'a> = &'a [(&'a str, &'a str)];
    let cases: [(Files, Option<&str>, &str); 3] = [
        (&[("hiera.yaml", HIERA)], None, "'hiera.yaml'"),
        (
            &[
                ("modules/app/hiera.yaml", HIERA),
                ("modules/app/data/common.yaml", "app::port: 1\n"),
            ],
            None,
            "'modules/app/hiera.yaml'",
        ),
        (
            &[("g/hiera.yaml", HIERA)],
            Some("g/hiera.yaml"),
            "'g/hiera.yaml'",
        ),
    ];
    for (files, global, named) in cases {
        let outcome = run(files, global, LOOKUP);
        let error = outcome
            .error()
            .unwrap_or_else(|| panic!("NEEDS_YAML for {named}"));
        assert_eq!(error.code, NEEDS_YAML, "{}", error.message);
        assert!(error.message.contains(named), "{}", error.message);
        assert!(outcome.value.is_none());
    }
}

/// The light engine reads only the hiera.yaml files the full one would: a module's for its own keys.
#[cfg(not(feature = "yaml"))]
#[test]
fn without_the_feature_another_modules_hiera_yaml_is_not_read() {
    let files = [
        ("modules/app/hiera.yaml", HIERA),
        ("modules/app/manifests/init.pp", "class app { }"),
        ("modules/web/manifests/init.pp", "class web { }"),
    ];
    let outcome = run(&files, None, "lookup('web::port', undef, undef, 8080)");
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(value_of(&outcome).as_deref(), Some("8080"));
}

/// The explanation Puppet logs at debug level for lookups that find nothing, the same in both
/// builds (the light one builds it without searching): OpenVox 8.28.1's words, as the conformance
/// goldens hold them; the environment's `lookup_options` are searched once, a module's once.
#[test]
fn lookups_without_hiera_yaml_explain_themselves_as_puppet_does() {
    let files = [("modules/a/manifests/init.pp", "class a { }")];
    let code = "lookup('x', undef, undef, 1)\nlookup('a::b', undef, undef, 1)\nlookup('a::c', undef, undef, 1)\nlookup('b::z', undef, undef, 1)\nlookup('lookup_options', undef, undef, 1)";
    let outcome = run(&files, None, code);
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    let debug: Vec<&str> = outcome
        .logs
        .iter()
        .filter(|log| log.level.as_str() == "debug")
        .map(|log| log.message.as_str())
        .collect();
    let global = |key: &str| {
        format!("    Global Data Provider (hiera configuration version 5)\n      No such key: \"{key}\"")
    };
    assert_eq!(
        debug,
        [
            format!("Lookup of 'x'\n  Searching for \"lookup_options\"\n{}\n  Searching for \"x\"\n{}", global("lookup_options"), global("x")),
            format!("Lookup of 'a::b'\n  Searching for \"lookup_options\"\n    Module data provider for module \"a\" not found\n  Searching for \"a::b\"\n{}\n    Module data provider for module \"a\" not found", global("a::b")),
            format!("Lookup of 'a::c'\n  Searching for \"a::c\"\n{}\n    Module data provider for module \"a\" not found", global("a::c")),
            format!("Lookup of 'b::z'\n  Searching for \"lookup_options\"\n    Module \"b\" not found\n  Searching for \"b::z\"\n{}\n    Module \"b\" not found", global("b::z")),
            String::from("Lookup of 'lookup_options'\n  Invalid key \"lookup_options\""),
        ]
    );
}
