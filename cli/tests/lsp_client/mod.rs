//! A language server client for the tests: starts `puppet-eval lsp`, frames JSON-RPC messages,
//! waits for answers and notifications, and computes positions (UTF-16) on its own, so the
//! server's conversions are checked against an independent count.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/lsp-control-repo"
);

pub struct Client {
    pub child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications received and not yet looked at.
    pub notifications: Vec<Value>,
}

/// The `file:` URI of an absolute path (only what the fixtures' paths need escaped).
pub fn uri(path: &Path) -> String {
    let text = path.to_str().expect("a UTF-8 path");
    let mut out = String::from("file://");
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The fixture's file `relative` as a URI.
pub fn fixture_uri(relative: &str) -> String {
    uri(&fixture_root().join(relative))
}

pub fn fixture_root() -> PathBuf {
    std::fs::canonicalize(FIXTURE).expect("the fixture")
}

/// The LSP position (line, UTF-16 character) of byte `offset` of `text`.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": character })
}

/// The position of the `n`th byte after the first `needle` in `text`.
pub fn at(text: &str, needle: &str, n: usize) -> Value {
    let found = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not in the text"));
    position(text, found + n)
}

pub fn read_fixture(relative: &str) -> String {
    std::fs::read_to_string(fixture_root().join(relative)).expect("a fixture file")
}

impl Client {
    /// Start the server (not yet initialized).
    pub fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("puppet-eval lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.unwrap_or(0)];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let Ok(value) = serde_json::from_slice::<Value>(&body) else {
                    return;
                };
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
            notifications: Vec::new(),
        }
    }

    /// Start the server and initialize it on `root` with `options`.
    pub fn initialized(root: &Path, options: Value) -> Client {
        let mut client = Client::start();
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "capabilities": {},
                "workspaceFolders": [{ "uri": uri(root), "name": "fixture" }],
                "initializationOptions": options,
            }),
        );
        assert!(result.get("result").is_some(), "{result}");
        client.notify("initialized", json!({}));
        client
    }

    /// Write raw bytes to the server.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("the server reads");
        self.stdin.flush().expect("flushed");
    }

    pub fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Send a request and wait for its response (the whole message: `result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.response(&json!(id), Duration::from_secs(60))
    }

    /// Send a request and give its result (failing on an error).
    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// Wait for the response with `id`.
    pub fn response(&mut self, id: &Value, wait: Duration) -> Value {
        let deadline = Instant::now() + wait;
        loop {
            let message = self
                .next_message(deadline)
                .unwrap_or_else(|| panic!("no response to {id}"));
            if message.get("method").is_some() {
                if message.get("id").is_none() {
                    self.notifications.push(message);
                }
                continue; // a request of the server's (registerCapability): not answered here
            }
            if &message["id"] == id {
                return message;
            }
        }
    }

    fn next_message(&mut self, deadline: Instant) -> Option<Value> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.messages.recv_timeout(left).ok()
    }

    /// Wait for a message that `wanted` accepts (earlier notifications kept).
    pub fn wait_for(&mut self, wait: Duration, wanted: impl Fn(&Value) -> bool) -> Option<Value> {
        if let Some(at) = self.notifications.iter().position(&wanted) {
            return Some(self.notifications.remove(at));
        }
        let deadline = Instant::now() + wait;
        while let Some(message) = self.next_message(deadline) {
            if wanted(&message) {
                return Some(message);
            }
            if message.get("method").is_some() && message.get("id").is_none() {
                self.notifications.push(message);
            }
        }
        None
    }

    /// The next diagnostics published for `uri` that `wanted` accepts.
    pub fn diagnostics(&mut self, uri: &str, wanted: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let found = self.wait_for(Duration::from_secs(120), |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && wanted(m["params"]["diagnostics"].as_array().map_or(&[][..], |v| v))
        });
        let found = found.unwrap_or_else(|| panic!("no such diagnostics for {uri}"));
        found["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Forget the notifications received so far.
    pub fn drain(&mut self) {
        self.notifications.clear();
        while self.messages.try_recv().is_ok() {}
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "puppet", "version": 1, "text": text } }),
        );
    }

    /// Replace the range `start..end` (LSP positions) with `text`.
    pub fn change(&mut self, uri: &str, version: i64, start: Value, end: Value, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "range": { "start": start, "end": end }, "text": text }] }),
        );
    }

    /// `textDocument/...` at a position.
    pub fn at(&mut self, method: &str, uri: &str, position: Value) -> Value {
        self.result(
            method,
            json!({ "textDocument": { "uri": uri }, "position": position }),
        )
    }

    /// Shut down and exit; the exit status.
    pub fn shutdown(mut self) -> Option<i32> {
        let answer = self.request("shutdown", Value::Null);
        assert!(answer.get("error").is_none(), "{answer}");
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }

    /// The server's peak resident memory in KiB (Linux: `VmHWM`).
    pub fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }

    /// Whether the server still runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server's settings for the fixture: node web1.example.com with Debian 12's facts, a short
/// pause before compiling.
pub fn fixture_settings() -> Value {
    json!({ "node": "web1.example.com", "facts": "debian-12", "compileDelay": 20 })
}
