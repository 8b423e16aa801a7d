//! stdlib's Puppet-language side without a stdlib module: with the `stdlib` feature a snippet
//! (no environment files at all) knows `Stdlib::` aliases, `file_line`, `anchor`, the classes
//! and `stdlib::ensure` from the engine's own module (`core/src/stdlib_module/`); without it (the
//! page's light engine) each hands the run to the full engine (NEEDS_STDLIB). A real stdlib module
//! in the environment wins in both builds. Run in both builds: `cargo test -p puppet-core --test
//! stdlib_module` and with `--no-default-features --features std`.

use puppet_core::{evaluate, evaluate_environment, value, Environment, EvalOptions, Limits};
use puppet_core::{MemoryFiles, Outcome, NEEDS_STDLIB};

fn snippet(code: &str) -> Outcome {
    evaluate(code, &EvalOptions::default())
}

fn in_environment(files: &[(&str, &str)], code: &str) -> Outcome {
    let limits = Limits::default();
    let mut memory = MemoryFiles::new();
    for (path, text) in files {
        memory.insert(path, *text, &limits);
    }
    evaluate_environment(
        &Environment::snippet(&memory, code),
        &EvalOptions::default(),
    )
}

fn value_of(outcome: &Outcome) -> Option<String> {
    outcome.value.as_ref().map(value::programmatic)
}

#[cfg(feature = "stdlib")]
fn catalog(outcome: &Outcome) -> Vec<String> {
    outcome.catalog.iter().map(|r| r.reference()).collect()
}

/// Each of stdlib's Puppet-side names, used in a snippet.
const USES: &[&str] = &[
    "8080 =~ Stdlib::Port",
    "notice(Optional[Stdlib::Fqdn])",
    "file_line { 'x': path => '/etc/motd', line => 'hi' }",
    "anchor { 'a': }",
    "notice(File_line['x'])",
    "include stdlib",
    "class { 'stdlib::manage': }",
    "stdlib::ensure(true, 'package')",
];

#[cfg(feature = "stdlib")]
#[test]
fn a_snippet_has_stdlibs_aliases_classes_functions_and_types() {
    for code in USES {
        let outcome = snippet(code);
        assert!(outcome.error().is_none(), "{code}: {:?}", outcome.error());
        assert_eq!(outcome.needs_full_engine, None, "{code}");
    }
    assert_eq!(
        value_of(&snippet("[80 =~ Stdlib::Port, 70000 =~ Stdlib::Port]")).as_deref(),
        Some("[true, false]")
    );
    let outcome = snippet("file_line { 'motd': path => '/etc/motd', line => 'hi' }");
    assert_eq!(catalog(&outcome), ["File_line[motd]"]);
    let params: Vec<&str> = outcome.catalog[0]
        .parameters
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(params, ["path", "line"]);
    let outcome = snippet("include stdlib");
    assert!(catalog(&outcome).contains(&"Stage[deploy_app]".to_string()));
    assert_eq!(
        value_of(&snippet("stdlib::ensure(false, 'service')")).as_deref(),
        Some("'stopped'")
    );
}

#[cfg(feature = "stdlib")]
#[test]
fn the_compile_checks_file_line_attributes() {
    let outcome = snippet("file_line { 'x': path => '/a', line => 'b', bogus => 1 }");
    let error = outcome.error().expect("an unknown attribute");
    assert!(
        error.message.contains("no parameter named 'bogus'"),
        "{}",
        error.message
    );
}

/// An error inside the engine's own stdlib files names them `<stdlib>/...`.
#[cfg(feature = "stdlib")]
#[test]
fn errors_inside_the_builtin_module_name_its_files() {
    let outcome =
        snippet("class { 'stdlib::manage': create_resources => {'nosuchtype' => {'x' => {}}} }");
    let error = outcome.error().expect("an unknown resource type");
    let file = outcome.sources.locate(error.span.start).file;
    assert_eq!(&*file, "<stdlib>/manifests/manage.pp");
    let stdlib_8 = EvalOptions {
        stdlib: puppet_core::BuiltinStdlib::V8_5,
        ..EvalOptions::default()
    };
    let outcome = evaluate("notice(Stdlib::Compat::Re)", &stdlib_8);
    let error = outcome
        .error()
        .expect("stdlib 8.5.0 leaves this file empty");
    assert!(
        error.message.contains("<stdlib>/types/compat/re.pp"),
        "{}",
        error.message
    );
    // stdlib 9 removed the file: the alias is unknown, as any other type.
    let outcome = snippet("notice(Stdlib::Compat::Re)");
    let error = outcome.error().expect("stdlib 9.7.0 has no Stdlib::Compat");
    assert_eq!(error.message, "Resource type not found: Stdlib::Compat::Re");
}

#[test]
fn a_stdlib_module_in_the_environment_wins() {
    let files = [(
        "modules/stdlib/types/port.pp",
        "type Stdlib::Port = Integer[1, 2]",
    )];
    let outcome = in_environment(&files, "[2 =~ Stdlib::Port, 80 =~ Stdlib::Port]");
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    assert_eq!(value_of(&outcome).as_deref(), Some("[true, false]"));
    // A name that module does not have is unknown, as Puppet has it.
    let outcome = in_environment(&files, "notice(Stdlib::Fqdn)");
    assert!(outcome.error().is_some_and(|e| e.code != NEEDS_STDLIB));
}

#[cfg(not(feature = "stdlib"))]
#[test]
fn the_light_engine_hands_stdlibs_puppet_side_over() {
    for code in USES {
        let outcome = snippet(code);
        let error = outcome.error().expect("handed over");
        assert_eq!(error.code, NEEDS_STDLIB, "{code}: {}", error.message);
        assert_eq!(outcome.needs_full_engine, Some("stdlib"), "{code}");
    }
    // Inside a defined type's body too, whatever the error is wrapped in.
    let outcome =
        snippet("define d() { file_line { $title: path => '/a', line => 'b' } }\nd { 'x': }");
    assert_eq!(outcome.needs_full_engine, Some("stdlib"));
    // A name that is not stdlib's stays an ordinary unknown one.
    let outcome = snippet("notice(Mystuff::Port)");
    assert_eq!(outcome.needs_full_engine, None);
}
