//! One budget for everything an evaluation does: Hiera's interpolations and lookups inside
//! lookups, templates rendering templates, and string and collection building that fans out
//! (each step doubling or quadrupling what the last built) all end in a limit's diagnostic,
//! promptly, before the value past the limit is built.

use std::time::{Duration, Instant};

use puppet_core::{evaluate, evaluate_environment, Environment, EvalOptions, Limits, MemoryFiles};

/// Generous for a debug build on a shared, loaded machine (where the slowest case, the step budget
/// spent on lookups, takes about a minute); a release build takes a few seconds at most.
const CASE_TIME_LIMIT: Duration = Duration::from_secs(180);

/// The codes of the engine's limits.
const LIMITS: &[&str] = &["STEP_LIMIT", "SIZE_LIMIT", "MEMORY_LIMIT", "DEPTH_LIMIT"];

/// The issue's `data/common.yaml`: `xN` is `"%{lookup('xN+1')}"` four times over, sixteen levels
/// deep, and `x17` an 18-byte text, so `x1` would be 4^16 copies of it (77 GB) and `x7` 4^10
/// (18.9 MB, past the 4 MiB string limit).
fn quadrupling(method: &str) -> String {
    let mut text = String::new();
    for n in 1..=16 {
        let once = format!("%{{{method}('x{}')}}", n + 1);
        text.push_str(&format!("x{n}: \"{}\"\n", once.repeat(4)));
    }
    text.push_str("x17: \"0123456789abcdefgh\"\n");
    text
}

const HIERA: &str = "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";

/// Compile `main` in an environment of `files`, with `limits`; the diagnostic and the time taken.
fn compile(
    files: &[(&str, &str)],
    main: &str,
    limits: Limits,
) -> (Option<(String, String)>, Duration) {
    let mut memory = MemoryFiles::new();
    for (path, text) in files {
        memory.insert(path, *text, &limits);
    }
    let env = Environment::snippet(&memory, main);
    let options = EvalOptions {
        limits,
        ..EvalOptions::default()
    };
    let started = Instant::now();
    let outcome = evaluate_environment(&env, &options);
    let error = outcome
        .error()
        .map(|d| (d.code.to_string(), d.message.clone()));
    (error, started.elapsed())
}

/// The diagnostic of a case that must end in one of the limits, its message holding `expected`.
fn assert_limit(name: &str, error: Option<(String, String)>, elapsed: Duration, expected: &str) {
    let Some((code, message)) = error else {
        panic!("{name}: no diagnostic");
    };
    assert!(LIMITS.contains(&code.as_str()), "{name}: {code}: {message}");
    assert!(
        message.contains(expected),
        "{name}: {message:?} lacks {expected:?}"
    );
    assert!(elapsed < CASE_TIME_LIMIT, "{name}: took {elapsed:?}");
}

#[test]
fn the_quadrupling_interpolation_ends_in_a_limit_naming_the_keys() {
    let data = quadrupling("lookup");
    let files = [("hiera.yaml", HIERA), ("data/common.yaml", data.as_str())];
    let main = "notice(size(lookup('x1')))";
    let (error, elapsed) = compile(&files, main, Limits::default());
    // Whichever limit comes first, the message says which lookups were running.
    assert_limit(
        "x1",
        error.clone(),
        elapsed,
        "in Hiera, for 'x1' > 'x2' > 'x3' > ...",
    );
    let (_, message) = error.unwrap_or_default();
    assert!(message.contains("(while looking up 'x"), "{message}");
}

#[test]
fn the_step_budget_stops_the_interpolation() {
    let data = quadrupling("lookup");
    let files = [("hiera.yaml", HIERA), ("data/common.yaml", data.as_str())];
    let limits = Limits {
        max_steps: 1000,
        ..Limits::default()
    };
    let (error, elapsed) = compile(&files, "notice(size(lookup('x1')))", limits);
    assert_limit(
        "--max-steps=1000",
        error.clone(),
        elapsed,
        "evaluation stopped after 1000 steps",
    );
    // 1,000 steps are spent before the first leaf is reached: the innermost key is one of the
    // later ones, and every key between it and x1 is named or elided.
    let (code, message) = error.unwrap_or_default();
    assert_eq!(code, "STEP_LIMIT");
    assert!(
        message.contains("in Hiera, for 'x1' > 'x2' > 'x3' > ... >"),
        "{message}"
    );
}

