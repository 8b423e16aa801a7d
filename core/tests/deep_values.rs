//! Values nested 20,000 levels deep (`reduce` wraps an array that many times in a moment): every
//! walk over all of such a value that would recurse as deep ends in a diagnostic at the walking
//! expression, on a stack as small as a browser worker's, with the browser's nesting limit (800).
//! Walks that need no recursion (equality, flattening, sorting) are made without it, and a
//! value's nesting counts together with the evaluation's own.

use puppet_core::{evaluate, EvalOptions, Limits};

/// A browser worker's native stack holds about 1,100 levels of evaluation; the engine runs with
/// a nesting limit of 800 there. Natively, a megabyte of stack is about as tight.
const STACK_BYTES: usize = 1024 * 1024;

const BUILD: &str = "$d = Integer[1, 20000].reduce([]) |$m, $i| { [$m] }\n\
$e = Integer[1, 20000].reduce([]) |$m, $i| { [$m] }\n\
$h = Integer[1, 20000].reduce({}) |$m, $i| { { k => $m } }\n\
$g = Integer[1, 20000].reduce({}) |$m, $i| { { k => $m } }\n";

/// (what walks, the code after BUILD).
const OPERATIONS: &[(&str, &str)] = &[
    ("==", "$d == $e"),
    ("!=", "$d != $e"),
    ("== on hashes", "$h == $g"),
    ("in", "$d in [$e]"),
    ("sort", "[$d, $e].sort.size"),
    ("flatten", "$d.flatten.size"),
    ("unique", "[$d, $e].unique.size"),
    ("a hash key", "$x = { $d => 1 }\n$x.size"),
    ("a hash lookup", "$x = { 1 => 2 }\n$x[$d]"),
    ("case", "case $d { $e: { 1 } default: { 2 } }"),
    ("selector", "$d ? { $e => 1, default => 2 }"),
    ("array deletion", "[$d] - [$e]"),
    ("index", "[$d].index($e)"),
    ("max", "max($d, $e)"),
    ("compare", "compare($d, $e)"),
    ("member", "member([$d], $e)"),
    ("String", "String($d).size"),
    ("interpolation", "\"${d}\".size"),
    ("notice", "notice($d)\n1"),
    ("join", "$d.join(',').size"),
    ("type", "type($d) =~ Type"),
    ("=~ Data", "$d =~ Data"),
    ("assert_type", "assert_type(Array[Data], $d)\n1"),
    (
        "a parameter check",
        "function f(Array[Data] $x) { 1 }\nf($d)",
    ),
    ("to_json", "to_json($d).size"),
    ("to_yaml", "to_yaml($d).size"),
    ("deep_merge", "deep_merge($h, $g).size"),
    ("Hash conversion", "Hash([$d, 1]).size"),
    ("upcase", "upcase($d).size"),
    ("tree_each", "$d.tree_each |$x| { }\n1"),
    ("EPP output", "inline_epp('<%= $x %>', { x => $d }).size"),
    ("an ERB template", "inline_template('<%= @d.size %>')"),
    ("a resource attribute", "notify { x: message => $d }\n1"),
    ("the final value", "$d"),
];

fn browser_options() -> EvalOptions {
    EvalOptions {
        limits: Limits {
            max_depth: 800,
            ..Limits::default()
        },
        ..EvalOptions::default()
    }
}

/// Run `work` on a thread with [`STACK_BYTES`] of stack (a stack overflow aborts the test).
fn on_small_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(work)
        .expect("a thread")
        .join()
        .expect("the work ends")
}

#[test]
fn every_walk_over_a_deep_value_ends_in_a_diagnostic() {
    let failures = on_small_stack(|| {
        let mut failures = Vec::new();
        for (name, code) in OPERATIONS {
            let source = format!("{BUILD}{code}");
            let outcome = evaluate(&source, &browser_options());
            match outcome.error() {
                Some(error) if error.message.contains("nested") => {
                    // At the walking expression, not where the value was built.
                    if (error.span.start as usize) < BUILD.len() {
                        failures.push(format!("{name}: error at {:?}", error.span));
                    }
                }
                other => failures.push(format!("{name}: {other:?}")),
            }
        }
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The nesting of a value walked and that of the evaluation walking it add up: a value that can
/// be compared at the top of a program cannot be where the evaluation is already nested deep.
#[test]
fn a_value_nesting_counts_with_the_evaluation_nesting() {
    let outcomes = on_small_stack(|| {
        let options = browser_options();
        let build = "$d = Integer[1, 500].reduce([]) |$m, $i| { [$m] }\n\
                     $e = Integer[1, 500].reduce([]) |$m, $i| { [$m] }\n";
        let at_top = evaluate(&format!("{build}$d == $e"), &options);
        let nested = evaluate(
            &format!(
                "{build}function f($n, $a, $b) {{ if $n == 0 {{ $a == $b }} else {{ f($n - 1, $a, $b) }} }}\nf(100, $d, $e)"
            ),
            &options,
        );
        (
            at_top.value.map(|v| puppet_core::value::programmatic(&v)),
            nested.error().map(|d| d.message.clone()),
        )
    });
    assert_eq!(outcomes.0.as_deref(), Some("true"));
    let message = outcomes.1.unwrap_or_default();
    assert!(
        message.contains("nested too deeply to compare or hash"),
        "{message}"
    );
}

/// Templates' Ruby builds deep arrays in a loop as easily: they are freed, compared and printed
/// within the stack too.
#[test]
fn deep_arrays_built_in_a_template_end_normally() {
    let results = on_small_stack(|| {
        [
            "inline_template('<% a = []; 20000.times { a = [a] } %><%= a.size %>')",
            "inline_template('<% a = []; b = []; 20000.times { a = [a]; b = [b] } %><%= a == b %>')",
            "inline_template('<% a = []; 20000.times { a = [a] } %><%= a.flatten.size %>')",
        ]
        .map(|code| {
            let outcome = evaluate(code, &browser_options());
            let error = outcome.error().map(|d| d.message.clone());
            (
                code,
                outcome.value.map(|v| puppet_core::value::programmatic(&v)),
                error,
            )
        })
    });
    for (code, value, error) in results {
        assert!(value.is_some() || error.is_some(), "{code}");
    }
}
