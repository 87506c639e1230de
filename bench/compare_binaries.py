#!/usr/bin/env python3
"""Whole-process time of mpix-tidy binaries against clang-19 -fsyntax-only.

    bench/compare_binaries.py [--runs 41] [--flags "..."] FILE BINARY...

Runs `clang-19 -fsyntax-only FLAGS FILE` and `BINARY --checks=-*,mpix-*
FILE -- FLAGS` for every BINARY, in turn, RUNS times, and prints for each the
median wall time, the median CPU time (user+sys of the child, from wait4) and
the minimum wall time, with their ratios to parsing.

Interleaving matters on a shared VM: its speed drifts by 15% or more within
minutes, and at times by 40% between one run and the next. The commands
take turns at the head of each round, since a command run last in a round
was measured 5-10% slower than the same command run first. The minimum is
the run least disturbed.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure_overhead import mpi_flags  # noqa: E402


def timed(cmd):
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--runs", type=int, default=41)
    ap.add_argument("--flavour", default="mpich")
    ap.add_argument("--flags", default="", help="extra compiler flags")
    a = ap.parse_args()
    flags = mpi_flags(a.flavour) + shlex.split(a.flags)
    commands = {"clang-19 -fsyntax-only": ["clang-19", "-fsyntax-only"] + flags + [a.file]}
    for binary in a.binaries:
        commands[binary] = [binary, "--checks=-*,mpix-*", a.file, "--"] + flags
    times = {name: [] for name in commands}
    names = list(commands)
    for round_ in range(a.runs):
        # Each command takes each place in the round equally often: the VM
        # slows down as a round goes on, by 5-10% for the third command.
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(timed(commands[name]))

    def summary(name):
        wall = [t[0] for t in times[name]]
        cpu = [t[1] for t in times[name]]
        return statistics.median(wall), statistics.median(cpu), min(wall)

    floor = summary("clang-19 -fsyntax-only")
    print("%s, %d interleaved runs" % (a.file, a.runs))
    print("%-40s %14s %14s %14s" % ("", "median wall", "median cpu", "min wall"))
    for name in commands:
        row = summary(name)
        print("%-40s %s" % (name[-40:], " ".join(
            "%7.3f (%.3f)" % (v, v / f) for v, f in zip(row, floor))))


if __name__ == "__main__":
    main()
