//! Diagnostics per document: the parser's (syntax and validation, at once), the last compile's
//! for the node and facts the settings name (while it saw the file as it is), and lint's with
//! their check names; published when a document changes and when a compile ends.

use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString, PublishDiagnosticsParams};
use puppet_core::lint::Kind;

use super::compiler::{Done, Ended};
use super::positions::Lines;
use super::server::Server;

/// Where a diagnostic comes from (the client shows it).
pub const FROM_PARSER: &str = "puppet";
pub const FROM_COMPILE: &str = "puppet compile";
pub const FROM_LINT: &str = "puppet-lint";

/// The diagnostics of the file at `path` of folder `folder`, as they stand.
pub fn of_file(server: &mut Server, folder: usize, path: &str) -> Vec<Diagnostic> {
    let lint = if server.folders[folder].open.contains_key(path) {
        super::lint_run::findings(server, folder, path)
    } else {
        Default::default()
    };
    let entry = &server.folders[folder];
    let analysis = &entry.analysis;
    let Some(text) = analysis.text(path) else {
        return Vec::new();
    };
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let diagnostic =
        |start: usize, end: usize, error: bool, code: &str, source: &str, message: String| {
            Diagnostic {
                range: lines.range(start, end),
                severity: Some(if error {
                    DiagnosticSeverity::ERROR
                } else {
                    DiagnosticSeverity::WARNING
                }),
                code: Some(NumberOrString::String(code.to_string())),
                source: Some(source.to_string()),
                message,
                ..Diagnostic::default()
            }
        };
    if path.ends_with(".pp") {
        if let Some(index) = analysis.index(path) {
            for d in &index.syntax {
                let mut message = d.message.clone();
                for note in &d.notes {
                    message.push('\n');
                    message.push_str(&note.message);
                }
                out.push(diagnostic(
                    d.span.start as usize,
                    d.span.end as usize,
                    d.is_error(),
                    d.code,
                    FROM_PARSER,
                    message,
                ));
            }
        }
    }
    if analysis.compiled_as_is(path) {
        let compiled = analysis
            .last_compile()
            .map(|c| c.diagnostics.as_slice())
            .unwrap_or(&[]);
        for d in compiled.iter().filter(|d| d.path.as_deref() == Some(path)) {
            // The parser's own findings are already there.
            let again = out.iter().any(|o| {
                o.range == lines.range(d.start, d.end)
                    && d.message.ends_with(o.message.lines().next().unwrap_or(""))
            });
            if again {
                continue;
            }
            let mut message = d.message.clone();
            for (note, _) in &d.notes {
                message.push('\n');
                message.push_str(note);
            }
            out.push(diagnostic(
                d.start,
                d.end,
                d.error,
                d.code,
                FROM_COMPILE,
                message,
            ));
        }
    }
    for finding in lint.iter() {
        if finding.kind == Kind::Ignored || finding.check == "syntax" {
            continue;
        }
        out.push(diagnostic(
            finding.start as usize,
            finding.end as usize,
            finding.kind == Kind::Error,
            finding.check,
            FROM_LINT,
            finding.message.clone(),
        ));
    }
    if text.len() > super::lint_run::MAX_LINTED_BYTES && entry.open.contains_key(path) {
        let is_main = super::lifecycle::main_code_source(server, folder).file() == Some(path);
        let message = if is_main && text.len() > super::lifecycle::MAX_COMPILED_MAIN_BYTES {
            format!(
                "the document is not linted, nor compiled after each edit: it is {} bytes, more than {} bytes",
                text.len(),
                super::lifecycle::MAX_COMPILED_MAIN_BYTES
            )
        } else {
            format!(
                "the document is not linted: it is {} bytes, more than {} bytes",
                text.len(),
                super::lint_run::MAX_LINTED_BYTES
            )
        };
        out.push(Diagnostic {
            range: lines.range(0, 0),
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some(FROM_LINT.into()),
            message,
            ..Diagnostic::default()
        });
    }
    out
}

/// Publish the diagnostics of one file.
pub fn publish(server: &mut Server, folder: usize, path: &str) {
    let diagnostics = of_file(server, folder, path);
    let Some(uri) = server.uri_of(folder, path) else {
        return;
    };
    let entry = &mut server.folders[folder];
    if diagnostics.is_empty() {
        if !entry.published.remove(path) && !entry.open.contains_key(path) {
            return; // nothing was said of it, nothing to take back
        }
    } else {
        entry.published.insert(path.to_string());
    }
    let version = entry.open.get(path).copied();
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    server.notify(
        "textDocument/publishDiagnostics",
        serde_json::to_value(params).unwrap_or_default(),
    );
}

/// Publish every open document's diagnostics and those of every file with a compile finding.
pub fn publish_all(server: &mut Server) {
    for folder in 0..server.folders.len() {
        publish_folder(server, folder);
    }
}

fn publish_folder(server: &mut Server, folder: usize) {
    let entry = &server.folders[folder];
    let mut paths: Vec<String> = entry.open.keys().cloned().collect();
    paths.extend(entry.published.iter().cloned());
    if let Some(last) = entry.analysis.last_compile() {
        paths.extend(last.diagnostics.iter().filter_map(|d| d.path.clone()));
    }
    paths.sort();
    paths.dedup();
    for path in paths {
        publish(server, folder, &path);
    }
}

/// A compile ended: keep its result and publish what changed.
pub fn compiled(server: &mut Server, done: Done, ended: Ended) {
    let Done {
        folder,
        output,
        took,
    } = done;
    if folder >= server.folders.len() {
        return;
    }
    let cancelled = output.cancelled;
    let errors = output.diagnostics.iter().filter(|d| d.error).count();
    let resources = output.resources;
    let kept = server.folders[folder].analysis.finish_compile(output);
    if cancelled {
        if let Some(after) = ended.timed_out_after {
            server.log(
                2,
                &format!(
                    "the compile was stopped after {} ms (compileTimeout)",
                    after.as_millis()
                ),
            );
        }
        return;
    }
    if kept {
        server.log(
            3,
            &format!(
                "compiled for node {} in {} ms: {errors} errors, {resources} resources",
                server.settings.node,
                took.as_millis()
            ),
        );
        publish_folder(server, folder);
    }
}
