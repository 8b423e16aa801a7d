#!/usr/bin/env python3
"""Regenerate the golden environment cases by asking real Puppet (env_oracle.rb).

Usage (from anywhere):
    python3 tests/conformance/env_regen.py              # all areas (env/*.txt)
    python3 tests/conformance/env_regen.py autoload     # only the named areas (env_autoload works too)
    python3 tests/conformance/env_regen.py --list       # parse the case files and list the cases, no Puppet

Reads env/<area>.txt, each holding one or more cases:

    # comments ('#' lines and blank lines) before the first case
    === case_name
    # comments between the '===' line and the first '---' line describe the case
    --- snippet.pp
    include app
    --- modules/app/manifests/init.pp
    class app { notice('hi') }
    === next_case
    ...

  * '=== <name>' starts a case, id 'env_<area>/<name>' (names [a-z0-9_]+, unique in the file).
  * '--- <relative path>' starts a file of the environment directory; its text is every following line up
    to the next '---' or '===' line. Trailing blank lines are dropped; the text is the lines joined with
    "\\n" plus a final "\\n" (a section with no lines is the empty file). When the last (non-blank) line of a
    section is '\\ no newline at end', that line is dropped and the text has no final newline.
  * '--- snippet.pp' is the case's main code (`src`, `puppet apply -e`), without a final newline. A case
    without it has src "" and Puppet compiles the environment's manifests/ directory.
  * '--- @facts' is a JSON object: the node's facts (default: no facts).

Runs ../shared/oracle/env_oracle.rb (relative to the repository root) on JSON Lines
{"id", "src", "files", "facts"} and writes golden-env/<area>.jsonl: one line per case, in file order,
{"id", "src", "files", "facts", "value", "logs", "error", "catalog"} (the input, then the oracle's answer).

Python 3 standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))  # tests/conformance -> repo root
ORACLE = os.path.normpath(os.path.join(REPO_ROOT, "..", "shared", "oracle", "env_oracle.rb"))
CASES_DIR = os.path.join(HERE, "env")
GOLDEN_DIR = os.path.join(HERE, "golden-env")
NAME_RE = re.compile(r"^[a-z0-9_]+$")
NO_NEWLINE = "\\ no newline at end"
SNIPPET = "snippet.pp"
FACTS = "@facts"


def die(msg):
    sys.stderr.write("env_regen.py: " + msg + "\n")
    sys.exit(2)


def area_name(arg):
    return arg[4:] if arg.startswith("env_") else arg


def section_text(lines):
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    newline = True
    if lines and lines[-1] == NO_NEWLINE:
        lines.pop()
        newline = False
    if not lines:
        return ""
    return "\n".join(lines) + ("\n" if newline else "")


def read_cases(area):
    """Return [case] for one area, in file order; case = {id, src, files, facts}."""
    path = os.path.join(CASES_DIR, area + ".txt")
    with open(path, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    cases = []
    names = set()
    case = None      # the case being read
    section = None   # (file name, [lines]) being read

    def close_section(lineno):
        nonlocal section
        if section is None:
            return
        name, lines = section
        text = section_text(lines)
        if name == SNIPPET:
            case["src"] = text[:-1] if text.endswith("\n") else text
        elif name == FACTS:
            try:
                facts = json.loads(text or "{}")
            except ValueError as e:
                die("%s:%d: case %s: @facts is not JSON: %s" % (path, lineno, case["id"], e))
            if not isinstance(facts, dict):
                die("%s:%d: case %s: @facts must be a JSON object" % (path, lineno, case["id"]))
            case["facts"] = facts
        else:
            case["files"][name] = text
        section = None

    for n, raw in enumerate(raw_lines, 1):
        line = raw.rstrip("\r")
        if line.startswith("=== ") or line == "===":
            close_section(n)
            name = line[4:].strip()
            if not NAME_RE.match(name):
                die("%s:%d: bad case name %r (expected [a-z0-9_]+)" % (path, n, name))
            if name in names:
                die("%s:%d: duplicate case name %r" % (path, n, name))
            names.add(name)
            case = {"id": "env_%s/%s" % (area, name), "src": "", "files": {}, "facts": {}}
            cases.append(case)
        elif line.startswith("--- ") or line == "---":
            if case is None:
                die("%s:%d: a file section before the first '=== name' line" % (path, n))
            close_section(n)
            fname = line[4:].strip()
            if not fname:
                die("%s:%d: a '---' line without a file name" % (path, n))
            if fname != FACTS and (fname.startswith("/") or ".." in fname.split("/")):
                die("%s:%d: bad file name %r (relative to the environment directory)" % (path, n, fname))
            if fname in case["files"] or (fname == SNIPPET and case["src"]) or (fname == FACTS and case["facts"]):
                die("%s:%d: case %s: file %s given twice" % (path, n, case["id"], fname))
            section = (fname, [])
        elif section is not None:
            section[1].append(line)
        else:
            # before the first case, or between '=== name' and the first '---': comments only
            if line.strip() and not line.lstrip().startswith("#"):
                where = "before the first case" if case is None else "in case %s before its first file" % case["id"]
                die("%s:%d: text %s must be a '#' comment: %r" % (path, n, where, line))
    close_section(len(raw_lines))
    if not cases:
        die("%s: no cases" % path)
    return cases


def check_tools():
    if shutil.which("ruby") is None:
        die("'ruby' is not installed; install Puppet first "
            "(apt-get install -y puppet puppet-module-puppetlabs-stdlib)")
    if not os.path.isfile(ORACLE):
        die("oracle not found at %s" % ORACLE)
    probe = subprocess.run(["ruby", "-e", "require 'puppet'; print Puppet.version"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if probe.returncode != 0:
        die("Puppet is not available to ruby (apt-get install -y puppet):\n" + probe.stderr.strip())
    stdlib = os.environ.get("ENV_ORACLE_STDLIB", "/usr/share/puppet/modules.available/puppetlabs-stdlib")
    if not os.path.isdir(stdlib):
        die("puppetlabs-stdlib not found at %s (apt-get install -y puppet-module-puppetlabs-stdlib)" % stdlib)
    return probe.stdout.strip()


def run_area(area):
    cases = read_cases(area)
    payload = "".join(json.dumps({"id": c["id"], "src": c["src"], "files": c["files"], "facts": c["facts"]},
                                 ensure_ascii=False) + "\n" for c in cases)
    env = dict(os.environ)
    env.pop("ENV_ORACLE_TMP", None)   # a fresh scratch directory, no extra modules
    env.pop("ENV_ORACLE_KEEP", None)
    proc = subprocess.run(["ruby", ORACLE], input=payload.encode("utf-8"), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        die("oracle failed on area %s:\n%s" % (area, proc.stderr.decode("utf-8", "replace")))
    lines = [l for l in proc.stdout.decode("utf-8").split("\n") if l.strip()]
    if len(lines) != len(cases):
        die("area %s: %d cases but the oracle printed %d lines" % (area, len(cases), len(lines)))
    out = []
    for c, line in zip(cases, lines):
        r = json.loads(line)
        if r.get("id") != c["id"]:
            die("area %s: oracle output out of order at %s" % (area, c["id"]))
        row = {"id": c["id"], "src": c["src"], "files": c["files"], "facts": c["facts"],
               "value": r.get("value"), "logs": r.get("logs"), "error": r.get("error"),
               "catalog": r.get("catalog")}
        out.append(row)
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    with open(os.path.join(GOLDEN_DIR, area + ".jsonl"), "w", encoding="utf-8") as f:
        for row in out:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    errors = sum(1 for r in out if r["error"] is not None)
    timeouts = [r["id"] for r in out if (r["error"] or "").startswith("Oracle timeout")]
    return len(cases), errors, timeouts


def all_areas():
    return sorted(n[:-4] for n in os.listdir(CASES_DIR) if n.endswith(".txt"))


def main(argv):
    args = [area_name(a) for a in argv if not a.startswith("--")]
    areas = args or all_areas()
    for a in areas:
        if not os.path.isfile(os.path.join(CASES_DIR, a + ".txt")):
            die("no such area: %s (expected %s)" % (a, os.path.join(CASES_DIR, a + ".txt")))
    if "--list" in argv:
        for a in areas:
            for c in read_cases(a):
                print("%s  files=%d%s" % (c["id"], len(c["files"]), "" if c["src"] else "  (manifests/)"))
        return
    version = check_tools()
    total = total_err = 0
    for area in areas:
        n, e, timeouts = run_area(area)
        total += n
        total_err += e
        note = ("  TIMEOUTS: " + ", ".join(timeouts)) if timeouts else ""
        print("%-20s %5d cases %5d errors%s" % ("env_" + area, n, e, note))
    print("%-20s %5d cases %5d errors (Puppet %s)" % ("total", total, total_err, version))


if __name__ == "__main__":
    main(sys.argv[1:])
