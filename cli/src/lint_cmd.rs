//! `puppet-eval lint`: puppet-lint's checks on files and folders, printed as puppet-lint prints
//! them (or as JSON Lines), exiting as puppet-lint exits; `--fix` rewrites the files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use puppet_cli::bounded_read::{file_limit, read_text, ReadProblem, TextProblem};
use puppet_cli::confine::Roots;
use puppet_cli::walk::{Walker, GIVEN_LIMITS, GIVEN_WORLD};
use puppet_core::lint::{self, Finding, Kind, Options};

pub const USAGE: &str = "\
usage: puppet-eval lint [--fix] [--json] [--fail-on-warnings] [--relative] [--show-ignored]
                        [--only-checks A,B] [--no-<check>-check] [--<check>-check]
                        [--log-format FORMAT] [--with-filename] [--ignore-paths GLOBS]
                        [--no-config] [-c FILE] PATH...
       puppet-lint 3.0.1's checks on .pp files (folders recursively), printed as it prints them;
       reads /etc/puppet-lint.rc, ~/.puppet-lint.rc and ./.puppet-lint.rc; --json prints one
       {path, line, column, check, kind, message} object per line";

struct Args {
    options: Options,
    json: bool,
    log_format: Option<String>,
    with_filename: bool,
    ignore_paths: Vec<String>,
    paths: Vec<PathBuf>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut options = Options::default();
    let no_config = args.iter().any(|a| a == "--no-config");
    let mut config_files = Vec::new();
    if !no_config {
        config_files.push(PathBuf::from("/etc/puppet-lint.rc"));
        if let Some(home) = std::env::var_os("HOME") {
            config_files.push(PathBuf::from(home).join(".puppet-lint.rc"));
        }
        config_files.push(PathBuf::from(".puppet-lint.rc"));
    }
    let mut out = Args {
        options: Options::default(),
        json: false,
        log_format: None,
        with_filename: false,
        ignore_paths: Vec::new(),
        paths: Vec::new(),
    };
    let mut rest: Vec<(String, Option<String>)> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        match a.as_str() {
            "--json" => out.json = true,
            "--no-config" => {}
            "--with-filename" => out.with_filename = true,
            "-c" | "--config" | "--log-format" | "--ignore-paths" => {
                let value = args
                    .get(i + 1)
                    .ok_or_else(|| format!("missing argument: {a}"))?;
                if a == "--log-format" {
                    out.log_format = Some(value.clone());
                } else if a == "--ignore-paths" {
                    out.ignore_paths = value.split(',').map(str::to_string).collect();
                } else {
                    config_files.push(PathBuf::from(value));
                }
                i += 1;
            }
            _ if a.starts_with('-') && a.len() > 1 => {
                rest.push((a.clone(), args.get(i + 1).cloned()));
                if (a == "--only-checks" || a == "--error-level") && !a.contains('=') {
                    i += 1;
                }
            }
            _ => out.paths.push(PathBuf::from(a)),
        }
        i += 1;
    }
    for file in config_files {
        match read_text(&file, file_limit()) {
            Ok(text) => {
                for error in options.apply_rc(&text) {
                    eprintln!("puppet-eval lint: {}: {error}", file.display());
                }
            }
            // A missing configuration file is the usual case.
            Err(TextProblem::Read(ReadProblem::Io(_))) => {}
            Err(problem) => {
                eprintln!("puppet-eval lint: {}: not read: {problem}", file.display());
            }
        }
    }
    for (option, next) in &rest {
        options.apply(option, next.as_deref())?;
    }
    out.options = options;
    Ok(out)
}

/// The `.pp` files under a folder (as shown, where to read them), sorted (puppet-lint's glob
/// order), through the one walker: as Ruby's glob it does not enter linked folders, and links
/// are followed only inside the paths given; and the walk's notes.
fn manifests(dir: &Path, roots: &Roots, out: &mut Vec<(PathBuf, PathBuf)>) -> Vec<String> {
    let Ok(start) = std::fs::canonicalize(dir) else {
        return Vec::new();
    };
    let wanted = |name: &str| name.ends_with(".pp");
    let walker = Walker {
        roots,
        limits: GIVEN_LIMITS,
        world: GIVEN_WORLD,
        skipped_dirs: &[],
        wanted: &wanted,
    };
    let walked = walker.walk(&start, &dir.display().to_string(), 0);
    out.extend(
        walked
            .files
            .into_iter()
            .map(|file| (PathBuf::from(file.name), file.disk)),
    );
    walked.notes.into_iter().map(|note| note.message).collect()
}

/// Write a fixed file where it is on disk, only inside the paths given (resolved again now: a
/// link that leaves them is never written through).
fn write_inside(roots: &Roots, disk: &Path, text: &str) -> Result<(), String> {
    let canonical = std::fs::canonicalize(disk).map_err(|e| e.to_string())?;
    if !roots.contains(&canonical) {
        return Err(format!(
            "it leads to '{}', outside {GIVEN_WORLD}",
            canonical.display()
        ));
    }
    std::fs::write(&canonical, text).map_err(|e| e.to_string())
}

fn format_line(format: &str, path: &str, fullpath: &str, f: &Finding) -> String {
    let filename = Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format
        .replace("%{path}", path)
        .replace("%{fullpath}", fullpath)
        .replace("%{filename}", &filename)
        .replace("%{line}", &f.line.to_string())
        .replace("%{column}", &f.column.to_string())
        .replace("%{kind}", f.kind.as_str())
        .replace("%{KIND}", &f.kind.as_str().to_uppercase())
        .replace("%{check}", f.check)
        .replace("%{message}", &f.message)
}

