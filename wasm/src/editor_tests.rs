//! The editor's answers through the facade (completion, definitions, references, hover, signature
//! help, the outline): offsets in UTF-16 both ways, the engine's knowledge from the page's options.

use puppet_core::ide::{self, CompletionKind, Completions, Docs, SignatureHelp, Symbol, Target};
use puppet_core::report::OffsetEncoding;

use crate::{Options, Utf16};

fn complete_to_data(source: &str, offset: u32, options: &Options) -> Completions {
    crate::editor_files(source, options, &mut Utf16::default())
        .complete(offset, options.facts_value())
}

fn definition_to_data(source: &str, path: &str, offset: u32, options: &Options) -> Option<Target> {
    crate::editor_files(source, options, &mut Utf16::default()).definition(path, offset)
}

fn references_to_data(source: &str, path: &str, offset: u32, options: &Options) -> Vec<Target> {
    crate::editor_files(source, options, &mut Utf16::default()).references(path, offset)
}

fn docs_to_data(source: &str, path: &str, offset: u32, options: &Options) -> Option<Docs> {
    crate::editor_files(source, options, &mut Utf16::default()).docs(path, offset)
}

fn signature_help_to_data(
    source: &str,
    path: &str,
    offset: u32,
    options: &Options,
) -> Option<SignatureHelp> {
    crate::editor_files(source, options, &mut Utf16::default()).signature_help(path, offset)
}

fn outline_to_data(source: &str) -> Vec<Symbol> {
    ide::outline_encoded(source, &mut Utf16::default())
}

/// The UTF-16 offset of byte offset `at` of `text`.
fn utf16(text: &str, at: usize) -> u32 {
    Utf16::default().offset(text, at)
}

#[test]
fn offsets_are_utf16_both_ways() {
    // `'😀'` is four UTF-16 units before the second line.
    let source = "$a = '😀'\n$fa";
    let cursor = utf16(source, source.len());
    let found = complete_to_data(source, cursor, &Options::default());
    assert_eq!(found.from, cursor as usize - 2);
    assert!(found
        .items
        .iter()
        .any(|c| c.label == "facts" && c.kind == CompletionKind::Variable));
}

