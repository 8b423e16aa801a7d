//! The engine's own table tests (what Ruby 3.1 answers for each; `core/tests/regex_ruby.rs` holds
//! the larger table generated from Ruby itself).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{Regex, Stop};

/// The groups of the first match (`None` for a group that did not take part), or the error.
fn run(pattern: &str, text: &str) -> Result<Option<Vec<Option<String>>>, String> {
    let regex = Regex::new(pattern).map_err(|e| e.to_string())?;
    let mut budget = 10_000_000;
    match regex.search(text, 0, &mut budget) {
        Ok(Some(captures)) => Ok(Some(
            (0..captures.len())
                .map(|i| captures.get(i).map(|(s, e)| text[s..e].to_string()))
                .collect(),
        )),
        Ok(None) => Ok(None),
        Err(stop) => Err(alloc::format!("{stop:?}")),
    }
}

fn whole(pattern: &str, text: &str) -> Option<String> {
    match run(pattern, text) {
        Ok(found) => found.and_then(|groups| groups.into_iter().next().flatten()),
        Err(e) => panic!("/{pattern}/: {e}"),
    }
}

fn groups(pattern: &str, text: &str) -> Vec<Option<String>> {
    match run(pattern, text) {
        Ok(Some(found)) => found,
        other => panic!("/{pattern}/ on {text:?}: {other:?}"),
    }
}

fn error(pattern: &str) -> String {
    match Regex::new(pattern) {
        Err(e) => e.message,
        Ok(_) => panic!("/{pattern}/ compiled"),
    }
}

fn s(text: &str) -> Option<String> {
    Some(text.to_string())
}

#[test]
fn literals_classes_and_anchors() {
    assert_eq!(whole("abc", "xabcx"), s("abc"));
    assert_eq!(whole("^b$", "a\nb\nc"), s("b"));
    assert_eq!(whole("\\Ab\\z", "a\nb"), None);
    assert_eq!(whole("a$", "a\r\n"), None);
    assert_eq!(whole("^\\z", "a\n"), None);
    assert_eq!(whole("a\\Z", "a\n"), s("a"));
    assert_eq!(whole("a.b", "a\nb"), None);
    assert_eq!(whole("(?m)a.b", "a\nb"), s("a\nb"));
    assert_eq!(whole("[^a-c]+", "abcxyz"), s("xyz"));
    assert_eq!(whole("[]a]+", "a]]"), s("a]]"));
    assert_eq!(whole("[a-z&&[^aeiou]]+", "bcdea"), s("bcd"));
    assert_eq!(whole("[[:alpha:]]+", "é1"), s("é"));
    assert_eq!(whole("\\w+", "éab"), s("ab"));
    assert_eq!(whole("(?u)\\w+", "éab"), s("éab"));
    assert_eq!(whole("\\h+", "abcfg"), s("abcf"));
    assert_eq!(whole("\\p{Han}+", "x日本x"), s("日本"));
    assert_eq!(whole("\\p{^L}", "ab1"), s("1"));
    assert_eq!(whole("\\P{L}", "ab1"), s("1"));
    assert_eq!(whole("\\u{e9 20}", "é "), s("é "));
    assert_eq!(whole("\\xC3\\xA9", "é"), s("é"));
    assert_eq!(whole("\\303\\251", "é"), s("é"));
    assert_eq!(whole("(a)\\10", "a\u{8}"), s("a\u{8}"));
    assert_eq!(whole("\\b", "é"), s(""));
    assert_eq!(whole("\\w\\b", "aé"), None);
    assert_eq!(whole("(?x) a b # c\n c", "abc"), s("abc"));
    assert_eq!(whole("(?x) a [ b] c", "a bc"), None);
    assert_eq!(whole("a(?i)b|c", "ac"), s("ac"));
    assert_eq!(whole("a{,2}", "aaa"), s("aa"));
    assert_eq!(whole("a{1", "a{1"), s("a{1"));
    assert_eq!(whole("x*{2}", "xxx"), s("xxx"));
}

