//! Signature help: inside the parentheses of a call, the called function's signatures with the
//! parameter the cursor is on (built-ins, stdlib and the environment's own Puppet functions).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::syntax::{self, TokenInfo};

/// What the editor shows inside a call.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SignatureHelp {
    /// The called function as written (`merge`, `app::double`).
    pub name: String,
    pub signatures: Vec<Signature>,
    /// The signature that fits the number of arguments typed so far.
    pub active_signature: usize,
    /// The argument the cursor is in (a method call's receiver is argument 0).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub active_argument: usize,
    /// The active signature's parameter that takes that argument; `None` past its last parameter.
    pub active_parameter: Option<usize>,
    /// The one-line description, when there is one.
    pub doc: String,
}

/// One signature: its text and the byte ranges of its parameters within it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Signature {
    pub label: String,
    pub parameters: Vec<(usize, usize)>,
}

impl Signature {
    /// A signature from its text `name(T $a, T $b) ...`: the parameters are what stands between
    /// the first `(` and its `)`, split at commas outside brackets.
    pub fn from_label(label: String) -> Signature {
        let parameters = parameter_ranges(&label);
        Signature { label, parameters }
    }

    /// The parameter that takes argument `at` (the last one when it takes the rest, `*$args`).
    pub fn parameter_for(&self, at: usize) -> Option<usize> {
        if at < self.parameters.len() {
            return Some(at);
        }
        let last = self.parameters.len().checked_sub(1)?;
        let (start, end) = self.parameters[last];
        self.label[start..end].contains("*$").then_some(last)
    }
}

/// The signature help at byte `offset` of file `path` among `files` (`(path, text)`; the
/// environment's functions are read from its `.pp` files).
pub fn signature_help(files: &[(&str, &str)], path: &str, offset: usize) -> Option<SignatureHelp> {
    let text = files.iter().find(|(p, _)| *p == path)?.1;
    let call = enclosing_call(text, offset)?;
    let (labels, doc) = labels_of(files, &call.name)?;
    let signatures: Vec<Signature> = labels.into_iter().map(Signature::from_label).collect();
    let active_signature = signatures
        .iter()
        .position(|s| s.parameter_for(call.argument).is_some())
        .unwrap_or(signatures.len().saturating_sub(1));
    let active_parameter = signatures
        .get(active_signature)
        .and_then(|s| s.parameter_for(call.argument));
    Some(SignatureHelp {
        name: call.name,
        signatures,
        active_signature,
        active_argument: call.argument,
        active_parameter,
        doc,
    })
}

/// The signatures' texts and the description of function `name`: declared as data, described in
/// the editor's table, or defined in the environment's Puppet.
fn labels_of(files: &[(&str, &str)], name: &str) -> Option<(Vec<String>, String)> {
    let name = crate::qualified::trim_leading(name, "::");
    if let Some((signatures, doc)) = super::docs::function_signatures(name) {
        return Some((signatures, doc.to_string()));
    }
    let function = super::described::puppet_function(files, name)?;
    Some((alloc::vec![function], String::new()))
}

/// A call whose parentheses hold the cursor: the function's name and the argument the cursor is in.
#[derive(Debug, PartialEq, Eq)]
struct EnclosingCall {
    name: String,
    argument: usize,
}

/// Walk back from `offset` to the innermost open `(` that follows a function name, counting the
/// commas at its level. A block's `{` (a lambda's body, a resource body) ends the search: a call
/// outside it is not what is being typed.
fn enclosing_call(text: &str, offset: usize) -> Option<EnclosingCall> {
    let tokens: Vec<TokenInfo> = syntax::tokens(text)
        .into_iter()
        .filter(|t| t.kind != "comment")
        .collect();
    let word = |t: &TokenInfo| &text[t.span.start as usize..t.span.end as usize];
    // Not inside a string or a comment (a token the cursor is strictly inside).
    let inside_literal = syntax::tokens(text).iter().any(|t| {
        matches!(t.kind, "string" | "comment" | "heredoc" | "regex")
            && (t.span.start as usize) < offset
            && offset < t.span.end as usize
    });
    if inside_literal {
        return None;
    }
    let before = tokens
        .iter()
        .take_while(|t| t.span.end as usize <= offset)
        .count();
    let mut depth = 0usize;
    let mut commas = 0usize;
    for i in (0..before).rev() {
        match word(&tokens[i]) {
            ")" | "]" | "}" => depth += 1,
            "(" | "[" | "{" if depth > 0 => depth -= 1,
            "," if depth == 0 => commas += 1,
            "(" => {
                let name = i.checked_sub(1).map(|p| &tokens[p]);
                if let Some(name) = name.filter(|t| t.kind == "name") {
                    let method = i >= 2 && word(&tokens[i - 2]) == ".";
                    return Some(EnclosingCall {
                        name: word(name).to_string(),
                        argument: commas + usize::from(method),
                    });
                }
                commas = 0;
            }
            "[" => commas = 0,
            "{" => {
                // A hash literal sits where a value goes; anything else is a block.
                let previous = i.checked_sub(1).map(|p| word(&tokens[p]));
                if !matches!(previous, Some("(" | "[" | "," | "=>" | "=")) {
                    return None;
                }
                commas = 0;
            }
            _ => {}
        }
    }
    None
}

