//! ERB's scanner as Puppet runs it (trim mode `-`): the template cut into literal text, Ruby code
//! (`<% %>`) and output tags (`<%= %>`), each with the line it starts on.
//!
//! The rules: `<%-` at the start of a line drops the spaces and tabs before it; `-%>` right before
//! a newline drops that newline; `<%%` in text and `%%>` in code stand for `<%` and `%>`; `<%#`
//! opens a comment; the text between tags is kept as it is.

use alloc::string::String;
use alloc::vec::Vec;

/// One piece of a template.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Segment {
    /// Literal text, output as it is.
    Text(String),
    /// Ruby statements (`<% %>`), starting on `line`.
    Code { code: String, line: u32 },
    /// An expression whose `to_s` is output (`<%= %>`), starting on `line`.
    Insert { code: String, line: u32 },
    /// The end of a line of ERB's generated code (a tag closed with `-%>` and its newline).
    LineBreak,
}

#[derive(Clone, Copy, PartialEq)]
enum Open {
    Code,
    Insert,
    Comment,
}

/// The tokens ERB's regular expression finds: (text before, the tag, where the tag ends).
fn next_token(src: &str, from: usize) -> (usize, &'static str, usize) {
    let bytes = src.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'<' if src[i..].starts_with("<%") => {
                // `^[ \t]*<%-`: spaces before it at the start of a line go with the tag.
                if src[i..].starts_with("<%-") {
                    let mut start = i;
                    while start > from && matches!(bytes[start - 1], b' ' | b'\t') {
                        start -= 1;
                    }
                    let at_line_start = start == 0 || bytes[start - 1] == b'\n';
                    if at_line_start && start >= from {
                        return (start, "^<%-", i + 3);
                    }
                    return (i, "<%-", i + 3);
                }
                for tag in ["<%%", "<%=", "<%#"] {
                    if src[i..].starts_with(tag) {
                        return (i, tag, i + 3);
                    }
                }
                return (i, "<%", i + 2);
            }
            b'%' if src[i..].starts_with("%%>") => return (i, "%%>", i + 3),
            b'%' if src[i..].starts_with("%>") => return (i, "%>", i + 2),
            b'-' if src[i..].starts_with("-%>\n") => return (i, "-%>\n", i + 4),
            b'-' if src[i..].starts_with("-%>") => return (i, "-%>", i + 3),
            _ => i += 1,
        }
    }
    (bytes.len(), "", bytes.len())
}

/// Cut `src` into segments as ERB does.
pub(crate) fn scan(src: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut content = String::new();
    let mut open: Option<(Open, u32)> = None;
    let mut pos = 0;
    let mut line: u32 = 1;
    // The line where the code being collected starts.
    while pos <= src.len() {
        let (text_end, tag, after) = next_token(src, pos);
        let text = &src[pos..text_end];
        content.push_str(text);
        let tag_line = line + count_newlines(text);
        line = tag_line + count_newlines(&src[text_end..after]);
        pos = after;
        match open {
            None => match tag {
                "^<%-" | "<%-" | "<%" | "<%=" | "<%#" => {
                    if !content.is_empty() {
                        out.push(Segment::Text(core::mem::take(&mut content)));
                    }
                    let kind = match tag {
                        "<%=" => Open::Insert,
                        "<%#" => Open::Comment,
                        _ => Open::Code,
                    };
                    open = Some((kind, tag_line));
                }
                "<%%" => content.push_str("<%"),
                "-%>\n" => {
                    // Outside a tag ERB yields `%>` and a line break of its code.
                    content.push_str("%>");
                    if !content.is_empty() {
                        out.push(Segment::Text(core::mem::take(&mut content)));
                    }
                    out.push(Segment::LineBreak);
                }
                "-%>" => content.push_str("%>"),
                other => content.push_str(other),
            },
            Some((kind, start)) => match tag {
                "%>" | "-%>" | "-%>\n" => {
                    let code = core::mem::take(&mut content);
                    match kind {
                        Open::Code => out.push(Segment::Code { code, line: start }),
                        Open::Insert => out.push(Segment::Insert { code, line: start }),
                        Open::Comment => {}
                    }
                    if tag == "-%>\n" {
                        out.push(Segment::LineBreak);
                    }
                    open = None;
                }
                "%%>" => content.push_str("%>"),
                "^<%-" => content.push_str(&src[text_end..after]),
                other => content.push_str(other),
            },
        }
        if tag.is_empty() {
            break;
        }
    }
    match open {
        // An unclosed tag: ERB's generated code ends inside it.
        Some((Open::Code, start)) => out.push(Segment::Code {
            code: content,
            line: start,
        }),
        Some((Open::Insert, start)) => out.push(Segment::Insert {
            code: content,
            line: start,
        }),
        Some((Open::Comment, _)) => {}
        None => {
            if !content.is_empty() {
                out.push(Segment::Text(content));
            }
        }
    }
    out
}

fn count_newlines(text: &str) -> u32 {
    text.bytes().filter(|&b| b == b'\n').count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn text(s: &str) -> Segment {
        Segment::Text(s.to_string())
    }

    #[test]
    fn trims_as_erb_does() {
        let segments = scan("a\n  <%- x -%>\nb <%= y %>\n<%# c %>d<%% e");
        assert_eq!(
            segments,
            alloc::vec![
                text("a\n"),
                Segment::Code {
                    code: " x ".into(),
                    line: 2
                },
                Segment::LineBreak,
                text("b "),
                Segment::Insert {
                    code: " y ".into(),
                    line: 3
                },
                text("\n"),
                text("d<% e"),
            ]
        );
    }

    #[test]
    fn a_dash_tag_inside_a_line_keeps_the_spaces() {
        assert_eq!(
            scan("a <%- x %>"),
            alloc::vec![
                text("a "),
                Segment::Code {
                    code: " x ".into(),
                    line: 1
                }
            ]
        );
    }
}