#[test]
fn case_folding() {
    assert_eq!(whole("(?i)k", "\u{212A}"), s("\u{212A}"));
    assert_eq!(whole("(?i)[a-z]+", "ÀBC"), s("BC"));
    assert_eq!(whole("(?i)[àé]", "É"), None);
    assert_eq!(whole("(?i)[é]", "É"), s("É"));
    assert_eq!(whole("(?i)[^é]", "É"), s("É"));
    assert_eq!(whole("(?i)[^ā]", "Ā"), None);
    assert_eq!(whole("(?i)ß", "ss"), s("ss"));
    assert_eq!(whole("(?i)ss", "ß"), s("ß"));
    assert_eq!(whole("(?i)σ", "ς"), s("ς"));
    assert_eq!(whole("(?i)\\p{Lu}", "a"), s("a"));
    assert_eq!(whole("(?i)\\P{Lu}", "A"), None);
    assert_eq!(whole("(?i)(a)\\1", "aA"), s("aA"));
}

#[test]
fn groups_and_references() {
    assert_eq!(groups("(a)|b", "b"), [s("b"), None]);
    assert_eq!(groups("(?<x>a)(b)", "ab"), [s("ab"), s("a")]);
    assert_eq!(groups("(ab)\\1", "abab"), [s("abab"), s("ab")]);
    assert_eq!(groups("(?<p>ab)\\k<p>", "abab"), [s("abab"), s("ab")]);
    assert_eq!(
        groups("(?<n>a)|(?<n>b)\\k<n>", "bb"),
        [s("bb"), None, s("b")]
    );
    assert_eq!(groups("(a)(b)\\k<-2>", "aba")[0], s("aba"));
    assert_eq!(groups("(a*)*b", "aab"), [s("aab"), s("")]);
    assert_eq!(groups("(a|b?)+c", "abc"), [s("abc"), s("")]);
    assert_eq!(groups("(a?)*?c", "aac"), [s("aac"), s("a")]);
    assert_eq!(groups("(?:(a)|b)*", "ab"), [s("ab"), s("a")]);
    assert_eq!(groups("(a)?(?(1)b|c)", "c"), [s("c"), None]);
    assert_eq!(groups("(?<a>.)\\g<a>", "ab"), [s("ab"), s("b")]);
    assert_eq!(
        groups("(?<p>\\((?:[^()]|\\g<p>)*\\))", "x(a(b)c)y"),
        [s("(a(b)c)"), s("(a(b)c)")]
    );
    assert_eq!(groups("(?<a>a|b\\g<a>c)\\g<a>", "bacbbacc")[1], s("bbacc"));
}

#[test]
fn look_around_atomic_possessive() {
    assert_eq!(whole("(?<=foo)bar", "foobar"), s("bar"));
    assert_eq!(whole("(?<=foo)bar", "bazbar"), None);
    assert_eq!(whole("(?<!foo)bar", "foobar"), None);
    assert_eq!(whole("foo(?=bar)", "foobar"), s("foo"));
    assert_eq!(whole("foo(?!bar)", "foobar"), None);
    assert_eq!(whole("(?<=a|bc)d", "bcd"), s("d"));
    assert_eq!(whole("(?<!a|bc)d", "bcd xd"), s("d"));
    assert_eq!(groups("(?=(a))a", "a"), [s("a"), s("a")]);
    assert_eq!(groups("(?!(a))b", "b"), [s("b"), None]);
    assert_eq!(whole("(?>a*)a", "aaa"), None);
    assert_eq!(whole("a*+a", "aaa"), None);
    assert_eq!(whole("a++b", "aab"), s("aab"));
    assert_eq!(whole("a{1,2}+$", "aaa"), s("aaa"));
    assert_eq!(whole("a\\Kb", "ab"), s("b"));
    assert_eq!(whole("\\Ga", "ba"), None);
    assert_eq!(whole("(?~ab)", "xxab"), s("xxa"));
    assert_eq!(whole("(?~)", "abc"), None);
    assert_eq!(
        whole("\\/\\*(?~\\*\\/)\\*\\/", "/* a */ b */"),
        s("/* a */")
    );
    assert_eq!(whole("\\R+", "\n\r\r\n"), s("\n\r\r\n"));
    assert_eq!(whole("\\X", "e\u{301}\u{302}x"), s("e\u{301}\u{302}"));
    assert_eq!(whole("\\X", "🇫🇷🇩🇪"), s("🇫🇷"));
    assert_eq!(
        whole("\\X", "👨\u{200D}👩\u{200D}👧"),
        s("👨\u{200D}👩\u{200D}👧")
    );
    assert_eq!(whole("\\X", "\r\n"), s("\r\n"));
}

