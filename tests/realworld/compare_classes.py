#!/usr/bin/env python3
"""Compile every class of Debian's Puppet modules with puppet-eval and compare with real Puppet.

Usage:
    cargo build --release -p puppet-cli
    python3 tests/realworld/compare_classes.py            # the table and the classes by outcome
    python3 tests/realworld/compare_classes.py --write    # also writes tests/realworld/classes-agree.txt

It assembles a control repository the way an operator would: an environment directory whose
modules/ links each of Debian's modules (/usr/share/puppet/modules.available/<author>-<name>)
under its module name, stdlib included, and runs
    puppet-eval --env <that directory> --jsonl --catalog
with one case per class, `include <class>`, and the same full facts as golden/classes-full-facts.jsonl
(env_classes.py's full_facts). Each class's outcome against real Puppet's:

    same catalog      both compile, and the catalogs agree (every resource, parameter and value)
    other catalog     both compile, the catalogs differ
    engine stops      Puppet compiles, the engine stops with a diagnostic (the reason is its message)
    both fail         Puppet and the engine both fail
    engine compiles   Puppet fails, the engine compiles: a bug

Paths inside the modules print as modules/<m>/... here and as <tmp>/stdlibmods/<m>/... in the goldens;
the comparison reads them the same. Python 3 standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import env_classes  # noqa: E402  (the class list and the full facts)

GOLDEN = os.path.join(HERE, "golden", "classes-full-facts.jsonl")
AGREE_LIST = os.path.join(HERE, "classes-agree.txt")
# The engine: target/release/puppet-eval, or the one PUPPET_EVAL names (another target directory).
ENGINE = os.environ.get("PUPPET_EVAL") or os.path.join(REPO_ROOT, "target", "release", "puppet-eval")


def normalize(text):
    """Module paths as the goldens print them."""
    return re.sub(r"(?<![\w/])modules/([a-z][a-z0-9_]*)/", r"<tmp>/stdlibmods/\1/", text)


def reason_of(error):
    """A short category for why the engine stopped."""
    if "ERB templates are Ruby" in error or "NEEDS_ERB" in error:
        return "ERB template"
    m = re.search(r"not supported by the playground's ERB", error)
    if m:
        return "ERB: %s" % re.sub(r"^.*?(?:Failed to parse (?:inline )?template[^:]*: )", "", error).split(" (file:")[0]
    m = re.search(r"Unknown function: '([^']+)'", error)
    if m:
        return "function written in Ruby: %s" % m.group(1)
    m = re.search(r"Unknown resource type: '([^']+)'", error)
    if m:
        return "resource type written in Ruby: %s" % m.group(1)
    if "lookup" in error or "hiera" in error:
        return "Hiera"
    return error


def main(argv):
    if not os.path.exists(ENGINE):
        env_classes.die("build the engine first: cargo build --release -p puppet-cli")
    mods = env_classes.module_dirs()
    golden = {}
    with open(GOLDEN, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                g = json.loads(line)
                golden[g["id"]] = g
    with open(env_classes.FACTS, encoding="utf-8") as f:
        facts = env_classes.full_facts(json.load(f))
    scratch = tempfile.mkdtemp(prefix="compare_classes.")
    try:
        modules = os.path.join(scratch, "production", "modules")
        os.makedirs(modules)
        for mod, mdir in mods:
            os.symlink(mdir, os.path.join(modules, mod))
        ids = sorted(golden)
        payload = "".join(json.dumps({"id": c, "src": "include %s" % c, "facts": facts}) + "\n" for c in ids)
        proc = subprocess.run([ENGINE, "--env", os.path.join(scratch, "production"), "--jsonl", "--catalog"],
                              input=payload.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    ours = {}
    for line in proc.stdout.decode("utf-8").split("\n"):
        if line.strip():
            r = json.loads(line)
            ours[r["id"]] = r
    outcomes = {}
    for c in ids:
        g, o = golden[c], ours.get(c, {"error": "no answer", "catalog": None})
        if g["error"] is None and o.get("error") is None:
            same = json.loads(normalize(json.dumps(o["catalog"]))) == g["catalog"]
            outcomes[c] = ("same catalog", "") if same else ("other catalog", "")
        elif g["error"] is None:
            outcomes[c] = ("engine stops", reason_of(o["error"]))
        elif o.get("error") is None:
            outcomes[c] = ("engine compiles", g["error"])
        else:
            outcomes[c] = ("both fail", "")
    kinds = ["same catalog", "other catalog", "engine stops", "both fail", "engine compiles"]
    print("%-14s %7s  %s" % ("module", "classes", "  ".join("%-15s" % k for k in kinds)))
    by_module = {}
    for c, (kind, _) in outcomes.items():
        by_module.setdefault(c.split("::")[0], {}).setdefault(kind, 0)
        by_module[c.split("::")[0]][kind] += 1
    totals = {k: 0 for k in kinds}
    for mod in sorted(by_module):
        row = by_module[mod]
        for k in kinds:
            totals[k] += row.get(k, 0)
        print("%-14s %7d  %s" % (mod, sum(row.values()), "  ".join("%-15d" % row.get(k, 0) for k in kinds)))
    print("%-14s %7d  %s" % ("total", len(outcomes), "  ".join("%-15d" % totals[k] for k in kinds)))
    print()
    reasons = {}
    for c, (kind, why) in sorted(outcomes.items()):
        if kind == "engine stops":
            reasons.setdefault(why, []).append(c)
    print("Why the engine stops where Puppet compiles:")
    for why, classes in sorted(reasons.items(), key=lambda kv: -len(kv[1])):
        print("  %3d  %s" % (len(classes), why))
    # The classes that render ERB templates (summary-full-facts.jsonl's `erb`), among those Puppet compiles.
    summary = os.path.join(HERE, "golden", "summary-full-facts.jsonl")
    with open(summary, encoding="utf-8") as f:
        erb = [json.loads(l)["id"] for l in f if l.strip() and json.loads(l).get("erb")]
    erb = [c for c in erb if c in outcomes and golden[c]["error"] is None]
    counts = {k: sum(1 for c in erb if outcomes[c][0] == k) for k in kinds}
    print("\nClasses rendering ERB that Puppet compiles (%d): %d same catalog, %d other catalog, %d engine stops"
          % (len(erb), counts["same catalog"], counts["other catalog"], counts["engine stops"]))
    for kind in ["same catalog", "other catalog", "engine compiles"]:
        names = [c for c, (k, _) in sorted(outcomes.items()) if k == kind]
        print("\n%s (%d): %s" % (kind, len(names), " ".join(names)))
    if "--write" in argv:
        with open(AGREE_LIST, "w", encoding="utf-8") as f:
            f.write("# Classes of Debian's modules whose catalog puppet-eval compiles as real Puppet does\n")
            f.write("# (tests/realworld/compare_classes.py --write; checked by tests/tests/realworld_classes.rs)\n")
            for c, (k, _) in sorted(outcomes.items()):
                if k == "same catalog":
                    f.write(c + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
