//! `puppet-eval diff FROM TO`: what a change does to the catalogs of a set of nodes, and
//! `puppet-eval diff --merge PARTS...`, which joins the JSON reports of shards into one.

use std::path::PathBuf;
use std::process::ExitCode;

use puppet_core::diff::{counts, DiffOptions, Grouper, IgnoreRule};
use puppet_core::EvalOptions;

use crate::diff_compile::{diff_nodes, Compiles};
use crate::diff_json::{self, Report};
use crate::diff_nodes::{read_nodes, Node};
use crate::diff_version::Version;

const USAGE: &str = "\
usage: puppet-eval diff FROM TO [OPTIONS]      compile each node at both versions and report what changed
       puppet-eval diff --merge [--format F] PART.json...   join shards' JSON reports into one

FROM and TO are environment directories, or REPO@REV: a revision of the git repository REPO
(`.@main`, `/srv/control@v1.2`), whose files are the environment.

options:
  --nodes DIR              the nodes: one fact file each, NAME.json or NAME.yaml (`puppet facts show`,
                           `puppet facts find --render-as json|yaml`, a PuppetDB export); the
                           certname is the one the file names, else the file's name
                           (default: one node, playground, without facts)
  --format text|markdown|json   the report (default: text); markdown fits a pull-request comment
  --shard I/N              compile only the I-th of N shares of the nodes (1 <= I <= N); the
                           shards' JSON reports join with --merge into the whole run's report
  --ignore Type[Title][::attribute][,...]   leave out resources, or one parameter of them
                           (`*` matches anything: 'File[/var/cache/*]', 'Exec[*]::timeout')
  --ignore-attr NAME[,...] leave out this parameter of every resource
  --display-detail-add     show the parameters of added resources
  --jobs N                 compile on N threads (default: every core)
  --strict=error|warning|off   Puppet's strict setting (default: error)
  --allow-links-to DIR[:DIR]   directories outside the environments their symbolic links may lead
                           into (modules linked in from elsewhere); other links are not followed
  -o, --output FILE        write the report to FILE instead of standard output

exit status: 0 when no node changed, 2 when some did, 1 when a node fails to compile at TO
or the run could not be made.";

/// The exit status when some node's catalog changed.
const CHANGED: u8 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Markdown,
    Json,
}

struct Args {
    versions: Vec<String>,
    merge: Vec<PathBuf>,
    merging: bool,
    nodes: Option<PathBuf>,
    format: Format,
    shard: Option<(usize, usize)>,
    diff: DiffOptions,
    jobs: usize,
    options: EvalOptions,
    output: Option<PathBuf>,
    link_targets: Vec<PathBuf>,
}

fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let refuse = || format!("--shard takes I/N with 1 <= I <= N, not '{text}'");
    let (i, n) = text.split_once('/').ok_or_else(refuse)?;
    let (i, n): (usize, usize) = (
        i.parse().map_err(|_| refuse())?,
        n.parse().map_err(|_| refuse())?,
    );
    if i == 0 || i > n {
        return Err(refuse());
    }
    Ok((i, n))
}

/// The value after an option.
fn value(parser: &mut lexopt::Parser) -> Result<String, String> {
    use lexopt::ValueExt;
    let text = |e: lexopt::Error| e.to_string();
    parser.value().map_err(text)?.string().map_err(text)
}

