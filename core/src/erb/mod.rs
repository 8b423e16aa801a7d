//! ERB templates as Puppet renders them (`template()`, `inline_template()`): the scanner cuts the
//! template (trim mode `-`), the lexer and parser read the Ruby that templates use, and the
//! interpreter runs it against the calling Puppet scope (`@var`, `scope[...]`, Puppet functions).
//! What it cannot do (other Ruby, gems, files) is a diagnostic naming the construct and its line,
//! never a wrong text.

mod ast;
mod bigint;
mod call;
mod defs;
mod enumerable;
mod host;
mod interp;
mod json;
mod kernel;
mod lexer;
mod library;
mod matchdata;
mod methods;
pub(crate) mod module_functions;
mod mutations;
mod objects;
mod openssl;
mod parser;
pub(crate) mod resource_types;
mod scanner;
mod shared;
#[cfg(feature = "ruby-uri")]
mod uri;
pub(crate) mod value;

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;

use crate::diagnostic::Note;
use crate::host::CallSite;
use crate::host::{error, EvalResult, Unwind};
use crate::span::Span;
pub(crate) use host::{RubyHost, RubyRun};
use interp::{Flow, Interp};

/// The diagnostic of what the playground's ERB cannot do, in a template file.
pub(crate) const ERB_UNSUPPORTED: &str = "ERB_UNSUPPORTED";
/// A syntax error in a template file's Ruby.
pub(crate) const ERB_SYNTAX: &str = "ERB_SYNTAX";

/// Which template is rendered: an inline one, or a file (its reference and path).
pub(crate) enum Source<'a> {
    Inline,
    File { reference: &'a str, path: &'a str },
}

/// Render `text` in the calling scope of `site`.
pub(crate) fn render<H: RubyHost>(
    rt: &mut H,
    text: &str,
    source: Source<'_>,
    site: &CallSite,
) -> EvalResult<String> {
    let name = match &source {
        Source::Inline => String::from("inline template"),
        Source::File { path, .. } => String::from(*path),
    };
    rt.log(
        crate::host::LogLevel::Debug,
        format!("Bound template variables for {name} in 0.00 seconds"),
        site.span,
    );
    let segments = scanner::scan(text);
    let parsed = lexer::lex_template(&segments)
        .map_err(|e| (e.message, e.line))
        .and_then(|tokens| parser::parse(&tokens).map_err(|e| (e.message, e.line)));
    let body = match parsed {
        Ok(body) => body,
        Err((message, line)) => {
            return Err(failure(
                rt,
                text,
                &source,
                site,
                Flow::Unsupported(message, line),
                true,
            ))
        }
    };
    let what = "templates rendering templates";
    rt.enter_nesting(RUBY_DEPTH, what, site.span)?;
    let mut interp = Interp::new(rt, site.span);
    if let Source::File { path, .. } = &source {
        interp.file = Rc::from(*path);
    }
    let mut result = interp.run(&body);
    let out = core::mem::take(&mut interp.out);
    let read = core::mem::take(&mut interp.containers_read);
    drop(interp);
    if result.is_ok() {
        result = mutations::write_back(rt, read, site.span).map_err(Flow::Stop);
    }
    rt.leave_nesting(RUBY_DEPTH);
    match result {
        Ok(()) => {
            rt.log(
                crate::host::LogLevel::Debug,
                format!("Interpolated template {name} in 0.00 seconds"),
                site.span,
            );
            Ok(out)
        }
        Err(flow) => Err(failure(rt, text, &source, site, flow, false)),
    }
}

/// A template or a module's Ruby function counts as this many levels of the evaluator's nesting
/// (`Embedded::enter_nesting`): Ruby running Puppet running Ruby stops at the depth limit long before
/// the stack runs out.
pub(crate) const RUBY_DEPTH: usize = 500;

/// Whether a module's Ruby file parses: `None`, or the first syntax error's message and line.
pub(crate) fn ruby_syntax_error(text: &str) -> Option<(String, u32)> {
    parser::parse_ruby_file(text).err()
}

/// The diagnostic of a template that failed: Puppet's words for Ruby's errors, ours (with the
/// template's line) for what the playground does not do.
fn failure<H: RubyHost>(
    host: &mut H,
    text: &str,
    source: &Source<'_>,
    site: &CallSite,
    flow: Flow,
    syntax: bool,
) -> Unwind {
    let (message, line, ours) = match flow {
        Flow::Stop(unwind) => return unwind,
        Flow::Raise(message, line, _) => (message, line, false),
        Flow::Unsupported(message, line) => (message, line, true),
        Flow::Break(_) | Flow::Next(_) | Flow::Return(_) => {
            (String::from("unexpected break"), 0, false)
        }
    };
    if syntax && !ours_unsupported_parse(&message) {
        // Ruby's SyntaxError gets through Puppet unwrapped: `(erb):3: ...` or `path:3: ...`.
        let place = match source {
            Source::Inline => String::from("(erb)"),
            Source::File { path, .. } => String::from(*path),
        };
        return error(ERB_SYNTAX, format!("{place}:{line}: {message}"), site.span);
    }
    match source {
        Source::Inline => {
            let mut unwind = site.fail(format!("Failed to parse inline template: {message}"));
            if let Unwind::Error(diagnostic) = &mut unwind {
                diagnostic.notes.push(Note {
                    message: format!("at line {line} of the inline template"),
                    span: None,
                });
            }
            unwind
        }
        Source::File { reference, path } if ours => {
            // Placed in the template file itself: `(file: .../templates/x.erb, line: N)`.
            let span = template_line_span(host, path, text, line).unwrap_or(site.span);
            error(ERB_UNSUPPORTED, format!("Failed to parse template {reference}: {message}"), span)
        }
        Source::File { reference, path } => site.fail(format!(
            "Failed to parse template {reference}:\n  Filepath: {path}\n  Line: {line}\n  Detail: {message}\n"
        )),
    }
}

/// Whether a parse failure is a construct the playground does not parse (not a syntax error).
fn ours_unsupported_parse(message: &str) -> bool {
    message.contains("not supported")
}

/// A span at the start of `line` of the template (or Ruby) file (added to the sources when needed).
pub(crate) fn template_line_span<H: RubyHost>(
    host: &mut H,
    path: &str,
    text: &str,
    line: u32,
) -> Option<Span> {
    let base = match host.sources().file_named(path) {
        Some(file) if &*file.text == text => file.base,
        _ => host.add_source(path, crate::FileText::from(text))?,
    };
    let mut offset = 0usize;
    for _ in 1..line.max(1) {
        match text[offset..].find('\n') {
            Some(i) => offset += i + 1,
            None => break,
        }
    }
    let start = base.checked_add(u32::try_from(offset).ok()?)?;
    Some(Span::new(start, start))
}

#[cfg(test)]
mod tests;
