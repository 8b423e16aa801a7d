//! `puppet-eval parse`: parse files and folders (`.pp`, `.epp`), print their diagnostics, the AST
//! (`--ast`) or tokens (`--tokens`), and a summary line with the throughput.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use puppet_cli::bounded_read::{file_limit, read_file, read_stdin};
use puppet_cli::confine::Roots;
use puppet_cli::walk::{Walker, GIVEN_LIMITS, GIVEN_WORLD};

use puppet_core::syntax::{self, Program};
use puppet_core::{Diagnostic, LineIndex};

pub const USAGE: &str = "\
usage: puppet-eval parse [--ast] [--tokens] [--quiet] (PATH... | -e CODE | -)
       parses .pp files and .epp templates (folders recursively), prints diagnostics as
       file:line:col: message and a summary line; exit status 1 when a file has an error";

struct Options {
    ast: bool,
    tokens: bool,
    quiet: bool,
    code: Option<String>,
    paths: Vec<PathBuf>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        ast: false,
        tokens: false,
        quiet: false,
        code: None,
        paths: Vec::new(),
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--ast" => options.ast = true,
            "--tokens" => options.tokens = true,
            "--quiet" | "-q" => options.quiet = true,
            "-e" => match iter.next() {
                Some(code) => options.code = Some(code.clone()),
                None => return Err("-e needs the code to parse".into()),
            },
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            path => options.paths.push(PathBuf::from(path)),
        }
    }
    if options.code.is_none() && options.paths.is_empty() {
        return Err("no files given".into());
    }
    Ok(options)
}

/// Runs `parse` with the arguments after the word `parse`.
pub fn run(args: &[String]) -> ExitCode {
    let options = match parse_options(args) {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("puppet-eval parse: {message}");
            }
            eprintln!("{USAGE}");
            return if message.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            };
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    if let Some(code) = &options.code {
        let bytes = code.as_bytes().to_vec();
        parse_one("-e", false, bytes, &options, &mut tally, &mut out);
    }
    let roots = Roots::new(options.paths.iter().filter(|path| path.as_os_str() != "-"));
    let mut files = Vec::new();
    for path in &options.paths {
        if path.as_os_str() == "-" {
            match read_stdin(file_limit()) {
                Ok(bytes) => parse_one("<stdin>", false, bytes, &options, &mut tally, &mut out),
                Err(e) => {
                    eprintln!("puppet-eval parse: cannot read standard input: {e}");
                    return ExitCode::from(2);
                }
            }
            continue;
        }
        match collect(path, &roots, &mut files) {
            Ok(notes) => {
                for note in notes {
                    eprintln!("puppet-eval parse: warning: {note}");
                }
            }
            Err(e) => {
                eprintln!("puppet-eval parse: {}: {e}", path.display());
                tally.failed += 1;
                tally.files += 1;
            }
        }
    }
    for (name, disk) in files {
        let template = name.ends_with(".epp");
        match read_file(&disk, file_limit()) {
            Ok(bytes) => parse_one(&name, template, bytes, &options, &mut tally, &mut out),
            Err(e) => {
                let _ = writeln!(out, "{name}: cannot read: {e}");
                tally.files += 1;
                tally.failed += 1;
            }
        }
    }
    let seconds = tally.parsing.as_secs_f64();
    let throughput = if seconds > 0.0 {
        tally.bytes as f64 / 1_000_000.0 / seconds
    } else {
        0.0
    };
    let _ = writeln!(
        out,
        "files={} ok={} failed={} bytes={} seconds={seconds:.4} MB/s={throughput:.1}",
        tally.files,
        tally.files - tally.failed,
        tally.failed,
        tally.bytes
    );
    let _ = out.flush();
    if tally.failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[derive(Default)]
struct Tally {
    files: usize,
    failed: usize,
    bytes: usize,
    parsing: Duration,
}

/// Files to parse under `path` (as shown, where to read them): the file itself (a link named on
/// the command line is followed), or every `.pp` / `.epp` below a folder, sorted, through the
/// one walker (links followed only inside the paths given); and the walk's notes.
fn collect(
    path: &Path,
    roots: &Roots,
    files: &mut Vec<(String, PathBuf)>,
) -> io::Result<Vec<String>> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_dir() {
        files.push((path.display().to_string(), path.to_path_buf()));
        return Ok(Vec::new());
    }
    let wanted = |name: &str| name.ends_with(".pp") || name.ends_with(".epp");
    let walker = Walker {
        roots,
        limits: GIVEN_LIMITS,
        world: GIVEN_WORLD,
        skipped_dirs: &[],
        wanted: &wanted,
    };
    let walked = walker.walk(
        &std::fs::canonicalize(path)?,
        &path.display().to_string(),
        0,
    );
    files.extend(walked.files.into_iter().map(|file| (file.name, file.disk)));
    Ok(walked.notes.into_iter().map(|note| note.message).collect())
}

fn parse_one(
    name: &str,
    template: bool,
    bytes: Vec<u8>,
    options: &Options,
    tally: &mut Tally,
    out: &mut impl Write,
) {
    tally.files += 1;
    tally.bytes += bytes.len();
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(e) => {
            let _ = writeln!(
                out,
                "{name}: not valid UTF-8 (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            );
            tally.failed += 1;
            return;
        }
    };
    let started = Instant::now();
    let (program, diagnostics): (Program, Vec<Diagnostic>) = if template {
        syntax::parse_epp(&source)
    } else {
        syntax::parse(&source)
    };
    tally.parsing += started.elapsed();
    if diagnostics.iter().any(Diagnostic::is_error) {
        tally.failed += 1;
    }
    if !options.quiet {
        let index = LineIndex::new(&source);
        for diagnostic in &diagnostics {
            let position = index.line_col(&source, diagnostic.span.start);
            // `file:line:col: message`; warnings say so.
            let severity = if diagnostic.is_error() {
                ""
            } else {
                "warning: "
            };
            let _ = writeln!(
                out,
                "{name}:{}:{}: {severity}{}",
                position.line, position.column, diagnostic.message
            );
        }
        if let Some(summary) = syntax::validation_summary(&diagnostics) {
            let _ = writeln!(out, "{name}: {summary}");
        }
    }
    if options.tokens {
        let tokens = if template {
            syntax::epp_tokens(&source)
        } else {
            syntax::tokens(&source)
        };
        for token in tokens {
            let text = source
                .get(token.span.start as usize..token.span.end as usize)
                .unwrap_or("");
            let _ = writeln!(
                out,
                "{}..{} {} {text:?}",
                token.span.start, token.span.end, token.kind
            );
        }
    }
    if options.ast {
        let _ = write!(out, "{}", syntax::dump_ast(&program));
    }
}
