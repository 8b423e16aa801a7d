//! Hover (docs, and the value the last compile recorded there), completion and signature help,
//! answered from the folder's Analysis with UTF-16 positions.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    Hover, HoverContents, HoverParams, MarkupContent, MarkupKind, ParameterInformation,
    ParameterLabel, SignatureHelp, SignatureHelpParams, SignatureInformation, TextEdit,
};
use puppet_core::ide::CompletionKind;
use serde_json::Value;

use super::positions::{utf16_len, Lines};
use super::server::{json, params, Answer, Server};

pub fn hover(server: &mut Server, raw: Value) -> Answer {
    let p: HoverParams = params(raw)?;
    let at = &p.text_document_position_params;
    let (folder, path, offset) = server.offset(&at.text_document.uri, at.position)?;
    let analysis = &server.folders[folder].analysis;
    let Some(info) = analysis.hover(&path, offset) else {
        return Ok(Value::Null);
    };
    let text = analysis.text(&path).unwrap_or("");
    let mut markdown = String::new();
    if let Some(value) = &info.value {
        let source = text.get(value.start..value.end).unwrap_or("");
        let shown: String = source.chars().take(80).collect();
        markdown.push_str(&format!(
            "```puppet\n{shown}\n```\nvalue: `{}`  \ntype: `{}`",
            value.value, value.type_
        ));
        if value.count > 1 {
            markdown.push_str(&format!(
                "  \nevaluated {} times (the last value shown)",
                value.count
            ));
        }
        markdown.push_str(&format!("  \n*compiled for node {}*", server.settings.node));
    }
    if let Some(docs) = &info.docs {
        if !markdown.is_empty() {
            markdown.push_str("\n\n---\n\n");
        }
        markdown.push_str(&format!("```puppet\n{docs}\n```"));
    }
    let lines = Lines::new(text);
    json(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(lines.range(info.start, info.end)),
    })
}

pub fn completion(server: &mut Server, raw: Value) -> Answer {
    let p: CompletionParams = params(raw)?;
    let at = &p.text_document_position;
    let (folder, path, offset) = server.offset(&at.text_document.uri, at.position)?;
    let analysis = &server.folders[folder].analysis;
    let facts = server.facts.as_ref().map(|f| &f.value);
    let found = analysis.complete(&path, offset, facts);
    let text = analysis.text(&path).unwrap_or("");
    let lines = Lines::new(text);
    let range = lines.range(found.from.min(offset), offset);
    let items: Vec<CompletionItem> = found
        .items
        .into_iter()
        .map(|item| CompletionItem {
            kind: Some(kind_of(item.kind)),
            detail: item.detail,
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range,
                new_text: item.label.clone(),
            })),
            label: item.label,
            ..CompletionItem::default()
        })
        .collect();
    json(CompletionResponse::Array(items))
}

fn kind_of(kind: CompletionKind) -> CompletionItemKind {
    match kind {
        CompletionKind::Keyword => CompletionItemKind::KEYWORD,
        CompletionKind::Function => CompletionItemKind::FUNCTION,
        CompletionKind::Type => CompletionItemKind::TYPE_PARAMETER,
        CompletionKind::ResourceType => CompletionItemKind::STRUCT,
        CompletionKind::Attribute => CompletionItemKind::PROPERTY,
        CompletionKind::Variable => CompletionItemKind::VARIABLE,
        CompletionKind::Class => CompletionItemKind::CLASS,
        CompletionKind::Fact => CompletionItemKind::FIELD,
        CompletionKind::HieraKey => CompletionItemKind::CONSTANT,
    }
}

pub fn signature_help(server: &mut Server, raw: Value) -> Answer {
    let p: SignatureHelpParams = params(raw)?;
    let at = &p.text_document_position_params;
    let (folder, path, offset) = server.offset(&at.text_document.uri, at.position)?;
    let Some(help) = server.folders[folder]
        .analysis
        .signature_help(&path, offset)
    else {
        return Ok(Value::Null);
    };
    let signatures: Vec<SignatureInformation> = help
        .signatures
        .iter()
        .map(|s| {
            let parameters = s
                .parameters
                .iter()
                .map(|(start, end)| ParameterInformation {
                    // Offsets in UTF-16 units of the label.
                    label: ParameterLabel::LabelOffsets([
                        utf16_len(s.label.get(..*start).unwrap_or("")),
                        utf16_len(s.label.get(..*end).unwrap_or("")),
                    ]),
                    documentation: None,
                })
                .collect();
            SignatureInformation {
                label: s.label.clone(),
                documentation: (!help.doc.is_empty())
                    .then(|| lsp_types::Documentation::String(help.doc.clone())),
                active_parameter: s.parameter_for(help.active_argument).map(|p| p as u32),
                parameters: Some(parameters),
            }
        })
        .collect();
    let active_parameter = help
        .signatures
        .get(help.active_signature)
        .and_then(|s| s.parameter_for(help.active_argument))
        .map(|p| p as u32);
    json(SignatureHelp {
        signatures,
        active_signature: Some(help.active_signature as u32),
        active_parameter,
    })
}