#[test]
fn a_value_past_the_string_limit_is_refused_before_it_is_built() {
    let data = quadrupling("lookup");
    let files = [("hiera.yaml", HIERA), ("data/common.yaml", data.as_str())];
    // x7 is 18.9 MB: its interpolation stops when the next piece would pass 4 MiB.
    let (error, elapsed) = compile(&files, "notice(size(lookup('x7')))", Limits::default());
    assert_limit(
        "x7",
        error.clone(),
        elapsed,
        "a string's length in bytes would exceed the limit of 4194304",
    );
    let (_, message) = error.unwrap_or_default();
    assert!(
        message.ends_with("(while looking up 'x8' in Hiera, for 'x7')"),
        "{message}"
    );
    // x10 is 294,912 bytes: well within the limits, it is built and found.
    let (error, _) = compile(&files, "notice(size(lookup('x10')))", Limits::default());
    assert_eq!(error, None);
}

#[test]
fn the_hiera_method_fans_out_the_same_and_ends_the_same() {
    let data = quadrupling("hiera");
    let files = [("hiera.yaml", HIERA), ("data/common.yaml", data.as_str())];
    let (error, elapsed) = compile(&files, "notice(size(lookup('x1')))", Limits::default());
    assert_limit("%{hiera()}", error, elapsed, "in Hiera, for 'x1' > 'x2'");
}

/// Other ways for Hiera's data to fan out: aliases of arrays and hashes (each alias a whole
/// lookup that builds its value again), interpolation in hash keys, and a Puppet function
/// serving as the data provider that looks up other keys.
#[test]
fn every_way_of_fanning_out_in_hiera_ends_in_a_limit() {
    let mut aliased_arrays = String::new();
    let mut aliased_hashes = String::new();
    let mut keys = String::new();
    for n in 1..=24 {
        let next = n + 1;
        let alias = format!("\"%{{alias('x{next}')}}\"");
        aliased_arrays.push_str(&format!("x{n}: [{alias}, {alias}, {alias}, {alias}]\n"));
        aliased_hashes.push_str(&format!(
            "x{n}: {{a: {alias}, b: {alias}, c: {alias}, d: {alias}}}\n"
        ));
        let key = format!("%{{lookup('x{next}')}}");
        keys.push_str(&format!(
            "x{n}: {{\"a{key}\": 1, \"b{key}\": 2, \"c{key}\": 3, \"d{key}\": 4}}\n"
        ));
    }
    for data in [&mut aliased_arrays, &mut aliased_hashes, &mut keys] {
        data.push_str("x25: leaf\n");
    }
    let function_provider =
        "version: 5\nhierarchy:\n  - name: computed\n    lookup_key: fan::key\n";
    let function =
        "function fan::key(String $key, Hash $options, Puppet::LookupContext $context) {\n\
        if $key !~ /^x[0-9]+$/ { $context.not_found() }\n\
        $n = Integer($key[1, -1])\n\
        if $n > 24 { 'leaf' } else {\n\
          $next = \"x${$n + 1}\"\n\
          \"${lookup($next)}${lookup($next)}${lookup($next)}${lookup($next)}\"\n\
        }\n\
      }\n";
    let cases: [(&str, Vec<(&str, &str)>); 4] = [
        (
            "aliases of arrays",
            vec![("hiera.yaml", HIERA), ("data/common.yaml", &aliased_arrays)],
        ),
        (
            "aliases of hashes",
            vec![("hiera.yaml", HIERA), ("data/common.yaml", &aliased_hashes)],
        ),
        (
            "interpolation in hash keys",
            vec![("hiera.yaml", HIERA), ("data/common.yaml", &keys)],
        ),
        (
            "a Puppet function as the data provider",
            vec![
                ("hiera.yaml", function_provider),
                ("modules/fan/functions/key.pp", function),
            ],
        ),
    ];
    for (name, files) in cases {
        let (error, elapsed) = compile(&files, "notice(size(lookup('x1')))", Limits::default());
        assert_limit(name, error, elapsed, "(while looking up 'x");
    }
}