#[test]
fn ruby_errors() {
    for (pattern, message) in [
        ("[", "premature end of char-class"),
        ("(", "end pattern with unmatched parenthesis"),
        (")", "unmatched close parenthesis"),
        ("*", "target of repeat operator is not specified"),
        ("a{2,1}", "upper is smaller than lower in repeat range"),
        ("a{100001}", "too big number for repeat range"),
        ("[]", "empty char-class"),
        ("[z-a]", "empty range in char class"),
        ("[\\w-a]", "unmatched range specifier in char-class"),
        ("[a-\\w]", "char-class value at end of range"),
        ("[[:foo:]]", "invalid POSIX bracket type"),
        ("(?<=a+)b", "invalid pattern in look-behind"),
        ("(?<!(a))b", "invalid pattern in look-behind"),
        ("(a)\\2", "invalid backref number/name"),
        ("\\k<b>(?<b>x)", "undefined name <b> reference"),
        (
            "(?<a>x)\\1",
            "numbered backref/call is not allowed. (use name)",
        ),
        ("(?z)", "undefined group option"),
        ("(?", "end pattern in group"),
        ("\\", "too short escape sequence"),
        ("\\xg", "invalid hex escape"),
        ("\\u12", "invalid Unicode escape"),
        ("\\xC3", "too short escaped multibyte character"),
        ("\\p{Foo}", "invalid character property name {Foo}"),
        ("\\p{Lu", "invalid character property name {L}"),
        ("\\g<0>", "never ending recursion"),
        ("(?<a>\\g<a>?a)", "never ending recursion"),
        ("(?<a>a)\\g<0>", "never ending recursion"),
        ("\\g<2>(a)", "undefined group <2> reference"),
        ("(a)(?(1)b|c|d)", "invalid conditional pattern"),
    ] {
        assert_eq!(error(pattern), message, "/{pattern}/");
    }
    // Deeper than the engine goes (Ruby reduces stacked quantifiers and allows 4,096 groups).
    for pattern in [
        alloc::format!("a{}", "*".repeat(2000)),
        alloc::format!("{}a{}", "(".repeat(1500), ")".repeat(1500)),
        alloc::format!("{}a", "(?i)".repeat(1500)),
    ] {
        assert_eq!(error(&pattern), "parse depth limit over");
    }
    assert!(Regex::new(&alloc::format!("a{}", "*".repeat(100))).is_ok());
}

#[test]
fn catastrophic_patterns_stop_within_the_budget() {
    let text = "a".repeat(40) + "b";
    // Without back-references the matcher remembers failures and answers in linear time.
    for pattern in ["(a+)+$", "(a|a)+$", "(a*)*c", "^(\\w+\\s?)*$"] {
        let regex = Regex::new(pattern).unwrap_or_else(|e| panic!("{e}"));
        let mut budget = 1_000_000;
        assert!(
            regex.search(&text, 0, &mut budget).is_ok(),
            "/{pattern}/ used more than its budget"
        );
    }
    // With them, the budget ends it.
    for pattern in ["(a+)+\\1$", "(?:(a+)+)(?=x)", "((a+)+)(?!a)b\\2"] {
        let regex = Regex::new(pattern).unwrap_or_else(|e| panic!("{e}"));
        let mut budget = 1_000_000;
        assert_eq!(
            regex.search(&text, 0, &mut budget),
            Err(Stop::Steps),
            "/{pattern}/"
        );
        assert_eq!(budget, 0);
    }
}

#[test]
fn deep_and_long_patterns_stay_within_stack_and_memory() {
    // As deep as the parser allows, on a test thread's 2 MiB stack (the browser gives 8 MiB).
    let deep = alloc::format!("{}a{}", "(".repeat(990), ")".repeat(990));
    assert_eq!(whole(&deep, "xa"), s("a"));
    let deep = alloc::format!("{}a{}", "(?:".repeat(990), ")*".repeat(990));
    assert_eq!(whole(&deep, "aa"), s("aa"));
    // 14,000 repetitions of 1,000: counted once the program is large, not unrolled each time.
    let long = "a{1000}".repeat(14_000);
    let regex = Regex::new(&long).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        regex.program().insts.len() < 400_000,
        "{}",
        regex.program().insts.len()
    );
}
