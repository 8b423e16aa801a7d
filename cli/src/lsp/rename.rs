//! Rename: what may be renamed at a place (`prepareRename`), and the workspace edit that renames
//! it everywhere it is named (classes, defined types, functions, type aliases, variables within
//! their scope, Hiera keys with their data files).

use std::collections::HashMap;

use lsp_types::{
    PrepareRenameResponse, RenameParams, TextDocumentPositionParams, TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;

use super::positions::Lines;
use super::server::{codes, json, params, Answer, Server};

pub fn prepare(server: &mut Server, raw: Value) -> Answer {
    let p: TextDocumentPositionParams = params(raw)?;
    let (folder, path, offset) = server.offset(&p.text_document.uri, p.position)?;
    let analysis = &server.folders[folder].analysis;
    match analysis.prepare_rename(&path, offset) {
        Ok(target) => {
            let text = analysis.text(&path).unwrap_or("");
            json(PrepareRenameResponse::RangeWithPlaceholder {
                range: Lines::new(text).range(target.start, target.end),
                placeholder: text.get(target.start..target.end).unwrap_or("").to_string(),
            })
        }
        // Nothing to rename here: `null`, as the protocol says.
        Err(_) => Ok(Value::Null),
    }
}

pub fn rename(server: &mut Server, raw: Value) -> Answer {
    let p: RenameParams = params(raw)?;
    let at = &p.text_document_position;
    let (folder, path, offset) = server.offset(&at.text_document.uri, at.position)?;
    let analysis = &server.folders[folder].analysis;
    let edits = analysis
        .rename(&path, offset, &p.new_name)
        .map_err(|why| (codes::REQUEST_FAILED, format!("cannot rename: {why}")))?;
    // lsp-types keys a workspace edit's changes by Uri, which clippy takes for a mutable key.
    #[allow(clippy::mutable_key_type)]
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    for edit in edits {
        let Some(text) = analysis.text(&edit.path) else {
            continue;
        };
        let Some(uri) = server.uri_of(folder, &edit.path) else {
            continue;
        };
        changes.entry(uri).or_default().push(TextEdit {
            range: Lines::new(text).range(edit.start, edit.end),
            new_text: edit.new_text,
        });
    }
    json(WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    })
}
