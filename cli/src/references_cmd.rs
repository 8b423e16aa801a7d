//! `puppet-eval references [--env DIR] FILE:LINE:COL`: every place that names what is at a place of
//! a manifest (a class or defined type, a function, a type alias, a variable, a looked-up Hiera
//! key), as the playground's Shift+F12 lists them: across FILE and, with `--env`, the environment's
//! manifests and data files.

use std::path::Path;
use std::process::ExitCode;

use puppet_cli::bounded_read::{read_text, ReadProblem, TextProblem};
use puppet_cli::confine::Roots;
use puppet_cli::walk::{WalkLimits, Walker};
use puppet_core::ide::references;
use puppet_core::Limits;

use crate::place::{line_and_column, offset_of, parse_place};

pub const USAGE: &str = "\
usage: puppet-eval references [--env DIR] FILE:LINE:COL
       prints every place that names what is at line LINE, column COL of FILE (1-based, in
       characters), its definition included, as PATH:LINE:COL, sorted by path then position;
       with --env the environment's .pp files and data files (data/*.yaml, *.json) are searched
       too (their paths relative to DIR); exit status 1 when nothing is named there";

/// The references as `PATH:LINE:COL` lines, for `files` (`(path, text)`) at `offset` of `path`.
pub fn reference_lines(files: &[(String, String)], path: &str, offset: usize) -> Vec<String> {
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    references(&borrowed, path, offset)
        .into_iter()
        .filter_map(|target| {
            let text = borrowed.iter().find(|(p, _)| *p == target.path)?.1;
            let (line, column) = line_and_column(text, target.start);
            Some(format!("{}:{line}:{column}", target.path))
        })
        .collect()
}

/// The manifests and data files under `dir`, with paths relative to it (`/`-separated), within
/// the environment's limits (files, bytes, nesting), links followed only inside `dir`; and the
/// notes of what was refused or left out.
fn environment_files(dir: &Path) -> (Vec<(String, String)>, Vec<String>) {
    let limits = Limits::default();
    let roots = Roots::new([dir]);
    let Ok(start) = std::fs::canonicalize(dir) else {
        return (Vec::new(), Vec::new());
    };
    let wanted = |name: &str| {
        [".pp", ".yaml", ".yml", ".json"]
            .iter()
            .any(|ext| name.ends_with(ext))
    };
    let walker = Walker {
        roots: &roots,
        limits: WalkLimits {
            max_files: limits.max_env_files,
            max_depth: limits.max_path_depth,
            max_path_len: limits.max_path_len,
        },
        world: "the environment",
        skipped_dirs: &[],
        wanted: &wanted,
    };
    let walked = walker.walk(&start, "", 0);
    let mut notes: Vec<String> = walked.notes.into_iter().map(|note| note.message).collect();
    let mut out = Vec::new();
    let mut budget = limits.max_env_bytes as u64;
    for file in walked.files {
        match read_text(&file.disk, budget) {
            Ok(text) => {
                budget -= text.len() as u64;
                out.push((file.name, text));
            }
            Err(TextProblem::Read(ReadProblem::TooLarge { .. })) => {
                notes.push(format!(
                    "The file '{}' is left out, and any after it: the environment's files would exceed the limit of {} bytes",
                    file.name, limits.max_env_bytes
                ));
                break;
            }
            // Unreadable or not text: not a file references are found in.
            Err(_) => {}
        }
    }
    (out, notes)
}

/// Runs `references` with the arguments after the word `references`.
pub fn run(args: &[String]) -> ExitCode {
    let (env, place) = match args {
        [place] => (None, place),
        [flag, dir, place] if flag == "--env" => (Some(Path::new(dir)), place),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Some((file, line, column)) = parse_place(place) else {
        eprintln!("puppet-eval references: {place} is not FILE:LINE:COL\n{USAGE}");
        return ExitCode::from(2);
    };
    let limit = puppet_cli::bounded_read::file_limit();
    let text = match puppet_cli::bounded_read::read_text(std::path::Path::new(file), limit) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("puppet-eval references: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(offset) = offset_of(&text, line, column) else {
        eprintln!("puppet-eval references: {file} has no line {line}");
        return ExitCode::from(2);
    };
    // FILE is named as inside the environment when it is there, else as given.
    let inside = env.and_then(|dir| crate::place::path_inside(dir, file));
    let path = inside.unwrap_or_else(|| file.to_string());
    let (mut files, notes) = env.map(environment_files).unwrap_or_default();
    for note in notes {
        eprintln!("puppet-eval references: warning: {note}");
    }
    files.retain(|(p, _)| *p != path);
    files.push((path.clone(), text));
    let lines = reference_lines(&files, &path, offset);
    if lines.is_empty() {
        eprintln!("puppet-eval references: nothing named at {place}");
        return ExitCode::FAILURE;
    }
    for line in lines {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_across_the_environment_and_a_local_variable() {
        let files = vec![
            (
                "modules/app/manifests/init.pp".to_string(),
                "class app {\n  $port = 80\n}\n".to_string(),
            ),
            (
                "site.pp".to_string(),
                "include app\n$x = 1\nnotice($x)\nclass { 'app': }\n".to_string(),
            ),
        ];
        let site = &files[1].1;
        assert_eq!(
            reference_lines(&files, "site.pp", site.find("app").unwrap_or(0)),
            [
                "modules/app/manifests/init.pp:1:7",
                "site.pp:1:9",
                "site.pp:4:10"
            ]
        );
        assert_eq!(
            reference_lines(&files, "site.pp", site.find("$x)").unwrap_or(0)),
            ["site.pp:2:1", "site.pp:3:8"]
        );
        assert!(reference_lines(&files, "site.pp", site.find('=').unwrap_or(0)).is_empty());
    }

    #[test]
    fn an_environment_directory_read_with_relative_paths() {
        let dir =
            std::env::temp_dir().join(format!("puppet-eval-references-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let manifests = dir.join("modules/app/manifests");
        std::fs::create_dir_all(&manifests).expect("mkdir");
        std::fs::write(manifests.join("init.pp"), "class app { }\n").expect("write");
        std::fs::write(dir.join("README.md"), "not read").expect("write");
        let (files, notes) = environment_files(&dir);
        assert!(notes.is_empty(), "{notes:?}");
        let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["modules/app/manifests/init.pp"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
