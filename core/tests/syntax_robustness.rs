//! No input panics the syntax layer or overflows its stack: very deep nesting, unterminated
//! constructs, and many thousands of generated and mutated inputs (a small deterministic fuzzer).
//! Every diagnostic and AST span must lie inside the source, on character boundaries.

use puppet_core::syntax::{dump_ast, epp_tokens, parse, parse_epp, tokens, Expr, ExprKind};
use puppet_core::Span;

/// Parses `source` both ways and checks every span the results carry.
fn check(source: &str) {
    for (program, diagnostics) in [parse(source), parse_epp(source)] {
        for d in &diagnostics {
            check_span(source, d.span, &d.message);
        }
        for expr in &program.body {
            check_expr(source, expr);
        }
        let _ = dump_ast(&program);
    }
    for token in tokens(source).iter().chain(epp_tokens(source).iter()) {
        check_span(source, token.span, token.kind);
    }
}

fn check_span(source: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end && span.end as usize <= source.len(),
        "span {span:?} of {what:?} outside {source:?}"
    );
    assert!(
        source.is_char_boundary(span.start as usize) && source.is_char_boundary(span.end as usize),
        "span {span:?} of {what:?} not on character boundaries in {source:?}"
    );
}

/// Checks the spans of an expression tree (iteratively, the tree may be deep).
fn check_expr(source: &str, root: &Expr) {
    let mut stack = vec![root];
    while let Some(expr) = stack.pop() {
        check_span(source, expr.span, "expression");
        match &expr.kind {
            ExprKind::Array(items) | ExprKind::Block(items) => stack.extend(items),
            ExprKind::Hash(entries) => {
                for entry in entries {
                    stack.push(&entry.key);
                    stack.push(&entry.value);
                }
            }
            ExprKind::Unary { operand, .. } | ExprKind::Paren(operand) => stack.push(operand),
            ExprKind::Binary { left, right, .. } | ExprKind::Relationship { left, right, .. } => {
                stack.push(left);
                stack.push(right);
            }
            ExprKind::Assignment { target, value, .. } => {
                stack.push(target);
                stack.push(value);
            }
            ExprKind::Access(access) => {
                stack.push(&access.target);
                stack.extend(&access.keys);
            }
            ExprKind::Call(call) => {
                stack.extend(&call.args);
                stack.extend(call.receiver.as_deref());
                if let Some(lambda) = &call.lambda {
                    stack.push(&lambda.body);
                }
            }
            _ => {}
        }
    }
}

fn nested(open: &str, middle: &str, close: &str, depth: usize) -> String {
    let mut s = open.repeat(depth);
    s.push_str(middle);
    s.push_str(&close.repeat(depth));
    s
}

#[test]
fn ten_thousand_nested_brackets_give_a_diagnostic() {
    for (open, close) in [
        ("[", "]"),
        ("(", ")"),
        ("{", "}"),
        ("{a => ", "}"),
        ("[[", "]]"),
    ] {
        for source in [
            nested(open, "1", close, 10_000),
            open.repeat(10_000),
            format!("$x = {}", nested(open, "", close, 10_000)),
        ] {
            let (_, diagnostics) = parse(&source);
            assert!(
                diagnostics
                    .iter()
                    .any(|d| d.code == "NESTING_TOO_DEEP" || d.is_error()),
                "no diagnostic for {}...",
                &source[..20.min(source.len())]
            );
            check(&source);
        }
    }
}

/// The shallowest nesting of `open`/`close` around `middle` that the nesting limit stops.
fn first_too_deep(open: &str, middle: &str, close: &str) -> Option<usize> {
    (1..300).find(|&depth| {
        parse(&nested(open, middle, close, depth))
            .1
            .iter()
            .any(|d| d.code == "NESTING_TOO_DEEP")
    })
}

/// A lone literal, variable or name before `,` `)` `]` `}` skips the parser's operator rules;
/// the nesting limit stops it exactly where it stopped the full walk (the depths here are the
/// parser's before that shortcut), and one level sooner for an operator.
#[test]
fn the_nesting_limit_stops_lone_operands_where_it_stops_the_full_walk() {
    for middle in [
        "1", "$a", "'s'", "a", "A", "true", "undef", "default", "a-b",
    ] {
        for (open, close, first) in [("[", "]", 100), ("f(", ")", 67), ("{a=>", "}", 67)] {
            assert_eq!(
                first_too_deep(open, middle, close),
                Some(first),
                "{open}{middle}{close}"
            );
            let listed = format!("{open}1,");
            assert_eq!(
                first_too_deep(&listed, middle, close),
                Some(first),
                "{listed}{middle}"
            );
        }
    }
    assert_eq!(first_too_deep("[", "1 + 1", "]"), Some(99));
    assert_eq!(first_too_deep("[", "-1", "]"), Some(99));
}

