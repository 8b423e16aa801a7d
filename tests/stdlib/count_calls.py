#!/usr/bin/env python3
"""Survey of puppetlabs-stdlib's functions: which ones Debian's modules call, and how often.

Lists every function stdlib defines (Ruby 4.x in lib/puppet/functions/, Ruby 3.x in
lib/puppet/parser/functions/, Puppet language in functions/), counts the calls of each in the
manifests and EPP templates of every other module under MODULES (Debian's puppet-module-*
packages), and prints one table row per function: name, API, calls, state.

The state comes from the engine itself: each name is called through `puppet-eval --jsonl`
(built at $CARGO_TARGET_DIR or target/), so the column is true for the commit it runs on.
"works" means the engine has the function; "core" that Puppet 7 has a function of that name
that wins over stdlib's 3.x one; "refused" is the engine's diagnostic saying what the function
needs (the agent's or compiling host's system, Ruby itself); "not yet" is the rest.

    python3 tests/stdlib/count_calls.py [--markdown] [--modules DIR] [--eval PATH]
"""
import argparse
import json
import os
import re
import subprocess
import sys

MODULES = "/usr/share/puppet/modules.available"
PUPPET_FUNCTIONS = "/usr/lib/ruby/vendor_ruby/puppet"


def defined_functions(stdlib):
    found = {}
    base4 = os.path.join(stdlib, "lib/puppet/functions")
    for root, _, files in os.walk(base4):
        for f in files:
            if f.endswith(".rb"):
                rel = os.path.relpath(os.path.join(root, f), base4)[:-3]
                found[rel.replace(os.sep, "::")] = "4.x"
    for f in os.listdir(os.path.join(stdlib, "lib/puppet/parser/functions")):
        if f.endswith(".rb"):
            found.setdefault(f[:-3], "3.x")
    for root, _, files in os.walk(os.path.join(stdlib, "functions")):
        for f in files:
            if f.endswith(".pp"):
                rel = os.path.relpath(os.path.join(root, f), os.path.join(stdlib, "functions"))
                found["stdlib::" + rel[:-3].replace(os.sep, "::")] = "puppet"
    return found

def code_only(text):
    """The text with comments blanked (strings kept: interpolations call functions too)."""
    out, i, quote = [], 0, None
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                out.append(text[i:i + 2]); i += 2; continue
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#":
            j = text.find("\n", i)
            i = len(text) if j < 0 else j
            continue
        elif text.startswith("/*", i):
            j = text.find("*/", i)
            i = len(text) if j < 0 else j + 2
            continue
        out.append(c); i += 1
    return "".join(out)

def count_calls(modules, names):
    counts = {n: 0 for n in names}
    pattern = re.compile(r"(?<![\w:$])((?:::)?[a-z][\w]*(?:::[a-z]\w*)*)\s*\(|\.([a-z]\w*)\b")
    for module in sorted(os.listdir(modules)):
        if module.endswith("-stdlib"):
            continue
        for root, _, files in os.walk(os.path.join(modules, module)):
            if "/spec" in root or "/examples" in root or "/tests" in root:
                continue
            for f in files:
                if not (f.endswith(".pp") or f.endswith(".epp")):
                    continue
                with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                    text = code_only(fh.read())
                for m in pattern.finditer(text):
                    name = (m.group(1) or m.group(2)).lstrip(":")
                    if name in counts:
                        before = text[max(0, m.start() - 9):m.start()]
                        if not before.rstrip().endswith("function"):
                            counts[name] += 1
    return counts

def core_names():
    names = set()
    for sub in ("functions", "parser/functions"):
        d = os.path.join(PUPPET_FUNCTIONS, sub)
        if os.path.isdir(d):
            names.update(f[:-3] for f in os.listdir(d) if f.endswith(".rb"))
    return names

def engine_states(binary, names):
    """name -> 'works' | 'unknown' | the engine's 'not available' reason."""
    if not binary or not os.path.exists(binary):
        sys.exit(f"no puppet-eval at {binary}: build it (cargo build -p puppet-cli) or pass --eval")
    lines = "".join(json.dumps({"id": n, "src": f"{n}()"}) + "\n" for n in names)
    out = subprocess.run([binary, "--jsonl"], input=lines, capture_output=True, text=True).stdout
    states = {}
    for line in out.splitlines():
        row = json.loads(line)
        error = row.get("error") or ""
        if "Unknown function" in error:
            states[row["id"]] = "unknown"
        elif "is not available in the playground: " in error:
            why = error.split("is not available in the playground: ", 1)[1]
            states[row["id"]] = "refused: " + why.split(" (file:")[0]
        else:
            states[row["id"]] = "works"
    return states

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--modules", default=MODULES)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.dirname(__file__), "../../target"))
    ap.add_argument("--eval", default=os.path.join(target, "debug/puppet-eval"))
    ap.add_argument("--markdown", action="store_true")
    opts = ap.parse_args()
    stdlib = os.path.join(opts.modules, "puppetlabs-stdlib")
    defined = defined_functions(stdlib)
    counts = count_calls(opts.modules, defined)
    states = engine_states(opts.eval, sorted(defined))
    core = core_names()
    rows = []
    for name, api in defined.items():
        state = states.get(name, "unknown")
        if state == "works" and name in core:
            state = "core (Puppet's own)"
        elif state == "unknown":
            state = "not yet"
        rows.append((name, api, counts[name], state))
    rows.sort(key=lambda r: (-r[2], r[0]))
    if opts.markdown:
        print("| function | API | calls | state |\n|---|---|---|---|")
        for r in rows:
            print(f"| `{r[0]}` | {r[1]} | {r[2]} | {r[3]} |")
    else:
        for r in rows:
            print(f"{r[0]:28} {r[1]:7} {r[2]:5}  {r[3]}")
    works = sum(1 for r in rows if r[3] == "works" or r[3].startswith("core"))
    print(f"\n{len(rows)} functions, {sum(r[2] for r in rows)} calls; "
          f"{works} work ({sum(r[2] for r in rows if r[3] == 'works' or r[3].startswith('core'))} calls)",
          file=sys.stderr)

if __name__ == "__main__":
    main()
