//! Control comments: `# lint:ignore:<check>` at the end of a line ignores the check on that line;
//! alone on its line it opens a block that `# lint:endignore` closes.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::tokens::{Stream, K};

/// The (check, line) pairs that are ignored, with the reason given.
#[derive(Debug, Default)]
pub struct Overrides {
    entries: Vec<(String, u32, String)>,
}

impl Overrides {
    pub fn get(&self, check: &str, line: u32) -> Option<&str> {
        // The last entry written for a line wins, as in a Ruby hash.
        self.entries
            .iter()
            .rev()
            .find(|(c, l, _)| c == check && *l == line)
            .map(|(_, _, r)| r.as_str())
    }

    fn set(&mut self, check: &str, line: u32, reason: &str) {
        self.entries
            .push((check.to_string(), line, reason.to_string()));
    }
}

fn is_control(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("lint:") else {
        return false;
    };
    if rest.starts_with("endignore") {
        return true;
    }
    rest.strip_prefix("ignore:")
        .is_some_and(|c| c.starts_with(|ch: char| ch.is_alphanumeric() || ch == '_'))
}

pub fn parse(s: &Stream, notes: &mut Vec<String>) -> Overrides {
    let mut overrides = Overrides::default();
    let mut stack: Vec<Vec<(u32, String, String)>> = Vec::new();
    for i in 0..s.len() {
        let t = s.at(i);
        if !t.kind.is_comment() {
            continue;
        }
        let value = t.value.trim();
        if !is_control(value) {
            continue;
        }
        let words: Vec<&str> = value.split_whitespace().collect();
        let mut controls = Vec::new();
        let mut reason = String::new();
        for (n, word) in words.iter().enumerate() {
            if word.starts_with("lint:ignore") || word.starts_with("lint:endignore") {
                controls.push(*word);
            } else {
                reason = crate::text::join(&words[n..], " ");
                break;
            }
        }
        let mut opened = Vec::new();
        for control in controls {
            let parts: Vec<&str> = control.split(':').collect();
            let command = parts.get(1).copied().unwrap_or("");
            if command == "ignore" {
                let check = parts.get(2).copied().unwrap_or("");
                let own_line = i == 0 || matches!(s.kind(i - 1), K::Newline | K::Indent);
                if !own_line {
                    overrides.set(check, t.line, &reason);
                } else {
                    opened.push((t.line, reason.clone(), check.to_string()));
                }
            } else {
                match stack.pop() {
                    None => notes.push(format!(
                        "WARNING: lint:endignore comment with no opening lint:ignore:<check> comment found on line {}",
                        t.line
                    )),
                    Some(top) => {
                        for (start, why, check) in top {
                            for line in start..=t.line {
                                overrides.set(&check, line, &why);
                            }
                        }
                    }
                }
            }
        }
        if !opened.is_empty() {
            stack.push(opened);
        }
    }
    for control in stack {
        if let Some((line, _, check)) = control.first() {
            notes.push(format!(
                "WARNING: lint:ignore:{check} comment on line {line} with no closing lint:endignore comment"
            ));
        }
    }
    overrides
}
