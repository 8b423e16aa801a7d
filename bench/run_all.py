#!/usr/bin/env python3
"""`make bench`: every benchmark of bench/, both sides in this one run, printed as one table.

Runs the existing scripts one after the other and gathers their JSON into one Markdown table of times
and ratios (real Puppet or its tool ÷ puppet-core), with the goals the issues set and the machine's
load average (/proc/loadavg) at the start and at the end, so that no figure is quoted from runs taken
apart. The scripts' own output goes to standard error as they run; the table to standard output.

  interp   bench/puppet_compare.rb: the interpreter workloads, parsing, the page's keystroke, whole-process start-up
  env      the generated 50-module environment (701 files): bench/environment/puppet_compile.rb (Puppet, warm,
           in one Ruby process) against the env_bench example (in-process) and whole `puppet-eval --env DIR`s,
           the sides taking turns (one Puppet compile, a batch of ours, and again)
  env99    the same for the 7-module environment (99 files)
  page     bench/environment/browser.mjs: the page's call for the 701-file environment, a keystroke in the 99-file one
  lookup   bench/hiera/lookup_bench.py: `puppet lookup` against `puppet-eval lookup`, whole processes
  lint     puppet-lint against `puppet-eval lint` on the parse corpus (one process each, the whole folder)
  diff     bench/diff_speed.py: octocatalog-diff against `puppet-eval diff`, then puppet-eval alone on a fleet
  lsp      bench/lsp/run.py: puppet-editor-services against `puppet-eval lsp` (PES_DIR)

Usage: python3 bench/run_all.py   (make bench builds what it needs first)
Env:   BENCH_QUICK=1          few runs of everything (to try it; figures for the README come from a full run)
       BENCH_ONLY=env,lint    only these parts; BENCH_SKIP=diff,lsp  all but these
       BENCH_NO_BROWSER=1     no wasm (skips `page` and puppet_compare.rb's wasm columns); BENCH_NO_APPLY=1
       BENCH_TARGET_DIR       where the release binaries are (default target/)
       BENCH_ENV_DIR, BENCH_ENV99_DIR  the generated environments (default /tmp/env500, /tmp/env100;
                              written by bench/environment/generate.py when missing)
       BENCH_PARSE_DIR        the parse and lint corpus (default /usr/share/puppet/modules.available)
       BENCH_LOOKUP_ENTRIES   how many entries of the lookup goldens (default all; quick 3)
       BENCH_DIFF_NODES, BENCH_DIFF_FLEET  octocatalog-diff's nodes (default 4; quick 1) and the fleet
                              puppet-eval diff runs alone (default 1000; quick 0: none)
       PES_DIR                a checkout of puppet-editor-services for the language server's other side
                              (default: ext/pes in a folder above the repository, when there is one)
Every part that fails or whose other side is missing is still a row, with "—" and the reason.
Python 3 standard library only.
"""

import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
QUICK = os.environ.get("BENCH_QUICK") == "1"
TARGET = os.environ.get("BENCH_TARGET_DIR") or os.path.join(ROOT, "target")
CLI = os.path.join(TARGET, "release", "puppet-eval")
ENV_BENCH = os.path.join(TARGET, "release", "examples", "env_bench")
PARSE_DIR = os.environ.get("BENCH_PARSE_DIR", "/usr/share/puppet/modules.available")
NO_BROWSER = os.environ.get("BENCH_NO_BROWSER") == "1"
PARTS = ["interp", "env", "env99", "page", "lookup", "lint", "diff", "lsp"]


def runs(full, quick):
    return quick if QUICK else full


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def log(message):
    print("run_all: " + message, file=sys.stderr, flush=True)


def run(cmd, env=None, check=True):
    """Run cmd; its standard error passes through, its standard output is returned (and echoed)."""
    log(" ".join(cmd))
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, env=dict(os.environ, **(env or {})), cwd=ROOT,
                          universal_newlines=True)
    for line in proc.stdout.splitlines():  # (puppet_compile.rb's line holds the whole catalog)
        sys.stderr.write((line[:300] + " ..." if len(line) > 300 else line) + "\n")
    if check and proc.returncode != 0:
        raise RuntimeError("%s exited with %d (its output is above)"
                           % (" ".join(os.path.basename(c) for c in cmd[:2]), proc.returncode))
    return proc.stdout