/// The byte ranges of the parameters in a signature's text.
fn parameter_ranges(label: &str) -> Vec<(usize, usize)> {
    let Some(open) = label.find('(') else {
        return Vec::new();
    };
    let mut ranges = Vec::new();
    let mut depth = 0usize;
    let mut start = open + 1;
    for (at, c) in label[open + 1..].char_indices() {
        let at = at + open + 1;
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' if depth == 0 => {
                push_trimmed(label, start, at, &mut ranges);
                return ranges;
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                push_trimmed(label, start, at, &mut ranges);
                start = at + 1;
            }
            _ => {}
        }
    }
    ranges
}

fn push_trimmed(label: &str, start: usize, end: usize, ranges: &mut Vec<(usize, usize)>) {
    let part = &label[start..end];
    let trimmed = part.trim_start();
    let from = start + (part.len() - trimmed.len());
    let to = from + trimmed.trim_end().len();
    if to > from {
        ranges.push((from, to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOUBLE: &str =
        "function app::scale(Integer $x, Integer $by = 2) >> Integer { $x * $by }\n";

    /// The help at `^`, as (name, active signature's label, active parameter's text, argument).
    fn at(marked: &str) -> Option<(String, String, Option<String>, usize)> {
        let cursor = marked.find('^').expect("a cursor");
        let snippet = alloc::format!("{}{}", &marked[..cursor], &marked[cursor + 1..]);
        let files = [
            ("snippet.pp", snippet.as_str()),
            ("modules/app/functions/scale.pp", DOUBLE),
        ];
        let help = signature_help(&files, "snippet.pp", cursor)?;
        let signature = help.signatures[help.active_signature].clone();
        let parameter = signature
            .parameter_for(help.active_argument)
            .map(|p| signature.parameters[p])
            .map(|(s, e)| signature.label[s..e].to_string());
        Some((help.name, signature.label, parameter, help.active_argument))
    }

    #[test]
    fn the_argument_under_the_cursor_picks_the_parameter() {
        let (name, label, parameter, argument) = at("versioncmp('1', ^'2')").expect("versioncmp");
        assert_eq!(name, "versioncmp");
        assert!(label.starts_with("versioncmp(String $a, String $b"));
        assert_eq!(parameter.as_deref(), Some("String $b"));
        assert_eq!(argument, 1);
        let third = at("versioncmp('1', '2', ^)").expect("third");
        assert_eq!(
            third.2.as_deref(),
            Some("Optional[Boolean] $ignore_trailing_zeroes")
        );
        assert_eq!(at("versioncmp(^").map(|h| h.3), Some(0));
    }

    #[test]
    fn commas_inside_nested_brackets_do_not_count() {
        let inner = at("versioncmp(join(['a', 'b'], ^'.'), '2')").expect("join");
        assert_eq!(inner.0, "join");
        assert_eq!(inner.3, 1);
        let outer = at("versioncmp(join(['a', 'b'], '.'), ^'2')").expect("versioncmp");
        assert_eq!(outer.0, "versioncmp");
        assert_eq!(outer.3, 1);
        let in_hash = at("versioncmp({'a' => 1, 'b' => ^2})").expect("in a hash");
        assert_eq!((in_hash.0.as_str(), in_hash.3), ("versioncmp", 0));
    }

    #[test]
    fn a_method_call_s_receiver_is_the_first_argument() {
        let help = at("['a'].join(^)").expect("join");
        assert_eq!(help.0, "join");
        assert_eq!(help.3, 1);
    }

    #[test]
    fn a_repeated_parameter_takes_the_rest() {
        let help = at("merge({}, {}, {}, ^)").expect("merge");
        assert_eq!(help.3, 3);
        assert!(help.2.expect("a parameter").contains("*$"));
    }

    #[test]
    fn the_environment_s_own_functions() {
        let help = at("notice(app::scale(1, ^))").expect("app::scale");
        assert_eq!(help.0, "app::scale");
        assert_eq!(help.2.as_deref(), Some("Integer $by = 2"));
    }

    #[test]
    fn nothing_outside_a_call_or_in_a_block_or_string() {
        assert_eq!(at("$x = ^1"), None);
        assert_eq!(at("versioncmp('1', '2')^"), None);
        assert_eq!(at("[1].each |$v| { $x = ^$v }"), None);
        assert_eq!(at("versioncmp('a^b', '2')"), None);
        assert_eq!(at("nope_function(^1)"), None);
        assert_eq!(at("if (^1) { }"), None);
    }

    #[test]
    fn parameters_are_split_outside_brackets() {
        let s =
            Signature::from_label("f(Hash[String, Integer] $h, Array $a) |2 parameters|".into());
        let texts: Vec<&str> = s.parameters.iter().map(|(a, b)| &s.label[*a..*b]).collect();
        assert_eq!(texts, ["Hash[String, Integer] $h", "Array $a"]);
        assert_eq!(Signature::from_label("f()".into()).parameters, []);
        assert_eq!(s.parameter_for(2), None);
    }

    #[test]
    fn any_offset_is_safe() {
        let text = "merge({'a' => [1, 2]}, $x.map |$v| { f($v, ) }, 'é')";
        for offset in 0..=text.len() {
            let _ = signature_help(&[("s.pp", text)], "s.pp", offset);
        }
    }
}
