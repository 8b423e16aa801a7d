#!/usr/bin/env python3
"""Which of the ERB templates of Debian's Puppet modules the real-world compiles render, and how they fare.

Usage:
    cargo build --release -p puppet-cli
    python3 tests/realworld/template_coverage.py          # the counts and the templates by outcome
    python3 tests/realworld/template_coverage.py --write  # also writes tests/realworld/templates.txt

It compiles, with puppet-eval, the cases real Puppet answered in the repository's goldens: every class of
Debian's modules (`include <class>`, golden/classes-full-facts.jsonl), the real-world corpus
(tests/corpus/golden.jsonl: README code blocks and example manifests) and the template cases
(template_cases/, golden/template-cases.jsonl: classes and defined types declared with the parameters and
facts that switch the other templates on), with the same facts and the same modules, and reads from the
engine's debug log which `.erb` templates each compile rendered. A template is

    identical   rendered in a compile whose catalog (the files' `content` included) is exactly Puppet's
    differs     rendered only in compiles whose catalog differs from Puppet's
    stops       a compile stopped with a diagnostic inside it, and no agreeing compile rendered it
    unreachable no Puppet compile can render it (template_cases.UNREACHABLE says why: no manifest of its
                module names it, or the only way to it fails in real Puppet too)
    not reached none of the above: no case renders it

Every render in an agreeing compile is golden data from real Puppet: the catalog's content is Puppet's.
Python 3 standard library only.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO_ROOT, "tests", "corpus"))
import compare_classes  # noqa: E402
import env_classes  # noqa: E402
import corpus  # noqa: E402
import template_cases  # noqa: E402

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


def stop_reason(diagnostic):
    """The innermost reason a diagnostic gives, with the template it names."""
    lines = [l.strip() for l in diagnostic.split("\n") if l.strip()]
    detail = next((l for l in lines if "not supported" in l), lines[0] if lines else "no diagnostic")
    detail = re.sub(r"^.*Failed to parse (?:inline )?template ", "in ", detail)
    return detail[:200]


def run(cases):
    """{id: answer} of puppet-eval (with its debug log) for [(id, src, facts)]."""
    return template_cases.run_ours(cases, ["--debug"])


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
                cases.append(("class " + g["id"], "include %s" % g["id"], facts))
    corpus_golden = {g["id"]: g for g in corpus.read_jsonl(corpus.GOLDEN)}
    for c in corpus.read_jsonl(corpus.CASES):
        golden["corpus " + c["id"]] = corpus_golden[c["id"]]
        cases.append(("corpus " + c["id"], c["src"], facts))
    fact_sets, case_golden = template_cases.fact_sets(), template_cases.golden()
    for c in template_cases.read_cases():
        golden["case " + c["id"]] = case_golden[c["id"]]
        cases.append(("case " + c["id"], c["src"], fact_sets[c["facts"]]))
    ours = run(cases)
    state = {}   # template -> best outcome seen
    stopped = {}  # template -> the diagnostic of a compile that stopped in it
    renders = 0
    rank = {"identical": 3, "differs": 2, "stops": 1}
    whole = {}  # case -> puppet-eval's whole diagnostic, for the cases that stop
    for case_id, src, case_facts in cases:
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
            if ".erb" in o["error"]:
                whole[case_id] = template_cases.full_error(src, case_facts)
            named = re.findall(r"(?:modules/)?([a-z][a-z0-9_]*)/(?:templates/)?([\w/.-]+?\.erb)",
                               o["error"] + whole.get(case_id, ""))
            found = {"modules/%s/templates/%s" % m for m in named}
            rendered |= found
            for t in found:
                stopped.setdefault(t, stop_reason(whole[case_id]))
        for t in rendered:
            if rank[outcome] > rank.get(state.get(t), 0):
                state[t] = outcome
    templates = all_templates(mods)
    for t in templates:
        if t not in state and t in template_cases.UNREACHABLE:
            state[t] = "unreachable"
    kinds = ("identical", "differs", "stops", "not reached", "unreachable")
    by = {k: [t for t in templates if state.get(t, "not reached") == k] for k in kinds}
    lines = ["%d ERB templates in Debian's modules; rendered by the compiles real Puppet accepts:" % len(templates)]
    for k, ts in by.items():
        lines.append("  %-12s %4d" % (k, len(ts)))
    lines.append("%d renders in compiles whose catalog is exactly Puppet's (golden content from real Puppet)" % renders)
    for k in kinds:
        lines.append("")
        lines.append("%s (%d):" % (k, len(by[k])))
        for t in by[k]:
            why = template_cases.UNREACHABLE.get(t) if k == "unreachable" else stopped.get(t) if k == "stops" else None
            lines.append("  " + t + ("   (%s)" % why if why else ""))
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if "--write" in argv:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write("# python3 tests/realworld/template_coverage.py --write\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
