//! What the editor draws from the text alone: folding ranges and semantic tokens (the engine's
//! own tokens, a multi-line one split per line, relative positions in UTF-16 units).

use lsp_types::{
    FoldingRange, FoldingRangeKind, FoldingRangeParams, SemanticToken, SemanticTokens,
    SemanticTokensParams, SemanticTokensResult,
};
use puppet_core::ide::{folding_ranges as folds, FoldKind};
use puppet_core::syntax::{self, TokenInfo};
use serde_json::Value;

use super::capabilities::TOKEN_TYPES;
use super::positions::{utf16_len, Lines};
use super::server::{json, params, Answer, Server};

/// Documents larger than this get no semantic tokens (the editor's own highlighting stays).
const MAX_TOKENIZED_BYTES: usize = 4 * 1024 * 1024;

pub fn folding_ranges(server: &mut Server, raw: Value) -> Answer {
    let p: FoldingRangeParams = params(raw)?;
    let (_, path, text) = server.document(&p.text_document.uri)?;
    if !path.ends_with(".pp") || text.len() > MAX_TOKENIZED_BYTES {
        return json(Vec::<FoldingRange>::new());
    }
    let lines = Lines::new(text);
    let ranges: Vec<FoldingRange> = folds(text)
        .into_iter()
        .filter_map(|fold| {
            let start = lines.position(fold.start).line;
            let mut end = lines.position(fold.end).line;
            // A block folds up to the line before its closing bracket, which stays in view.
            if fold.kind == FoldKind::Region {
                end = end.saturating_sub(1);
            }
            (end > start).then(|| FoldingRange {
                start_line: start,
                end_line: end,
                kind: Some(match fold.kind {
                    FoldKind::Comment => FoldingRangeKind::Comment,
                    FoldKind::Region | FoldKind::Text => FoldingRangeKind::Region,
                }),
                ..FoldingRange::default()
            })
        })
        .collect();
    json(ranges)
}

/// The legend index of a token's type, or `None` for punctuation and the like.
fn token_type(text: &str, tokens: &[TokenInfo], i: usize) -> Option<u32> {
    let token = &tokens[i];
    let next = tokens
        .iter()
        .skip(i + 1)
        .find(|t| t.kind != "comment")
        .and_then(|t| text.get(t.span.start as usize..t.span.end as usize));
    let name = match token.kind {
        "keyword" => "keyword",
        "variable" => "variable",
        "string" | "heredoc" => "string",
        "number" => "number",
        "regex" => "regexp",
        "comment" => "comment",
        "operator" => "operator",
        "type" => "type",
        "name" => match next {
            Some("(") => "function",
            Some("=>" | "+>") => "property",
            Some("{") => "class",
            _ => "function",
        },
        _ => return None,
    };
    TOKEN_TYPES
        .iter()
        .position(|t| t.as_str() == name)
        .map(|p| p as u32)
}

pub fn semantic_tokens(server: &mut Server, raw: Value) -> Answer {
    let p: SemanticTokensParams = params(raw)?;
    let (_, path, text) = server.document(&p.text_document.uri)?;
    let tokens = if text.len() > MAX_TOKENIZED_BYTES {
        Vec::new()
    } else if path.ends_with(".pp") {
        syntax::tokens(text)
    } else if path.ends_with(".epp") {
        syntax::epp_tokens(text)
    } else {
        Vec::new()
    };
    let lines = Lines::new(text);
    let mut data = Vec::new();
    let (mut last_line, mut last_start) = (0u32, 0u32);
    for i in 0..tokens.len() {
        let Some(kind) = token_type(text, &tokens, i) else {
            continue;
        };
        let (start, end) = (tokens[i].span.start as usize, tokens[i].span.end as usize);
        let Some(source) = text.get(start..end) else {
            continue;
        };
        // One token per line of a multi-line token.
        let mut at = start;
        for piece in source.split_inclusive('\n') {
            let shown = piece.trim_end_matches(['\n', '\r']);
            let length = utf16_len(shown);
            if length > 0 {
                let position = lines.position(at);
                let delta_line = position.line - last_line;
                let delta_start = if delta_line == 0 {
                    position.character - last_start
                } else {
                    position.character
                };
                data.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length,
                    token_type: kind,
                    token_modifiers_bitset: 0,
                });
                last_line = position.line;
                last_start = position.character;
            }
            at += piece.len();
        }
    }
    json(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: None,
        data,
    }))
}