def last_json(out):
    lines = [l for l in out.splitlines() if l.startswith("{")]
    if not lines:
        raise RuntimeError("no JSON in the output")
    return json.loads(lines[-1])


def need(path, build):
    if not os.path.exists(path):
        raise RuntimeError("%s is missing (%s)" % (os.path.relpath(path, ROOT), build))


# ---------------------------------------------------------------------------------------------------
# A row: label, the other side's seconds (or None), ours (or None), goal, notes. A goal is
# ("ratio", N): other ÷ ours at least N; ("below", seconds): ours under it; None.

def row(label, theirs, ours, goal=None, notes="", missing=""):
    return {"label": label, "theirs": theirs, "ours": ours, "goal": goal, "notes": notes, "missing": missing}


def median_process(cmd, n, env=None, ok=(0,)):
    """The median wall-clock time of n runs of cmd as a whole process, and its last output; a run
    that exits with a status not in `ok` stops the part."""
    times = []
    for _ in range(n):
        started = time.monotonic()
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        times.append(time.monotonic() - started)
        if proc.returncode not in ok:
            raise RuntimeError("%s exited with %d: %s" % (os.path.basename(cmd[0]), proc.returncode,
                                                          proc.stderr.decode("utf-8", "replace")[-300:]))
    return statistics.median(times), proc.stdout.decode("utf-8", "replace")


def part_interp():
    need(os.path.join(TARGET, "release", "examples", "bench_workloads"),
         "cargo build --release -p puppet-cli --example bench_workloads")
    need(CLI, "cargo build --release -p puppet-cli")
    with tempfile.NamedTemporaryFile(prefix="puppet_compare.", suffix=".json") as out:
        env = {"BENCH_JSON": out.name, "BENCH_TARGET_DIR": TARGET, "BENCH_PARSE_DIR": PARSE_DIR}
        if QUICK:
            env.update({"BENCH_PUPPET_RUNS": "1", "BENCH_NATIVE_RUNS": "5"})
        run(["ruby", os.path.join(BENCH, "puppet_compare.rb")], env, check=False)
        text = open(out.name).read()
    if not text:
        raise RuntimeError("puppet_compare.rb wrote no figures (is Debian's puppet installed? its output is above)")
    r = json.loads(text)
    rows = []
    for w in r["rows"]:
        label = w["label"]
        if w["name"] == "parse":
            label += " (%d files, %.2f MB)" % (r["parse_files"], r["parse_bytes"] / 1e6)
        notes = []
        if w["wasm"] is not None and w["native"]:
            notes.append("wasm %s (%s native)" % (fmt_time(w["wasm"]), fmt_ratio(w["wasm"] / w["native"])))
        if w["page"] is not None:
            notes.append("page call %s" % fmt_time(w["page"]))
        rows.append(row("workload: " + label, w["puppet"], w["native"], w["goal"] and ("ratio", w["goal"]),
                        ", ".join(notes)))
    keystroke = next((w["page"] for w in r["rows"] if w["name"] == "keystroke_example"), None)
    rows.append(row("the page's call on a keystroke, 50-line example (wasm)", None, keystroke, ("below", 0.016),
                    missing="no other side" if keystroke else "no browser run (BENCH_NO_BROWSER=1 or it failed)"))
    rows.append(row("whole process: puppet apply -e vs puppet-eval -e '1 + 1'", r["apply"], r["startup"],
                    ("below", 0.005), missing="" if r["apply"] else "BENCH_NO_APPLY=1"))
    for m in r["mismatches"]:
        rows.append(row("VALUES DIFFER: " + m, None, None, missing="failed"))
    header = ("Interpreter workloads and parsing: Puppet %s in one warm process (median of %d after a warm-up) vs "
              "native in-process (median of %d batches making %d runs, each batch after a Puppet run)" % (
                  r["puppet_version"], r["puppet_runs"], r["puppet_runs"], r["native_runs"]))
    return rows, header


