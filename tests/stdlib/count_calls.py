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

    python3 tests/stdlib/count_calls.py [--markdown | --write] [--modules DIR] [--eval PATH]

--write rewrites tests/stdlib/SURVEY.md (the table the README links; tests/tests/environments.rs
checks its state column against the engine at every commit).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

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

def modules_counted(modules):
    return [m for m in os.listdir(modules) if not m.endswith("-stdlib")]


def core_names():
    names = set()
    for sub in ("functions", "parser/functions"):
        d = os.path.join(PUPPET_FUNCTIONS, sub)
        if os.path.isdir(d):
            names.update(f[:-3] for f in os.listdir(d) if f.endswith(".rb"))
    return names

def engine_states(binary, names, modulepath=None):
    """name -> 'works' | 'unknown' | the engine's 'not available' reason."""
    if not binary or not os.path.exists(binary):
        sys.exit(f"no puppet-eval at {binary}: build it (cargo build -p puppet-cli) or pass --eval")
    lines = "".join(json.dumps({"id": n, "src": f"{n}()"}) + "\n" for n in names)
    extra = ["--modulepath", modulepath] if modulepath else []
    out = subprocess.run([binary, "--jsonl"] + extra, input=lines, capture_output=True, text=True).stdout
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
    ap.add_argument("--write", action="store_true")
    opts = ap.parse_args()
    stdlib = os.path.join(opts.modules, "puppetlabs-stdlib")
    defined = defined_functions(stdlib)
    counts = count_calls(opts.modules, defined)
    states = engine_states(opts.eval, sorted(defined))
    # stdlib's Puppet-language functions load from the module itself: asked with it on the modulepath.
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(stdlib, os.path.join(tmp, "stdlib"))
        puppet_code = sorted(n for n, api in defined.items() if api == "puppet")
        for name, state in engine_states(opts.eval, puppet_code, tmp).items():
            if state == "works":
                states[name] = "works with the stdlib module (its Puppet code)"
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
    if opts.markdown or opts.write:
        table = "| function | API | calls | state |\n|---|---|---|---|\n" + "".join(
            f"| `{r[0]}` | {r[1]} | {r[2]} | {r[3]} |\n" for r in rows)
        if opts.write:
            works = [r for r in rows if r[3].startswith("works") or r[3].startswith("core")]
            calls = sum(r[2] for r in rows)
            head = (
                "# puppetlabs-stdlib 8.5.0: its functions, how often Debian's modules call them, and their state\n\n"
                "Written by `python3 tests/stdlib/count_calls.py --write` (calls counted in the manifests and EPP\n"
                f"templates of the {len(modules_counted(opts.modules))} other modules under `{opts.modules}`; the state is the engine's\n"
                "answer to a call, checked against this file by `cargo test -p puppet-conformance --test environments`).\n"
                "`works`: the engine has it, held to real Puppet by `tests/conformance/stdlib/` (`works with the stdlib\n"
                "module`: stdlib's own Puppet code, which the engine loads from a stdlib module on the modulepath, as\n"
                "Puppet does); `core`: Puppet 7 has a\n"
                "function of that name itself, which wins; `refused`: the engine's diagnostic, naming what it needs;\n"
                "`not yet`: unknown to the engine so far.\n\n"
                f"{len(rows)} functions, {calls} calls; {len(works)} work or are Puppet's own, covering "
                f"{sum(r[2] for r in works)} of the {calls} calls.\n\n")
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "SURVEY.md"), "w") as f:
                f.write(head + table)
        else:
            print(table, end="")
    else:
        for r in rows:
            print(f"{r[0]:28} {r[1]:7} {r[2]:5}  {r[3]}")
    works = sum(1 for r in rows if r[3].startswith("works") or r[3].startswith("core"))
    print(f"\n{len(rows)} functions, {sum(r[2] for r in rows)} calls; "
          f"{works} work ({sum(r[2] for r in rows if r[3].startswith('works') or r[3].startswith('core'))} calls)",
          file=sys.stderr)

if __name__ == "__main__":
    main()
