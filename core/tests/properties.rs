//! Property tests: a value's `%p` form evaluates back to an equal value, a type's printed form
//! evaluates back to an equal type, and the parser never panics, whatever the input.

use proptest::prelude::*;
use puppet_core::{evaluate, syntax, value, EvalOptions, Value};

/// Evaluate `source` and return its value, or the first error's message.
fn eval(source: &str) -> Result<Value, String> {
    let outcome = evaluate(source, &EvalOptions::default());
    if let Some(error) = outcome.error() {
        return Err(error.message.clone());
    }
    outcome.value.ok_or_else(|| "no value".to_string())
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Undef),
        any::<bool>().prop_map(Value::Boolean),
        any::<i64>().prop_map(Value::Integer),
        // Finite floats whose `%p` form Puppet can read: Ruby prints large ones as `1.0e+20`, and
        // Puppet's lexer (the real one too: conformance case arithmetic/103) rejects `e+`.
        any::<f64>()
            .prop_filter("finite and readable", |f| f.is_finite()
                && !value::programmatic(&Value::Float(*f)).contains("e+"))
            .prop_map(Value::Float),
        // Quotes, backslashes, `$`, escapes, control characters and non-ASCII.
        "[a-zA-Z0-9 '\"\\\\$\\{\\}\\n\\t\\r\u{7f}\u{e9}\u{1F600}\u{0}-\u{1f}]{0,12}"
            // Puppet's single-quoted `%p` form loses a backslash before `'` or at the end (real
            // Puppet prints the string `a\` as `'a\'`: conformance case syntax_ok/64); strings
            // with a control character take the double-quoted form, which keeps them.
            .prop_filter("readable backslashes", |text| !text.contains('\\')
                || text.chars().any(|c| (c as u32) < 0x20))
            .prop_map(|text| Value::string(&text)),
    ]
}

/// Values that only appear inside collections in these tests: `default` and regexps.
fn element() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => scalar(),
        1 => Just(Value::Default),
        1 => "[a-z.+*]{0,6}".prop_filter_map("a valid regexp", |source| {
            value::Regexp::new(&source).ok().map(Value::Regexp)
        }),
    ]
}

/// Hash keys: strings and integers.
fn key() -> impl Strategy<Value = Value> {
    prop_oneof![
        "[a-z]{0,4}".prop_map(|k| Value::string(&k)),
        any::<i64>().prop_map(Value::Integer),
    ]
}

fn puppet_value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(4, 48, 6, |inner| {
        let item = prop_oneof![4 => inner, 1 => element()];
        prop_oneof![
            prop::collection::vec(item.clone(), 0..6).prop_map(Value::array),
            prop::collection::vec((key(), item), 0..6)
                .prop_map(|pairs| Value::Hash(pairs.into_iter().collect())),
        ]
    })
}

/// Source text of a type, from a small grammar of Puppet's parameterized types.
fn type_source() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("Any".to_string()),
        Just("String".to_string()),
        Just("Boolean".to_string()),
        Just("Undef".to_string()),
        Just("Numeric".to_string()),
        Just("Data".to_string()),
        Just("Scalar".to_string()),
        (any::<i32>(), any::<i32>()).prop_map(|(a, b)| format!(
            "Integer[{}, {}]",
            a.min(b),
            a.max(b)
        )),
        (0u8..10, 10u8..20).prop_map(|(a, b)| format!("String[{a}, {b}]")),
        (-1000i32..1000).prop_map(|a| format!("Float[{a}.5]")),
        prop::collection::vec("[a-z]{1,4}", 1..4).prop_map(|names| format!(
            "Enum[{}]",
            names
                .iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        Just("Pattern[/a+/, /b/]".to_string()),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| format!("Array[{t}]")),
            inner.clone().prop_map(|t| format!("Optional[{t}]")),
            inner.clone().prop_map(|t| format!("Hash[String, {t}]")),
            prop::collection::vec(inner.clone(), 1..4)
                .prop_map(|ts| format!("Tuple[{}]", ts.join(", "))),
            prop::collection::vec(inner.clone(), 1..4)
                .prop_map(|ts| format!("Variant[{}]", ts.join(", "))),
            prop::collection::vec(("[a-z]{1,4}", inner), 1..4).prop_map(|members| format!(
                "Struct[{{{}}}]",
                members
                    .iter()
                    .map(|(k, t)| format!("'{k}' => {t}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn printed_values_read_back_equal(value in puppet_value()) {
        let printed = value::programmatic(&value);
        let read = eval(&printed);
        prop_assert_eq!(read.as_ref(), Ok(&value), "printed as {}", printed);
    }

    #[test]
    fn printed_types_read_back_equal(source in type_source()) {
        let ty = eval(&source);
        prop_assume!(ty.is_ok());
        let ty = ty.unwrap_or(Value::Undef);
        let printed = value::programmatic(&ty);
        prop_assert_eq!(eval(&printed), Ok(ty), "{} printed as {}", source, printed);
    }

    #[test]
    fn printed_prefixes_start_the_whole_form(value in puppet_value(), min_bytes in 0usize..40) {
        let whole = value::programmatic(&value);
        let prefix = value::programmatic_prefix(&value, min_bytes);
        prop_assert!(whole.starts_with(&prefix), "{} does not start {}", prefix, whole);
        prop_assert!(prefix.len() >= min_bytes.min(whole.len()), "{} too short", prefix);
        let ty = puppet_core::types::infer(&value);
        let whole = ty.to_string();
        let prefix = ty.to_string_prefix(min_bytes);
        prop_assert!(whole.starts_with(&prefix), "{} does not start {}", prefix, whole);
        prop_assert!(prefix.len() >= min_bytes.min(whole.len()), "{} too short", prefix);
    }

    #[test]
    fn parse_never_panics_on_strings(source in "\\PC{0,200}") {
        let _ = syntax::parse(&source);
    }

    #[test]
    fn parse_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = syntax::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parse_never_panics_on_puppet_like_soup(
        parts in prop::collection::vec(
            prop_oneof![
                Just("["), Just("]"), Just("{"), Just("}"), Just("("), Just(")"), Just("\"${"),
                Just("\""), Just("'"), Just("@(END)\n"), Just("\nEND\n"), Just("|$x|"),
                Just("$a"), Just(" = "), Just("+"), Just("=>"), Just(","), Just("if "),
                Just("else"), Just("1"), Just("Integer"), Just("\n"), Just("/"), Just("#"),
                Just("/*"), Just("*/"), Just("<<|"), Just("|>>"), Just("->"), Just("\\"),
            ],
            0..60,
        )
    ) {
        let _ = syntax::parse(&parts.concat());
    }
}

#[test]
fn parse_survives_ten_thousand_levels_of_every_bracket() {
    for (open, close) in [
        ("[", "]"),
        ("(", ")"),
        ("{", "}"),
        ("if true {", "}"),
        ("\"${", "}\""),
    ] {
        let source = format!("{}1{}", open.repeat(10_000), close.repeat(10_000));
        let (_, diagnostics) = syntax::parse(&source);
        assert!(
            !diagnostics.is_empty(),
            "{open}: a nesting diagnostic expected"
        );
        // Unclosed as well as closed.
        let _ = syntax::parse(&open.repeat(10_000));
    }
}