#[test]
fn deep_chains_of_operators_and_constructs_are_safe() {
    let sources = [
        format!("$x = {}1", "- ".repeat(10_000)),
        format!("$x = {}true", "!".repeat(10_000)),
        format!("$x = {}[1]", "*".repeat(10_000)),
        format!("{}1", "$a = ".repeat(10_000)),
        format!("1{}", " + 1".repeat(10_000)),
        format!("$x{}", "[0]".repeat(10_000)),
        format!("$x{}", ".f".repeat(10_000)),
        format!("$x{}", "(1)".repeat(10_000)),
        format!("{}1", "if true { ".repeat(10_000)),
        format!("{}1", "case 1 { 1: { ".repeat(5_000)),
        "\"${".repeat(10_000),
        "@(END)\n${@(A)\n".repeat(2_000),
        format!("$x = {}", "@(E)\n".repeat(5_000)),
        "[1].map |$x| { ".repeat(5_000),
        format!("File['a']{}", " -> File['b']".repeat(10_000)),
        format!("$x = 1{}", " ? { 1 => 2 }".repeat(10_000)),
        "<%= ".repeat(5_000),
        "@".repeat(10_000),
        "class a { ".repeat(5_000),
        format!("$x = {}", "foo(".repeat(10_000)),
    ];
    for source in &sources {
        check(source);
    }
}

#[test]
fn unterminated_constructs_are_diagnosed() {
    for source in [
        "\"abc",
        "'abc",
        "/* abc",
        "@(END",
        "@(END)",
        "@(END)\nabc",
        "\"${",
        "\"${1",
        "\"$x",
        "$x = [",
        "$x = {",
        "$x = (",
        "if true {",
        "case 1 {",
        "<%",
        "<%= 1",
        "<%# x",
        "a <%",
        "file { 'a':",
        "Foo <|",
        "Foo <<| x",
        "function f(",
        "class a(",
        "node",
        "type A =",
        "$x = @(\"END\")\n${",
        "`",
        "\u{feff}$x = 1",
        "$x = 1 /",
        "$x = /a",
    ] {
        let (_, diagnostics) = if source.starts_with("<%") || source.starts_with("a <%") {
            parse_epp(source)
        } else {
            parse(source)
        };
        assert!(
            diagnostics.iter().any(|d| d.is_error()),
            "no error for {source:?}"
        );
        check(source);
    }
}

/// A small deterministic pseudo-random generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "$x", "$::y", "$0", "$", "foo", "Foo", "::bar", "Baz::Q", "1", "0x1F", "017", "1.5e3", "09",
    "'s'", "\"d\"", "\"a${", "${", "}", "{", "[", "]", "(", ")", " ", "\n", "\t", "\r\n", ",", ";",
    ":", "::", ".", "=>", "+>", "->", "~>", "<-", "<~", "<|", "|>", "<<|", "|>>", "|", "=", "==",
    "!=", "=~", "!~", "<", ">", "<=", ">=", "<<", ">>", "+", "-", "*", "/", "%", "!", "?", "@",
    "@@", "if", "elsif", "else", "unless", "case", "default", "undef", "true", "in", "and", "or",
    "class", "define", "node", "function", "type", "inherits", "private", "@(E)", "@(\"E\")",
    "\nE\n", "  | E\n", "/re/", "#c\n", "/*c*/", "/*", "<%", "<%=", "%>", "-%>", "<%#", "<%-",
    "|$v|", "é", "😀", "\u{a0}", "\\", "\\u{41}", "`", "~", "&", "^",
];

#[test]
fn generated_inputs_never_panic() {
    // SYNTAX_FUZZ_ITERATIONS=1000000 SYNTAX_FUZZ_SEED=7 for a longer or different run.
    let seed = std::env::var("SYNTAX_FUZZ_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15_u64);
    let mut rng = Rng(seed | 1);
    let iterations = std::env::var("SYNTAX_FUZZ_ITERATIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6_000);
    for _ in 0..iterations {
        let length = 1 + rng.below(24);
        let mut source = String::new();
        for _ in 0..length {
            source.push_str(FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
        check(&source);
    }
}

#[test]
fn mutated_golden_sources_never_panic() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/syntax/ast");
    let mut sources: Vec<String> = std::fs::read_dir(dir)
        .expect("golden sources")
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x == "pp" || x == "epp")
        })
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .collect();
    sources.sort();
    let mut rng = Rng(42);
    for source in &sources {
        // Every prefix: what an editor sees while typing.
        for end in (0..=source.len()).filter(|&i| source.is_char_boundary(i)) {
            check(&source[..end]);
        }
        // Random deletions and insertions.
        for _ in 0..300 {
            let mut mutated = source.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(mutated.len() + 1);
                if !mutated.is_char_boundary(at) {
                    continue;
                }
                if rng.below(2) == 0 {
                    let end = (at + 1 + rng.below(8)).min(mutated.len());
                    if mutated.is_char_boundary(end) {
                        mutated.replace_range(at..end, "");
                    }
                } else {
                    mutated.insert_str(at, FRAGMENTS[rng.below(FRAGMENTS.len())]);
                }
            }
            check(&mutated);
        }
    }
}