def generated(var, default, modules, classes):
    path = os.environ.get(var, default)
    if not os.path.isdir(os.path.join(path, "manifests")):
        run([sys.executable, os.path.join(BENCH, "environment", "generate.py"), path, str(modules), str(classes)])
    return path


class PuppetCompiles:
    """bench/environment/puppet_compile.rb --serve: Puppet warmed up on one environment in one Ruby
    process, compiling it once each time it is asked, so that our runs can go between its compiles."""

    def __init__(self, path):
        cmd = ["ruby", os.path.join(BENCH, "environment", "puppet_compile.rb"), path, "--serve"]
        log(" ".join(cmd))
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
                                     universal_newlines=True)
        self.first = self._answer()  # after the warm-up: {"resources", "catalog"}

    def _answer(self):
        for line in self.proc.stdout:
            if line.startswith("{"):
                return json.loads(line)
            sys.stderr.write(line)
        self.proc.wait()
        raise RuntimeError("puppet_compile.rb exited with %s (its output is above)" % self.proc.returncode)

    def compile_once(self):
        self.proc.stdin.write("compile\n")
        self.proc.stdin.flush()
        return self._answer()["seconds"]

    def close(self):
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def environment(path, name, goals):
    """Puppet's warm in-process compile against env_bench and whole puppet-eval --env processes,
    taken in rounds: one Puppet compile, then a batch of env_bench's compiles, then a batch of
    whole processes, and again, so that a slower or faster spell of the machine falls on both
    sides (this machine's speed moves by a third within minutes). Puppet's figure is the median of
    its compiles; env_bench's the median of its batches' medians; the whole process's the median
    of every run."""
    need(ENV_BENCH, "cargo build --release -p puppet-cli --example env_bench")
    need(CLI, "cargo build --release -p puppet-cli")
    rounds = runs(7, 1)
    bench_runs, whole_runs = runs(5, 5), runs(3, 3)
    try:
        puppet = PuppetCompiles(path)
    except (OSError, RuntimeError) as e:
        puppet = None
        missing = str(e)
    theirs, ours_rounds, whole_times = [], [], []
    try:
        for _ in range(rounds):
            if puppet:
                theirs.append(puppet.compile_once())
            ours_rounds.append(last_json(run([ENV_BENCH, path, "--runs", str(bench_runs)])))
            whole_times += [median_process([CLI, "--env", path], 1)[0] for _ in range(whole_runs)]
    finally:
        if puppet:
            puppet.close()
    first = ours_rounds[0]
    if first.get("error"):
        raise RuntimeError("env_bench: " + first["error"])
    ours = {key: statistics.median(r[key] for r in ours_rounds)
            for key in ("seconds", "seconds_with_parse_cache", "seconds_parsed_ahead") if first.get(key)}
    whole = statistics.median(whole_times)
    desc = "%s (%d files, %s resources)" % (name, first["files"], format(first["resources"], ","))
    if not puppet:
        return [row("environment %s, in-process" % desc, None, ours["seconds"], goals[0], missing=missing),
                row("environment %s, a whole puppet-eval --env process" % desc, None, whole, goals[1],
                    missing=missing)]
    puppet_seconds = statistics.median(theirs)
    same = same_catalog(puppet.first["catalog"], path)
    batches = "%d batches of %d, between Puppet's compiles" % (rounds, bench_runs)
    return [
        row("environment %s, in-process: Puppet (median of %d, warm) vs env_bench (median of %s)"
            % (desc, rounds, batches), puppet_seconds, ours["seconds"], goals[0], same),
        row("environment %s, whole process: the same Puppet compile vs puppet-eval --env DIR (median of %d, "
            "%d after each Puppet compile)" % (desc, len(whole_times), whole_runs), puppet_seconds, whole,
            goals[1], "Puppet's start-up not counted"),
    ] + ([
        row("environment %s, in-process, compiles sharing a ParseCache (a fleet's nodes, the language "
            "server's edits): Puppet as above vs env_bench" % desc, puppet_seconds,
            ours["seconds_with_parse_cache"], None, "unchanged files' trees reused"),
    ] if "seconds_with_parse_cache" in ours else []) + ([
        row("environment %s, in-process, its manifests and templates parsed on a second core as it runs "
            "(ParsedAheadFiles): Puppet as above vs env_bench" % desc, puppet_seconds,
            ours["seconds_parsed_ahead"], goals[0], "two threads (the first in-process row: one)"),
    ] if "seconds_parsed_ahead" in ours else [])


