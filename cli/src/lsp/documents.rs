//! The editor's documents: opened, changed (whole or by ranges, UTF-16 positions), saved and
//! closed; files changed on disk and workspace folders added or removed. An open document stands
//! in for its file in its folder's Analysis; a closed one is read from disk again.

use lsp_types::{
    DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidChangeWorkspaceFoldersParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DidSaveTextDocumentParams,
};
use serde_json::Value;

use super::folders::{Folder, FolderKind};
use super::positions::Lines;
use super::server::Server;

pub fn did_open(server: &mut Server, params: Value) {
    let Ok(open) = serde_json::from_value::<DidOpenTextDocumentParams>(params) else {
        return;
    };
    let Ok((folder, path)) = server.locate(&open.text_document.uri) else {
        return;
    };
    let now = server.now();
    let entry = &mut server.folders[folder];
    entry.open.insert(path.clone(), open.text_document.version);
    entry
        .analysis
        .set_file(&path, &open.text_document.text, now);
    edited(server, folder, &path);
}

pub fn did_change(server: &mut Server, params: Value) {
    let Ok(change) = serde_json::from_value::<DidChangeTextDocumentParams>(params) else {
        return;
    };
    let Ok((folder, path)) = server.locate(&change.text_document.uri) else {
        return;
    };
    let Some(mut text) = server.folders[folder]
        .analysis
        .text(&path)
        .map(String::from)
    else {
        return;
    };
    for event in change.content_changes {
        match event.range {
            Some(range) => {
                let Ok((start, end)) = Lines::new(&text).offsets(range) else {
                    // A change past the end: the client and the server disagree; keep the text.
                    server.log(2, "a change past the end of the document was ignored");
                    continue;
                };
                text.replace_range(start..end, &event.text);
            }
            None => text = event.text,
        }
    }
    let now = server.now();
    let entry = &mut server.folders[folder];
    entry
        .open
        .insert(path.clone(), change.text_document.version);
    entry.analysis.set_file(&path, &text, now);
    edited(server, folder, &path);
}

pub fn did_save(server: &mut Server, params: Value) {
    let Ok(saved) = serde_json::from_value::<DidSaveTextDocumentParams>(params) else {
        return;
    };
    let Ok((folder, path)) = server.locate(&saved.text_document.uri) else {
        return;
    };
    // A `.puppet-lint.rc` saved: its checks apply from now on.
    if path.ends_with(".puppet-lint.rc") {
        reload_lint_rc(server, folder);
    }
    if let Some(text) = saved.text {
        let now = server.now();
        server.folders[folder].analysis.set_file(&path, &text, now);
        edited(server, folder, &path);
    }
}

pub fn did_close(server: &mut Server, params: Value) {
    let Ok(closed) = serde_json::from_value::<DidCloseTextDocumentParams>(params) else {
        return;
    };
    let Ok((folder, path)) = server.locate(&closed.text_document.uri) else {
        return;
    };
    let now = server.now();
    let entry = &mut server.folders[folder];
    entry.open.remove(&path);
    entry.lint_cache.remove(&path);
    if entry.root.is_some() {
        // The file as it is on disk (or gone).
        entry.reload(&path, now);
    } else {
        entry.analysis.remove_file(&path, now);
        if entry.last_edited.as_deref() == Some(path.as_str()) {
            entry.last_edited = None;
        }
    }
    // Its lint findings go with it; compile findings stay until the next compile.
    super::diagnostics::publish(server, folder, &path);
}

pub fn watched_files(server: &mut Server, params: Value) {
    let Ok(changed) = serde_json::from_value::<DidChangeWatchedFilesParams>(params) else {
        return;
    };
    let now = server.now();
    for event in changed.changes {
        let Ok((folder, path)) = server.locate(&event.uri) else {
            continue;
        };
        if path.ends_with(".puppet-lint.rc") {
            reload_lint_rc(server, folder);
            continue;
        }
        let entry = &mut server.folders[folder];
        // An open document's text is the editor's.
        if entry.open.contains_key(&path) || entry.root.is_none() {
            continue;
        }
        entry.reload(&path, now);
    }
}

pub fn folders_changed(server: &mut Server, params: Value) {
    let Ok(changed) = serde_json::from_value::<DidChangeWorkspaceFoldersParams>(params) else {
        return;
    };
    let now = server.now();
    for removed in changed.event.removed {
        let Some(root) = super::uri::to_path(&removed.uri) else {
            continue;
        };
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        let last = server.folders.len() - 1;
        if let Some(at) = server.folders[..last]
            .iter()
            .position(|f| f.root.as_deref() == Some(root.as_path()))
        {
            server.folders.remove(at);
        }
    }
    for added in changed.event.added {
        if let Some(root) = super::uri::to_path(&added.uri).filter(|r| r.is_dir()) {
            let at = server.folders.len() - 1;
            server.folders.insert(at, Folder::load(&root, now));
        }
    }
    super::lifecycle::refresh(server);
}

fn reload_lint_rc(server: &mut Server, folder: usize) {
    let entry = &mut server.folders[folder];
    if let Some(root) = &entry.root {
        entry.lint_rc = crate::bounded_read::read_text(&root.join(".puppet-lint.rc"), 1 << 20).ok();
    }
    entry.lint_cache.clear();
    super::diagnostics::publish_all(server);
}

/// After a document's text changed: a loose folder compiles it next, and its diagnostics are
/// published at once (syntax and lint now; the compile's when it ends).
fn edited(server: &mut Server, folder: usize, path: &str) {
    let entry = &mut server.folders[folder];
    if entry.kind == FolderKind::Loose && path.ends_with(".pp") {
        entry.last_edited = Some(path.to_string());
    }
    super::diagnostics::publish(server, folder, path);
}
