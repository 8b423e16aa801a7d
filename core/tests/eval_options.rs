//! Options of an evaluation that callers set: the interactive session's lifted "no effect" check,
//! strictness and limits, and a catalog nobody reads.

use puppet_core::{evaluate, value, EvalOptions, Limits, Strictness};

#[test]
fn earlier_entries_of_a_session_may_be_plain_values() {
    let source = "1 + 2\n3 * 4";
    // Real Puppet rejects an unused value before the last statement ...
    let plain = evaluate(source, &EvalOptions::default());
    let error = plain.error().expect("an error");
    assert!(
        error
            .message
            .starts_with("This '+' expression has no effect"),
        "{}",
        error.message
    );
    // ... which an interactive session allows in its earlier entries.
    let session = EvalOptions {
        earlier_entries_end: 6,
        ..EvalOptions::default()
    };
    let outcome = evaluate(source, &session);
    assert!(outcome.error().is_none());
    assert_eq!(
        outcome.value.map(|v| value::programmatic(&v)).as_deref(),
        Some("12")
    );
}

#[test]
fn strict_warning_coerces_numeric_strings_with_a_warning() {
    let options = EvalOptions {
        strict: Strictness::Warning,
        ..EvalOptions::default()
    };
    let outcome = evaluate("'1' + 1", &options);
    assert_eq!(
        outcome.value.map(|v| value::programmatic(&v)).as_deref(),
        Some("2")
    );
    assert_eq!(outcome.diagnostics.len(), 1);
    assert_eq!(
        outcome.diagnostics[0].message,
        "The string '1' was automatically coerced to the numerical value 1"
    );
}

#[test]
fn the_step_budget_ends_endless_iteration_with_a_diagnostic() {
    let options = EvalOptions {
        limits: Limits {
            max_steps: 10_000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let outcome = evaluate("Integer[1, 100000].each |$x| { $x }", &options);
    let error = outcome.error().expect("an error");
    assert_eq!(error.message, "evaluation stopped after 10000 steps");
}

#[test]
fn join_charges_its_string_once_or_piece_by_piece_alike() {
    // Within the limits: one charge for the whole; past one (a result over 1,000 bytes): item by item,
    // the same error.
    let limited = EvalOptions {
        limits: Limits {
            max_string_len: 1000,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let fits = evaluate("['ab', 'c'].join('-')", &EvalOptions::default());
    assert_eq!(
        fits.value.map(|v| value::programmatic(&v)).as_deref(),
        Some("'ab-c'")
    );
    let over = evaluate(
        "Integer[1, 300].map |$i| { 'abcd' }.join('').length",
        &limited,
    );
    assert!(over.error().is_some());
    let mixed = evaluate("['ab', 1, 'c'].join('')", &EvalOptions::default());
    assert_eq!(
        mixed.value.map(|v| value::programmatic(&v)).as_deref(),
        Some("'ab1c'")
    );
    let empty = evaluate("[].join(',')", &EvalOptions::default());
    assert_eq!(
        empty.value.map(|v| value::programmatic(&v)).as_deref(),
        Some("''")
    );
}

#[test]
fn an_unread_catalog_is_not_made_and_its_graph_and_cycles_still_are() {
    let code = "notify { 'a': } -> notify { 'b': }\nNotify['b'] -> Notify['a']";
    let options = |catalog_unread| EvalOptions {
        certname: Some("web01.example.com".into()),
        catalog_unread,
        ..EvalOptions::default()
    };
    let read = evaluate(code, &options(false));
    let unread = evaluate(code, &options(true));
    // The two notifies and the classes every catalog has.
    assert!(read.catalog.len() >= 2, "{:?}", read.catalog);
    assert!(unread.catalog.is_empty(), "{:?}", unread.catalog);
    assert_eq!(unread.graph, read.graph);
    assert_eq!(unread.cycles, read.cycles);
    assert_eq!(unread.cycles.len(), 1);
    let codes = |outcome: &puppet_core::Outcome| {
        outcome
            .diagnostics
            .iter()
            .map(|d| d.code.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(codes(&unread), codes(&read));
    assert!(codes(&unread).iter().any(|code| code == "DEPENDENCY_CYCLE"));
}
