#!/usr/bin/env python3
"""Regenerate the puppetlabs-stdlib goldens by asking real Puppet with Debian's stdlib 8.5.0 on the
modulepath (../shared/oracle/env_oracle.rb puts it there).

Usage (from anywhere):
    python3 tests/conformance/stdlib_regen.py             # all areas (stdlib/*.txt)
    python3 tests/conformance/stdlib_regen.py hashes node # only these areas (stdlib_hashes works too)
    python3 tests/conformance/stdlib_regen.py --list      # the cases, without Puppet
    STDLIB9_DIR=<stdlib 9.7.0> python3 tests/conformance/stdlib_regen.py --stdlib9
        # stdlib9/<area>.txt into golden-stdlib9/<area>.jsonl (ids 'stdlib9_<area>/<N>'), asked with
        # puppetlabs-stdlib 9.7.0 (a snapshot of the module, kept outside the repository) on the
        # modulepath: what the built-in stdlib follows when no stdlib module is there
    STDLIB9_DIR=<stdlib 9.7.0> python3 tests/conformance/stdlib_regen.py --stdlib9 --cases-of-8.5
        # stdlib 8.5's cases (stdlib/<area>.txt) asked of stdlib 9.7.0, into
        # golden-stdlib9/v85_<area>.jsonl (ids 'stdlib9_v85_<area>/<N>'): what every function
        # 8.5 had does under 9.7 (kept, a deprecated shim, or removed)

Reads stdlib/<area>.txt: one case per line ('#' lines and blank lines ignored, a newline inside a
case written '↵'), id 'stdlib_<area>/<N>' (N: the case's 1-based position among the case lines:
add new cases at the end). Each case is compiled as `puppet apply -e` does for the node
'playground' with the facts FACTS below and no files of its own. Writes golden-stdlib/<area>.jsonl
in the environment goldens' format, {"id", "src", "files", "facts", "value", "logs", "error",
"catalog"}, which tests/tests/environments.rs runs (with and without stdlib on the modulepath).

Python 3 standard library only.
"""

import json
import os
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
ORACLE = os.path.normpath(os.path.join(REPO_ROOT, "..", "shared", "oracle", "env_oracle.rb"))
CASES_DIR = os.path.join(HERE, "stdlib")
GOLDEN_DIR = os.path.join(HERE, "golden-stdlib")
STDLIB = "/usr/share/puppet/modules.available/puppetlabs-stdlib"
# With --stdlib9: the cases, goldens and module of stdlib 9.7.0.
if "--stdlib9" in sys.argv:
    CASES_DIR = os.path.join(HERE, "stdlib9")
    GOLDEN_DIR = os.path.join(HERE, "golden-stdlib9")
    STDLIB = os.environ.get("STDLIB9_DIR", "")
PREFIX = "stdlib9" if "--stdlib9" in sys.argv else "stdlib"
# With --cases-of-8.5 too: stdlib 8.5's cases, their goldens named v85_<area>.
CASES_OF_85 = "--stdlib9" in sys.argv and "--cases-of-8.5" in sys.argv
if CASES_OF_85:
    CASES_DIR = os.path.join(HERE, "stdlib")
    PREFIX = "stdlib9_v85"

# The node's facts for every case: `fact`, `os_version_gte`, and the fqdn that fqdn_rotate ($::fqdn)
# and fqdn_rand_string ($facts['networking']['fqdn']) are seeded from.
FACTS = {
    "fqdn": "web01.example.com",
    "hostname": "web01",
    "networking": {"fqdn": "web01.example.com", "hostname": "web01", "ip": "10.0.0.5",
                   "interfaces": {"eth0": {"ip": "10.0.0.5"}}},
    "os": {"family": "Debian", "name": "Debian", "release": {"major": "12", "full": "12.5"}},
    "processors": {"count": 2},
    "mountpoints": ["/", "/boot"],
    "operatingsystem": "Debian",
    "operatingsystemmajrelease": "12",
    "some.key": {"a": 1},
}


def die(message):
    sys.stderr.write("stdlib_regen.py: %s\n" % message)
    sys.exit(1)


def read_cases(area):
    path = os.path.join(CASES_DIR, area + ".txt")
    cases = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cases.append({"id": "%s_%s/%d" % (PREFIX, area, len(cases) + 1),
                          "src": line.replace("↵", "\n"), "files": {}, "facts": FACTS})
    return cases


def run_area(area):
    cases = read_cases(area)
    payload = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases)
    env = dict(os.environ)
    env.pop("ENV_ORACLE_TMP", None)
    env.pop("ENV_ORACLE_KEEP", None)
    env["ENV_ORACLE_STDLIB"] = STDLIB
    proc = subprocess.run(reference_puppet.ruby(ORACLE), input=payload.encode("utf-8"), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        die("oracle failed on %s:\n%s" % (area, proc.stderr.decode("utf-8", "replace")))
    lines = [l for l in proc.stdout.decode("utf-8").split("\n") if l.strip()]
    if len(lines) != len(cases):
        die("%s: %d cases but %d answers" % (area, len(cases), len(lines)))
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    golden = ("v85_" if CASES_OF_85 else "") + area + ".jsonl"
    with open(os.path.join(GOLDEN_DIR, golden), "w", encoding="utf-8") as out:
        for case, line in zip(cases, lines):
            answer = json.loads(line)
            if answer.get("id") != case["id"]:
                die("%s: answers out of order at %s" % (area, case["id"]))
            row = dict(case)
            row.update({k: answer.get(k) for k in ("value", "logs", "error", "catalog")})
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(cases)


def main(argv):
    areas = sorted(n[:-4] for n in os.listdir(CASES_DIR) if n.endswith(".txt"))
    chosen = [a.replace(PREFIX + "_", "", 1) for a in argv if not a.startswith("--")] or areas
    for area in chosen:
        if area not in areas:
            die("no area %r (areas: %s)" % (area, ", ".join(areas)))
    if "--list" in argv:
        for area in chosen:
            for case in read_cases(area):
                print(case["id"], json.dumps(case["src"], ensure_ascii=False))
        return
    if not os.path.isdir(STDLIB):
        die("the stdlib module is not at %r (Debian's: apt-get install -y "
            "puppet-module-puppetlabs-stdlib; with --stdlib9, STDLIB9_DIR names stdlib 9.7.0)" % STDLIB)
    for area in chosen:
        print("%s_%s: %d cases" % (PREFIX, area, run_area(area)))


if __name__ == "__main__":
    main(sys.argv[1:])