/// A chain of lookups each interpolating the next, thousands long, stops at the nesting limit
/// (each lookup is a dozen native calls inside the last) instead of overflowing the stack.
#[test]
fn a_long_chain_of_lookups_stops_at_the_nesting_limit() {
    let mut data = String::new();
    for n in 1..=5000 {
        data.push_str(&format!("k{n}: \"%{{lookup('k{}')}}\"\n", n + 1));
    }
    let files = [("hiera.yaml", HIERA), ("data/common.yaml", data.as_str())];
    let (error, elapsed) = compile(&files, "lookup('k1')", Limits::default());
    assert_limit("chain", error, elapsed, "(lookups inside lookups)");
    // A short chain is an ordinary lookup.
    let files = [
        ("hiera.yaml", HIERA),
        (
            "data/common.yaml",
            "a: \"%{lookup('b')}!\"\nb: \"%{lookup('c')}?\"\nc: x\n",
        ),
    ];
    let (error, _) = compile(
        &files,
        "assert_type(Enum['x?!'], lookup('a'))",
        Limits::default(),
    );
    assert_eq!(error, None);
}

/// Templates rendering templates four times each, sixteen levels deep: EPP and ERB.
#[test]
fn templates_that_render_each_other_end_in_a_limit() {
    let mut epp: Vec<(String, String)> = Vec::new();
    let mut erb: Vec<(String, String)> = Vec::new();
    for n in 1..=16 {
        let next = format!("<%= epp('t/t{}.epp') %>", n + 1);
        epp.push((format!("modules/t/templates/t{n}.epp"), next.repeat(4)));
        let next = format!(
            "<%= scope.call_function('template', ['t/t{}.erb']) %>",
            n + 1
        );
        erb.push((format!("modules/t/templates/t{n}.erb"), next.repeat(4)));
    }
    epp.push((
        "modules/t/templates/t17.epp".into(),
        "0123456789abcdefgh".into(),
    ));
    erb.push((
        "modules/t/templates/t17.erb".into(),
        "0123456789abcdefgh".into(),
    ));
    for (name, files, main) in [
        ("EPP", &epp, "notice(size(epp('t/t1.epp')))"),
        ("ERB", &erb, "notice(size(template('t/t1.erb')))"),
    ] {
        let files: Vec<(&str, &str)> = files
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        let (error, elapsed) = compile(&files, main, Limits::default());
        assert_limit(name, error, elapsed, "");
    }
}