fn parse_args(arguments: &[String]) -> Result<Option<Args>, String> {
    use lexopt::prelude::*;
    let mut args = Args {
        versions: Vec::new(),
        merge: Vec::new(),
        merging: false,
        nodes: None,
        format: Format::Text,
        shard: None,
        diff: DiffOptions::default(),
        jobs: std::thread::available_parallelism().map_or(1, usize::from),
        // One time for every compile of the diff, so that both sides see the same "now".
        options: EvalOptions {
            now: puppet_cli::clock::now(),
            ..EvalOptions::default()
        },
        output: None,
        link_targets: Vec::new(),
    };
    let mut parser = lexopt::Parser::from_args(arguments);
    let text = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(text)? {
        match arg {
            Long("merge") => args.merging = true,
            Long("nodes") => args.nodes = Some(PathBuf::from(value(&mut parser)?)),
            Long("format") => {
                args.format = match value(&mut parser)?.as_str() {
                    "text" => Format::Text,
                    "markdown" => Format::Markdown,
                    "json" => Format::Json,
                    other => {
                        return Err(format!(
                            "--format takes text, markdown or json, not '{other}'"
                        ))
                    }
                }
            }
            Long("shard") => args.shard = Some(parse_shard(&value(&mut parser)?)?),
            Long("ignore") => {
                for item in value(&mut parser)?.split(',').filter(|s| !s.is_empty()) {
                    args.diff.ignore.push(IgnoreRule::resource(item)?);
                }
            }
            Long("ignore-attr") => {
                for item in value(&mut parser)?.split(',').filter(|s| !s.is_empty()) {
                    args.diff.ignore.push(IgnoreRule::attribute(item));
                }
            }
            Long("display-detail-add") => args.diff.detail_add = true,
            Long("jobs") | Short('j') => {
                let jobs = value(&mut parser)?;
                args.jobs = jobs
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("--jobs takes a number of threads, not '{jobs}'"))?;
            }
            Long("strict") => {
                args.options.strict = match value(&mut parser)?.as_str() {
                    "error" => puppet_core::Strictness::Error,
                    "warning" => puppet_core::Strictness::Warning,
                    "off" => puppet_core::Strictness::Off,
                    other => {
                        return Err(format!(
                            "--strict takes error, warning or off, not '{other}'"
                        ))
                    }
                }
            }
            Long("allow-links-to") => {
                let dirs = puppet_cli::workspace::link_targets(&value(&mut parser)?)?;
                args.link_targets.extend(dirs);
            }
            Long("output") | Short('o') => args.output = Some(PathBuf::from(value(&mut parser)?)),
            Short('h') | Long("help") => {
                println!("{USAGE}");
                return Ok(None);
            }
            Value(item) => {
                let item = item.string().map_err(|p| format!("{p:?} is not UTF-8"))?;
                args.versions.push(item);
            }
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    if args.merging {
        if args.versions.is_empty() {
            return Err("--merge takes the JSON reports of the shards".into());
        }
        args.merge = args.versions.drain(..).map(PathBuf::from).collect();
    } else if args.versions.len() != 2 {
        return Err("diff takes two versions, FROM and TO".into());
    }
    Ok(Some(args))
}

/// Run `puppet-eval diff` with the arguments after `diff`.
pub fn run(arguments: &[String]) -> ExitCode {
    let args = match parse_args(arguments) {
        Ok(Some(args)) => args,
        Ok(None) => return ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("puppet-eval diff: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let report = if args.merging {
        merge(&args.merge)
    } else {
        compare(&args)
    };
    match report {
        Ok(report) => emit(&report, &args),
        Err(message) => {
            eprintln!("puppet-eval diff: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Compile and diff this run's nodes.
fn compare(args: &Args) -> Result<Report, String> {
    let from = Version::open(&args.versions[0])?;
    let to = Version::open(&args.versions[1])?;
    let nodes = match &args.nodes {
        Some(dir) => read_nodes(dir)?,
        None => vec![Node {
            name: "playground".into(),
            facts: None,
        }],
    };
    let nodes: Vec<Node> = match args.shard {
        Some((i, n)) => nodes
            .into_iter()
            .enumerate()
            .filter(|(at, _)| at % n == i - 1)
            .map(|(_, node)| node)
            .collect(),
        None => nodes,
    };
    let compiles = Compiles {
        from: &from.dir,
        to: &to.dir,
        options: &args.options,
        diff: &args.diff,
        jobs: args.jobs,
        link_targets: &args.link_targets,
    };
    let groups = diff_nodes(&compiles, &nodes).finish();
    Ok(Report {
        from: from.label.clone(),
        to: to.label.clone(),
        shard: args.shard.map(|(i, n)| format!("{i}/{n}")),
        groups,
    })
}

/// The shards' reports as one: their nodes regrouped.
fn merge(parts: &[PathBuf]) -> Result<Report, String> {
    let mut grouper = Grouper::new();
    let mut versions: Option<(String, String)> = None;
    let mut shards: Vec<(usize, usize)> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for path in parts {
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        let json: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{shown}: not JSON: {e}"))?;
        let part = diff_json::from_json(&json).map_err(|e| format!("{shown}: {e}"))?;
        match &versions {
            None => versions = Some((part.from.clone(), part.to.clone())),
            Some((from, to)) if *from != part.from || *to != part.to => {
                return Err(format!(
                    "{shown}: compares {} → {}, not {from} → {to}",
                    part.from, part.to
                ));
            }
            Some(_) => {}
        }
        if let Some(shard) = &part.shard {
            shards.push(parse_shard(shard).map_err(|e| format!("{shown}: {e}"))?);
        }
        for group in part.groups {
            for node in group.nodes {
                if !seen.insert(node.clone()) {
                    return Err(format!("{shown}: the node {node} is in another part too"));
                }
                grouper.add(node, group.diff.clone());
            }
        }
    }
    check_shards(&mut shards)?;
    let (from, to) = versions.unwrap_or_default();
    Ok(Report {
        from,
        to,
        shard: None,
        groups: grouper.finish(),
    })
}

/// Shards merged must be all of one split, each once.
fn check_shards(shards: &mut [(usize, usize)]) -> Result<(), String> {
    let Some(&(_, n)) = shards.first() else {
        return Ok(());
    };
    shards.sort();
    let expected: Vec<(usize, usize)> = (1..=n).map(|i| (i, n)).collect();
    if shards != expected.as_slice() {
        let got: Vec<String> = shards.iter().map(|(i, n)| format!("{i}/{n}")).collect();
        return Err(format!(
            "the parts are shards {}, not all of 1/{n} to {n}/{n} once",
            got.join(", ")
        ));
    }
    Ok(())
}

fn emit(report: &Report, args: &Args) -> ExitCode {
    let text = match args.format {
        Format::Text => crate::diff_text::render(&report.from, &report.to, &report.groups),
        Format::Markdown => crate::diff_markdown::render(&report.from, &report.to, &report.groups),
        Format::Json => match serde_json::to_string_pretty(&diff_json::to_json(report)) {
            Ok(text) => text + "\n",
            Err(e) => {
                eprintln!("puppet-eval diff: cannot write the report: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let written = match &args.output {
        Some(path) => std::fs::write(path, &text).map_err(|e| format!("{}: {e}", path.display())),
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| e.to_string())
        }
    };
    if let Err(message) = written {
        eprintln!("puppet-eval diff: cannot write the report: {message}");
        return ExitCode::FAILURE;
    }
    let counts = counts(&report.groups);
    if counts.errored > 0 {
        ExitCode::FAILURE
    } else if counts.changed > 0 {
        ExitCode::from(CHANGED)
    } else {
        ExitCode::SUCCESS
    }
}
