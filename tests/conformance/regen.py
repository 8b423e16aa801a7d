#!/usr/bin/env python3
"""Regenerate the golden conformance data by asking real Puppet (the oracle).

Usage (from anywhere):
    python3 tests/conformance/regen.py            # all areas (cases/*.txt)
    python3 tests/conformance/regen.py strings    # only the named areas
    python3 tests/conformance/regen.py --check    # also report how many cases error
    python3 tests/conformance/regen.py --catalog  # the compiled catalogs of CATALOG_AREAS

With --catalog, the same cases go through catalog_oracle.rb (the catalog Puppet compiles from each
case) into golden-catalog/<area>.jsonl, for the areas named or else CATALOG_AREAS.

Reads cases/<area>.txt (one case per line, '#' comments and blank lines ignored,
U+21B5 '↵' inside a case stands for a newline), builds the oracle's JSON Lines
input with ids '<area>/<N>' (N = 1-based ordinal of the case line), runs
../shared/oracle/pp_oracle.rb (relative to the repository root) and writes the
oracle's output unchanged to golden/<area>.jsonl.

Python 3 standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

NEWLINE_MARK = "\u21b5"  # ↵

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))  # tests/conformance -> repo root
ORACLE = reference_puppet.oracle_script("pp_oracle.rb")  # ../shared/oracle, or ORACLE_DIR
CATALOG_ORACLE = os.path.join(HERE, "catalog_oracle.rb")
CASES_DIR = os.path.join(HERE, "cases")
GOLDEN_DIR = os.path.join(HERE, "golden")
CATALOG_GOLDEN_DIR = os.path.join(HERE, "golden-catalog")
# The areas whose cases declare resources: their compiled catalogs are golden data too.
CATALOG_AREAS = ["catalog", "catalog_relationships", "everyday_catalog", "core_types"]
# The areas whose cases run for a node with facts: facts_oracle.rb gives the node those of this file
# (the conformance test gives the engine the same ones).
FACTS_ORACLE = os.path.join(HERE, "facts_oracle.rb")
FACTS_AREAS = {"facts": os.path.join(HERE, "facts.json")}
# The areas whose cases compile as `puppet apply --certname` does for a node with facts: node_oracle.rb
# gives the node that certname, those facts and the local facts puppet apply adds (the conformance test
# gives the engine the same).
NODE_ORACLE = os.path.join(HERE, "node_oracle.rb")
NODE_AREAS = {"node": (os.path.join(HERE, "facts.json"), "web01.example.com")}
# The areas whose cases call a Puppet function that requires a Ruby library Ruby no longer ships: the
# library, and the Debian package that has it (without it every case would be a LoadError).
RUBY_LIBRARIES = {"fn_scanf": ("scanf", "ruby-scanf")}


def die(msg):
    sys.stderr.write("regen.py: " + msg + "\n")
    sys.exit(2)


def read_cases(area):
    """Return [(id, src)] for one area, in file order."""
    path = os.path.join(CASES_DIR, area + ".txt")
    cases = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n").rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cases.append(("%s/%d" % (area, len(cases) + 1), line.replace(NEWLINE_MARK, "\n")))
    return cases


def check_tools():
    if shutil.which("ruby") is None:
        die("'ruby' is not installed; install Puppet first (apt-get install -y puppet)")
    if not os.path.isfile(ORACLE):
        die("oracle not found at %s" % ORACLE)
    return reference_puppet.require_reference()


def vendored_env():
    """The oracle's environment: RUBYLIB holds the core modules Puppet 6+ vendors (cron, host, mount,
    ...: vendored_types.sh), so that Debian's Puppet knows their resource types as the AIO package does."""
    env = dict(os.environ)
    if "RUBYLIB" not in env:
        scratch = os.path.join(tempfile.gettempdir(), "puppet-vendored-types")
        found = subprocess.run(["sh", os.path.join(HERE, "vendored_types.sh"), scratch],
                               stdout=subprocess.PIPE, universal_newlines=True)
        env["RUBYLIB"] = found.stdout.strip()
    return env


