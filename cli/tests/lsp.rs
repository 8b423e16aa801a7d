//! `puppet-eval lsp` driven as an editor drives it, on a control repository (site/ and modules/,
//! Hiera data per node, a template): every capability, positions in UTF-16 after non-ASCII
//! text, requests in the middle of an edit, and the settings. What the compile must find was
//! checked against OpenVox 8.28.1 (env_oracle.rb, the fixture with site/ folded into modules/ as
//! the oracle has no environment.conf): for node `web1.example.com` it compiles, logs
//! `notice: Welcome port-8443` (the node's own data wins over common.yaml's 8080) and declares
//! Class[Profile::Web], Apache::Vhost[main], File[/etc/motd] and the vhost's file.

mod lsp_client;

use std::time::Duration;

use lsp_client::*;
use serde_json::{json, Value};

const PROFILE: &str = "site/profile/manifests/web.pp";

fn server() -> Client {
    Client::initialized(&fixture_root(), fixture_settings())
}

/// Open the fixture's file and wait for the compile's values (a hover that shows one).
fn open_compiled(client: &mut Client, relative: &str, needle: &str) -> (String, String) {
    let uri = fixture_uri(relative);
    let text = read_fixture(relative);
    client.open(&uri, &text);
    let position = at(&text, needle, 1);
    for _ in 0..1200 {
        let hover = client.at("textDocument/hover", &uri, position.clone());
        if hover["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.contains("value: "))
        {
            return (uri, text);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no compile value at {needle} of {relative}");
}

fn hover_text(client: &mut Client, uri: &str, position: Value) -> String {
    let hover = client.at("textDocument/hover", uri, position);
    hover["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["label"].as_str().map(String::from))
        .collect()
}

#[test]
fn the_life_of_a_server() {
    // A request before `initialize` is refused with ServerNotInitialized.
    let mut early = Client::start();
    let refused = early.request("textDocument/hover", json!({}));
    assert_eq!(refused["error"]["code"], -32002, "{refused}");
    // `exit` without `shutdown`: status 1, as the protocol says.
    early.notify("exit", Value::Null);
    let status = early.child.wait().ok().and_then(|s| s.code());
    assert_eq!(status, Some(1));

    let mut client = Client::start();
    let init = client.request(
        "initialize",
        json!({ "processId": null, "capabilities": {}, "rootUri": uri(&fixture_root()) }),
    );
    let capabilities = &init["result"]["capabilities"];
    assert_eq!(init["result"]["serverInfo"]["name"], "puppet-eval");
    assert_eq!(capabilities["textDocumentSync"]["change"], 2, "incremental");
    for provider in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "documentSymbolProvider",
        "workspaceSymbolProvider",
        "documentFormattingProvider",
        "foldingRangeProvider",
    ] {
        assert_eq!(capabilities[provider], true, "{provider}");
    }
    assert_eq!(capabilities["renameProvider"]["prepareProvider"], true);
    assert!(
        capabilities["semanticTokensProvider"]["legend"]["tokenTypes"]
            .as_array()
            .is_some_and(|t| t.contains(&json!("keyword")))
    );
    // A second `initialize` is an invalid request; an unknown method is not found.
    let again = client.request("initialize", json!({ "capabilities": {} }));
    assert_eq!(again["error"]["code"], -32600);
    let unknown = client.request("textDocument/inlayHint", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn diagnostics_from_the_parser_the_compile_and_lint() {
    let mut client = server();
    // Syntax: at once, from the parser (in a folder the compile does not read: an open document
    // in manifests/ is part of the node's code).
    let broken = fixture_uri("scratch/broken.pp");
    client.open(&broken, "class {\n");
    let found = client.diagnostics(&broken, |d| !d.is_empty());
    assert_eq!(found[0]["source"], "puppet");
    assert_eq!(found[0]["severity"], 1);
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("Syntax error"),
        "{found:?}"
    );

    // Lint with check names, `.puppet-lint.rc` (no 140chars) and `lint:ignore` honoured.
    let linted = fixture_uri("scratch/linted.pp");
    let long = format!("$long = '{}'\n", "x".repeat(150));
    let text = format!(
        "# Notes.\n$a = \"plain\"\n$b = \"plain\" # lint:ignore:double_quoted_strings\n{long}"
    );
    client.open(&linted, &text);
    let found = client.diagnostics(&linted, |d| !d.is_empty());
    let checks: Vec<(&str, u64)> = found
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or(""),
                d["range"]["start"]["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(checks, [("double_quoted_strings", 1)], "{found:?}");
    assert_eq!(found[0]["source"], "puppet-lint");
    assert_eq!(
        found[0]["message"],
        "double quoted string containing no variables"
    );

    // The compile's: site.pp declares a class no module has, for node web1.example.com.
    let site = fixture_uri("manifests/site.pp");
    let text = read_fixture("manifests/site.pp").replace("role::web", "role::nope");
    client.open(&site, &text);
    let found = client.diagnostics(&site, |d| d.iter().any(|d| d["source"] == "puppet compile"));
    let error = found
        .iter()
        .find(|d| d["source"] == "puppet compile")
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        error["message"],
        "Evaluation Error: Error while evaluating a Function Call, Could not find class ::role::nope for web1.example.com"
    );
    assert_eq!(
        error["range"]["start"],
        json!({ "line": 1, "character": 2 })
    );
    // Fixed: the compile's error goes away with the next compile.
    client.change(
        &site,
        2,
        json!({"line": 1, "character": 16}),
        json!({"line": 1, "character": 20}),
        "web",
    );
    client.diagnostics(&site, |d| d.is_empty());
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn hover_shows_docs_and_the_values_of_the_node_s_compile() {
    let mut client = server();
    let (uri, text) = open_compiled(&mut client, PROFILE, "$label =");
    // The value recorded for node web1.example.com: its own Hiera data gives port 8443.
    let label = hover_text(&mut client, &uri, at(&text, "$label =", 1));
    assert!(label.contains("value: `'port-8443'`"), "{label}");
    let port = hover_text(&mut client, &uri, at(&text, "port_label($port)", 12));
    assert!(port.contains("value: `8443`"), "{port}");
    // Docs of a module's function, read from its file.
    let function = hover_text(&mut client, &uri, at(&text, "apache::port_label", 3));
    assert!(
        function.contains("function apache::port_label(Integer $port) >> String"),
        "{function}"
    );
    // A resource type's attributes.
    let file = hover_text(&mut client, &uri, at(&text, "file {", 1));
    assert!(file.contains("resource type file"), "{file}");
    // After non-ASCII text on the same line: the range in UTF-16 units.
    let loose = fixture_uri("manifests/utf16.pp");
    let line = "$g = 'Grüße 😀'; notice(versioncmp('1', '2'))\n";
    client.open(&loose, line);
    let hover = client.at("textDocument/hover", &loose, at(line, "versioncmp", 2));
    assert_eq!(hover["range"]["start"], at(line, "versioncmp", 0));
    // `$g = '` 6 units, `Grüße` 5, a space, `😀` 2 (a surrogate pair), `'; notice(` 10: 24 units
    // (28 bytes).
    assert_eq!(hover["range"]["start"]["character"], 24);
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .contains("versioncmp(String $a"));
    // Nothing to say on punctuation.
    assert_eq!(
        client.at("textDocument/hover", &loose, at(line, ";", 0)),
        Value::Null
    );
    // The node named in the settings changes: common.yaml's port, once compiled again.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "puppet": { "node": "db1" } } }),
    );
    let mut seen = String::new();
    for _ in 0..1200 {
        seen = hover_text(&mut client, &uri, at(&text, "port_label($port)", 12));
        if seen.contains("value: `8080`") {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        seen.contains("value: `8080`") && seen.contains("node db1"),
        "{seen}"
    );
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn completion_of_classes_facts_keys_and_parameters() {
    let mut client = server();
    let uri = fixture_uri("manifests/typing.pp");
    let text = "$x = 'é😀'; include prof\n$f = $facts['os']['\n$b = lookup('motd::\napache::vhost { 'x':\n  \n}\n";
    client.open(&uri, text);
    let classes = client.at(
        "textDocument/completion",
        &uri,
        at(text, "include prof", 12),
    );
    assert!(
        labels(&classes).contains(&"profile::web".to_string()),
        "{classes}"
    );
    // The replaced range starts at the word, counted in UTF-16 after the emoji.
    let item = classes
        .as_array()
        .and_then(|a| a.iter().find(|i| i["label"] == "profile::web"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(item["textEdit"]["range"]["start"], at(text, "prof", 0));
    assert_eq!(item["textEdit"]["range"]["start"]["character"], 20);
    let facts = client.at("textDocument/completion", &uri, at(text, "['os']['", 8));
    let keys = labels(&facts);
    assert!(
        keys.contains(&"family".to_string()) && keys.contains(&"release".to_string()),
        "{keys:?}"
    );
    let hiera = client.at("textDocument/completion", &uri, at(text, "motd::", 6));
    assert_eq!(labels(&hiera), ["motd::banner"]);
    let attributes = client.at("textDocument/completion", &uri, at(text, "'x':\n  ", 7));
    let names = labels(&attributes);
    assert!(
        names.contains(&"port".to_string()) && names.contains(&"docroot".to_string()),
        "{names:?}"
    );
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn signature_help_in_calls() {
    let mut client = server();
    let uri = fixture_uri("manifests/calls.pp");
    // Finished calls, a statement outside any call, then an unfinished call (which takes in
    // whatever follows it).
    let text = "$b = versioncmp('é😀', '1')\n$c = 1\n$a = apache::port_label(\n";
    client.open(&uri, text);
    let help = client.at(
        "textDocument/signatureHelp",
        &uri,
        at(text, "port_label(", 11),
    );
    let label = help["signatures"][0]["label"].as_str().unwrap_or("");
    assert!(
        label.contains("apache::port_label(Integer $port)"),
        "{help}"
    );
    // The parameter's offsets index the label in UTF-16 units.
    let offsets = &help["signatures"][0]["parameters"][0]["label"];
    let start = offsets[0].as_u64().unwrap_or(0) as usize;
    let end = offsets[1].as_u64().unwrap_or(0) as usize;
    let units: Vec<u16> = label.encode_utf16().collect();
    assert_eq!(
        String::from_utf16_lossy(&units[start..end]),
        "Integer $port"
    );
    let second = client.at(
        "textDocument/signatureHelp",
        &uri,
        at(text, "'é😀', ", "'é😀', ".len()),
    );
    assert_eq!(second["activeParameter"], 1, "{second}");
    assert!(second["signatures"][0]["label"]
        .as_str()
        .unwrap_or("")
        .starts_with("versioncmp("));
    assert_eq!(
        client.at("textDocument/signatureHelp", &uri, at(text, "$c", 1)),
        Value::Null
    );
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn definition_across_files() {
    let mut client = server();
    let site = read_fixture("manifests/site.pp");
    let profile = read_fixture(PROFILE);
    let vhost = read_fixture("modules/apache/manifests/vhost.pp");
    let place = |client: &mut Client, relative: &str, text: &str, needle: &str| {
        client.at(
            "textDocument/definition",
            &fixture_uri(relative),
            at(text, needle, 2),
        )
    };
    let role = place(&mut client, "manifests/site.pp", &site, "role::web");
    assert_eq!(role["uri"], fixture_uri("site/role/manifests/web.pp"));
    assert_eq!(role["range"]["start"], json!({ "line": 1, "character": 6 }));
    let define = place(&mut client, PROFILE, &profile, "apache::vhost");
    assert_eq!(
        define["uri"],
        fixture_uri("modules/apache/manifests/vhost.pp")
    );
    let alias = place(
        &mut client,
        "modules/apache/manifests/vhost.pp",
        &vhost,
        "Apache::Port",
    );
    assert_eq!(alias["uri"], fixture_uri("modules/apache/types/port.pp"));
    assert_eq!(
        alias["range"]["start"],
        json!({ "line": 1, "character": 5 })
    );
    let key = place(&mut client, PROFILE, &profile, "motd::banner");
    assert_eq!(key["uri"], fixture_uri("data/common.yaml"));
    assert_eq!(key["range"]["start"], json!({ "line": 3, "character": 0 }));
    let variable = place(&mut client, PROFILE, &profile, "> $port,");
    assert_eq!(variable["uri"], fixture_uri(PROFILE));
    assert_eq!(
        variable["range"]["start"],
        json!({ "line": 2, "character": 10 })
    );
    assert_eq!(
        place(&mut client, PROFILE, &profile, "notice("),
        Value::Null
    );
    assert_eq!(client.shutdown(), Some(0));
}

fn places(found: &Value) -> Vec<(String, u64, u64)> {
    let root = fixture_uri("");
    let mut out: Vec<(String, u64, u64)> = found
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            (
                l["uri"]
                    .as_str()
                    .unwrap_or("")
                    .trim_start_matches(&root)
                    .to_string(),
                l["range"]["start"]["line"].as_u64().unwrap_or(0),
                l["range"]["start"]["character"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn references_of_a_class_a_key_and_a_variable() {
    let mut client = server();
    let role = read_fixture("site/role/manifests/web.pp");
    let profile = read_fixture(PROFILE);
    let refs = |client: &mut Client,
                relative: &str,
                text: &str,
                needle: &str,
                declaration: bool| {
        client.result(
            "textDocument/references",
            json!({ "textDocument": { "uri": fixture_uri(relative) }, "position": at(text, needle, 2),
                    "context": { "includeDeclaration": declaration } }),
        )
    };
    let class = refs(
        &mut client,
        "site/role/manifests/web.pp",
        &role,
        "profile::web",
        true,
    );
    assert_eq!(
        places(&class),
        [
            ("site/profile/manifests/web.pp".into(), 1, 6),
            ("site/role/manifests/web.pp".into(), 2, 10)
        ]
    );
    let without = refs(
        &mut client,
        "site/role/manifests/web.pp",
        &role,
        "profile::web",
        false,
    );
    assert_eq!(
        places(&without),
        [("site/role/manifests/web.pp".into(), 2, 10)]
    );
    let key = refs(&mut client, PROFILE, &profile, "motd::banner", true);
    assert_eq!(
        places(&key),
        [
            ("data/common.yaml".into(), 3, 0),
            ("site/profile/manifests/web.pp".into(), 5, 20)
        ]
    );
    let variable = refs(&mut client, PROFILE, &profile, "$docroot,", true);
    assert_eq!(
        places(&variable),
        [
            ("site/profile/manifests/web.pp".into(), 3, 9),
            ("site/profile/manifests/web.pp".into(), 9, 15)
        ]
    );
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn document_and_workspace_symbols() {
    let mut client = server();
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": fixture_uri(PROFILE) } }),
    );
    assert_eq!(symbols[0]["name"], "profile::web");
    assert_eq!(symbols[0]["kind"], 5, "a class");
    let children: Vec<String> = symbols[0]["children"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str().map(String::from))
        .collect();
    assert!(
        children.iter().any(|c| c.contains("apache::vhost")),
        "{children:?}"
    );
    let define = client.result(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": fixture_uri("modules/apache/manifests/vhost.pp") } }),
    );
    assert_eq!(
        (define[0]["name"].clone(), define[0]["kind"].clone()),
        (json!("apache::vhost"), json!(23))
    );
    let empty = fixture_uri("manifests/empty.pp");
    client.open(&empty, "");
    let none = client.result(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": empty } }),
    );
    assert_eq!(none, json!([]));

    let names = |found: &Value| -> Vec<String> {
        found
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s["name"].as_str().map(String::from))
            .collect()
    };
    let port = client.result("workspace/symbol", json!({ "query": "port" }));
    assert_eq!(names(&port), ["Apache::Port", "apache::port_label"]);
    let profile = client.result("workspace/symbol", json!({ "query": "prof" }));
    assert_eq!(names(&profile), ["profile::web"]);
    assert_eq!(profile[0]["location"]["uri"], fixture_uri(PROFILE));
    assert_eq!(
        client.result("workspace/symbol", json!({ "query": "zzz" })),
        json!([])
    );
    assert_eq!(client.shutdown(), Some(0));
}

/// The texts after applying a workspace edit's changes (relative path → text).
fn apply(edit: &Value) -> Vec<(String, String)> {
    let root = fixture_uri("");
    let mut out = Vec::new();
    for (uri, edits) in edit["changes"].as_object().into_iter().flatten() {
        let relative = uri.trim_start_matches(&root).to_string();
        let mut text = read_fixture(&relative);
        let mut edits: Vec<&Value> = edits.as_array().into_iter().flatten().collect();
        edits.sort_by_key(|e| {
            std::cmp::Reverse((
                e["range"]["start"]["line"].as_u64(),
                e["range"]["start"]["character"].as_u64(),
            ))
        });
        for e in edits {
            let offset = |p: &Value| {
                let line = p["line"].as_u64().unwrap_or(0) as usize;
                let character = p["character"].as_u64().unwrap_or(0) as usize;
                let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
                let mut units = 0;
                let line_text = &text[start..];
                let within = line_text
                    .char_indices()
                    .find(|(_, c)| {
                        let found = units >= character;
                        units += c.len_utf16();
                        found
                    })
                    .map_or(line_text.len(), |(i, _)| i);
                start + within
            };
            let (from, to) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
            text.replace_range(from..to, e["newText"].as_str().unwrap_or(""));
        }
        out.push((relative, text));
    }
    out.sort();
    out
}

#[test]
fn rename_classes_variables_and_keys() {
    let mut client = server();
    let profile = read_fixture(PROFILE);
    let rename = |client: &mut Client, needle: &str, name: &str| {
        client.request(
            "textDocument/rename",
            json!({ "textDocument": { "uri": fixture_uri(PROFILE) }, "position": at(&profile, needle, 2), "newName": name }),
        )
    };
    // A variable within its class, after the non-ASCII first line.
    let edit = rename(&mut client, "$label =", "tag");
    let files = apply(&edit["result"]);
    assert_eq!(files.len(), 1);
    assert!(files[0].1.contains("  $tag = apache::port_label($port)\n"));
    assert!(
        files[0].1.contains("notice(\"${banner} ${tag}\")"),
        "{}",
        files[0].1
    );
    // A Hiera key, in its data file too.
    let files = apply(&rename(&mut client, "motd::banner", "motd::greeting")["result"]);
    assert_eq!(files[0].0, "data/common.yaml");
    assert!(files[0].1.contains("\nmotd::greeting: 'Welcome'\n"));
    assert!(files[1].1.contains("lookup('motd::greeting')"));
    // A defined type, by its name and its type reference elsewhere.
    let files = apply(&rename(&mut client, "apache::vhost", "apache::site")["result"]);
    let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["modules/apache/manifests/vhost.pp", PROFILE]);
    assert!(files[0].1.contains("define apache::site ("));
    // prepareRename: a range for a name, null for a built-in; a bad name is refused.
    let prepared = client.at(
        "textDocument/prepareRename",
        &fixture_uri(PROFILE),
        at(&profile, "$docroot,", 3),
    );
    assert_eq!(prepared["placeholder"], "$docroot");
    assert_eq!(
        client.at(
            "textDocument/prepareRename",
            &fixture_uri(PROFILE),
            at(&profile, "notice", 2)
        ),
        Value::Null
    );
    let refused = rename(&mut client, "apache::vhost", "Apache Site");
    assert_eq!(refused["error"]["code"], -32803, "{refused}");
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn formatting_is_lint_s_fixes_as_one_edit() {
    let mut client = server();
    let uri = fixture_uri("manifests/format.pp");
    let text = "# Grüße 😀\n$a = \"x\"  \nnotice($a)\n";
    client.open(&uri, text);
    let edits = client.result("textDocument/formatting", json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }));
    assert_eq!(edits.as_array().map(Vec::len), Some(1), "{edits}");
    assert_eq!(
        edits[0]["range"]["start"],
        json!({ "line": 1, "character": 5 })
    );
    assert_eq!(
        edits[0]["range"]["end"],
        json!({ "line": 1, "character": 10 })
    );
    assert_eq!(edits[0]["newText"], "'x'");
    let clean = fixture_uri("manifests/clean.pp");
    client.open(&clean, "notice('x')\n");
    let none = client.result("textDocument/formatting", json!({ "textDocument": { "uri": clean }, "options": { "tabSize": 2, "insertSpaces": true } }));
    assert_eq!(none, json!([]));
    let broken = fixture_uri("manifests/unparsed.pp");
    client.open(&broken, "$a = \"x\"\nclass {\n");
    let none = client.result("textDocument/formatting", json!({ "textDocument": { "uri": broken }, "options": { "tabSize": 2, "insertSpaces": true } }));
    assert_eq!(none, json!([]));
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn code_actions_fix_findings_and_take_suggestions() {
    let mut client = server();
    let uri = fixture_uri("manifests/actions.pp");
    let text = "# Notes.\n$a = \"x\"\n$b = \"y\"\n";
    client.open(&uri, text);
    let range = json!({ "start": at(text, "$b", 0), "end": at(text, "$b", 0) });
    let actions = client.result(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } }),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["title"].as_str())
        .collect();
    assert!(
        titles.contains(&"Fix double_quoted_strings: double quoted string containing no variables"),
        "{titles:?}"
    );
    assert!(
        titles.contains(&"Fix every puppet-lint problem"),
        "{titles:?}"
    );
    // The one finding's fix changes its own line only.
    let fix = actions
        .as_array()
        .and_then(|a| a.iter().find(|a| a["kind"] == "quickfix"))
        .cloned()
        .unwrap_or_default();
    let edit = &fix["edit"]["changes"][&uri][0];
    assert_eq!(edit["range"]["start"]["line"], 2);
    assert_eq!(edit["newText"], "$b = 'y'\n");
    let all = actions
        .as_array()
        .and_then(|a| a.iter().find(|a| a["kind"] == "source.fixAll.puppet-lint"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(all["edit"]["changes"][&uri][0]["newText"], "'x'\n$b = 'y'");
    // "Did you mean": a typo in the node's code, found by the compile.
    let site = fixture_uri("manifests/site.pp");
    let code = "node default {\n  include role::web\n  notic('x')\n}\n";
    client.open(&site, code);
    client.diagnostics(&site, |d| d.iter().any(|d| d["source"] == "puppet compile"));
    let range = json!({ "start": at(code, "notic(", 0), "end": at(code, "notic(", 3) });
    let actions = client.result("textDocument/codeAction", json!({ "textDocument": { "uri": site }, "range": range, "context": { "diagnostics": [], "only": ["quickfix"] } }));
    let change = actions
        .as_array()
        .and_then(|a| a.iter().find(|a| a["title"] == "Change to 'notice'"))
        .cloned()
        .unwrap_or_default();
    let edit = &change["edit"]["changes"][&site][0];
    assert_eq!(edit["newText"], "notice", "{actions}");
    assert_eq!(edit["range"]["start"], json!({ "line": 2, "character": 2 }));
    assert_eq!(edit["range"]["end"], json!({ "line": 2, "character": 7 }));
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn folding_ranges_and_semantic_tokens() {
    let mut client = server();
    let folds = client.result(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": fixture_uri(PROFILE) } }),
    );
    let lines: Vec<(u64, u64)> = folds
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap_or(0),
                f["endLine"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    // The parameter list, the class's body and the two resources' bodies.
    assert_eq!(lines, [(1, 3), (4, 15), (7, 9), (11, 13)]);
    let uri = fixture_uri("manifests/folds.pp");
    let text = "# one\n# two\n$a = 1\n";
    client.open(&uri, text);
    let folds = client.result(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(
        folds,
        json!([{ "startLine": 0, "endLine": 1, "kind": "comment" }])
    );

    let tokens = client.result(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": fixture_uri(PROFILE) } }),
    );
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(data.len() % 5, 0);
    // The comment on line 0 (52 characters; its UTF-16 length 53 units, 😀 taking two), then
    // `class`.
    assert_eq!(&data[..5], [0, 0, 53, 5, 0]);
    assert_eq!(&data[5..10], [1, 0, 5, 0, 0]);
    let uri = fixture_uri("manifests/tokens.pp");
    let text = "$é = 'ü😀' ; $b = 1\n";
    client.open(&uri, text);
    let tokens = client.result(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": uri } }),
    );
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect();
    // `$b` starts at UTF-16 column 13: after the string of 4 units.
    let starts: Vec<u64> = data
        .chunks(5)
        .scan(0, |col, t| {
            *col = if t[0] == 0 { *col + t[1] } else { t[1] };
            Some(*col)
        })
        .collect();
    assert!(starts.contains(&13), "{data:?}");
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn requests_in_the_middle_of_an_edit() {
    let mut client = server();
    let uri = fixture_uri("manifests/editing.pp");
    let text = "$x = 'é😀'\ninclude role::web\n";
    client.open(&uri, text);
    // Typing an unfinished class declaration after the include, one character at a time: the
    // text does not parse until it is finished.
    let mut version = 1;
    let typed = "class { 'prof";
    // ASCII: character i is byte i.
    for (i, c) in typed.char_indices() {
        version += 1;
        let position = json!({ "line": 2, "character": i });
        client.change(&uri, version, position.clone(), position, &c.to_string());
        // Each request is answered at once from the text as it now is.
        let now = format!("$x = 'é😀'\ninclude role::web\n{}", &typed[..=i]);
        let definition = client.at("textDocument/definition", &uri, at(&now, "role::web", 2));
        assert_eq!(
            definition["uri"],
            fixture_uri("site/role/manifests/web.pp"),
            "after {i}"
        );
    }
    let now = format!("$x = 'é😀'\ninclude role::web\n{typed}");
    let classes = client.at("textDocument/completion", &uri, at(&now, "'prof", 5));
    assert_eq!(labels(&classes), ["profile::web"]);
    let hover = client.at("textDocument/hover", &uri, at(&now, "role::web", 2));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .contains("class role::web"),
        "{hover}"
    );
    // The syntax error of the unfinished text is reported, and goes when it is finished.
    client.diagnostics(&uri, |d| d.iter().any(|d| d["source"] == "puppet"));
    let end = json!({ "line": 2, "character": typed.len() });
    client.change(&uri, version + 1, end.clone(), end, "ile::web': }\n");
    client.diagnostics(&uri, |d| !d.iter().any(|d| d["source"] == "puppet"));
    assert_eq!(client.shutdown(), Some(0));
}
