//! Go to definition, find references, the document's outline and the workspace's symbols.

use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams, Location,
    ReferenceParams, SymbolInformation, SymbolKind as LspKind, WorkspaceSymbolParams,
};
use puppet_core::ide::{DefinitionKind, Symbol, SymbolKind, Target};
use serde_json::Value;

use super::positions::Lines;
use super::server::{json, params, Answer, Server};

/// At most this many workspace symbols are answered.
const MAX_WORKSPACE_SYMBOLS: usize = 500;

/// The location of a target in folder `folder`.
pub fn location(server: &Server, folder: usize, target: &Target) -> Option<Location> {
    let text = server.folders[folder].analysis.text(&target.path)?;
    let uri = server.uri_of(folder, &target.path)?;
    Some(Location {
        uri,
        range: Lines::new(text).range(target.start, target.end),
    })
}

pub fn definition(server: &mut Server, raw: Value) -> Answer {
    let p: GotoDefinitionParams = params(raw)?;
    let at = &p.text_document_position_params;
    let (folder, path, offset) = server.offset(&at.text_document.uri, at.position)?;
    let target = server.folders[folder].analysis.definition(&path, offset);
    match target.and_then(|t| location(server, folder, &t)) {
        Some(found) => json(found),
        None => Ok(Value::Null),
    }
}

pub fn references(server: &mut Server, raw: Value) -> Answer {
    let p: ReferenceParams = params(raw)?;
    let at = &p.text_document_position;
    let (folder, path, offset) = server.offset(&at.text_document.uri, at.position)?;
    let analysis = &server.folders[folder].analysis;
    let mut found = analysis.references(&path, offset);
    if !p.context.include_declaration {
        let definition = analysis.definition(&path, offset);
        found.retain(|t| Some(t) != definition.as_ref());
    }
    let locations: Vec<Location> = found
        .iter()
        .filter_map(|t| location(server, folder, t))
        .collect();
    json(locations)
}

pub fn document_symbols(server: &mut Server, raw: Value) -> Answer {
    let p: DocumentSymbolParams = params(raw)?;
    let (folder, path, text) = server.document(&p.text_document.uri)?;
    let lines = Lines::new(text);
    let outline = server.folders[folder].analysis.outline(&path);
    let symbols: Vec<DocumentSymbol> = outline.iter().map(|s| symbol(&lines, s)).collect();
    json(DocumentSymbolResponse::Nested(symbols))
}

#[allow(deprecated)]
fn symbol(lines: &Lines, s: &Symbol) -> DocumentSymbol {
    let range = lines.range(s.start, s.end);
    // The name's range must lie inside the whole's.
    let name_start = s.name_start.clamp(s.start, s.end);
    let name_end = s.name_end.clamp(name_start, s.end);
    DocumentSymbol {
        name: if s.name.is_empty() {
            s.kind.as_str().to_string()
        } else {
            s.name.clone()
        },
        detail: s.detail.clone(),
        kind: match s.kind {
            SymbolKind::Class => LspKind::CLASS,
            SymbolKind::Define => LspKind::STRUCT,
            SymbolKind::Function => LspKind::FUNCTION,
            SymbolKind::TypeAlias => LspKind::TYPE_PARAMETER,
            SymbolKind::Node => LspKind::MODULE,
            SymbolKind::Resource => LspKind::OBJECT,
            SymbolKind::Variable => LspKind::VARIABLE,
            SymbolKind::Statement => LspKind::EVENT,
            SymbolKind::If | SymbolKind::Unless | SymbolKind::Case | SymbolKind::Branch => {
                LspKind::NAMESPACE
            }
        },
        tags: None,
        deprecated: None,
        range,
        selection_range: lines.range(name_start, name_end),
        children: (!s.children.is_empty())
            .then(|| s.children.iter().map(|c| symbol(lines, c)).collect()),
    }
}

#[allow(deprecated)]
pub fn workspace_symbols(server: &mut Server, raw: Value) -> Answer {
    let p: WorkspaceSymbolParams = params(raw)?;
    let mut out: Vec<SymbolInformation> = Vec::new();
    for folder in 0..server.folders.len() {
        let found = server.folders[folder]
            .analysis
            .workspace_symbols(&p.query, MAX_WORKSPACE_SYMBOLS);
        for (name, kind, target) in found {
            let Some(location) = location(server, folder, &target) else {
                continue;
            };
            out.push(SymbolInformation {
                name,
                kind: match kind {
                    DefinitionKind::Class => LspKind::CLASS,
                    DefinitionKind::DefinedType => LspKind::STRUCT,
                    DefinitionKind::Function => LspKind::FUNCTION,
                    DefinitionKind::TypeAlias => LspKind::TYPE_PARAMETER,
                },
                tags: None,
                deprecated: None,
                location,
                container_name: None,
            });
        }
    }
    out.truncate(MAX_WORKSPACE_SYMBOLS);
    json(out)
}
