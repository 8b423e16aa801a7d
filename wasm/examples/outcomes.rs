//! The facade's results computed natively, for comparing with the release .wasm's:
//! `target/debug/examples/outcomes < cases.jsonl` (built by `cargo test --workspace`) reads `{"id", "src"}` lines and prints
//! one line per case, the JSON of `evaluate_to_data` with the page's default options: what the
//! page's `evaluate(src)` returns, field for field (web/e2e/release-wasm.test.mjs compares them).
//! A line may carry `"options"` as the page sends them (`{ files, facts, certname, globalHiera }`,
//! facts as JSON text), read as the facade reads them, for environments (the Hiera goldens).

use std::io::{BufRead, Write};

use puppet_wasm::{evaluate_to_data, Options};

#[derive(serde::Deserialize)]
struct Case {
    src: String,
    #[serde(default)]
    options: PageOptions,
}

/// The fields of the page's options this tool's cases carry (the facade reads the same names from
/// a JavaScript object: `wasm/src/options.rs`); files keep their order (`preserve_order`).
#[derive(serde::Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct PageOptions {
    facts: Option<String>,
    certname: Option<String>,
    files: Option<serde_json::Map<String, serde_json::Value>>,
    global_hiera: Option<String>,
    now: Option<i64>,
}

impl PageOptions {
    fn read(self) -> Options {
        Options {
            facts: self.facts,
            certname: self.certname,
            files: self.files.map(|files| {
                files
                    .into_iter()
                    .map(|(path, text)| (path, text.as_str().unwrap_or_default().to_string()))
                    .collect()
            }),
            global_hiera: self.global_hiera,
            now: self.now,
            ..Options::default()
        }
    }
}

fn main() {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let result = match serde_json::from_str::<Case>(&line) {
            Ok(case) => serde_json::to_string(&evaluate_to_data(&case.src, &case.options.read())),
            Err(error) => Ok(serde_json::json!({ "error": error.to_string() }).to_string()),
        };
        let text = result.unwrap_or_else(|error| format!("{{\"error\":{:?}}}", error.to_string()));
        if writeln!(out, "{text}").is_err() {
            break;
        }
    }
}
