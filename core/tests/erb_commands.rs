//! A template's Ruby cannot run commands: backticks, `%x()` and Kernel's `system`, `exec`,
//! `spawn`, `open`, `eval`... are refused as the other Ruby that reaches outside the template is
//! (`File`, `IO`, `require`): a diagnostic naming the construct, the template and its line, never
//! the command's text printed as if it were a string.

use puppet_core::{evaluate, evaluate_environment, Environment, EvalOptions, Limits, MemoryFiles};

/// The first diagnostic of an inline template's evaluation: code, message and notes.
fn inline(template: &str) -> (String, String, Vec<String>) {
    let source = format!("inline_template('{}')", template.replace('\'', "\\'"));
    let outcome = evaluate(&source, &EvalOptions::default());
    let error = outcome.error().expect("a diagnostic");
    (
        error.code.to_string(),
        error.message.clone(),
        error.notes.iter().map(|n| n.message.clone()).collect(),
    )
}

#[test]
fn commands_in_an_inline_template_are_refused_with_their_line() {
    let cases = [
        (
            "<%= `id` %>",
            "a command (`...`) is not supported by the playground's ERB",
        ),
        (
            "<%= %x{id} %>",
            "a command (%x{...}) is not supported by the playground's ERB",
        ),
        (
            "<%= %x(id) %>",
            "a command (%x(...)) is not supported by the playground's ERB",
        ),
        (
            "<%= %x[id] %>",
            "a command (%x[...]) is not supported by the playground's ERB",
        ),
        (
            "<%= system('id') %>",
            "system (running a command) is not supported by the playground's ERB",
        ),
        (
            "<%= exec('id') %>",
            "exec (running a command) is not supported by the playground's ERB",
        ),
        (
            "<%= spawn('id') %>",
            "spawn (running a command) is not supported by the playground's ERB",
        ),
        (
            "<%= open('|id').read %>",
            "open (opening a file or a command) is not supported by the playground's ERB",
        ),
        (
            "<%= eval('1 + 1') %>",
            "eval (evaluating Ruby text) is not supported by the playground's ERB",
        ),
    ];
    for (template, expected) in cases {
        let (code, message, notes) = inline(&format!("first\n{template}"));
        assert_eq!(code, "CALL_FAILED", "{template}: {message}");
        assert!(
            message.starts_with(
                "Error while evaluating a Function Call, Failed to parse inline template: "
            ),
            "{template}: {message}"
        );
        assert!(
            message.contains(expected),
            "{template}: {message:?} lacks {expected:?}"
        );
        assert_eq!(notes, ["at line 2 of the inline template"], "{template}");
    }
}

#[test]
fn backticks_in_template_text_and_strings_are_text() {
    let outcome = evaluate(
        "inline_template('a `b` c <%= \"`id`\" %> <%= \\'%x(id)\\' %>')",
        &EvalOptions::default(),
    );
    assert!(outcome.error().is_none(), "{:?}", outcome.error());
    let value = outcome.value.expect("a value");
    assert_eq!(
        puppet_core::value::programmatic(&value),
        "'a `b` c `id` %x(id)'"
    );
}

/// In a module's template file the diagnostic is placed at the command's line in the file.
#[test]
fn a_command_in_a_template_file_is_refused_at_its_line() {
    let limits = Limits::default();
    let mut files = MemoryFiles::new();
    files.insert(
        "modules/m/templates/t.erb",
        "first line\nsecond <%= `cat /etc/passwd` %>\n",
        &limits,
    );
    let env = Environment::snippet(&files, "notice(template('m/t.erb'))");
    let outcome = evaluate_environment(&env, &EvalOptions::default());
    let error = outcome.error().expect("a diagnostic");
    assert_eq!(error.code, "ERB_UNSUPPORTED");
    assert_eq!(
        error.message,
        "Failed to parse template m/t.erb: a command (`...`) is not supported by the playground's ERB: templates cannot run commands"
    );
    let location = outcome.sources.locate(error.span.start);
    assert_eq!(
        (&*location.file, location.line),
        ("modules/m/templates/t.erb", 2)
    );
    // Nothing of the command reaches the output.
    assert!(outcome
        .logs
        .iter()
        .all(|log| !log.message.contains("passwd")));
}
