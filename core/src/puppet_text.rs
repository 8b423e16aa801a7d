//! An error as Puppet prints its first line: the stage's prefix, the message and where it
//! happened, `(file: F, line: L, column: C)`, with Puppet's exceptions (some errors name only a
//! line, some only the file, some nothing).

use alloc::format;
use alloc::string::{String, ToString};

use crate::diagnostic::Diagnostic;
use crate::sources::Sources;

/// Diagnostics whose position Puppet gives as a line without a column.
const LINE_ONLY_CODES: &[&str] = &[
    "ILLEGAL_CONTROL_FLOW",
    "INVALID_TAG_PARAMETER",
    "DEFINE_INSTANCE",
    "CLASS_REDEFINED",
    "NODE_REDEFINED",
    "PARENT_NOT_FOUND",
    "DEFAULT_REDEFINED",
    "PARAMETER_REDEFINED",
    "OVERRIDE_NOT_ALLOWED",
    "DUPLICATE_OVERRIDE",
    "UNKNOWN_ATTRIBUTE",
    "OVERRIDE_EVALUATED",
    "DEFINITION_CONFLICT",
    "RELATIONSHIP_PARAMETER",
    // What the playground's ERB does not do, at its line of the template file.
    "ERB_UNSUPPORTED",
];

/// Diagnostics Puppet gives without a position: a bad reference given to `realize`, a chain
/// arrow's missing resource and an invalid instance it finds when it finishes, no node
/// definition for the node, a redefined function or type, `lookup` finding nothing; Ruby's error
/// for a pattern it does not compile (a literal when the manifest is parsed, `Regexp['(']`).
const UNPLACED_CODES: &[&str] = &[
    // Ruby's syntax error in an ERB template, which Puppet does not wrap: `(erb):1: ...`.
    "ERB_SYNTAX",
    "BAD_REFERENCE",
    "NODE_NOT_FOUND",
    "REDEFINE",
    "LOOKUP_NOT_FOUND",
    "LOOKUP_ERROR",
    "LOOKUP_RECURSION",
    "LOOKUP_ISSUE",
    "RELATIONSHIP_NOT_FOUND",
    "INSTANCE_INVALID",
    "INVALID_REGEX",
];

/// The error as Puppet's first message line. Like Puppet, a syntax error at the end of a file,
/// and a file given up on after several validation errors, name only the file.
pub fn puppet_text(sources: &Sources, diagnostic: &Diagnostic) -> String {
    let mut prefix = String::from(diagnostic.stage.error_prefix());
    if diagnostic.code == "LOOKUP_FAILED" {
        // A lookup's failure is the failure of the call that made it.
        prefix.push_str("Error while evaluating a Function Call, ");
    }
    let message = diagnostic.message.lines().next().unwrap_or_default();
    if diagnostic.message.contains('\n') {
        // Puppet puts the position at the end of a multi-line message: the first line has none.
        return format!("{prefix}{message}");
    }
    if let Some(at) = diagnostic.template_at {
        return format!(
            "{prefix}{message} (file: inlined-epp-text, line: {}, column: {})",
            at.line, at.column
        );
    }
    let position = sources.locate(diagnostic.span.start);
    let file = &position.file;
    let at_end = sources.at_file_end(diagnostic.span.start) && diagnostic.code == "SYNTAX_ERROR";
    if at_end || diagnostic.code == "VALIDATION_SUMMARY" {
        return format!("{prefix}{message} (file: {file})");
    }
    if UNPLACED_CODES.contains(&diagnostic.code) {
        return message.to_string();
    }
    if diagnostic.code == "UNKNOWN_ATTRIBUTE" {
        // Placed at the attribute's name; Puppet names the resource's place, as its message does.
        let named = message
            .find("(file: ")
            .and_then(|start| Some(&message[start..=start + message[start..].find(')')?]));
        if let Some(place) = named {
            return format!("{prefix}{message} {place}");
        }
    }
    if LINE_ONLY_CODES.contains(&diagnostic.code) {
        return format!("{prefix}{message} (file: {file}, line: {})", position.line);
    }
    format!(
        "{prefix}{message} (file: {file}, line: {}, column: {})",
        position.line, position.column
    )
}
