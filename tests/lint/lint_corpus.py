#!/usr/bin/env python3
"""Compare `puppet-eval lint` with Debian's puppet-lint 3.0.1 on every manifest of Debian's
Puppet modules: the sets of (file, line, column, check) findings, the `--fix` output (byte for
byte, on copies in a temporary folder) and the time each tool takes.

    python3 tests/lint/lint_corpus.py [--bin PATH] [--corpus DIR] [--show N] [--dirty]
    python3 tests/lint/lint_corpus.py --goldens   # rewrite tests/lint/golden/ from puppet-lint

Standard library only. puppet-lint must be installed (`apt-get install puppet-lint`).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FORMAT = "%{fullpath}|%{line}|%{column}|%{check}|%{kind}|%{message}"
BATCH = 60
# Files puppet-lint crashes on ("Whoops! ..."): left out of the comparison, and counted.
CRASHED = set()
# puppet-lint reads files in the locale's encoding: UTF-8, as the engine does.
ENV = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")


def manifests(corpus):
    out = []
    for base, dirs, files in os.walk(os.path.abspath(corpus)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".pp"):
                out.append(os.path.join(base, f))
    return out


def run_batches(cmd, files, cwd, originals=None):
    """Run a linter over files in batches; returns its output lines and the seconds taken.
    With `originals` (for --fix on copies), a batch puppet-lint crashed in is copied afresh
    before its files are linted one by one."""
    lines = []
    start = time.monotonic()
    for i in range(0, len(files), BATCH):
        batch = files[i:i + BATCH]
        proc = subprocess.run(cmd + batch, cwd=cwd, capture_output=True, text=True, env=ENV)
        if "Whoops!" not in proc.stdout:
            lines.extend(proc.stdout.splitlines())
            continue
        # puppet-lint crashed on a file and exited: lint the batch's files one by one.
        if originals:
            for f in batch:
                shutil.copyfile(originals[f], f)
        for f in batch:
            one = subprocess.run(cmd + [f], cwd=cwd, capture_output=True, text=True, env=ENV)
            if "Whoops!" in one.stdout:
                CRASHED.add(f)
            else:
                lines.extend(one.stdout.splitlines())
    return lines, time.monotonic() - start


def findings(lines):
    out = set()
    for line in lines:
        parts = line.split("|", 5)
        if len(parts) < 6:
            continue
        path, ln, col, check, _kind, _msg = parts
        out.add((path, int(ln), int(col), check))
    return out


def copy_tree(files, corpus, dest):
    copies = []
    for f in files:
        rel = os.path.relpath(f, os.path.abspath(corpus))
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(f, target)
        copies.append(target)
    return copies


def lint_cmds(binary):
    return (["puppet-lint", "--no-config", "--log-format", FORMAT],
            [binary, "lint", "--no-config", "--log-format", FORMAT])


def dirty_copy(corpus, dest):
    """The corpus with the faults style guides flag put in (double quotes, unaligned arrows,
    trailing whitespace, tabs, odd indentation), to exercise the checks and fixes."""
    for f in manifests(corpus):
        with open(f, encoding="utf-8", errors="replace") as src:
            text = src.read()
        text = re.sub(r"'([^'\"$\\\n]*)'", r'"\1"', text)
        text = re.sub(r"[ \t]+=>", " =>", text)
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if i % 3 == 1 and line:
                line += "  "
            if i % 5 == 2 and line.startswith("  "):
                line = "\t" + line[2:]
            if i % 7 == 3 and line.startswith("    "):
                line = " " + line
            lines[i] = line
        out = os.path.join(dest, os.path.relpath(f, os.path.abspath(corpus)))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w", encoding="utf-8") as dst:
            dst.write("\n".join(lines))
    return dest


def compare(args):
    if args.dirty:
        args.corpus = dirty_copy(args.corpus, tempfile.mkdtemp(prefix="lint-dirty-"))
        print(f"dirtied copy of the corpus: {args.corpus}")
    files = manifests(args.corpus)
    pl_cmd, ours_cmd = lint_cmds(args.bin)
    with tempfile.TemporaryDirectory() as tmp:
        pl_lines, pl_time = run_batches(pl_cmd, files, tmp)
        ours_lines, ours_time = run_batches(ours_cmd, files, tmp)
        pl, ours = findings(pl_lines), findings(ours_lines)
        ours = {f for f in ours if f[0] not in CRASHED}
        if CRASHED:
            print(f"puppet-lint crashed on {len(CRASHED)} files (left out)")
        both = pl & ours
        union = pl | ours
        print(f"files: {len(files)}")
        print(f"findings: puppet-lint {len(pl)}, puppet-eval {len(ours)}, same {len(both)}, "
              f"agreement {100.0 * len(both) / max(1, len(union)):.2f} % of {len(union)}")
        for name, extra in (("only puppet-lint", pl - ours), ("only puppet-eval", ours - pl)):
            for item in sorted(extra)[:args.show]:
                print(f"  {name}: {item}")
        # --fix on copies.
        a = copy_tree(files, args.corpus, os.path.join(tmp, "pl"))
        b = copy_tree(files, args.corpus, os.path.join(tmp, "ours"))
        crashed_before = set(CRASHED)
        _, pl_fix_time = run_batches(["puppet-lint", "--no-config", "--fix"], a, tmp,
                                     originals=dict(zip(a, files)))
        crashed_copies = CRASHED - crashed_before
        _, ours_fix_time = run_batches([args.bin, "lint", "--no-config", "--fix"], b, tmp)
        same = 0
        differ = []
        for fa, fb in zip(a, b):
            if fa in crashed_copies:
                continue  # puppet-lint has no answer: left out
            with open(fa, "rb") as x, open(fb, "rb") as y:
                if x.read() == y.read():
                    same += 1
                else:
                    differ.append(os.path.relpath(fa, os.path.join(tmp, "pl")))
        compared = len(files) - len(crashed_copies)
        print(f"--fix: {same} of {compared} files byte-identical "
              f"({100.0 * same / max(1, compared):.2f} %)")
        for d in differ[:args.show]:
            print(f"  differs: {d}")
        print(f"time (lint): puppet-lint {pl_time:.2f} s, puppet-eval {ours_time:.2f} s")
        print(f"time (--fix): puppet-lint {pl_fix_time:.2f} s, puppet-eval {ours_fix_time:.2f} s")
    if args.dirty:
        shutil.rmtree(args.corpus, ignore_errors=True)


def golden_for(path, fullpath_dir, name, out_dir):
    """Run puppet-lint (plain and --fix) on one file and store source, findings and fixed text."""
    with tempfile.TemporaryDirectory() as tmp:
        # A fixed folder for the hand-written cases, so their recorded full paths do not change.
        base = "/tmp/puppet-lint-goldens"
        target = os.path.join(base, fullpath_dir, os.path.basename(path)) if fullpath_dir else path
        if fullpath_dir:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(path, target)
        proc = subprocess.run(["puppet-lint", "--no-config", "--json", target], cwd=tmp,
                              capture_output=True, text=True, env=ENV)
        problems = [p for group in json.loads(proc.stdout or "[]") for p in group]
        fullpath = problems[0]["fullpath"] if problems else os.path.abspath(target)
        fix_copy = os.path.join(tmp, "fix.pp")
        shutil.copyfile(path, fix_copy)
        subprocess.run(["puppet-lint", "--no-config", "--fix", fix_copy], cwd=tmp,
                       capture_output=True, text=True, env=ENV)
        with open(fix_copy, "rb") as f:
            fixed = f.read()
    with open(path, "rb") as f:
        source = f.read()
    with open(os.path.join(out_dir, name + ".pp"), "wb") as f:
        f.write(source)
    if fixed != source:
        # Without a .fixed file the expected --fix output is the source unchanged.
        with open(os.path.join(out_dir, name + ".fixed"), "wb") as f:
            f.write(fixed)
    record = {
        "source": path if not fullpath_dir else os.path.join(fullpath_dir, os.path.basename(path)),
        "fullpath": fullpath,
        "findings": [{"line": p["line"], "column": p["column"], "check": p["check"],
                      "kind": p["kind"], "message": p["message"]} for p in problems],
    }
    with open(os.path.join(out_dir, name + ".json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")


def goldens(args):
    out_dir = os.path.join(HERE, "golden")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    # A reproducible sample of the files up to 12 KB (the repository stays small).
    files = [f for f in manifests(args.corpus) if os.path.getsize(f) <= 12000]
    rng = random.Random(24)
    sample = sorted(rng.sample(files, min(args.sample, len(files))))
    for n, path in enumerate(sample):
        golden_for(path, None, f"corpus-{n:03d}", out_dir)
    # Dirtied corpus files (style faults put in, see dirty_copy): the fixes on real code.
    dirty = dirty_copy(args.corpus, "/tmp/puppet-lint-goldens/dirty")
    dirty_files = [f for f in manifests(dirty) if os.path.getsize(f) <= 6000]
    for n, path in enumerate(sorted(rng.sample(dirty_files, min(20, len(dirty_files))))):
        golden_for(path, None, f"dirty-{n:03d}", out_dir)
    cases = os.path.join(HERE, "cases")
    for f in sorted(os.listdir(cases)):
        if f.endswith(".pp"):
            # Hand-written cases live in a module layout so autoloader_layout has a path to read.
            golden_for(os.path.join(cases, f), "mymod/manifests", "case-" + f[:-3], out_dir)
    print(f"wrote {len(sample)} corpus goldens, 20 dirtied ones and the cases to {out_dir}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "puppet-eval"))
    parser.add_argument("--corpus", default="/usr/share/puppet/modules.available")
    parser.add_argument("--show", type=int, default=20)
    parser.add_argument("--goldens", action="store_true")
    parser.add_argument("--dirty", action="store_true",
                        help="compare on a copy of the corpus with style faults put in")
    parser.add_argument("--sample", type=int, default=60)
    args = parser.parse_args()
    if shutil.which("puppet-lint") is None:
        sys.exit("puppet-lint is not installed (apt-get install puppet-lint)")
    if args.goldens:
        goldens(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
