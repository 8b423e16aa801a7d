//! A hostile file system under `puppet-eval`: symbolic links out of the environment (or out of
//! the folders given to `parse` and `lint`), link loops, huge, endless and special files, and
//! more files than the environment may hold. Nothing from outside reaches the output, a message
//! names what was refused or left out, and every run ends promptly in little memory.
#![cfg(unix)]

use std::fs;
use std::io::Read;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a file outside the environment holds: it must never be printed.
const MARKER: &str = "OUTSIDE-MARKER-7f3a";

/// Generous for a debug build on a busy machine; a link loop followed without end takes more.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// A run refused a 1 GiB file without reading it when its peak stays well below the file.
const PEAK_LIMIT_KB: i64 = 200 * 1024;

/// Standard input of unknown length is read up to the 64 MiB limit before it is refused: that,
/// and the buffer's growth on the way (measured: 217 MB), but never more.
const STDIN_PEAK_LIMIT_KB: i64 = 320 * 1024;

/// The environment's file limit (core's `Limits::default().max_env_files`).
const MAX_ENV_FILES: usize = 20_000;

/// One run of `puppet-eval`.
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
    /// The child's own peak resident memory, from `wait4`.
    peak_kb: i64,
}

impl Run {
    fn output(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }

    /// The run refused something outside: nothing of it printed, `named` in the messages.
    fn refused(&self, named: &str) {
        let output = self.output();
        assert!(
            !output.contains(MARKER),
            "the outside file leaked:\n{output}"
        );
        if let Some(line) = passwd_line() {
            assert!(!output.contains(&line), "/etc/passwd leaked:\n{output}");
        }
        // On standard error, or in --json's error.
        assert!(
            output.contains(&format!("'{named}' is not read"))
                || output.contains(&format!("'{named}' is a symbolic link")),
            "no message names {named}:\n{output}"
        );
        assert_ne!(self.code, Some(0), "{output}");
    }
}

/// The first line of `/etc/passwd`, if there is one to look for.
fn passwd_line() -> Option<String> {
    let text = fs::read_to_string("/etc/passwd").ok()?;
    text.lines()
        .next()
        .filter(|l| l.len() > 8)
        .map(str::to_string)
}

/// Run `puppet-eval` with `args` (no input), within [`TIME_LIMIT`], reaping it with `wait4` for
/// its peak memory.
fn run(args: &[&str]) -> Run {
    run_with_input(args, Stdio::null())
}

/// [`run`] with `stdin` as the standard input.
// The child is reaped by wait4 (for its rusage), which clippy cannot see.
#[allow(clippy::zombie_processes)]
fn run_with_input(args: &[&str], stdin: Stdio) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puppet-eval"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn puppet-eval");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut timed_out = false;
    loop {
        // SAFETY: waits for our own child, with pointers to live locals.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            break;
        }
        assert!(done == 0, "wait4 failed");
        if started.elapsed() > TIME_LIMIT && !timed_out {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let run = Run {
        stdout: stdout.join().expect("stdout thread"),
        stderr: stderr.join().expect("stderr thread"),
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        peak_kb: usage.ru_maxrss,
    };
    assert!(
        !timed_out,
        "puppet-eval {args:?} ran past {TIME_LIMIT:?}:\n{}",
        run.output()
    );
    run
}

