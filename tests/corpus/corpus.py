#!/usr/bin/env python3
"""A real-world corpus of Puppet code nobody on the project wrote, compiled by real Puppet and by puppet-eval.

Usage:
    python3 tests/corpus/corpus.py --extract   # (re)write cases.jsonl from the sources below, no Puppet
    python3 tests/corpus/corpus.py --oracle    # ask real Puppet: writes golden.jsonl (about a minute)
    cargo build --release -p puppet-cli
    python3 tests/corpus/corpus.py             # compare puppet-eval with golden.jsonl, print the report
    python3 tests/corpus/corpus.py --write     # ... and write report.txt and agree.txt (the cases that agree,
                                               # held by tests/tests/corpus.rs)

The sources (all installed on a Debian 12 machine with `apt-get install -y puppet 'puppet-module-*'`):
  * the README of every Debian `puppet-module-*` package (/usr/share/doc/<package>/README.md.gz): each fenced
    code block marked `puppet` (or unmarked, when it looks like Puppet code: it has `=>`, `{` or `include`);
  * the example manifests those packages ship (/usr/share/doc/<package>/examples/**/*.pp);
  * the language documentation next to this project (../shared/spec/*.txt, spec-*.md): each indented code
    block that looks like Puppet code.
Each becomes one case, compiled as `puppet apply -e` does for the node `playground` with the full facts of
tests/realworld (env_classes.full_facts), in an environment whose modulepath holds all of Debian's modules
(stdlib included): ../shared/oracle/env_oracle.rb for Puppet, `puppet-eval --env DIR --jsonl --catalog` for us.

Outcomes, per case:
    same            both compile to the same catalog (every resource, parameter and value) and the same logs
    other catalog   both compile, the catalogs or the logs differ
    engine stops    Puppet compiles, the engine stops with a diagnostic (grouped by reason)
    both fail       Puppet and the engine both fail (same error line: 'both fail alike')
    engine compiles Puppet fails, the engine compiles: a bug

Python 3 standard library only.
"""

import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO_ROOT, "tests", "realworld"))
import env_classes  # noqa: E402  (Debian's modules, the full facts, the oracle's location)
import compare_classes  # noqa: E402  (path normalisation, reasons)

CASES = os.path.join(HERE, "cases.jsonl")
GOLDEN = os.path.join(HERE, "golden.jsonl")
REPORT = os.path.join(HERE, "report.txt")
AGREE = os.path.join(HERE, "agree.txt")
DOCS = "/usr/share/doc"
SPEC = os.path.normpath(os.path.join(REPO_ROOT, "..", "shared", "spec"))
ENGINE = os.environ.get("PUPPET_EVAL") or os.path.join(REPO_ROOT, "target", "release", "puppet-eval")