def same_catalog(puppets, path):
    """Whether puppet-eval --env compiles the catalog Puppet compiled: every resource, every parameter."""
    out = subprocess.run([CLI, "--env", path, "--json", "--catalog"], stdout=subprocess.PIPE, cwd=ROOT)
    ours = json.loads(out.stdout)["catalog"] or []
    a = {ref: sorted(map(tuple, params)) for ref, params in puppets}
    b = {ref: sorted(map(tuple, params)) for ref, params in ours}
    if a == b:
        return "the same catalog as Puppet's (%s resources, every parameter)" % format(len(a), ",")
    differ = sorted(set(a) ^ set(b)) + [k for k in a if k in b and a[k] != b[k]]
    return "CATALOGS DIFFER in %d resources (%s)" % (len(differ), ", ".join(differ[:3]))


def part_env():
    path = generated("BENCH_ENV_DIR", "/tmp/env500", 50, 10)
    return environment(path, "50 modules × 10 classes", [("ratio", 200), ("ratio", 150)]), None


def part_env99():
    path = generated("BENCH_ENV99_DIR", "/tmp/env100", 7, 10)
    return environment(path, "7 modules × 10 classes", [None, None]), None


def part_page():
    if NO_BROWSER:
        return [row("the page: environments in the browser", None, None, missing="BENCH_NO_BROWSER=1")], None
    need(os.path.join(ROOT, "web", "pkg", "puppet_wasm_bg.wasm"), "make wasm")
    big = generated("BENCH_ENV_DIR", "/tmp/env500", 50, 10)
    small = generated("BENCH_ENV99_DIR", "/tmp/env100", 7, 10)
    out = [json.loads(l) for l in run(["node", os.path.join(BENCH, "environment", "browser.mjs"), big, small])
           .splitlines() if l.startswith("{")]
    if len(out) != 2:
        raise RuntimeError("browser.mjs gave %d results" % len(out))
    return [
        row("the page's whole call, environment of %d files (wasm)" % out[0]["files"], None, out[0]["page_seconds"],
            notes=out[0]["error"] or "", missing="no other side"),
        row("a keystroke in the %d-file environment, then the page's whole call (wasm)" % out[1]["files"], None,
            out[1]["page_seconds"], ("below", 0.005), out[1]["error"] or "", missing="no other side"),
    ], None


def part_lookup():
    need(CLI, "cargo build --release -p puppet-cli")
    cmd = [sys.executable, os.path.join(BENCH, "hiera", "lookup_bench.py"), "--json"]
    limit = os.environ.get("BENCH_LOOKUP_ENTRIES", "3" if QUICK else "")
    if limit:
        cmd += ["--limit", limit]
    # Debian's Puppet 7.23, as every other row (tests/reference_puppet.py would take OpenVox 8 from OPENVOX8).
    env = {"ORACLE_ALLOW_PUPPET7": "1", "OPENVOX8": "", "BENCH_TARGET_DIR": TARGET,
           "LOOKUP_BENCH_RUNS": str(runs(5, 2))}
    r = last_json(run(cmd, env))
    return [row("Hiera: puppet lookup vs puppet-eval lookup, whole processes (median over %d entries of the "
                "lookup goldens; puppet-eval median of %d)" % (r["entries"], r["runs"]),
                r["puppet_seconds"], r["ours_seconds"],
                notes="Puppet %s; the lookup itself %.2f ms" % (r["puppet_version"], r["ours_lookup_ms"]))], None