fn json_line(path: &str, f: &Finding) -> String {
    serde_json::json!({
        "path": path,
        "line": f.line,
        "column": f.column,
        "check": f.check,
        "kind": f.kind.as_str(),
        "message": f.message,
    })
    .to_string()
}

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let args = match parse(args) {
        Ok(args) => args,
        Err(message) => {
            println!("puppet-lint: {message}");
            println!("puppet-lint: try 'puppet-lint --help' for more information");
            return ExitCode::from(1);
        }
    };
    if args.paths.is_empty() {
        println!("puppet-lint: no file specified");
        println!("puppet-lint: try 'puppet-lint --help' for more information");
        return ExitCode::from(1);
    }
    // `--fix` writes only inside these, resolved.
    let roots = Roots::new(&args.paths);
    let mut files = Vec::new();
    for path in &args.paths {
        if path.is_dir() {
            for note in manifests(path, &roots, &mut files) {
                eprintln!("puppet-eval lint: warning: {note}");
            }
        } else {
            // A file named on the command line is read where its links lead.
            let disk = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            files.push((path.clone(), disk));
        }
    }
    let with_filename = args.with_filename || files.len() > 1;
    let format = args.log_format.clone().unwrap_or_else(|| {
        let mut f = String::new();
        if with_filename {
            f.push_str("%{path} - ");
        }
        f.push_str("%{KIND}: %{message} on line %{line} (check: %{check})");
        f
    });
    let level = args
        .options
        .error_level
        .clone()
        .unwrap_or_else(|| "all".into());
    let mut failed = false;
    for (file, disk) in &files {
        let shown = file.to_string_lossy();
        if args
            .ignore_paths
            .iter()
            .any(|p| fnmatch(p.as_bytes(), shown.as_bytes()))
        {
            continue;
        }
        let source = match read_text(disk, file_limit()) {
            Ok(source) => source,
            Err(TextProblem::Read(
                problem @ (ReadProblem::NotRegular | ReadProblem::TooLarge { .. }),
            )) => {
                eprintln!("puppet-eval lint: {shown} is not read: {problem}");
                failed = true;
                continue;
            }
            Err(_) => {
                println!("puppet-lint: no file specified or specified file does not exist");
                println!("puppet-lint: try 'puppet-lint --help' for more information");
                return ExitCode::from(1);
            }
        };
        let path = file.to_string_lossy().into_owned();
        let fullpath = std::path::absolute(file)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| path.clone());
        let report = lint::lint(&source, Some(&fullpath), &args.options);
        for note in &report.notes {
            eprintln!("{note}");
        }
        for f in &report.findings {
            if f.kind == Kind::Ignored && !args.options.show_ignored {
                continue;
            }
            if f.kind != Kind::Fixed && level != "all" && level != f.kind.as_str() {
                continue;
            }
            if args.json {
                println!("{}", json_line(&path, f));
            } else {
                println!("{}", format_line(&format, &path, &fullpath, f));
                if f.kind == Kind::Ignored {
                    if let Some(reason) = &f.reason {
                        println!("  {reason}");
                    }
                }
            }
        }
        if report.findings.iter().any(|f| f.check == "syntax") {
            eprintln!("Try running `puppet parser validate <file>`");
        }
        if report.failed(&args.options) {
            failed = true;
        }
        if let Some(fixed) = &report.fixed {
            if fixed != &source {
                if let Err(error) = write_inside(&roots, disk, fixed) {
                    eprintln!("puppet-eval lint: cannot write {path}: {error}");
                }
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Ruby's `File.fnmatch` without flags: `*` and `?` match any characters (slashes too),
/// `[...]` a set.
fn fnmatch(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() {
            match pattern[p] {
                b'*' => {
                    star = Some((p, t));
                    p += 1;
                    continue;
                }
                b'?' => {
                    p += 1;
                    t += 1;
                    continue;
                }
                b'[' => {
                    if let Some(close) = pattern[p + 1..].iter().position(|&b| b == b']') {
                        let set = &pattern[p + 1..p + 1 + close];
                        let (negate, set) = match set.first() {
                            Some(b'!' | b'^') => (true, &set[1..]),
                            _ => (false, set),
                        };
                        let mut hit = false;
                        let mut k = 0;
                        while k < set.len() {
                            if k + 2 < set.len() && set[k + 1] == b'-' {
                                hit |= (set[k]..=set[k + 2]).contains(&text[t]);
                                k += 3;
                            } else {
                                hit |= set[k] == text[t];
                                k += 1;
                            }
                        }
                        if hit != negate {
                            p += close + 2;
                            t += 1;
                            continue;
                        }
                    } else if text[t] == b'[' {
                        p += 1;
                        t += 1;
                        continue;
                    }
                }
                c if c == text[t] => {
                    p += 1;
                    t += 1;
                    continue;
                }
                _ => {}
            }
        }
        match star {
            Some((sp, st)) => {
                p = sp + 1;
                t = st + 1;
                star = Some((sp, st + 1));
            }
            None => return false,
        }
    }
    pattern[p..].iter().all(|&b| b == b'*')
}

#[cfg(test)]
mod tests {
    use super::fnmatch;

    #[test]
    fn fnmatch_as_ruby() {
        assert!(fnmatch(b"vendor/*", b"vendor/a/b.pp"));
        assert!(fnmatch(b"*.pp", b"x/y.pp"));
        assert!(!fnmatch(b"spec/*", b"manifests/init.pp"));
        assert!(fnmatch(b"m?n/[a-c].pp", b"man/b.pp"));
    }
}