/// A scratch folder, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch::under(&std::env::temp_dir(), name)
    }

    /// In memory when the system has a tmpfs at `/dev/shm`: tens of thousands of files are
    /// made there in a moment, where a busy disk takes seconds.
    fn in_memory(name: &str) -> Scratch {
        let shm = Path::new("/dev/shm");
        if shm.is_dir() {
            Scratch::under(shm, name)
        } else {
            Scratch::new(name)
        }
    }

    fn under(base: &Path, name: &str) -> Scratch {
        let dir = base.join(format!(
            "puppet-eval-hostile-fs-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(fs::canonicalize(dir).expect("canonical"))
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.0.join(relative)
    }

    fn str(&self, relative: &str) -> String {
        self.path(relative).to_string_lossy().into_owned()
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        fs::write(path, text).expect("write");
    }

    fn link(&self, target: impl AsRef<Path>, relative: &str) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        symlink(target, path).expect("symlink");
    }

    fn sparse(&self, relative: &str, len: u64) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        fs::File::create(path)
            .expect("create")
            .set_len(len)
            .expect("set_len");
    }

    fn fifo(&self, relative: &str) {
        let path = self.path(relative);
        let name = std::ffi::CString::new(path.to_string_lossy().as_bytes()).expect("path");
        // SAFETY: a valid C string for the call's duration.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// An environment `env/` whose files lead outside it (to `outside/`, which holds the marker,
/// and to `/etc/passwd`) in every way the engine reads files.
fn environment_with_links_out(name: &str) -> Scratch {
    let s = Scratch::new(name);
    s.write("outside/secret", &format!("{MARKER}\n"));
    s.write("outside/data.yaml", &format!("key: {MARKER}\n"));
    s.write(
        "outside/evil/manifests/init.pp",
        &format!("class evil {{ notice('{MARKER}') }}\n"),
    );
    s.write(
        "outside/leak/init.pp",
        &format!("class leak {{ notice('{MARKER}') }}\n"),
    );
    s.write("env/hiera.yaml", "version: 5\n");
    s.write("env/manifests/site.pp", "include leak\n");
    s.link(s.path("outside/secret"), "env/modules/m/files/secret");
    s.link("/etc/passwd", "env/modules/m/files/passwd");
    s.link(
        "../../../../outside/secret",
        "env/modules/m/templates/t.erb",
    );
    s.link(
        "../../../../outside/secret",
        "env/modules/m/templates/t.epp",
    );
    s.link("../../outside/data.yaml", "env/data/common.yaml");
    s.link(s.path("outside/evil"), "env/modules/evil");
    s.link(
        s.path("outside/leak/init.pp"),
        "env/modules/leak/manifests/init.pp",
    );
    s
}

#[test]
fn links_out_of_the_environment_are_refused_and_named() {
    let s = environment_with_links_out("links-out");
    let env = s.str("env");
    let cases = [
        ("notice(file('m/secret'))", "modules/m/files/secret"),
        ("notice(file('m/passwd'))", "modules/m/files/passwd"),
        (
            "notice(file('modules/m/files/secret'))",
            "modules/m/files/secret",
        ),
        ("notice(template('m/t.erb'))", "modules/m/templates/t.erb"),
        (
            "notice(template('modules/m/templates/t.erb'))",
            "modules/m/templates/t.erb",
        ),
        ("notice(epp('m/t.epp'))", "modules/m/templates/t.epp"),
        ("notice(lookup('key'))", "data/common.yaml"),
        ("include evil", "modules/evil"),
        ("include leak", "modules/leak/manifests/init.pp"),
    ];
    for (code, named) in cases {
        run(&["--env", &env, "-e", code]).refused(named);
        run(&["--json", "--env", &env, "-e", code]).refused(named);
    }
    run(&["lookup", "--env", &env, "key"]).refused("data/common.yaml");
    // The modules of --modulepath are held to the same rule.
    s.link(s.path("outside/secret"), "mods/m/files/secret");
    let mods = s.str("mods");
    run(&["--modulepath", &mods, "-e", "notice(file('m/secret'))"])
        .refused(&format!("{mods}/m/files/secret"));
}

#[test]
fn modules_linked_in_where_the_user_said_are_followed() {
    let s = Scratch::new("linked-modules");
    s.write(
        "available/puppetlabs-web/manifests/init.pp",
        "class web { notice(file('web/motd')) }
",
    );
    s.write("available/puppetlabs-web/files/motd", "hello from web");
    // A module directory given, made of links (as Debian's /usr/share/puppet/modules).
    s.link(s.path("available/puppetlabs-web"), "mods/web");
    let linked = run(&["--modulepath", &s.str("mods"), "-e", "include web"]);
    assert_eq!(linked.code, Some(0), "{}", linked.output());
    assert!(linked.stderr.contains("Notice: hello from web"));
    // The environment's own modules/ linking out: refused, unless --allow-links-to names where.
    s.write(
        "env/manifests/site.pp",
        "include web
",
    );
    s.link(s.path("available/puppetlabs-web"), "env/modules/web");
    let env = s.str("env");
    run(&["--env", &env]).refused("modules/web");
    let allowed = run(&["--env", &env, "--allow-links-to", &s.str("available")]);
    assert_eq!(allowed.code, Some(0), "{}", allowed.output());
    assert!(allowed.stderr.contains("Notice: hello from web"));
}

#[test]
fn manifests_that_lead_out_are_not_compiled() {
    let s = Scratch::new("manifests-out");
    s.write(
        "outside/site.pp",
        &format!("notice('{MARKER} file')\nnode default {{ }}\n"),
    );
    s.write(
        "outside/dir/other.pp",
        &format!("notice('{MARKER} folder')\n"),
    );
    s.write("env/manifests/a.pp", "notice('inside')\n");
    s.link(s.path("outside/site.pp"), "env/manifests/site.pp");
    s.link(s.path("outside/dir"), "env/manifests/dir");
    let inside = run(&["--env", &s.str("env")]);
    inside.refused("manifests/site.pp");
    assert!(inside.stderr.contains("'manifests/dir' is not read"));
    assert!(
        inside.stderr.contains("Notice: inside"),
        "{}",
        inside.stderr
    );
    // The manifests folder itself a link out.
    s.link(s.path("outside"), "env2/manifests");
    run(&["--env", &s.str("env2")]).refused("manifests");
}

#[test]
fn references_do_not_read_through_links_out() {
    let s = environment_with_links_out("references-out");
    let env = s.str("env");
    let place = format!("{}:1:9", s.str("env/manifests/site.pp"));
    let found = run(&["references", "--env", &env, &place]);
    assert!(
        !found.stdout.contains("modules/leak"),
        "a file outside was searched:\n{}",
        found.output()
    );
    assert!(found
        .stderr
        .contains("'modules/leak/manifests/init.pp' is not read"));
}

#[test]
fn links_that_stay_inside_the_environment_still_work() {
    let s = Scratch::new("links-in");
    s.write(
        "env/site/good/manifests/init.pp",
        "class good { notice('good, through a link') }\n",
    );
    s.write("env/shared/common.yaml", "key: shared data\n");
    s.write("env/shared/file.txt", "shared file");
    s.write("env/hiera.yaml", "version: 5\n");
    s.link("../site/good", "env/modules/good");
    s.link("../shared/common.yaml", "env/data/common.yaml");
    s.link("../../../shared/file.txt", "env/modules/m/files/alias");
    let code = "include good\nnotice(lookup('key'))\nnotice(file('m/alias'))";
    let result = run(&["--env", &s.str("env"), "-e", code]);
    assert_eq!(result.code, Some(0), "{}", result.output());
    for expected in [
        "Notice: good, through a link",
        "Notice: shared data",
        "Notice: shared file",
    ] {
        assert!(result.stderr.contains(expected), "{}", result.output());
    }
    assert!(!result.stderr.contains("warning"), "{}", result.output());
}

/// An environment whose manifests folder holds links back to itself and its parent, and two
/// module folders that link to each other.
fn environment_with_loops() -> Scratch {
    let s = Scratch::new("loops");
    s.write("env/manifests/site.pp", "notice('once')\n");
    s.link(".", "env/manifests/loop");
    s.link("..", "env/manifests/up");
    s.link("b", "env/modules/a");
    s.link("a", "env/modules/b");
    s
}

#[test]
fn link_loops_end_with_a_message() {
    let s = environment_with_loops();
    let env = s.str("env");
    let compiled = run(&["--env", &env]);
    assert_eq!(
        compiled.stderr.matches("Notice: once").count(),
        1,
        "{}",
        compiled.stderr
    );
    assert!(
        compiled.stderr.contains("'manifests/loop' is not read"),
        "{}",
        compiled.stderr
    );
    assert!(compiled.stderr.contains("'manifests/up' is not read"));
    let included = run(&["--env", &env, "-e", "include a"]);
    assert!(
        included
            .stderr
            .contains("'modules/a' is a symbolic link that loops back on itself"),
        "{}",
        included.output()
    );
    for command in ["parse", "lint"] {
        let walked = run(&[command, &env]);
        let loop_note = format!("'{env}/manifests/loop' is not read");
        assert!(walked.stderr.contains(&loop_note), "{}", walked.output());
    }
    // The one manifest, once.
    let parsed = run(&["parse", &env]);
    assert!(
        parsed.stdout.contains("files=1 ok=1"),
        "{}",
        parsed.output()
    );
}

#[test]
fn lint_fix_writes_only_inside_the_folders_given() {
    let s = Scratch::new("lint-fix");
    let fixable = "class a {\n  $x = \"no variables\"\n}\n";
    s.write("outside/victim.pp", fixable);
    s.write("outside/dir/victim.pp", fixable);
    s.write("folder/own.pp", fixable);
    s.link(s.path("outside/victim.pp"), "folder/victim.pp");
    s.link(s.path("outside/dir"), "folder/dir");
    let linted = run(&["lint", "--fix", "--no-config", &s.str("folder")]);
    assert_eq!(
        fs::read_to_string(s.path("outside/victim.pp")).expect("read"),
        fixable
    );
    assert_eq!(
        fs::read_to_string(s.path("outside/dir/victim.pp")).expect("read"),
        fixable
    );
    // The folder's own file was fixed: --fix did run.
    assert_eq!(
        fs::read_to_string(s.path("folder/own.pp")).expect("read"),
        "class a {\n  $x = 'no variables'\n}\n"
    );
    let folder = s.str("folder");
    assert!(
        linted
            .stderr
            .contains(&format!("'{folder}/victim.pp' is not read")),
        "{}",
        linted.output()
    );
    assert!(linted
        .stderr
        .contains(&format!("'{folder}/dir' is not read")));
}

#[test]
fn a_huge_file_is_refused_without_reading_it() {
    let s = Scratch::new("huge");
    let gib = 1 << 30;
    s.sparse("big.pp", gib);
    s.sparse("facts.json", gib);
    s.sparse("env/modules/m/files/big", gib);
    s.sparse("env/data/common.yaml", gib);
    s.write("env/hiera.yaml", "version: 5\n");
    let big = s.str("big.pp");
    let env = s.str("env");
    let place = format!("{big}:1:1");
    let facts = s.str("facts.json");
    let runs: [&[&str]; 7] = [
        &[&big],
        &["parse", &big],
        &["lint", &big],
        &["explain", &place],
        &["--facts", &facts, "-e", "1"],
        &["--env", &env, "-e", "notice(file('m/big'))"],
        &["lookup", "--env", &env, "key"],
    ];
    // A huge file redirected to standard input is refused from its size too.
    let redirected = fs::File::open(s.path("big.pp")).expect("big.pp");
    let result = run_with_input(&["-"], Stdio::from(redirected));
    assert!(
        result.stderr.contains(
            "cannot read standard input: it is 1073741824 bytes, more than the limit of 67108864 bytes"
        ),
        "{}",
        result.output()
    );
    assert!(result.peak_kb < PEAK_LIMIT_KB, "peak {} kB", result.peak_kb);
    for args in runs {
        let result = run(args);
        assert!(
            result
                .output()
                .contains("more than the limit of 67108864 bytes"),
            "{args:?}: {}",
            result.output()
        );
        assert_ne!(result.code, Some(0), "{args:?}");
        assert!(
            result.peak_kb < PEAK_LIMIT_KB,
            "{args:?}: peak {} kB",
            result.peak_kb
        );
    }
}

#[test]
fn files_that_are_not_regular_are_refused_without_blocking() {
    let s = Scratch::new("special");
    s.fifo("fifo.pp");
    s.write("env/modules/m/files/.keep", "");
    s.fifo("env/modules/m/files/fifo");
    s.link("/dev/zero", "env/modules/m/files/zero");
    let fifo = s.str("fifo.pp");
    for args in [
        vec![fifo.as_str()],
        vec!["parse", &fifo],
        vec!["lint", &fifo],
        vec!["/dev/zero"],
    ] {
        let result = run(&args);
        assert!(
            result.output().contains("it is not a regular file"),
            "{args:?}: {}",
            result.output()
        );
    }
    let env = s.str("env");
    let result = run(&["--env", &env, "-e", "notice(file('m/fifo'))"]);
    assert!(
        result
            .stderr
            .contains("'modules/m/files/fifo' is not read: it is not a regular file"),
        "{}",
        result.output()
    );
    run(&["--env", &env, "-e", "notice(file('m/zero'))"]).refused("modules/m/files/zero");
    // Standard input that never ends is read up to the limit, and no further.
    for args in [vec!["-"], vec!["parse", "-"]] {
        let zero = fs::File::open("/dev/zero").expect("/dev/zero");
        let result = run_with_input(&args, Stdio::from(zero));
        assert!(
            result.stderr.contains(
                "cannot read standard input: it holds more than the limit of 67108864 bytes"
            ),
            "{args:?}: {}",
            result.output()
        );
        assert!(
            result.peak_kb < STDIN_PEAK_LIMIT_KB,
            "{args:?}: peak {} kB",
            result.peak_kb
        );
    }
}

#[test]
fn the_environment_limits_say_what_they_leave_out() {
    let s = Scratch::in_memory("limits");
    let manifests = s.path("env/manifests");
    fs::create_dir_all(&manifests).expect("mkdir");
    for i in 0..=MAX_ENV_FILES {
        fs::write(manifests.join(format!("m{i:05}.pp")), "").expect("write");
    }
    let result = run(&["--env", &s.str("env")]);
    assert!(
        result.stderr.contains(&format!(
            "The file 'manifests/m20000.pp' is left out, and any after it: there are more files than the limit of {MAX_ENV_FILES} in the environment"
        )),
        "{}",
        result.output()
    );
    // 32 segments at most; and 1024 bytes of path.
    let deep = (0..32)
        .map(|i| format!("d{i}"))
        .collect::<Vec<_>>()
        .join("/");
    s.write(&format!("env2/manifests/{deep}/x.pp"), "");
    let long = ["a"; 5].map(|c| c.repeat(250)).join("/");
    s.write(&format!("env2/manifests/{long}/y.pp"), "");
    let result = run(&["--env", &s.str("env2")]);
    let deep_folder = (0..31)
        .map(|i| format!("d{i}"))
        .collect::<Vec<_>>()
        .join("/");
    assert!(
        result.stderr.contains(&format!(
            "The folder 'manifests/{deep_folder}' is left out: it is nested deeper than the limit of 32 folders"
        )),
        "{}",
        result.output()
    );
    assert!(
        result.stderr.contains(&format!(
            "The file 'manifests/{long}/y.pp' is left out: its path is longer than the limit of 1024 bytes"
        )),
        "{}",
        result.output()
    );
}
