//! Puppet's quoting of strings in `%p` output: single quotes when possible, else double quotes.

use alloc::format;
use alloc::string::String;

/// Quotes a string the way Puppet's `%p` does: `'text'` (escaping `'`; a backslash before another
/// character is kept, as Ruby does),
/// or `"..."` with escapes when the text holds control characters.
pub fn puppet_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    let mut escaped = false;
    for ch in text.chars() {
        if (ch as u32) < 0x20 {
            return puppet_double_quote(text);
        }
        if escaped {
            out.push('\\');
            out.push(ch);
            escaped = false;
        } else if ch == '\'' {
            out.push_str("\\'");
        } else if ch == '\\' {
            escaped = true;
        } else {
            out.push(ch);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// The escape of a character that every double-quoted form here (Puppet's, Ruby's JSON, the
/// syntax tree's dump) writes alike: `\"`, `\\`, `\n`, `\r`, `\t`; `None` for the others, which
/// each form escapes its own way.
pub(crate) fn common_escape(c: char) -> Option<&'static str> {
    Some(match c {
        '"' => "\\\"",
        '\\' => "\\\\",
        '\n' => "\\n",
        '\r' => "\\r",
        '\t' => "\\t",
        _ => return None,
    })
}

/// The double-quoted form: `\t \n \r \" \$ \\` and `\u{X}` for other control characters.
pub fn puppet_double_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        if let Some(escape) = common_escape(ch) {
            out.push_str(escape);
            continue;
        }
        match ch {
            '$' => out.push_str("\\$"),
            control if (control as u32) < 0x20 => {
                out.push_str(&format!("\\u{{{:X}}}", control as u32))
            }
            other => out.push(other),
        }
    }
    out.push('"');
    out
}

/// Ruby's JSON text of a string: `"`, `\` and control characters escaped, the rest as it is
/// (what `to_json` and `JSON.generate` write).
pub fn ruby_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        if let Some(escape) = common_escape(c) {
            out.push_str(escape);
            continue;
        }
        match c {
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::puppet_quote;

    #[test]
    fn quotes_like_puppet() {
        let cases = [
            ("a", "'a'"),
            ("it's", "'it\\'s'"),
            ("a\"b", "'a\"b'"),
            ("a\nb", "\"a\\nb\""),
            ("a\nb\t\u{1}", "\"a\\nb\\t\\u{1}\""),
            // Ruby's quirk, confirmed with the oracle: a trailing backslash is not doubled.
            ("a\\", "'a\\'"),
            ("a\\b", "'a\\b'"),
            ("é", "'é'"),
        ];
        for (text, quoted) in cases {
            assert_eq!(puppet_quote(text), quoted, "{text:?}");
        }
    }
}