/// Doubling a string or a collection in a loop, in Puppet and in a template's Ruby: refused
/// when the next one would pass the size limits, or stopped by the budget first.
#[test]
fn doubling_loops_end_in_a_limit() {
    let cases = [
        (
            "sprintf('%s%s')",
            "Integer[1, 64].reduce('ab') |$m, $i| { sprintf('%s%s', $m, $m) }.size",
        ),
        (
            "interpolation",
            "Integer[1, 64].reduce('ab') |$m, $i| { \"${m}${m}\" }.size",
        ),
        (
            "join",
            "Integer[1, 64].reduce('ab') |$m, $i| { [$m, $m].join }.size",
        ),
        (
            "+ on arrays",
            "Integer[1, 64].reduce([1]) |$m, $i| { $m + $m }.size",
        ),
        (
            "+ on hashes",
            "Integer[1, 64].reduce({ 'a' => 0 }) |$m, $i| { $m + prefix($m, \"${i}-\") }.size",
        ),
        (
            "* on a string in a template",
            "inline_template('<%= (\"ab\" * 100000000).size %>')",
        ),
        (
            "* on an array in a template",
            "inline_template('<%= ([1, 2] * 100000000).size %>')",
        ),
        (
            "+ on arrays in a template",
            "inline_template('<% a = [1]; 64.times { a = a + a } %><%= a.size %>')",
        ),
        (
            "+ on strings in a template",
            "inline_template('<% a = \"ab\"; 64.times { a = a + a } %><%= a.size %>')",
        ),
        (
            "<< on a string in a template",
            "inline_template('<% a = \"ab\"; 64.times { a << a.dup } %><%= a.size %>')",
        ),
        (
            "<< on an HMAC in a template",
            "inline_template('<% h = OpenSSL::HMAC.new(\"k\", \"SHA256\"); a = \"ab\"; 64.times { h << a; a = a + a } %><%= h.hexdigest %>')",
        ),
        // PBKDF2's rounds and key size are charged before any is computed.
        (
            "PBKDF2 with 10^12 rounds in a template",
            "inline_template('<%= OpenSSL::KDF.pbkdf2_hmac(\"p\", salt: \"s\", iterations: 10**12, length: 32, hash: \"SHA256\").size %>')",
        ),
        (
            "a PBKDF2 key of 10^12 bytes in a template",
            "inline_template('<%= OpenSSL::PKCS5.pbkdf2_hmac(\"p\", \"s\", 1, 10**12, \"SHA256\").size %>')",
        ),
        // 2^60 elements by sharing, in a template's Ruby: printing, flattening, comparing and
        // converting each walk all of them.
        (
            "inspect of shared arrays in a template",
            "inline_template('<% a = [1]; 60.times { a = [a, a] } %><%= a.inspect.size %>')",
        ),
        (
            "to_s of shared arrays in a template",
            "inline_template('<% a = [1]; 60.times { a = [a, a] } %><%= a %>')",
        ),
        (
            "flatten of shared arrays in a template",
            "inline_template('<% a = [1]; 60.times { a = [a, a] } %><%= a.flatten.size %>')",
        ),
        (
            "to_json of shared arrays in a template",
            "inline_template('<% a = [1]; 60.times { a = [a, a] } %><%= a.to_json.size %>')",
        ),
        (
            "shared arrays handed back to Puppet",
            "inline_template('<% a = [1]; 60.times { a = [a, a] } %><%= scope.call_function(\"flatten\", [a]).size %>')",
        ),
        // A variable's array the template changes is written back to Puppet after the render:
        // here each element appended is a copy of the array so far, 2^60 elements in all.
        (
            "a shared array written back to a variable",
            "$arr = [1]\ninline_template('<% 60.times { x = @arr.dup; @arr << x } %>')\n$arr.size",
        ),
    ];
    for (name, code) in cases {
        let started = Instant::now();
        let outcome = evaluate(code, &EvalOptions::default());
        let elapsed = started.elapsed();
        let error = outcome
            .error()
            .map(|d| (d.code.to_string(), d.message.clone()));
        eprintln!("{elapsed:>10.3?}  {name}: {error:?}");
        assert_limit(name, error, elapsed, "");
    }
}

/// Comparing arrays that share their elements in a template's Ruby compares each distinct pair
/// once: 2^60 elements on each side are found equal at once.
#[test]
fn shared_arrays_in_a_template_compare_at_once() {
    let code = "inline_template('<% a = [1]; b = [1]; 60.times { a = [a, a]; b = [b, b] } %><%= a == b %> <%= a == [b, 1] %>')";
    let started = Instant::now();
    let outcome = evaluate(code, &EvalOptions::default());
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    let value = outcome.value.map(|v| puppet_core::value::programmatic(&v));
    assert_eq!(value.as_deref(), Some("'true false'"));
    assert!(started.elapsed() < CASE_TIME_LIMIT);
}

/// The memory budget counts every value built, also those thrown away at once: a loop that
/// builds a megabyte string four hundred times stops when the budget is spent, though no value is
/// past a size limit and the step budget is far from spent.
#[test]
fn the_memory_budget_counts_what_is_built_and_thrown_away() {
    let code = "$mb = Integer[1, 20].reduce('x') |$m, $i| { \"${m}${m}\" }\n\
                Integer[1, 400].each |$i| { $copy = \"${mb}!\" }\n1";
    let started = Instant::now();
    let outcome = evaluate(code, &EvalOptions::default());
    let elapsed = started.elapsed();
    let error = outcome
        .error()
        .map(|d| (d.code.to_string(), d.message.clone()));
    assert_eq!(
        error.clone().map(|(code, _)| code).as_deref(),
        Some("MEMORY_LIMIT"),
        "{error:?}"
    );
    assert_limit(
        "memory",
        error,
        elapsed,
        "evaluation stopped after building more than 268435456 bytes of values",
    );
    // A budget as large as the loop needs lets it finish.
    let options = EvalOptions {
        limits: Limits {
            max_memory: 2 << 30,
            ..Limits::default()
        },
        ..EvalOptions::default()
    };
    let outcome = evaluate(code, &options);
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
}