#[test]
fn facts_keys_come_from_the_options_facts() {
    let options = Options {
        facts: Some(r#"{"os": {"family": "Debian"}}"#.into()),
        ..Options::default()
    };
    let found = complete_to_data("$facts['os']['", 14, &options);
    assert_eq!(found.from, 14);
    assert_eq!(found.items.len(), 1);
    assert_eq!(found.items[0].label, "family");
    assert_eq!(found.items[0].detail.as_deref(), Some("'Debian'"));
}

#[test]
fn a_definition_in_another_file_in_utf16() {
    let options = Options {
        files: Some(vec![(
            "modules/app/manifests/init.pp".into(),
            "# é😀\nclass app { }\n".into(),
        )]),
        ..Options::default()
    };
    // `include app` after an emoji line: the cursor is on `app`.
    let source = "$x = '😀'\ninclude app";
    let cursor = utf16(source, source.len()) - 1;
    let target = definition_to_data(source, "snippet.pp", cursor, &options).expect("app");
    assert_eq!(target.path, "modules/app/manifests/init.pp");
    // `# é😀\n` is 6 UTF-16 units, `class ` 6 more.
    assert_eq!((target.start, target.end), (12, 15));
    assert_eq!(definition_to_data(source, "nope.pp", 0, &options), None);
}

#[test]
fn hiera_keys_from_the_data_files_in_the_options() {
    let options = Options {
        files: Some(vec![("data/common.yaml".into(), "app::port: 80\n".into())]),
        ..Options::default()
    };
    let found = complete_to_data("lookup('app", 11, &options);
    assert_eq!(found.from, 8);
    assert_eq!(found.items.len(), 1);
    assert_eq!(
        (found.items[0].label.as_str(), found.items[0].kind.as_str()),
        ("app::port", "hiera")
    );
}

#[test]
fn docs_of_a_resource_type_in_utf16() {
    let source = "$é = 1\nservice { 'web': }";
    let none = Options::default();
    let docs = docs_to_data(source, "snippet.pp", 9, &none).expect("service");
    assert_eq!((docs.start, docs.end), (7, 14));
    assert!(docs.text.starts_with("resource type service\n"));
    assert_eq!(docs_to_data(source, "snippet.pp", 0, &none), None);
}

#[test]
fn docs_of_a_class_in_another_file() {
    let options = Options {
        files: Some(vec![(
            "modules/app/manifests/init.pp".into(),
            "class app(Integer $port = 80) { }\n".into(),
        )]),
        ..Options::default()
    };
    let docs = docs_to_data("include app", "snippet.pp", 9, &options).expect("app");
    assert_eq!(
        docs.text,
        "class app(\n  Integer $port = 80,\n)\nmodules/app/manifests/init.pp:1"
    );
}

#[test]
fn signature_help_with_utf16_parameter_ranges() {
    let options = Options {
        files: Some(vec![(
            "modules/app/functions/greet.pp".into(),
            "function app::greet(String $s = '😀', Integer $n) { }\n".into(),
        )]),
        ..Options::default()
    };
    let source = "app::greet('😀', ";
    let cursor = utf16(source, source.len());
    let help = signature_help_to_data(source, "snippet.pp", cursor, &options).expect("app::greet");
    assert_eq!(help.active_parameter, Some(1));
    let label = &help.signatures[0].label;
    assert_eq!(label, "app::greet(String $s = '😀', Integer $n)");
    // `app::greet(` is 11 units; `String $s = '😀'` 16 (the emoji is two), then `, `.
    assert_eq!(help.signatures[0].parameters, [(11, 27), (29, 39)]);
    assert_eq!(
        signature_help_to_data("$x = 1", "snippet.pp", 3, &options),
        None
    );
}

#[test]
fn a_class_used_in_the_snippet_and_defined_in_a_module_in_utf16() {
    let options = Options {
        files: Some(vec![(
            "modules/app/manifests/init.pp".into(),
            "# é😀\nclass app { }\n".into(),
        )]),
        ..Options::default()
    };
    // `😀` is two UTF-16 units: the first `include app` starts at 10, the second at 22.
    let source = "$x = '😀'\ninclude app\ninclude app";
    let found = references_to_data(source, "snippet.pp", 18, &options);
    let places: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|t| (t.path.as_str(), t.start, t.end))
        .collect();
    // `# é😀\n` is 6 UTF-16 units, `class ` 6 more.
    assert_eq!(
        places,
        [
            ("modules/app/manifests/init.pp", 12, 15),
            ("snippet.pp", 18, 21),
            ("snippet.pp", 30, 33),
        ]
    );
    assert_eq!(references_to_data(source, "nope.pp", 0, &options), []);
    // The `=`: nothing named; past the end: the last `app`.
    assert_eq!(references_to_data(source, "snippet.pp", 3, &options), []);
    assert_eq!(
        references_to_data(source, "snippet.pp", 99, &options),
        found
    );
}

#[test]
fn offsets_are_utf16_after_non_ascii_text() {
    // `# é😀\n` is 6 UTF-16 units (9 bytes): `class ` starts at 6, its name `a` at 12.
    let source = "# é😀\nclass a {\n  $x = 'ü'\n}\n";
    let symbols = outline_to_data(source);
    assert_eq!(symbols.len(), 1);
    let class = &symbols[0];
    assert_eq!((class.kind.as_str(), class.name.as_str()), ("class", "a"));
    assert_eq!((class.start, class.name_start, class.name_end), (6, 12, 13));
    // The text is 29 UTF-16 units; the class ends before the last newline.
    assert_eq!(class.end, 28);
    let variable = &class.children[0];
    assert_eq!(variable.kind.as_str(), "variable");
    assert_eq!((variable.name_start, variable.name_end), (18, 20));
    assert_eq!(variable.detail.as_deref(), Some("'ü'"));
}
