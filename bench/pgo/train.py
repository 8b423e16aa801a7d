#!/usr/bin/env python3
"""The workload a profile-guided build of puppet-eval learns from (scripts/build-pgo.sh).

Usage: train.py PUPPET_EVAL

Runs PUPPET_EVAL, a build that gathers a profile, over real code and the test suites' cases, none
of them the benchmarks' generated environments:

- every class of Debian's Puppet modules (`/usr/share/puppet/modules.available`) compiled in a
  control repository that links them in, with the real-module tests' facts;
- the README examples of those modules (tests/corpus/cases.jsonl) in the same repository;
- every conformance case (tests/conformance/golden*/*.jsonl): snippets, environments, Hiera,
  stdlib, catalogs;
- lint and parse over the modules' manifests and templates.

Missing Debian modules leave out the parts that need them. Python 3 standard library only.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests/realworld"))
import env_classes  # noqa: E402  (Debian's modules by their module names)

MODULES = Path(env_classes.MODULES_AVAILABLE)


def run(binary, args, stdin=None):
    """Runs one process of the binary; its answers are not looked at (the tests check them)."""
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as given:
        subprocess.run(
            [binary, *args],
            stdin=given,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=600,
            check=False,
        )


def control_repository(folder):
    """A control repository whose modules/ links every Debian module under its module name, as
    the real-module tests name them (tests/realworld/env_classes.py)."""
    modules = folder / "modules"
    modules.mkdir(parents=True)
    for name, path in env_classes.module_dirs():
        link = modules / name
        if not link.exists():
            link.symlink_to(path)
    return folder


def classes():
    """The classes of the real-module goldens, in their order."""
    summary = REPO / "tests/realworld/golden/summary-full-facts.jsonl"
    with open(summary, encoding="utf-8") as lines:
        return [json.loads(line)["id"] for line in lines if line.strip()]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: train.py PUPPET_EVAL")
    binary = sys.argv[1]
    for cases in sorted(REPO.glob("tests/conformance/golden*/*.jsonl")):
        run(binary, ["--jsonl", "--catalog"], stdin=cases)
    if not MODULES.is_dir():
        print(f"train.py: {MODULES} is missing: trained on the conformance cases only")
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = control_repository(Path(tmp) / "control")
        facts = REPO / "tests/realworld/golden/full-facts.json"
        common = ["--env", str(env), "--allow-links-to", str(MODULES), f"--facts={facts}"]
        for name in classes():
            run(binary, [*common, "--catalog", "-e", f"include {name}"])
        run(binary, [*common, "--jsonl"], stdin=REPO / "tests/corpus/cases.jsonl")
    puppetlabs = sorted(str(m) for m in MODULES.glob("puppetlabs-*"))
    run(binary, ["lint", *puppetlabs])
    run(binary, ["parse", *puppetlabs])


if __name__ == "__main__":
    main()