# Puppet logs how long a template took ("debug: Interpolated template inline template in 0.01
# seconds"); the time is the machine's, not the language's: the goldens keep "0.00".
TIMING = re.compile(r"^(debug: (?:Bound template variables for|Interpolated template) .* in )\d+\.\d+( seconds)$")


def steady_timings(line):
    """The oracle's JSON line with template timings written as 0.00 seconds."""
    try:
        case = json.loads(line)
    except ValueError:
        return line
    logs = case.get("logs")
    if not logs or not any(TIMING.match(log) for log in logs):
        return line
    case["logs"] = [TIMING.sub(r"\g<1>0.00\g<2>", log) for log in logs]
    return json.dumps(case, ensure_ascii=False, separators=(",", ":"))


def run_area(area, catalog=False):
    cases = read_cases(area)
    payload = "".join(json.dumps({"id": i, "src": s}, ensure_ascii=False) + "\n" for i, s in cases)
    oracle, golden_dir = (CATALOG_ORACLE, CATALOG_GOLDEN_DIR) if catalog else (ORACLE, GOLDEN_DIR)
    command = reference_puppet.ruby(oracle)
    if area in FACTS_AREAS or area in NODE_AREAS:
        if catalog:
            die("area %s runs with facts: it has no catalog goldens" % area)
    if area in FACTS_AREAS:
        command = reference_puppet.ruby(FACTS_ORACLE, FACTS_AREAS[area])
    if area in NODE_AREAS:
        command = reference_puppet.ruby(NODE_ORACLE, *NODE_AREAS[area])
    proc = subprocess.run(command, input=payload.encode("utf-8"), env=vendored_env(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        die("oracle failed on area %s:\n%s" % (area, proc.stderr.decode("utf-8", "replace")))
    out = proc.stdout.decode("utf-8")
    lines = [steady_timings(l) for l in out.split("\n") if l.strip()]
    if len(lines) != len(cases):
        die("area %s: %d cases but the oracle printed %d lines" % (area, len(cases), len(lines)))
    for (cid, _), line in zip(cases, lines):
        if json.loads(line).get("id") != cid:
            die("area %s: oracle output out of order at %s" % (area, cid))
    os.makedirs(golden_dir, exist_ok=True)
    with open(os.path.join(golden_dir, area + ".jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    errors = sum(1 for l in lines if json.loads(l).get("error") is not None)
    timeouts = [json.loads(l)["id"] for l in lines
                if (json.loads(l).get("error") or "").startswith("Oracle timeout")]
    return len(cases), errors, timeouts


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    catalog = "--catalog" in argv
    if catalog and not args:
        args = CATALOG_AREAS
    if args:
        areas = args
        for a in areas:
            if not os.path.isfile(os.path.join(CASES_DIR, a + ".txt")):
                die("no such area: %s (expected %s)" % (a, os.path.join(CASES_DIR, a + ".txt")))
    else:
        areas = sorted(n[:-4] for n in os.listdir(CASES_DIR) if n.endswith(".txt"))
    version = check_tools()
    for area in areas:
        if area in RUBY_LIBRARIES:
            library, package = RUBY_LIBRARIES[area]
            if subprocess.run(["ruby", "-e", "require '%s'" % library], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode != 0:
                die("area %s needs Ruby's %s library (apt-get install -y %s)" % (area, library, package))
    total = total_err = 0
    for area in areas:
        n, e, timeouts = run_area(area, catalog)
        total += n
        total_err += e
        note = ("  TIMEOUTS: " + ", ".join(timeouts)) if timeouts else ""
        print("%-20s %5d cases %5d errors%s" % (area, n, e, note))
    print("%-20s %5d cases %5d errors (Puppet %s)" % ("total", total, total_err, version))


if __name__ == "__main__":
    main(sys.argv[1:])
