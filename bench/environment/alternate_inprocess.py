#!/usr/bin/env python3
"""In-process compile times of two builds of env_bench, run in alternation.

The in-process counterpart of alternate.py: each round runs `env_bench ENV --runs 5` of both builds
once, in an order that flips every round, and the figures are the medians of each build's rounds
(wall time and the compiling thread's CPU time) and the median of the paired ratios NEW / OLD:

    python3 bench/environment/alternate_inprocess.py --rounds 200 OLD_ENV_BENCH NEW_ENV_BENCH /dev/shm/env500

Build each side with scripts/build-pgo.sh (its env_bench lands in target/pgo/native/release/examples/)
and copy both binaries and the environment to /dev/shm first.
"""

import argparse
import json
import statistics
import subprocess


def one_round(build, env):
    """One env_bench run of `build`: its medians in milliseconds (wall, CPU, parsed ahead)."""
    out = subprocess.run([build, env, "--runs", "5"], capture_output=True, text=True, check=True)
    answer = json.loads(out.stdout.strip().splitlines()[-1])
    return (answer["seconds"] * 1e3, answer["thread_cpu_seconds"] * 1e3, answer["seconds_parsed_ahead"] * 1e3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("env")
    args = parser.parse_args()
    builds = (args.old, args.new)
    runs = ([], [])
    for round_number in range(args.rounds):
        order = (0, 1) if round_number % 2 == 0 else (1, 0)
        for side in order:
            runs[side].append(one_round(builds[side], args.env))
    for side, build in enumerate(builds):
        wall, cpu, ahead = zip(*runs[side])
        print("%s: wall median %.3f ms, CPU median %.3f ms, parsed ahead median %.3f ms (%d rounds)"
              % (build, statistics.median(wall), statistics.median(cpu), statistics.median(ahead), args.rounds))
    for name, column in (("wall", 0), ("CPU", 1)):
        ratios = [new[column] / old[column] for old, new in zip(runs[0], runs[1])]
        print("paired %s ratio new / old: median %.4f" % (name, statistics.median(ratios)))


if __name__ == "__main__":
    main()
