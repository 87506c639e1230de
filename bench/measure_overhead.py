#!/usr/bin/env python3
"""Whole-process time of mpix-tidy vs clang-19 -fsyntax-only vs clang-tidy-19.

    bench/measure_overhead.py [--runs 3] [--flavour mpich] [--flags "..."] FILE...

For every FILE runs, RUNS times each, interleaved, the order rotating from
one round to the next:
  parse : clang-19 -fsyntax-only FLAGS FILE
  mpix  : mpix-tidy --checks='-*,mpix-*' FILE -- FLAGS
  mpi   : clang-tidy-19 --checks='-*,mpi-*' FILE -- FLAGS
and reports the median wall time and the median CPU time (user+sys of the
child, from wait4), per file and summed over all files, with the ratios
mpix/parse and mpix/mpi.  CPU time is the steadier number on a shared
machine; wall time is what the issue asks for, both are printed.

With --instructions each command runs once under valgrind's callgrind and
the script reports instructions executed instead: deterministic, so it
compares binaries on a machine too busy for timings (no hardware counters
in this VM, hence valgrind), but it does not weigh cache misses.
"""
import re
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def mpi_flags(flavour):
    if flavour == "mpich":
        raw = subprocess.check_output(["mpicc.mpich", "-show"], text=True)
    else:
        raw = subprocess.check_output(["mpicc.openmpi", "--showme:compile"], text=True)
    return [t for t in raw.split() if t.startswith(("-I", "-D"))]


def run(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    return wall, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)


def instructions(cmd):
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if not m:
        sys.exit("callgrind gave no count for: " + " ".join(cmd))
    return int(m.group(1))


def report_instructions(tools, files):
    tot = {k: 0 for k in tools}
    print("%-40s %10s %10s %10s | %6s %6s" % ("file", "parse_M", "mpix_M", "mpi_M", "mpix/p", "mpix/m"))
    for f in files:
        n = {k: instructions(mk(f)) for k, mk in tools.items()}
        for k in tools:
            tot[k] += n[k]
        print("%-40s %10.1f %10.1f %10.1f | %6.3f %6.3f" % (
            os.path.basename(f)[-40:], n["parse"] / 1e6, n["mpix"] / 1e6, n["mpi"] / 1e6,
            n["mpix"] / n["parse"], n["mpix"] / n["mpi"]))
        sys.stdout.flush()
    print("TOTAL instructions  parse %.1fM  mpix %.1fM  mpi %.1fM   mpix/parse %.3f  mpix/mpi %.3f  mpi/parse %.3f" % (
        tot["parse"] / 1e6, tot["mpix"] / 1e6, tot["mpi"] / 1e6,
        tot["mpix"] / tot["parse"], tot["mpix"] / tot["mpi"], tot["mpi"] / tot["parse"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--flavour", default="mpich")
    ap.add_argument("--flags", default="", help="extra compiler flags")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under callgrind instead of timing")
    ap.add_argument("--mpix-tidy", default=os.path.join(HERE, "..", "build", "bin", "mpix-tidy"))
    a = ap.parse_args()
    flags = mpi_flags(a.flavour) + shlex.split(a.flags)
    tools = {
        "parse": lambda f: ["clang-19", "-fsyntax-only"] + flags + [f],
        "mpix": lambda f: [a.mpix_tidy, "--checks=-*,mpix-*", f, "--"] + flags,
        "mpi": lambda f: ["clang-tidy-19", "--checks=-*,mpi-*", f, "--"] + flags,
    }
    print("flags: " + " ".join(flags))
    if a.instructions:
        report_instructions(tools, a.files)
        return
    tot = {k: [0.0, 0.0] for k in tools}
    print("%-40s %8s %8s %8s | %8s %8s %8s | %6s %6s" % (
        "file", "parse_w", "mpix_w", "mpi_w", "parse_c", "mpix_c", "mpi_c",
        "mpix/p", "mpix/m"))
    for f in a.files:
        res = {k: [] for k in tools}
        names = list(tools)
        for r in range(a.runs):
            # Each tool takes each place in the round in turn: on this VM a
            # command run last in a round measures 5-10% slower.
            shift = r % len(names)
            for k in names[shift:] + names[:shift]:
                res[k].append(run(tools[k](f)))
        med = {}
        for k in tools:
            w = statistics.median(r[0] for r in res[k])
            c = statistics.median(r[1] for r in res[k])
            med[k] = (w, c)
            tot[k][0] += w
            tot[k][1] += c
        rcs = {k: sorted(set(r[2] for r in res[k])) for k in tools}
        print("%-40s %8.3f %8.3f %8.3f | %8.3f %8.3f %8.3f | %6.2f %6.2f  rc=%s" % (
            os.path.basename(f)[-40:], med["parse"][0], med["mpix"][0], med["mpi"][0],
            med["parse"][1], med["mpix"][1], med["mpi"][1],
            med["mpix"][1] / med["parse"][1], med["mpix"][1] / med["mpi"][1],
            ",".join("%s:%s" % (k, v) for k, v in rcs.items())))
        sys.stdout.flush()
    print("TOTAL wall  parse %.3f  mpix %.3f  mpi %.3f   mpix/parse %.3f  mpix/mpi %.3f" % (
        tot["parse"][0], tot["mpix"][0], tot["mpi"][0],
        tot["mpix"][0] / tot["parse"][0], tot["mpix"][0] / tot["mpi"][0]))
    print("TOTAL cpu   parse %.3f  mpix %.3f  mpi %.3f   mpix/parse %.3f  mpix/mpi %.3f" % (
        tot["parse"][1], tot["mpix"][1], tot["mpi"][1],
        tot["mpix"][1] / tot["parse"][1], tot["mpix"][1] / tot["mpi"][1]))


if __name__ == "__main__":
    main()
