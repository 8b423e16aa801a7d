//! Terminal rendering of diagnostics: `file:line:col: error: message`, the source line, a caret and the notes.

use puppet_core::{Diagnostic, LineIndex, Sources};

/// Render a diagnostic of an evaluation whose files are `sources`, in the file its span is in.
pub fn located(sources: &Sources, diagnostic: &Diagnostic) -> String {
    match sources.file_at(diagnostic.span.start) {
        Some(file) => {
            let local = Diagnostic {
                span: file.local(diagnostic.span),
                ..diagnostic.clone()
            };
            self::diagnostic(&file.text, &file.path, file.line_index(), &local)
        }
        None => format!(
            "{}: {}: {}{}",
            puppet_core::SNIPPET_FILE,
            diagnostic.severity.as_str(),
            diagnostic.stage.error_prefix(),
            diagnostic.message
        ),
    }
}

/// Render a diagnostic the way compilers do, pointing at the offending characters (a file with
/// no text, such as one the environment refused, has no line to point at).
pub fn diagnostic(source: &str, file: &str, index: &LineIndex, diagnostic: &Diagnostic) -> String {
    let notes: String = diagnostic
        .notes
        .iter()
        .map(|note| format!("\n  = note: {}", note.message))
        .collect();
    let heading = |line: u32, column: u32| {
        format!(
            "{file}:{line}:{column}: {}: {}{}",
            diagnostic.severity.as_str(),
            diagnostic.stage.error_prefix(),
            diagnostic.message,
        )
    };
    if source.is_empty() {
        return format!("{}{notes}", heading(1, 1));
    }
    let start = index.line_col(source, diagnostic.span.start);
    let line_text = index.line_text(source, start.line);
    let end = index.line_col(source, diagnostic.span.end);
    let width = if end.line == start.line && end.column > start.column {
        (end.column - start.column) as usize
    } else {
        1
    };
    // A very long line is shown as a window around the column.
    const WINDOW: usize = 100;
    let column = start.column as usize - 1;
    let skip = column.saturating_sub(WINDOW / 2);
    let shown: String = line_text.chars().skip(skip).take(WINDOW).collect();
    let line_text = if skip > 0 {
        format!("…{shown}")
    } else {
        shown
    };
    let width = width.min(WINDOW);
    // Keep tabs in the gutter so the caret lines up under the source line.
    let pad: String = line_text
        .chars()
        .take(column - skip + usize::from(skip > 0))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!(
        "{}\n  {line_text}\n  {pad}{}{notes}",
        heading(start.line, start.column),
        "^".repeat(width)
    )
}

/// A log line as Puppet prints it on the console: `Notice: text`, `Warning: text`, ...
pub fn log_line(entry: &puppet_core::LogEntry) -> String {
    let level = entry.level.as_str();
    let mut chars = level.chars();
    let title: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars)
        .collect();
    format!("{title}: {}", entry.message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_core::{Span, Stage};

    #[test]
    fn a_file_without_text_gets_its_heading_only() {
        let error = Diagnostic::error(
            Stage::Evaluation,
            "ENV_LIMIT",
            "'data/x.yaml' is not read",
            Span::new(0, 0),
        );
        assert_eq!(
            diagnostic("", "data/x.yaml", &LineIndex::new(""), &error),
            "data/x.yaml:1:1: error: Evaluation Error: 'data/x.yaml' is not read"
        );
        let text = "notice(1)\n";
        let at_notice = Diagnostic {
            span: Span::new(0, 6),
            ..error
        };
        assert_eq!(
            diagnostic(text, "a.pp", &LineIndex::new(text), &at_notice),
            "a.pp:1:1: error: Evaluation Error: 'data/x.yaml' is not read\n  notice(1)\n  ^^^^^^"
        );
    }
}
