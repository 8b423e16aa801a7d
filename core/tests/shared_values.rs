//! Values built by sharing (`$a1 = [$a0, $a0]` sixty times over: 2^61 elements from 60 steps):
//! every walk over all of such a value (comparing, hashing, printing, inferring, flattening,
//! sorting, matching) ends in a limit's diagnostic at the expression that walks it, promptly.

use puppet_core::{evaluate, EvalOptions};

/// Two equal, separately built arrays and hashes of 2^61 and 2^60 leaves.
const SHARED: &str = "$a = Integer[1, 60].reduce([1, 2]) |$m, $i| { [$m, $m] }\n\
$b = Integer[1, 60].reduce([1, 2]) |$m, $i| { [$m, $m] }\n\
$h = Integer[1, 60].reduce({ k => 1 }) |$m, $i| { { k => $m, l => $m } }\n\
$g = Integer[1, 60].reduce({ k => 1 }) |$m, $i| { { k => $m, l => $m } }\n";

const STEPS: &str = "evaluation stopped after 10000000 steps";
const ELEMENTS: &str = "more than 1000000 elements";
const SHOW: &str = "too large to show";

/// (what walks, the code after SHARED, a text the error must contain).
const CASES: &[(&str, &str, &str)] = &[
    ("==", "$a == $b", STEPS),
    ("!=", "$a != $b", STEPS),
    ("== on hashes", "$h == $g", STEPS),
    ("in", "$a in [$b]", STEPS),
    ("in hash keys", "$a in { $b => 1 }", STEPS),
    ("array deletion", "$x = [$a, 1] - [$b]\n$x.size", STEPS),
    (
        "hash key removal",
        "$x = { 1 => 2, 3 => 4 } - [$a]\n$x.size",
        STEPS,
    ),
    ("a hash key", "$x = { $a => 1 }\n$x.size", STEPS),
    ("a hash lookup", "$x = { 1 => 2 }\n$x[$a]", STEPS),
    ("case value", "case $a { $b: { 1 } default: { 2 } }", STEPS),
    ("selector value", "$a ? { $b => 1, default => 2 }", STEPS),
    ("=~ Data", "$a =~ Array[Data]", STEPS),
    (
        "case type",
        "case $a { Array[Data]: { 1 } default: { 2 } }",
        STEPS,
    ),
    ("flatten", "$a.flatten.size", ELEMENTS),
    ("type", "type($a) =~ Type", ELEMENTS),
    ("type of a hash", "type($h) =~ Type", ELEMENTS),
    ("String", "String($a).size", ELEMENTS),
    ("Hash conversion", "Hash($a).size", ELEMENTS),
    ("tree_each", "$a.tree_each |$x| { }\n1", ELEMENTS),
    (
        "assert_type",
        "assert_type(Array[Array[Integer]], $a)\n1",
        ELEMENTS,
    ),
    (
        "a parameter check",
        "function f(Array[Array[Integer]] $x) { 1 }\nf($a)",
        ELEMENTS,
    ),
    (
        "a lambda parameter check",
        "[$a].each |Array[Array[Integer]] $x| { 1 }\n1",
        ELEMENTS,
    ),
    (
        "a return check",
        "function f() >> Array[Array[Integer]] { $a }\nf()",
        ELEMENTS,
    ),
    ("notice", "notice($a)\n1", SHOW),
    ("sprintf %p", "sprintf('%p', $a).size", SHOW),
    ("join", "$a.join(',').size", SHOW),
    ("interpolation", "\"${a}\"", SHOW),
    (
        "EPP output",
        "inline_epp('<%= $x %>', { x => $a })",
        ELEMENTS,
    ),
    ("unique", "$a.unique.size", STEPS),
    ("unique of two", "[$a, $b].unique.size", STEPS),
    ("unique by lambda", "[1, 2].unique |$x| { $a }.size", STEPS),
    ("group_by", "[1, 2].group_by |$x| { $a }.size", STEPS),
    ("sort", "[$a, $b].sort.size", STEPS),
    ("index", "[$b].index($a)", STEPS),
    ("max", "max($a, $b)", STEPS),
    ("compare", "compare($a, $b)", STEPS),
    ("the final value", "$a", SHOW),
    ("the final value, a hash", "$h", SHOW),
];

#[test]
fn walks_over_shared_values_end_in_a_limit_at_the_walking_expression() {
    let mut failures = Vec::new();
    for (name, code, expected) in CASES {
        let source = format!("{SHARED}{code}");
        let outcome = evaluate(&source, &EvalOptions::default());
        let Some(error) = outcome.error() else {
            failures.push(format!("{name}: no error"));
            continue;
        };
        if !error.message.contains(expected) {
            failures.push(format!("{name}: {:?} lacks {expected:?}", error.message));
        }
        // The position is the walking expression's, not the builder's nor the file's start.
        if (error.span.start as usize) < SHARED.len() {
            failures.push(format!("{name}: error at {:?}", error.span));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Ordinary values are not affected: comparing, printing and inferring small shared values.
#[test]
fn small_shared_values_are_walked_normally() {
    let source = "$a = Integer[1, 4].reduce([1]) |$m, $i| { [$m, $m] }\n\
                  $b = Integer[1, 4].reduce([1]) |$m, $i| { [$m, $m] }\n\
                  [$a == $b, $a in [$b], $a.flatten.size, String($a).size, type($a, 'generalized')]";
    let outcome = evaluate(source, &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    let value = outcome.value.expect("a value");
    assert_eq!(
        puppet_core::value::programmatic(&value),
        "[true, true, 16, 108, Array[Array[Array[Array[Array[Integer]]]]]]"
    );
}
