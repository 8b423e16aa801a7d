//! `puppet-eval lsp` under hostile input through the protocol: what is not JSON-RPC, parameters
//! that do not fit, positions past the end, a document of 20 MB, 10,000 open documents and a
//! compile that would not end. Each is answered as the protocol says (an error with its code, or
//! nothing for a notification) and the server goes on, within 300 MB.

mod lsp_client;

use std::time::Duration;

use lsp_client::*;
use serde_json::{json, Value};

/// The most the server may hold (resident, at its peak).
const MEMORY_LIMIT_KIB: u64 = 300 * 1024;

/// A folder outside the fixture for loose documents (never created: documents are only opened).
fn loose_uri(name: &str) -> String {
    format!("file:///nonexistent-lsp-hostile/{name}")
}

fn still_answers(client: &mut Client) {
    let answer = client.request("workspace/symbol", json!({ "query": "profile" }));
    assert!(answer["result"].is_array(), "{answer}");
    assert!(client.alive());
}

#[test]
fn what_is_not_json_rpc_is_answered_with_its_error() {
    let mut client = Client::initialized(&fixture_root(), fixture_settings());
    // Not JSON: a parse error, id null.
    client.send_raw(b"Content-Length: 9\r\n\r\n{not json");
    let error = client
        .wait_for(Duration::from_secs(60), |m| m["error"]["code"] == -32700)
        .unwrap_or_default();
    assert_eq!(error["id"], Value::Null, "{error}");
    // JSON but not a message (no method, no result): an invalid request, with its id.
    client.send(&json!({ "jsonrpc": "2.0", "id": 41, "params": 3 }));
    let error = client.response(&json!(41), Duration::from_secs(60));
    assert_eq!(error["error"]["code"], -32600, "{error}");
    // A header without Content-Length: a parse error.
    client.send_raw(b"Content-Type: application/json\r\n\r\n");
    let error = client
        .wait_for(Duration::from_secs(60), |m| m["error"]["code"] == -32700)
        .unwrap_or_default();
    assert!(error["error"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("Content-Length"));
    // Parameters of the wrong shape: invalid params.
    let answer = client.request("textDocument/hover", json!({ "textDocument": 5 }));
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let answer = client.request("textDocument/definition", Value::Null);
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    // A notification that does not fit is dropped without an answer.
    client.notify("textDocument/didOpen", json!({ "textDocument": [] }));
    client.notify("textDocument/didChange", json!(17));
    still_answers(&mut client);
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn positions_out_of_range_and_unknown_documents() {
    let mut client = Client::initialized(&fixture_root(), fixture_settings());
    let uri = loose_uri("short.pp");
    client.open(&uri, "notice('é')\n");
    // A line past the end: invalid params, with the reason.
    let answer = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 99, "character": 0 } }),
    );
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    assert!(answer["error"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("past the end"));
    // A character past the line's end means the line's end (the protocol's rule): no error.
    let answer = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 4_000_000_000u64 } }),
    );
    assert!(answer.get("error").is_none(), "{answer}");
    // A change with a range past the end is ignored (the text stays); a request still answers.
    client.change(
        &uri,
        2,
        json!({ "line": 50, "character": 0 }),
        json!({ "line": 60, "character": 0 }),
        "x",
    );
    let symbols = client.result(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(symbols.is_array());
    // A document never opened and not on disk; a URI that is not a file.
    let answer = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": loose_uri("never.pp") }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    let answer = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": "https://example.com/x.pp" } }),
    );
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    still_answers(&mut client);
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_document_of_twenty_megabytes() {
    let mut client = Client::initialized(&fixture_root(), fixture_settings());
    let uri = loose_uri("huge.pp");
    let line = "$v = 'some text to make the file long enough' # a comment\n";
    let text = line.repeat(20 * 1024 * 1024 / line.len());
    client.open(&uri, &text);
    // Neither linted nor compiled (over the limits), and said so; requests at its end still answer.
    let found = client.diagnostics(&uri, |d| !d.is_empty());
    assert!(
        found.iter().any(|d| d["message"]
            .as_str()
            .unwrap_or("")
            .contains("not linted, nor compiled after each edit")),
        "{found:?}"
    );
    let last = text.lines().count() - 1;
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": last, "character": 1 } }),
    );
    assert!(hover.get("error").is_none(), "{hover}");
    still_answers(&mut client);
    let peak = client.peak_memory_kib().unwrap_or(0);
    // About 200 MB (the message, the document, its index). It reached 420 MB, run to run, while
    // the document was also compiled as the main code on another thread, which a document over
    // 2 MB no longer is.
    assert!(peak < MEMORY_LIMIT_KIB, "peak {peak} KiB");
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn ten_thousand_open_documents() {
    let mut client = Client::initialized(&fixture_root(), json!({ "compile": false }));
    for i in 0..10_000 {
        client.open(
            &loose_uri(&format!("doc{i}.pp")),
            &format!("class c{i} {{ notice({i}) }}\n"),
        );
    }
    // Every one is known: a workspace symbol of the last one, a definition in the first.
    let found = client.result("workspace/symbol", json!({ "query": "c9999" }));
    let names: Vec<&str> = found
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["c9999"]);
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": loose_uri("doc0.pp") } }),
    );
    assert_eq!(symbols[0]["name"], "c0");
    still_answers(&mut client);
    let peak = client.peak_memory_kib().unwrap_or(0);
    assert!(peak < MEMORY_LIMIT_KIB, "peak {peak} KiB");
    assert_eq!(client.shutdown(), Some(0));
}

#[test]
fn a_compile_that_would_not_end_is_stopped() {
    // Loops of a billion steps in all with no step limit to stop them: the time limit does.
    // (`maxSteps` reaches the compile of a file outside the workspace too: before, such a
    // folder compiled with the default 10 million steps, which ended this loop first.)
    let mut client = Client::initialized(
        &fixture_root(),
        json!({ "node": "web1.example.com", "compileDelay": 10, "compileTimeout": 500, "maxSteps": u64::MAX }),
    );
    let uri = loose_uri("forever.pp");
    let text = "Integer[1, 1000].each |$i| { Integer[1, 1000].each |$j| { Integer[1, 1000].each |$k| { } } }\n";
    client.open(&uri, text);
    let stopped = client.wait_for(Duration::from_secs(60), |m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .unwrap_or("")
                .contains("compileTimeout")
    });
    assert!(stopped.is_some(), "the compile was not stopped");
    // The server answers while and after it runs, and a fixed text compiles.
    still_answers(&mut client);
    client.change(
        &uri,
        2,
        json!({ "line": 0, "character": 0 }),
        json!({ "line": 1, "character": 0 }),
        "notice(1)\n",
    );
    let compiled = client.wait_for(Duration::from_secs(60), |m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .unwrap_or("")
                .starts_with("compiled for node")
    });
    assert!(compiled.is_some(), "the fixed text did not compile");
    assert_eq!(client.shutdown(), Some(0));
}