def part_lint():
    need(CLI, "cargo build --release -p puppet-cli")
    files = sum(1 for _, _, fs in os.walk(PARSE_DIR) for f in fs if f.endswith(".pp"))
    if not files:
        raise RuntimeError("no manifests in %s" % PARSE_DIR)
    label = "lint: puppet-lint vs puppet-eval lint, %d files of %s, one process each" % (files, PARSE_DIR)
    fmt = ["--no-config", "--log-format", "%{path}:%{line}:%{column}:%{check}"]
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    ours_cmd = [CLI, "lint"] + fmt + [PARSE_DIR]
    n = runs(3, 1)
    ours, ours_out = median_process(ours_cmd, runs(11, 3), env, ok=(0, 1))  # 1: an error was found
    if shutil.which("puppet-lint") is None:
        return [row(label, None, ours, missing="puppet-lint not installed (apt-get install puppet-lint)")], None
    version = subprocess.run(["puppet-lint", "--version"], stdout=subprocess.PIPE,
                             universal_newlines=True).stdout.strip()
    theirs_cmd = ["puppet-lint"] + fmt + [PARSE_DIR]
    theirs, theirs_out = median_process(theirs_cmd, n, env, ok=(0, 1))
    a, b = sorted(theirs_out.split()), sorted(ours_out.split())
    same = "the same %d findings" % len(a) if a == b else "FINDINGS DIFFER: %d vs %d" % (len(a), len(b))
    return [row(label + " (median of %d and %d)" % (n, runs(11, 3)), theirs, ours,
                notes="%s; %s" % (version, same))], None


def part_diff():
    need(CLI, "cargo build --release -p puppet-cli")
    nodes = int(os.environ.get("BENCH_DIFF_NODES", runs(4, 1)))
    fleet = int(os.environ.get("BENCH_DIFF_FLEET", runs(1000, 0)))
    r = last_json(run([sys.executable, os.path.join(BENCH, "diff_speed.py"), "--json", "--bin", CLI,
                       "--octo-nodes", str(nodes), "--fleet", str(fleet)]))
    rows = []
    if nodes:
        rows.append(row("catalog diff, %d node(s) × 2 versions of tests/diff's corpus: octocatalog-diff (one run a "
                        "node) vs one puppet-eval diff (median of 5)" % nodes, r["octo_seconds"], r["ours_seconds"],
                        missing="" if r["octo_seconds"] is not None else "octocatalog-diff not installed"))
    if r["fleet_seconds"] is not None:
        rows.append(row("catalog diff, a fleet of %s nodes × 2 versions, puppet-eval diff alone" % format(fleet, ","),
                        None, r["fleet_seconds"], missing="octocatalog-diff not run on a fleet",
                        notes="%.0f compiles/s, peak %.0f MiB" % (2 * fleet / r["fleet_seconds"],
                                                                  r["fleet_peak_kib"] / 1024)))
    return rows, None


def pes_dir():
    if os.environ.get("PES_DIR"):
        return os.environ["PES_DIR"]
    up = ROOT
    for _ in range(3):
        up = os.path.dirname(up)
        if os.path.isfile(os.path.join(up, "ext", "pes", "puppet-languageserver")):
            return os.path.join(up, "ext", "pes")
    return None


