//! Which handler answers which method.

use serde_json::Value;

use super::server::{codes, Answer, Server};

/// Answer a request of a running server.
pub fn request(server: &mut Server, method: &str, params: Value) -> Answer {
    match method {
        "textDocument/hover" => super::queries::hover(server, params),
        "textDocument/completion" => super::queries::completion(server, params),
        "textDocument/signatureHelp" => super::queries::signature_help(server, params),
        "textDocument/definition" => super::navigation::definition(server, params),
        "textDocument/references" => super::navigation::references(server, params),
        "textDocument/documentSymbol" => super::navigation::document_symbols(server, params),
        "workspace/symbol" => super::navigation::workspace_symbols(server, params),
        "textDocument/prepareRename" => super::rename::prepare(server, params),
        "textDocument/rename" => super::rename::rename(server, params),
        "textDocument/formatting" => super::fixes::formatting(server, params),
        "textDocument/codeAction" => super::fixes::code_actions(server, params),
        "textDocument/foldingRange" => super::view::folding_ranges(server, params),
        "textDocument/semanticTokens/full" => super::view::semantic_tokens(server, params),
        "puppet/getVersion" => super::puppet_ext::version(server),
        _ => Err((
            codes::METHOD_NOT_FOUND,
            format!("the server does not answer '{method}'"),
        )),
    }
}

/// Take a notification of a running server.
pub fn notification(server: &mut Server, method: &str, params: Value) {
    match method {
        "initialized" => super::lifecycle::initialized(server),
        "textDocument/didOpen" => super::documents::did_open(server, params),
        "textDocument/didChange" => super::documents::did_change(server, params),
        "textDocument/didClose" => super::documents::did_close(server, params),
        "textDocument/didSave" => super::documents::did_save(server, params),
        "workspace/didChangeWatchedFiles" => super::documents::watched_files(server, params),
        "workspace/didChangeWorkspaceFolders" => super::documents::folders_changed(server, params),
        "workspace/didChangeConfiguration" => {
            let settings = params.get("settings").cloned().unwrap_or(Value::Null);
            super::lifecycle::apply_settings(server, &settings);
            super::diagnostics::publish_all(server);
        }
        // `initialized`, `$/cancelRequest` (requests are answered at once), `$/setTrace`, ...
        _ => {}
    }
}
