#!/usr/bin/env python3
"""Where a whole puppet-eval process takes its page faults: per thread, and per engine function.

On this machine a first touch of a page costs about 2.5 µs (bench/README.md, session 50), so the
pages a compile touches are a share of its time. This runs the binary under `perf record -e
page-faults -g` (every fault, with its call chain) and charges each fault to the first function of
its chain that is the engine's own rather than the allocator's or the standard library's:

    python3 bench/environment/faults_by_site.py --runs 20 --depth 2 BINARY -- --env /tmp/env500

Use a build with frame pointers (RUSTFLAGS="-C force-frame-pointers=yes" cargo build --release
-p puppet-cli --target-dir /tmp/fp). A fault charged to a function is the first touch of a page,
not a page that function alone needs: take one allocation away and another may touch the page.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

# The same command line as alternate.py: the script's own arguments, then `--` and the binary's.
from alternate import split_at_dashes

# Frames that only pass the fault on: the allocator, the standard library, the kernel's symbols and
# the collections the engine builds on.
PASSING = re.compile(
    r"^(mi_|_mi_|alloc::|core::|std::|hashbrown|indexmap::|foldhash|__mem|\[unknown\]"
    r"|<alloc|<core|<std|<hashbrown|<indexmap)|RawVec"
)


def samples(data_file):
    """Each fault of a `perf record` file: its thread's name and its frames' symbols, innermost first."""
    script = subprocess.run(
        ["perf", "script", "-i", data_file, "-F", "comm,tid,ip,sym"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for block in script.strip().split("\n\n"):
        lines = block.strip().split("\n")
        if not lines or not lines[0].split():
            continue
        thread = lines[0].split()[0]
        frames = [line.strip().split(" ", 1)[1] for line in lines[1:] if " " in line.strip()]
        yield thread, frames


def site(frames, depth):
    """The first `depth` frames of the engine's own, or the innermost frame when there is none."""
    own = [frame for frame in frames if not PASSING.search(frame)]
    if own:
        return " < ".join(frame[:90] for frame in own[:depth])
    return frames[0][:90] if frames else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--depth", type=int, default=1, help="engine frames that name a site")
    parser.add_argument("--top", type=int, default=40, help="sites printed")
    parser.add_argument("binary")
    own, arguments = split_at_dashes(sys.argv[1:])
    args = parser.parse_args(own)
    by_thread = collections.Counter()
    by_site = collections.Counter()
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(args.runs):
            data_file = os.path.join(scratch, f"faults{run}.data")
            recorded = subprocess.run(
                ["perf", "record", "-q", "-e", "page-faults", "-c", "1", "-g", "-o", data_file,
                 args.binary, *arguments],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
            if recorded.returncode != 0:
                sys.exit(f"faults_by_site: perf record exited with {recorded.returncode}")
            for thread, frames in samples(data_file):
                by_thread[thread] += 1
                by_site[(thread, site(frames, args.depth))] += 1
    runs = args.runs
    print(f"page faults a run: {sum(by_thread.values()) / runs:.1f} ({runs} runs)")
    for thread, count in by_thread.most_common():
        print(f"{count / runs:9.1f}  thread {thread}")
    for (thread, where), count in by_site.most_common(args.top):
        print(f"{count / runs:9.1f}  {thread:<12} {where}")


if __name__ == "__main__":
    main()
