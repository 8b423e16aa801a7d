//! stdlib's quoting for other languages: `stdlib::xml_encode`, `powershell_escape`,
//! `batch_escape`, and reading a shell command line back into words, `shell_split`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{counted, inspect, to_s};
use crate::functions::declare::{opt, req, Call, Def};
use crate::host::EvalResult;
use crate::value::Value;

/// Ruby's `String#encode(xml: :text)` (`&`, `<`, `>` as entities) or `xml: :attr` (`"` too, and
/// the whole in double quotes).
pub(super) fn xml_encode(Call(_, _, args, ..): Call) -> EvalResult<Value> {
    let text = to_s(&args[0]);
    let attr = matches!(args.get(1), Some(Value::String(t)) if &**t == "attr");
    let mut out = String::with_capacity(text.len() + 2);
    if attr {
        out.push('"');
    }
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    if attr {
        out.push('"');
    }
    Ok(Value::string(&out))
}

/// `powershell_escape` (a backquote before PowerShell's specials) and `batch_escape` (the text
/// in double quotes, `"` doubled, `$` and `\` after a backslash).
pub(super) fn script_escape(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    let text = to_s(&args[0]);
    let batch = crate::qualified::trim_leading(site.name, "stdlib::") == "batch_escape";
    let mut out = String::with_capacity(text.len() + 2);
    if batch {
        out.push('"');
    }
    for c in text.chars() {
        match (batch, c) {
            (true, '"') => out.push_str("\"\""),
            (true, '$' | '\\') | (false, ' ' | '\'' | '`' | '|' | '\n' | '$') => {
                out.push(if batch { '\\' } else { '`' });
                out.push(c);
            }
            (false, '"') => out.push_str("\\`\""),
            _ => out.push(c),
        }
    }
    if batch {
        out.push('"');
    }
    Ok(Value::string(&out))
}

/// Ruby's `Shellwords.shellsplit`: words split at blanks, quotes and backslashes read as a POSIX
/// shell reads them; `None` for an unmatched quote.
fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut in_word = false;
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(core::mem::take(&mut field));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => field.push(c),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            c @ ('$' | '`' | '"' | '\\' | '\n') => field.push(c),
                            c => {
                                field.push('\\');
                                field.push(c);
                            }
                        },
                        c => field.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(next) = chars.next() {
                    field.push(next);
                }
            }
            c => {
                in_word = true;
                field.push(c);
            }
        }
    }
    if in_word {
        words.push(field);
    }
    Some(words)
}

pub(super) fn shell_split(Call(_, site, args, ..): Call) -> EvalResult<Value> {
    counted(site, &args, 1..=1).or_usual("1")?;
    let line = to_s(&args[0]);
    match shell_words(&line) {
        Some(words) => Ok(Value::array(
            words.iter().map(|w| Value::string(w)).collect(),
        )),
        None => Err(site.fail(format!(
            "Unmatched quote: {}",
            inspect(&Value::string(&line))
        ))),
    }
}

/// The functions of this family, declared.
#[rustfmt::skip]
pub(super) const DEFS: &[Def] = &[
    Def::stdlib("stdlib::xml_encode", xml_encode)
        .takes(&[&[req("str", "String"), opt("type", "Enum['text','attr']")]]).checked()
        .doc(
            "A string with XML's special characters as entities (as text or as a quoted attribute)",
        ),
    Def::stdlib("powershell_escape", script_escape).takes(&[&[req("string", "Any")]])
        .shim_in_stdlib9().checked()
        .doc("A string escaped as one word of a PowerShell command line"),
    Def::stdlib("batch_escape", script_escape).takes(&[&[req("string", "Any")]]).shim_in_stdlib9()
        .checked().doc("A string quoted as one word of a Windows batch command line"),
    Def::stdlib("shell_split", shell_split).doc("A shell command line as its words"),
];
