#!/usr/bin/env python3
"""puppet-eval lookup against puppet lookup on the same environments: wall-clock time per process.

Usage (from anywhere; builds nothing: run `cargo build --release -p puppet-cli` first):
    python3 bench/hiera/lookup_bench.py              # every entry of tests/conformance/hiera/explain.txt
    python3 bench/hiera/lookup_bench.py NAME...      # only these entries
    python3 bench/hiera/lookup_bench.py --limit N    # only the first N entries
    python3 bench/hiera/lookup_bench.py --json ...   # also a last line of JSON: the medians (run_all.py)

For each entry (the environments, facts and arguments of the `puppet lookup` goldens), it runs
real `puppet lookup` once (as tests/conformance/lookup_explain.py runs it) and
target/release/puppet-eval lookup RUNS times (default 5, env LOOKUP_BENCH_RUNS) on the same
files, and prints the median of each, their ratio, and the lookup's own time inside puppet-eval
(its --time). BENCH_TARGET_DIR names another target/ folder. Which Puppet runs: tests/reference_puppet.py
(OPENVOX8, or ORACLE_ALLOW_PUPPET7=1 for Debian's 7.23). Python 3 standard library only.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "conformance"))
import lookup_explain  # noqa: E402

CLI = os.path.join(os.environ.get("BENCH_TARGET_DIR") or os.path.join(ROOT, "target"), "release", "puppet-eval")
RUNS = int(os.environ.get("LOOKUP_BENCH_RUNS", "5"))


def ours(entry):
    """Median wall clock of puppet-eval lookup and the median of its own --time."""
    with tempfile.TemporaryDirectory(prefix="lookup_bench.") as tmp:
        env = os.path.join(tmp, "env")
        lookup_explain.write_tree(env, entry["files"])
        facts = os.path.join(tmp, "facts.json")
        with open(facts, "w", encoding="utf-8") as f:
            json.dump(entry["facts"], f)
        cmd = [CLI, "lookup", "--env", env, "--facts", facts, "--node", "playground", "--time"]
        if "global_hiera" in entry or "global_data" in entry:
            glob = os.path.join(tmp, "global")
            lookup_explain.write_tree(glob, entry.get("global_data", {}))
            if "global_hiera" in entry:
                with open(os.path.join(glob, "hiera.yaml"), "w", encoding="utf-8") as f:
                    f.write(entry["global_hiera"])
            cmd += ["--hiera_config", os.path.join(glob, "hiera.yaml")]
        cmd += entry["args"]
        walls, inner = [], []
        for _ in range(RUNS):
            started = time.monotonic()
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            walls.append(time.monotonic() - started)
            for line in proc.stderr.decode("utf-8", "replace").splitlines():
                if line.startswith("lookup: ") and line.endswith(" ms"):
                    inner.append(float(line[len("lookup: "):-3]))
        return statistics.median(walls), (statistics.median(inner) if inner else float("nan"))


def main(argv):
    if not os.path.exists(CLI):
        sys.exit("lookup_bench: %s is missing (cargo build --release -p puppet-cli)" % CLI)
    as_json = "--json" in argv
    argv = [a for a in argv if a != "--json"]
    limit = None
    if "--limit" in argv:
        at = argv.index("--limit")
        limit = int(argv[at + 1])
        del argv[at:at + 2]
    version = lookup_explain.check_tools()
    entries = lookup_explain.read_entries()
    if argv:
        wanted = set(argv)
        entries = [e for e in entries if e["id"].split("/", 1)[1] in wanted]
    if limit is not None:
        entries = entries[:limit]
    rows = []
    print("%-32s %12s %14s %9s %12s" % ("entry", "puppet (s)", "puppet-eval (ms)", "ratio", "lookup (ms)"))
    for e in entries:
        _, puppet_time = lookup_explain.run_entry(e)
        wall, inner = ours(e)
        rows.append((puppet_time, wall, inner))
        print("%-32s %12.2f %14.2f %9.0f %12.3f" % (e["id"].split("/", 1)[1], puppet_time, wall * 1000,
                                                  puppet_time / wall, inner))
    p = statistics.median(r[0] for r in rows)
    w = statistics.median(r[1] for r in rows)
    i = statistics.median(r[2] for r in rows)
    print("median over %d entries: puppet lookup %.2f s, puppet-eval lookup %.2f ms (process) / %.3f ms "
          "(the lookup itself): %.0fx faster" % (len(rows), p, w * 1000, i, p / w))
    if as_json:
        print(json.dumps({"entries": len(rows), "runs": RUNS, "puppet_seconds": p, "ours_seconds": w,
                          "ours_lookup_ms": i, "puppet_version": version}))


if __name__ == "__main__":
    main(sys.argv[1:])
