#!/usr/bin/env python3
"""Catalog diffs, side by side in one run: octocatalog-diff (Debian's 2.1.0, compiling with Debian's
Puppet 7.23) and `puppet-eval diff` on the same repository, versions and nodes (the corpus of
tests/diff: its base version and its `template` change, which changes every node), then
`puppet-eval diff` alone for a fleet of N nodes (facts varied from the corpus's 24 nodes: names,
addresses, OS) with its peak memory.

  python3 bench/diff_speed.py [--octo-nodes 4] [--fleet 10000] [--bin PUPPET_EVAL] [--json]

Figures go to stdout as a Markdown table (bench/README.md keeps the last run's); with --json, also a
last line of JSON with the same figures (bench/run_all.py reads it). --octo-nodes 0 or --fleet 0 skips
that part; without octocatalog-diff installed its part is skipped and said so.
"""

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "diff"))
import corpus  # noqa: E402

CHANGE = "template"
# The corpus's versions link Debian's modules in (tests/diff/corpus.py): puppet-eval follows links
# out of an environment only into the folders it is given.
LINKS = ["--allow-links-to", str(corpus.MODULES)]


def timed(command, **kwargs):
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    return time.monotonic() - start, result


def peak_rss_of(command):
    """Wall time and peak resident memory (KiB) of a command, from /usr/bin/time."""
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    peak = int(result.stderr.strip().splitlines()[-1])
    return elapsed, peak, result


def fleet(into, size):
    """`size` fact files varied from the corpus's nodes: each a copy of one with its own name,
    addresses and serial number."""
    into.mkdir(parents=True, exist_ok=True)
    sources = [json.loads((corpus.HERE / "nodes" / f"{n}.json").read_text()) for n in corpus.nodes()]
    roles = ["web", "db", "lb", "app"]
    for i in range(size):
        facts = json.loads(json.dumps(sources[i % len(sources)]))
        host = f"{roles[i % len(roles)]}{i:05d}"
        ip = f"10.{(i >> 16) & 255}.{(i >> 8) & 255}.{i & 255}"
        facts.update({"hostname": host, "fqdn": f"{host}.example.com", "ipaddress": ip})
        facts["networking"].update({"hostname": host, "fqdn": f"{host}.example.com", "ip": ip})
        facts["serialnumber"] = f"SN{i:08d}"
        (into / f"{host}.json").write_text(json.dumps(facts))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--octo-nodes", type=int, default=4)
    parser.add_argument("--fleet", type=int, default=10000)
    parser.add_argument("--bin", help="the puppet-eval to time (default: target/release/puppet-eval)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    binary = pathlib.Path(args.bin) if args.bin else corpus.puppet_eval()
    # Without octocatalog-diff, `puppet-eval diff` is still timed on the same nodes.
    octo = args.octo_nodes > 0 and shutil.which("octocatalog-diff") is not None
    if args.octo_nodes and not octo:
        print("octocatalog-diff is not installed (apt-get install octocatalog-diff): its part is skipped",
              file=sys.stderr)
    rows = []
    out = {"nodes": args.octo_nodes, "octo_seconds": None, "ours_seconds": None,
           "fleet": args.fleet, "fleet_seconds": None, "fleet_peak_kib": None}
    with tempfile.TemporaryDirectory(prefix="diff-bench-") as tmp:
        work = pathlib.Path(tmp)
        corpus.write_all(corpus.recipe(), work)
        nodes = corpus.nodes()[: args.octo_nodes]
        subset = work / "subset"
        subset.mkdir()
        (work / "facts").mkdir()
        for node in nodes:
            (subset / f"{node}.json").write_text((corpus.HERE / "nodes" / f"{node}.json").read_text())
        # octocatalog-diff: one run per node, as its CLI takes one node (it compiles the two
        # versions of a node in parallel).
        octo_total = 0.0
        for node in (nodes if octo else []):
            facts = corpus.octo_facts(node, work / "facts")
            elapsed, result = timed([
                "octocatalog-diff", "--bootstrapped-from-dir", str(work / "base"),
                "--bootstrapped-to-dir", str(work / CHANGE), "-n", node, "--fact-file", str(facts),
                "--puppet-binary", "/usr/bin/puppet", "--no-hiera-config", "--no-color"])
            if result.returncode not in (0, 2):
                sys.exit(f"octocatalog-diff failed for {node}: {result.stderr[-500:]}")
            octo_total += elapsed
        if nodes:
            # The median of five runs: one run alone, right after octocatalog-diff's, read 47 ms in
            # one table and 271 ms in the next for the same work.
            times = []
            for _ in range(5):
                ours, result = timed([str(binary), "diff", str(work / "base"), str(work / CHANGE), "--nodes",
                                      str(subset), *LINKS])
                if result.returncode not in (0, 2):
                    sys.exit(f"puppet-eval diff failed: {result.stderr[-500:]}")
                times.append(ours)
            ours = sorted(times)[len(times) // 2]
            out["ours_seconds"] = ours
            if octo:
                out["octo_seconds"] = octo_total
                rows.append((f"octocatalog-diff, {len(nodes)} nodes x 2 versions", f"{octo_total:.1f} s"))
            rows.append((f"puppet-eval diff, the same {len(nodes)} nodes", f"{ours:.2f} s"))
            if octo:
                rows.append(("ratio", f"{octo_total / ours:.0f}x"))
        if args.fleet:
            fleet_run(args, binary, work, rows, out)
    print("| run | time |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    if args.json:
        print(json.dumps(out))


def fleet_run(args, binary, work, rows, out):
    """`puppet-eval diff` alone on a fleet of args.fleet nodes, with its peak memory."""
    fleet_dir = work / "fleet"
    fleet(fleet_dir, args.fleet)
    elapsed, peak, result = peak_rss_of([str(binary), "diff", str(work / "base"), str(work / CHANGE),
                                         "--nodes", str(fleet_dir), "--format", "json", "-o", str(work / "fleet.json"), *LINKS])
    if result.returncode not in (0, 2):
        sys.exit(f"puppet-eval diff (fleet) failed: {result.stderr[-500:]}")
    report = json.loads((work / "fleet.json").read_text())
    rows.append((f"puppet-eval diff, {args.fleet} nodes x 2 versions", f"{elapsed:.1f} s ({2 * args.fleet / elapsed:.0f} compiles/s)"))
    rows.append(("  its peak memory (resident)", f"{peak / 1024:.0f} MiB"))
    rows.append(("  its report", f"{len(report['groups'])} groups; {report['counts']}"))
    out.update({"fleet_seconds": elapsed, "fleet_peak_kib": peak})


if __name__ == "__main__":
    main()
