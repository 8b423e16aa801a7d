#!/usr/bin/env python3
"""Regenerate the dependency-cycle goldens by asking real Puppet (OpenVox 8, `puppet apply --noop`).

Usage (from anywhere):
    python3 tests/conformance/cycles_regen.py          # every case of cycles/cases.txt
    python3 tests/conformance/cycles_regen.py --list   # parse the case file and list the cases, no Puppet

Reads cycles/cases.txt: '#' lines before the first case are comments; '=== <name>' starts a case (id
'cycles/<name>'), whose manifest is every following line up to the next '===' line (trailing blank lines
dropped, lines joined with "\\n").

Each manifest is applied twice with `puppet apply --noop` (without and with --graph, which changes the
report's last sentence) for the node web01.example.com in a throw-away
--confdir/--vardir/--codedir (nothing on the machine is changed: --noop, and the cases declare notify
resources and a few harmless others). Puppet finds dependency cycles only when it applies the catalog, over
its relationship graph (containers replaced by their admissible/completed anchors), and logs them as one
error. Writes golden-cycles/cycles.jsonl, one line per case in file order:
    {"id", "src", "error", "relationships"}
  * error: the text of the first error Puppet logged (without 'Error: '; the cycle report spans several
    lines, and its separators are a literal backslash and 'n', as Puppet 7.23 writes them), or null.
  * relationships: the edges of the relationships.dot Puppet wrote (--graph), as [from, to] pairs sorted,
    or null when Puppet stopped before drawing it.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cycles", "cases.txt")
GOLDEN = os.path.join(HERE, "golden-cycles", "cycles.jsonl")
CERTNAME = "web01.example.com"


def read_cases(path):
    cases, name, lines = [], None, []

    def close():
        if name is not None:
            while lines and not lines[-1].strip():
                lines.pop()
            cases.append({"id": "cycles/" + name, "src": "\n".join(lines)})

    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if line.startswith("=== "):
                close()
                name, lines = line[4:].strip(), []
                if not re.fullmatch(r"[a-z0-9_]+", name):
                    sys.exit(f"bad case name {name!r}")
            elif name is not None:
                lines.append(line)
            elif line.strip() and not line.startswith("#"):
                sys.exit(f"text before the first case: {line!r}")
    close()
    ids = [c["id"] for c in cases]
    if len(ids) != len(set(ids)):
        sys.exit("duplicate case names")
    return cases


def first_error(output):
    """The first 'Error: ' message of Puppet's log, with its continuation lines."""
    lines = [l for l in output.split("\n") if "Facter:" not in l]
    for at, line in enumerate(lines):
        if line.startswith("Error: "):
            text = [line[len("Error: "):]]
            for more in lines[at + 1:]:
                if re.match(r"^(Error|Notice|Warning|Info|Debug): ", more) or not more:
                    break
                text.append(more)
            return "\n".join(text)
    return None


def dot_edges(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    edges = re.findall(r'^\s*"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)"', text, re.M)
    return sorted([a.replace('\\"', '"'), b.replace('\\"', '"')] for a, b in edges)


def apply(tmp, manifest, extra):
    command = reference_puppet.puppet("apply", "--noop", "--color=false", "--certname", CERTNAME,
               "--confdir", os.path.join(tmp, "conf"), "--vardir", os.path.join(tmp, "var"),
               "--codedir", os.path.join(tmp, "code"),
               # OpenVox run from its source tree would create /opt/puppetlabs/puppet/public
               "--publicdir", os.path.join(tmp, "public")) + extra + [manifest]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    return done.stdout + "\n" + done.stderr


def run(case):
    with tempfile.TemporaryDirectory(prefix="cycles-oracle-") as tmp:
        manifest = os.path.join(tmp, "site.pp")
        with open(manifest, "w", encoding="utf-8") as f:
            f.write(case["src"] + "\n")
        error = first_error(apply(tmp, manifest, []))
        graphs = os.path.join(tmp, "graphs")
        apply(tmp, manifest, ["--graph", "--graphdir", graphs])
        if error:
            error = error.replace(tmp + "/", "")
        return {"id": case["id"], "src": case["src"], "error": error,
                "relationships": dot_edges(os.path.join(graphs, "relationships.dot"))}


def main():
    cases = read_cases(CASES)
    if "--list" in sys.argv:
        for case in cases:
            print(case["id"])
        return
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, cases))
    os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
    with open(GOLDEN, "w", encoding="utf-8") as f:
        for result in results:
            f.write(json.dumps(result, ensure_ascii=False) + "\n")
    cycles = sum(1 for r in results if r["error"] and r["error"].startswith("Found "))
    print(f"{len(results)} cases, {cycles} with dependency cycles: {GOLDEN}")


if __name__ == "__main__":
    main()
