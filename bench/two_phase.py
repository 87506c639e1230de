#!/usr/bin/env python3
"""Wall time of `mpix-tidy -p DIR -j N` in two phases against one phase.

    bench/two_phase.py [--runs 3] [--jobs 2] [--binary B] [--root SRC]
                       [--touch FILE] BUILD_DIR [-- EXTRA_TIDY_ARGS...]

BUILD_DIR holds compile_commands.json; SRC (default BUILD_DIR) is the tree
its entries name. Both are copied to a scratch directory (the database's
paths rewritten to the copy), so the code measured is never modified. Four
runs over the whole database are timed, RUNS rounds each:

  a  --no-summaries -j N      the single-phase run (before issue 16)
  b  two phases, cold         the summary file deleted first
  c  two phases, warm         nothing changed since the last two-phase run
  d  two phases, one changed  a comment appended to FILE (default: the
                              database's first entry) before the run

Rounds are interleaved and each round starts with a different command
(a shared 2-core VM drifts within minutes). One unmeasured two-phase run
first makes the summary file fresh; every run but b leaves it fresh, so c
is warm whatever its place in the round. Printed: best (minimum) and median
wall time, best CPU time (user+sys of the driver and all its workers, from
wait4), the ratios b/a, c/a, d/a, the load average around every round, and
each mode's "summaries:" and "files analysed" lines.

--instructions runs each mode once under `valgrind --tool=callgrind
--trace-children=yes` instead and prints the instructions of the driver and
all its workers (summed over callgrind's per-process outputs), which load
on the machine does not move.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MODES = ["a", "b", "c", "d"]
NAMES = {"a": "--no-summaries (one phase)", "b": "two phases, cold",
         "c": "two phases, warm", "d": "warm, one file changed"}


def run(cmd, cwd):
    """Wall time, CPU time of the process and all its reaped descendants
    (os.times' children fields grow when the driver's workers and the driver
    are reaped), exit status, stdout, stderr."""
    before = os.times()
    start = time.perf_counter()
    child = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + \
        (after.children_system - before.children_system)
    return wall, cpu, child.returncode, child.stdout, child.stderr


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir")
    ap.add_argument("--root", help="source tree (default: BUILD_DIR)")
    ap.add_argument("--binary", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "bin", "mpix-tidy"))
    ap.add_argument("--touch", help="file changed for d (default: first entry)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy")
    ap.add_argument("--instructions", action="store_true",
                    help="one run per mode under callgrind, instructions")
    a = ap.parse_args(argv)

    build = os.path.realpath(a.build_dir)
    root = os.path.realpath(a.root or a.build_dir)
    if os.path.commonpath([build, root]) != root:
        sys.exit("BUILD_DIR must be inside --root")
    binary = os.path.realpath(a.binary)
    scratch = tempfile.mkdtemp(prefix="mpix-two-phase-")
    copy = os.path.join(scratch, "src")
    shutil.copytree(root, copy, symlinks=True)
    cbuild = os.path.join(copy, os.path.relpath(build, root))
    dbfile = os.path.join(cbuild, "compile_commands.json")
    text = open(os.path.join(build, "compile_commands.json")).read()
    text = text.replace(root + "/", copy + "/").replace('"' + root + '"', '"' + copy + '"')
    open(dbfile, "w").write(text)
    db = json.loads(text)
    for e in db:
        if not os.path.realpath(os.path.join(e["directory"], e["file"])).startswith(copy + "/"):
            sys.exit("entry outside --root: %s" % e["file"])
    summaries = os.path.join(cbuild, "mpix-tidy-summaries.json")
    touch = (os.path.join(copy, a.touch) if a.touch else
             os.path.join(db[0]["directory"], db[0]["file"]))
    for stale in (summaries,):
        if os.path.exists(stale):
            os.remove(stale)

    base = [binary, "-p", cbuild, "-j", str(a.jobs)] + extra
    cmds = {"a": base + ["--no-summaries"], "b": base, "c": base, "d": base}
    print("binary:   %s (sha256 %s)" % (binary, subprocess.run(
        ["sha256sum", binary], capture_output=True, text=True).stdout[:16]))
    print("database: %s (%d entries), copy in %s" % (build, len(db), copy))
    print("changed for d: %s" % os.path.relpath(touch, copy))
    print("commands: %s [--no-summaries]" % " ".join(["mpix-tidy", "-p", "BUILD",
                                                      "-j", str(a.jobs)] + extra))
    print("start %s UTC, load %s" % (time.strftime("%H:%M:%S", time.gmtime()),
                                     "%.2f %.2f %.2f" % os.getloadavg()))

    wall, cpu, rc, _, err = run(base, copy)  # makes the summary file fresh
    if a.instructions:
        return instructions(a, cmds, copy, summaries, touch, scratch)
    if not os.path.exists(summaries):
        sys.exit("the two-phase run wrote no %s:\n%s" % (summaries, err))
    times = {m: [] for m in MODES}
    lines = {}
    loads = []
    for r in range(a.runs):
        order = MODES[r % 4:] + MODES[:r % 4]
        l0 = os.getloadavg()[0]
        for m in order:
            if m == "b":
                os.remove(summaries)
            if m == "d":
                with open(touch, "a") as f:
                    f.write("/* two_phase.py: round %d */\n" % r)
            w, c, rc, out, err = run(cmds[m], copy)
            if rc not in (0, 1) or "crashed" in err:
                sys.exit("mode %s: exit %d\n%s" % (m, rc, err[-2000:]))
            times[m].append((w, c))
            keep = [ln for ln in err.splitlines()
                    if "summaries:" in ln or "files analysed" in ln]
            lines.setdefault(m, keep)
        l1 = os.getloadavg()[0]
        loads.append((l0, l1))
        print("round %d (%s): %s  load %.2f -> %.2f" % (
            r + 1, "".join(order), "  ".join(
                "%s %.2fs" % (m, times[m][-1][0]) for m in MODES), l0, l1))

    print("end %s UTC, load %s" % (time.strftime("%H:%M:%S", time.gmtime()),
                                   "%.2f %.2f %.2f" % os.getloadavg()))
    best = {m: min(t[0] for t in times[m]) for m in MODES}
    med = {m: statistics.median(t[0] for t in times[m]) for m in MODES}
    bcpu = {m: min(t[1] for t in times[m]) for m in MODES}
    print()
    print("%-30s %9s %7s %9s %7s %9s %7s" % ("", "best wall", "/a",
                                            "median", "/a", "best cpu", "/a"))
    for m in MODES:
        print("%-30s %9.2f %7.3f %9.2f %7.3f %9.2f %7.3f" % (
            m + "  " + NAMES[m], best[m], best[m] / best["a"], med[m],
            med[m] / med["a"], bcpu[m], bcpu[m] / bcpu["a"]))
    print()
    for m in MODES:
        for ln in lines.get(m, []):
            print("%s: %s" % (m, ln))
    if a.keep:
        print("kept: %s" % scratch)
    else:
        shutil.rmtree(scratch)


def instructions(a, cmds, copy, summaries, touch, scratch):
    total = {}
    for m in MODES:
        if m == "b":
            os.remove(summaries)
        if m == "d":
            with open(touch, "a") as f:
                f.write("/* two_phase.py: instructions */\n")
        outdir = os.path.join(scratch, "cg-" + m)
        os.mkdir(outdir)
        vg = ["valgrind", "--tool=callgrind", "--trace-children=yes",
              "--callgrind-out-file=" + os.path.join(outdir, "cg.%p")]
        w, c, rc, out, err = run(vg + cmds[m], copy)
        if rc not in (0, 1):
            sys.exit("mode %s: exit %d\n%s" % (m, rc, err[-2000:]))
        n = procs = 0
        for f in os.listdir(outdir):
            for ln in open(os.path.join(outdir, f)):
                if ln.startswith("summary:") or ln.startswith("totals:"):
                    n += int(ln.split()[1])
                    procs += 1
                    break
        total[m] = n
        print("%s  %-28s %8.3f G instructions in %d processes (%.0f s under callgrind)"
              % (m, NAMES[m], n / 1e9, procs, w))
    for m in MODES:
        print("%s/a = %.3f" % (m, total[m] / total["a"]))
    if not a.keep:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