def part_lsp():
    need(CLI, "cargo build --release -p puppet-cli")
    pes = pes_dir()
    rounds = runs(50, 3)
    env = {"PES_DIR": pes or "", "SETTLE_SECONDS": "20" if pes and not QUICK else "0"}
    r = last_json(run([sys.executable, os.path.join(BENCH, "lsp", "run.py"), "--json", CLI, "100", "10",
                       str(rounds)], env))
    ours, theirs = r["ours"], r["theirs"]
    missing = "" if theirs else "set PES_DIR to a puppet-editor-services checkout"
    size = "%d modules × %d classes" % (r["modules"], r["classes"])

    def p95(result):  # as run.py's percentile()
        worst = max(sorted(v)[int(round(0.95 * (len(v) - 1)))] for v in result["times"].values())
        empty = sum(result["empty"].values()) + sum(result["failed"].values())
        return worst, empty
    ours_p95, _ = p95(ours)
    theirs_p95, theirs_empty = p95(theirs) if theirs else (None, 0)
    return [
        row("language server, %s: first diagnostics after initialize" % size,
            theirs and theirs["first"] / 1000, ours["first"] / 1000, ("below", 0.5),
            "peak memory %.0f MB%s" % (ours["peak"] / 1024, " vs %.0f MB" % (theirs["peak"] / 1024) if theirs else ""),
            missing),
        row("language server: an edit then hover, definition, completion, references: the worst p95 of %d rounds"
            % rounds, theirs_p95 and theirs_p95 / 1000, ours_p95 / 1000, ("below", 0.05),
            "%d of puppet-editor-services' answers empty or errors" % theirs_empty if theirs else "", missing),
    ], None


# ---------------------------------------------------------------------------------------------------

def fmt_time(seconds):
    if seconds is None:
        return "—"
    if seconds >= 1:
        return "%.2f s" % seconds
    if seconds >= 1e-3:
        return "%.1f ms" % (seconds * 1e3)
    return "%.0f µs" % (seconds * 1e6)


def fmt_ratio(ratio):
    if ratio is None:
        return "—"
    return "%.0f×" % ratio if ratio >= 10 else "%.2f×" % ratio


def fmt_goal(r):
    goal = r["goal"]
    if not goal:
        return "—"
    kind, value = goal
    if kind == "ratio":
        ratio = r["theirs"] / r["ours"] if r["theirs"] and r["ours"] else None
        return "≥ %d×%s" % (value, "" if ratio is None else (" ✓" if ratio >= value else " ✗"))
    return "< %g ms%s" % (value * 1e3, "" if r["ours"] is None else (" ✓" if r["ours"] < value else " ✗"))


def main():
    only = [p for p in os.environ.get("BENCH_ONLY", "").split(",") if p]
    skip = [p for p in os.environ.get("BENCH_SKIP", "").split(",") if p]
    for p in only + skip:
        if p not in PARTS:
            sys.exit("run_all: unknown part %r (parts: %s)" % (p, ", ".join(PARTS)))
    chosen = [p for p in PARTS if (not only or p in only) and p not in skip]
    started_at = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    load_start = loadavg()
    log("load average at the start: " + load_start)
    rows, headers, failed, took = [], [], [], []
    for part in chosen:
        started = time.monotonic()
        try:
            part_rows, header = globals()["part_" + part]()
        except Exception as e:  # a part that fails is a row saying so; the others still run
            part_rows, header = [row("%s: did not run" % part, None, None, missing=str(e))], None
            failed.append(part)
        rows += part_rows
        if header:
            headers.append(header)
        took.append("%s %.0f s" % (part, time.monotonic() - started))
    load_end = loadavg()

    print()
    print("`make bench`%s, %s, on %s (%d cores); load average (1, 5, 15 min) at the start **%s**"
          % (" (BENCH_QUICK=1: few runs)" if QUICK else "", started_at, platform.node() or "this machine",
             os.cpu_count() or 0, load_start))
    print()
    print("| workload | other side | puppet-core | other ÷ puppet-core | goal | notes |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        ratio = r["theirs"] / r["ours"] if r["theirs"] and r["ours"] else None
        notes = "; ".join(x for x in (r["missing"] and "— " + r["missing"], r["notes"]) if x)
        print("| %s | %s | %s | %s | %s | %s |" % (r["label"], fmt_time(r["theirs"]), fmt_time(r["ours"]),
                                                  fmt_ratio(ratio), fmt_goal(r), notes))
    print()
    for h in headers:
        print(h + ".")
    print("Load average at the end **%s**; parts: %s." % (load_end, ", ".join(took)))
    bad = failed + [r["label"] for r in rows if "DIFFER" in r["label"] + r["notes"]]
    if bad:
        print("FAILED OR DIFFERING: " + ", ".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
