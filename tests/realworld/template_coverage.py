#!/usr/bin/env python3
"""Which of the ERB templates of Debian's Puppet modules the real-world compiles render, and how they fare.

Usage:
    cargo build --release -p puppet-cli
    python3 tests/realworld/template_coverage.py          # the counts and the templates by outcome
    python3 tests/realworld/template_coverage.py --write  # also writes tests/realworld/templates.txt

It compiles, with puppet-eval, the cases real Puppet answered in the repository's goldens: every class of
Debian's modules (`include <class>`, golden/classes-full-facts.jsonl) and the real-world corpus
(tests/corpus/golden.jsonl: README code blocks and example manifests), with the same facts and the same
modules, and reads from the engine's debug log which `.erb` templates each compile rendered. A template is

    identical   rendered in a compile whose catalog (the files' `content` included) is exactly Puppet's
    differs     rendered only in compiles whose catalog differs from Puppet's
    stops       a compile stopped with a diagnostic inside it, and no agreeing compile rendered it
    not reached no compile Puppet accepts renders it (it needs parameters, facts or a platform the
                cases do not give: a RedHat path, a feature switched off by default)

Every render in an agreeing compile is golden data from real Puppet: the catalog's content is Puppet's.
Python 3 standard library only.
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
sys.path.insert(0, os.path.join(REPO_ROOT, "tests", "corpus"))
import compare_classes  # noqa: E402
import env_classes  # noqa: E402
import corpus  # noqa: E402

OUT = os.path.join(HERE, "templates.txt")
RENDERED = re.compile(r"^debug: Bound template variables for (modules/[a-z][a-z0-9_]*/templates/\S+\.erb) in ")


def all_templates(mods):
    found = []
    for mod, mdir in mods:
        base = os.path.join(mdir, "templates")
        for root, _, files in os.walk(base):
            for f in files:
                if f.endswith(".erb"):
                    found.append("modules/%s/templates/%s" % (mod, os.path.relpath(os.path.join(root, f), base)))
    return sorted(found)


def run(cases, facts):
    scratch = tempfile.mkdtemp(prefix="template_coverage.")
    try:
        modules = os.path.join(scratch, "production", "modules")
        os.makedirs(modules)
        for mod, mdir in env_classes.module_dirs():
            os.symlink(mdir, os.path.join(modules, mod))
        payload = "".join(json.dumps({"id": i, "src": src, "facts": facts}) + "\n" for i, src in cases)
        proc = subprocess.run([compare_classes.ENGINE, "--env", os.path.join(scratch, "production"), "--jsonl",
                               "--catalog", "--debug"],
                              input=payload.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {r["id"]: r for r in (json.loads(l) for l in proc.stdout.decode("utf-8").split("\n") if l.strip())}


def main(argv):
    if not os.path.exists(compare_classes.ENGINE):
        env_classes.die("build the engine first: cargo build --release -p puppet-cli")
    mods = env_classes.module_dirs()
    with open(env_classes.FACTS, encoding="utf-8") as f:
        facts = env_classes.full_facts(json.load(f))
    golden = {}
    cases = []
    with open(compare_classes.GOLDEN, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                g = json.loads(line)
                golden["class " + g["id"]] = g
                cases.append(("class " + g["id"], "include %s" % g["id"]))
    for c in corpus.read_jsonl(corpus.CASES):
        golden["corpus " + c["id"]] = next(g for g in corpus.read_jsonl(corpus.GOLDEN) if g["id"] == c["id"])
        cases.append(("corpus " + c["id"], c["src"]))
    ours = run(cases, facts)
    state = {}   # template -> best outcome seen
    renders = 0
    rank = {"identical": 3, "differs": 2, "stops": 1}
    for case_id, _ in cases:
        g, o = golden[case_id], ours.get(case_id, {"error": "no answer", "logs": []})
        if g.get("error") is not None:
            continue
        rendered = {m.group(1) for m in (RENDERED.match(l) for l in o.get("logs") or []) if m}
        if o.get("error") is None:
            same = json.loads(compare_classes.normalize(json.dumps(o["catalog"]))) == g["catalog"]
            outcome = "identical" if same else "differs"
            renders += len(rendered) if same else 0
        else:
            outcome = "stops"
            rendered |= set(re.findall(r"modules/[a-z][a-z0-9_]*/templates/\S+?\.erb", o["error"]))
        for t in rendered:
            if rank[outcome] > rank.get(state.get(t), 0):
                state[t] = outcome
    templates = all_templates(mods)
    by = {k: [t for t in templates if state.get(t, "not reached") == k]
          for k in ("identical", "differs", "stops", "not reached")}
    lines = ["%d ERB templates in Debian's modules; rendered by the compiles real Puppet accepts:" % len(templates)]
    for k, ts in by.items():
        lines.append("  %-12s %4d" % (k, len(ts)))
    lines.append("%d renders in compiles whose catalog is exactly Puppet's (golden content from real Puppet)" % renders)
    for k in ("identical", "differs", "stops"):
        lines.append("")
        lines.append("%s (%d):" % (k, len(by[k])))
        lines.extend("  " + t for t in by[k])
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if "--write" in argv:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write("# python3 tests/realworld/template_coverage.py --write\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
