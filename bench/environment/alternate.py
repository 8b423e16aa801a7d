#!/usr/bin/env python3
"""Whole-process times of two or more builds of puppet-eval, run in alternation.

This machine's speed moves by a third within seconds, so a block of runs of one build followed by
a block of the other compares two spells, not two builds. Here each round runs every build once, in
an order that flips every round, and the figures are the distribution of each build's runs:

    python3 bench/environment/alternate.py --runs 300 OLD NEW -- --env /tmp/env500

A build may carry environment variables, as `NAME=VALUE+NAME=VALUE:PATH`. Copy the binaries and the
environment to /dev/shm first: the page cache then holds them, and nothing else moves between runs.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time


def parse_build(spec):
    """A build given as PATH, or as NAME=VALUE+...:PATH: its path and its process environment."""
    env = dict(os.environ)
    if ":" in spec and "=" in spec.split(":", 1)[0]:
        settings, path = spec.split(":", 1)
        for setting in settings.split("+"):
            name, value = setting.split("=", 1)
            env[name] = value
        return path, env
    return spec, env


def quantile(sorted_values, fraction):
    """The value at `fraction` of the way through `sorted_values` (no interpolation)."""
    return sorted_values[int(fraction * (len(sorted_values) - 1))]


def split_at_dashes(argv):
    """The script's own arguments, and those after `--` that each run of the binary is given."""
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], argv[at + 1 :]
    return argv, []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="rounds (each runs every build once)")
    parser.add_argument("builds", nargs="+", help="the binaries, each PATH or NAME=VALUE+...:PATH")
    own, arguments = split_at_dashes(sys.argv[1:])
    args = parser.parse_args(own)
    builds = [parse_build(spec) for spec in args.builds]
    times = {spec: [] for spec in args.builds}
    for round_number in range(args.runs):
        order = args.builds if round_number % 2 == 0 else args.builds[::-1]
        for spec in order:
            path, env = builds[args.builds.index(spec)]
            started = time.perf_counter()
            done = subprocess.run(
                [path, *arguments],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=env,
                check=False,
            )
            times[spec].append(time.perf_counter() - started)
            if done.returncode != 0:
                sys.exit(f"alternate: {spec} exited with {done.returncode}")
    for spec in args.builds:
        ms = sorted(t * 1e3 for t in times[spec])
        print(
            f"{spec}: p10 {quantile(ms, 0.1):.2f} p25 {quantile(ms, 0.25):.2f} "
            f"median {quantile(ms, 0.5):.2f} p75 {quantile(ms, 0.75):.2f} "
            f"mean {statistics.mean(ms):.2f} ms ({len(ms)} runs)"
        )


if __name__ == "__main__":
    main()