FENCE_RE = re.compile(r"^[ \t]*(```|~~~)[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.M | re.S)
KINDS = ["same", "other catalog", "engine stops", "both fail", "engine compiles"]


def looks_like_puppet(text):
    return "=>" in text or re.search(r"^\s*(include|class|define|node|\$\w+\s*=)", text, re.M) is not None


def readme_blocks(text):
    for m in FENCE_RE.finditer(text):
        lang, body = m.group(2).lower(), m.group(3)
        if lang == "puppet" or (lang == "" and looks_like_puppet(body)):
            yield body


def indented_blocks(text):
    """Blocks of lines indented by 4+ spaces, separated from prose by blank lines."""
    block = []
    for line in text.split("\n") + [""]:
        if line.startswith("    ") or (block and not line.strip()):
            block.append(line[4:] if line.startswith("    ") else "")
            continue
        body = "\n".join(block).strip("\n")
        if body and looks_like_puppet(body):
            yield body
        block = []


def extract():
    cases = []
    for pkg in sorted(glob.glob(os.path.join(DOCS, "puppet-module-*"))):
        name = os.path.basename(pkg)[len("puppet-module-"):]
        readme = os.path.join(pkg, "README.md.gz")
        if os.path.isfile(readme):
            with gzip.open(readme, "rt", encoding="utf-8", errors="replace") as f:
                for n, body in enumerate(readme_blocks(f.read()), 1):
                    cases.append({"id": "%s/readme/%d" % (name, n), "category": "README", "src": body})
        for path in sorted(glob.glob(os.path.join(pkg, "examples", "**", "*.pp"), recursive=True)):
            with open(path, encoding="utf-8", errors="replace") as f:
                rel = os.path.relpath(path, os.path.join(pkg, "examples"))
                cases.append({"id": "%s/examples/%s" % (name, rel), "category": "examples", "src": f.read()})
    for path in sorted(glob.glob(os.path.join(SPEC, "*.txt")) + glob.glob(os.path.join(SPEC, "spec-*.md"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, body in enumerate(indented_blocks(f.read()), 1):
                doc = os.path.splitext(os.path.basename(path))[0]
                cases.append({"id": "docs/%s/%d" % (doc, n), "category": "language docs", "src": body})
    with open(CASES, "w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("%d cases written to %s" % (len(cases), os.path.relpath(CASES, REPO_ROOT)))


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def facts():
    with open(env_classes.FACTS, encoding="utf-8") as f:
        return env_classes.full_facts(json.load(f))


def oracle():
    env_classes.check_tools()
    cases = read_jsonl(CASES)
    the_facts = facts()
    lines = env_classes.oracle_answers(env_classes.module_dirs(), [
        {"id": c["id"], "src": c["src"], "files": {}, "facts": the_facts} for c in cases])
    with open(GOLDEN, "w", encoding="utf-8") as f:
        for l in lines:
            f.write(json.dumps({k: l.get(k) for k in ("id", "error", "logs", "catalog")}, ensure_ascii=False) + "\n")
    print("%d answers written to %s" % (len(lines), os.path.relpath(GOLDEN, REPO_ROOT)))


def ours(cases):
    if not os.path.exists(ENGINE):
        env_classes.die("build the engine first: cargo build --release -p puppet-cli")
    scratch = tempfile.mkdtemp(prefix="corpus.")
    try:
        modules = os.path.join(scratch, "production", "modules")
        os.makedirs(modules)
        for mod, mdir in env_classes.module_dirs():
            os.symlink(mdir, os.path.join(modules, mod))
        the_facts = facts()
        payload = "".join(json.dumps({"id": c["id"], "src": c["src"], "facts": the_facts}) + "\n" for c in cases)
        proc = subprocess.run([ENGINE, "--env", os.path.join(scratch, "production"), "--allow-links-to", env_classes.MODULES_AVAILABLE, "--jsonl", "--catalog"],
                              input=payload.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {r["id"]: r for r in (json.loads(l) for l in proc.stdout.decode("utf-8").split("\n") if l.strip())}


def normalized_logs(logs):
    """Our logs as the oracle records them: without the debug lines it leaves out."""
    return [compare_classes.normalize(l) for l in (logs or []) if not l.startswith("debug:")]


def outcome(golden, mine):
    g_err, o_err = golden.get("error"), mine.get("error")
    if g_err is None and o_err is None:
        same = (json.loads(compare_classes.normalize(json.dumps(mine.get("catalog")))) == golden.get("catalog")
                and normalized_logs(mine.get("logs")) == golden.get("logs"))
        return ("same", "") if same else ("other catalog", "")
    if g_err is None:
        return "engine stops", compare_classes.reason_of(o_err)
    if o_err is None:
        return "engine compiles", g_err
    return "both fail", "alike" if compare_classes.normalize(o_err) == g_err else ""


def report(write):
    cases = read_jsonl(CASES)
    golden = {g["id"]: g for g in read_jsonl(GOLDEN)}
    mine = ours(cases)
    rows, reasons, lists = {}, {}, {k: [] for k in KINDS}
    for c in cases:
        kind, why = outcome(golden[c["id"]], mine.get(c["id"], {"error": "no answer"}))
        rows.setdefault(c["category"], {}).setdefault(kind, 0)
        rows[c["category"]][kind] += 1
        lists[kind].append(c["id"])
        if kind == "engine stops":
            reasons.setdefault(why, []).append(c["id"])
    out = []
    out.append("%-14s %5s  %s" % ("source", "cases", "  ".join("%-15s" % k for k in KINDS)))
    totals = {k: 0 for k in KINDS}
    for cat in sorted(rows):
        for k in KINDS:
            totals[k] += rows[cat].get(k, 0)
        out.append("%-14s %5d  %s" % (cat, sum(rows[cat].values()),
                                      "  ".join("%-15d" % rows[cat].get(k, 0) for k in KINDS)))
    out.append("%-14s %5d  %s" % ("total", len(cases), "  ".join("%-15d" % totals[k] for k in KINDS)))
    compiles = totals["same"] + totals["other catalog"] + totals["engine stops"]
    out.append("")
    out.append("Of the %d cases real Puppet compiles, the engine compiles %d to the same catalog and logs (%.0f %%)."
               % (compiles, totals["same"], 100.0 * totals["same"] / max(compiles, 1)))
    out.append("")
    out.append("Why the engine stops where Puppet compiles:")
    for why, ids in sorted(reasons.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.append("  %3d  %s" % (len(ids), why[:160].replace("\n", " ")))
    for kind in ("other catalog", "engine compiles"):
        out.append("")
        out.append("%s (%d): %s" % (kind, len(lists[kind]), " ".join(lists[kind])))
    text = "\n".join(out) + "\n"
    print(text, end="")
    if write:
        with open(REPORT, "w", encoding="utf-8") as f:
            f.write("# python3 tests/corpus/corpus.py --write (real Puppet's answers: golden.jsonl)\n" + text)
        with open(AGREE, "w", encoding="utf-8") as f:
            f.write("# Corpus cases puppet-eval compiles to real Puppet's catalog and logs\n")
            f.write("# (tests/corpus/corpus.py --write; held by tests/tests/corpus.rs)\n")
            for case_id in lists["same"]:
                f.write(case_id + "\n")


def main(argv):
    if "--extract" in argv:
        extract()
    elif "--oracle" in argv:
        oracle()
    else:
        report("--write" in argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
