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

/// `text` in double quotes, as each double-quoted form here (Puppet's, Ruby's JSON, the syntax
/// tree's dump) writes it: `\"`, `\\`, `\n`, `\r`, `\t` escaped alike, and each other character
/// as the form's `other` writes it (escaped or as it is).
pub(crate) fn write_double_quoted(out: &mut String, text: &str, other: fn(&mut String, char)) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => other(out, c),
        }
    }
    out.push('"');
}

/// The double-quoted form: `\t \n \r \" \$ \\` and `\u{X}` for other control characters.
pub fn puppet_double_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    write_double_quoted(&mut out, text, |out, c| match c {
        '$' => out.push_str("\\$"),
        control if (control as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", control as u32)),
        other => out.push(other),
    });
    out
}

/// Ruby's JSON text of a string: `"`, `\` and control characters escaped, the rest as it is
/// (what `to_json` and `JSON.generate` write).
pub fn ruby_json_string(out: &mut String, text: &str) {
    write_double_quoted(out, text, |out, c| match c {
        '\u{8}' => out.push_str("\\b"),
        '\u{c}' => out.push_str("\\f"),
        c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
        c => out.push(c),
    });
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
