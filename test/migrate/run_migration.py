#!/usr/bin/env python3
"""End-to-end migration test of one legacy program for one target and MPI flavour.

The program is one source file, or a directory of sources built into one
program (a multi-file project: it is analysed through a generated compile
database naming the flavour's wrapper, in `mpix-tidy -j 2`'s two phases, so
that counts crossing files are found and fixed across them).

  1. copy the program and let `mpix-tidy --fix` rewrite the copy (target mpi4 or mpix);
  2. run the tool again on the fixed copy: it must report nothing;
  3. compile the original and the fixed copy with -Wall -Werror, the fixed one
     against libmpix (target mpix) or the plain MPI-4 library (target mpi4);
  4. run both under `<launcher> -n N`, the fixed one with MPIX_MAX_INT lowered so
     that libmpix's emulated large-count paths run at a small size;
  5. the fixed program must print exactly what the original prints.

With --huge SIZE the comparison is replaced by a run above INT_MAX: the
original program must fail there, and the fixed one must report the right
byte count and no wrong byte (the programs check their own data).

Everything after `--` is the launcher, e.g. `mpiexec.mpich`.
"""
import argparse
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

FLAVOUR_CFLAGS = {"mpich": ["mpicc.mpich", "-show"],
                  "openmpi": ["mpicc.openmpi", "--showme:compile"]}


def fail(msg):
    print("FAIL: " + msg, flush=True)
    sys.exit(1)


def run(cmd, env=None, timeout=None, check=True):
    print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    start = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       env=env, timeout=timeout)
    print("  (rc %d, %.1f s)" % (p.returncode, time.time() - start), flush=True)
    if check and p.returncode != 0:
        sys.stdout.write(p.stdout)
        sys.stdout.write(p.stderr)
        fail("command failed with exit code %d" % p.returncode)
    return p


def mpi_analysis_flags(flavour):
    """The -I/-D flags the flavour's wrapper compiles with, for the analysis."""
    out = subprocess.run(FLAVOUR_CFLAGS[flavour], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return [f for f in shlex.split(out) if f.startswith(("-I", "-D"))]


def tidy_findings(output):
    return [l for l in output.splitlines() if "[mpix-large-count]" in l and "warning:" in l]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tidy", required=True, help="the mpix-tidy executable")
    ap.add_argument("--program", required=True, help="the legacy source (.c or .cpp)")
    ap.add_argument("--target", required=True, choices=["mpi4", "mpix"])
    ap.add_argument("--flavour", required=True, choices=["mpich", "openmpi"])
    ap.add_argument("--workdir", required=True, help="scratch directory, emptied first")
    ap.add_argument("--mpix-include", action="append", default=[],
                    help="libmpix header directory (target mpix), repeatable")
    ap.add_argument("--mpix-lib", help="the libmpix library to link (target mpix)")
    ap.add_argument("--args", default="", help="the program's arguments (its problem size)")
    ap.add_argument("--fixed-args", help="arguments for the fixed program if not --args "
                    "(only to show that a different output fails the comparison)")
    ap.add_argument("--nprocs", type=int, default=2)
    ap.add_argument("--max-int", type=int, default=1000, help="MPIX_MAX_INT for the fixed run")
    ap.add_argument("--huge", type=int, help="run once at this size (bytes) instead of comparing")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per program run")
    ap.add_argument("--forbid", action="append", default=[],
                    help="regular expression the fixed source must not match, repeatable")
    ap.add_argument("--fix-only", action="store_true",
                    help="stop after checking the fixed source (no build, no run)")
    ap.add_argument("launcher", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    launcher = a.launcher[1:] if a.launcher[:1] == ["--"] else a.launcher
    if not launcher:
        fail("no launcher after --")
    if a.target == "mpix" and not (a.mpix_lib and a.mpix_include):
        fail("target mpix needs --mpix-lib and --mpix-include")
    if a.target == "mpi4" and a.flavour != "mpich":
        fail("target mpi4 needs an MPI-4 library: MPICH here")

    name = os.path.basename(a.program.rstrip("/"))
    project = os.path.isdir(a.program)
    shutil.rmtree(a.workdir, ignore_errors=True)
    orig_dir = os.path.join(a.workdir, "orig")
    fixed_dir = os.path.join(a.workdir, "fixed")
    if project:
        shutil.copytree(a.program, orig_dir)
        shutil.copytree(a.program, fixed_dir)
        sources = sorted(f for f in os.listdir(orig_dir) if f.endswith((".c", ".cpp")))
    else:
        os.makedirs(orig_dir)
        os.makedirs(fixed_dir)
        shutil.copy(a.program, orig_dir)
        shutil.copy(a.program, fixed_dir)
        sources = [name]
    cxx = any(f.endswith(".cpp") for f in sources)
    orig_srcs = [os.path.join(orig_dir, f) for f in sources]
    fixed_srcs = [os.path.join(fixed_dir, f) for f in sources]

    # 1. Fix the copy.
    lang = ["-std=c++17"] if cxx else ["-std=c99"]
    mpix_inc = ["-I" + d for d in a.mpix_include] if a.target == "mpix" else []
    analysis = lang + mpi_analysis_flags(a.flavour) + mpix_inc
    config = "{CheckOptions: {mpix-large-count.Target: %s}}" % a.target
    tidy = [a.tidy, "--checks=-*,mpix-large-count", "--config=" + config]
    if project:
        # As a build would record it: the wrapper compiles each file.
        wrapper = ("mpicxx." if cxx else "mpicc.") + a.flavour
        with open(os.path.join(fixed_dir, "compile_commands.json"), "w") as db:
            json.dump([{"directory": fixed_dir, "file": f,
                        "arguments": [wrapper] + lang + mpix_inc + ["-c", f]}
                       for f in sources], db, indent=1)
        targets = ["-p", fixed_dir, "-j", "2"]
    else:
        targets = fixed_srcs + ["--"] + analysis
    p = run(tidy + ["--fix"] + targets)
    first = tidy_findings(p.stdout + p.stderr)
    print("first run: %d finding(s)" % len(first))
    for l in first:
        print("  " + l)
    if not first:
        fail("the legacy program has no mpix-large-count finding: nothing was tested")
    if "no automatic fix" in p.stdout + p.stderr:
        sys.stdout.write(p.stdout)
        fail("the tool left a finding without a fix; these programs are meant to be fixable")
    changed = False
    all_after = ""
    texts = sorted(f for f in os.listdir(orig_dir) if f.endswith((".c", ".cpp", ".h")))
    for f in texts:
        with open(os.path.join(orig_dir, f)) as fh:
            before = fh.read()
        with open(os.path.join(fixed_dir, f)) as fh:
            after = fh.read()
        all_after += after
        changed |= before != after
        sys.stdout.writelines(difflib.unified_diff(before.splitlines(True),
                                                   after.splitlines(True),
                                                   "orig/" + f, "fixed/" + f))
        if a.target == "mpix" and re.search(r"\bMPIX_\w+_x\s*\(", after) and \
                after.count("#include <mpix.h>") != 1:
            fail("target mpix: fixed/%s calls MPIX_*_x without one #include <mpix.h>" % f)
        for pattern in a.forbid:
            m = re.search(pattern, after)
            if m:
                line = after.count("\n", 0, m.start()) + 1
                fail("fixed/%s:%d still has '%s' (forbidden: %s)" % (f, line, m.group(0), pattern))
    if not changed:
        fail("--fix changed nothing")
    if a.target == "mpix":
        if "MPIX_" not in all_after:
            fail("target mpix: expected MPIX_*_x calls")
        if re.search(r"\bMPI_\w+_c\s*\(", all_after):
            fail("target mpix: the fixed code calls an MPI-4 _c function")
    else:
        if "mpix.h" in all_after or re.search(r"\bMPIX_\w+_x\s*\(", all_after):
            fail("target mpi4: the fixed code uses libmpix")
        if not re.search(r"\bMPI_\w+_c\s*\(", all_after):
            fail("target mpi4: no MPI_*_c call in the fixed code")

    # 2. Idempotent: a second run reports nothing.
    p = run(tidy + targets)
    again = tidy_findings(p.stdout + p.stderr)
    if again:
        sys.stdout.write(p.stdout + p.stderr)
        fail("the tool still reports %d finding(s) on the fixed code" % len(again))

    if a.fix_only:
        print("PASS: %s, target %s, %s: fixed, and nothing left to report" %
              (name, a.target, a.flavour))
        return

    # 3. Build both with the flavour's wrapper.
    wrapper = ("mpicxx." if cxx else "mpicc.") + a.flavour
    cflags = lang + ["-O2", "-Wall", "-Werror"]
    orig_exe = os.path.join(a.workdir, "orig", "prog")
    fixed_exe = os.path.join(a.workdir, "fixed", "prog")
    run([wrapper] + cflags + orig_srcs + ["-o", orig_exe])
    link = [a.mpix_lib] if a.target == "mpix" else []
    run([wrapper] + cflags + mpix_inc + fixed_srcs + ["-o", fixed_exe] + link)

    # 4. Run.
    def launch(exe, args, max_int=None, check=True):
        cmd = launcher + ["-n", str(a.nprocs)]
        if max_int is not None:
            cmd += ["env", "MPIX_MAX_INT=%d" % max_int]
        return run(cmd + [exe] + shlex.split(args), timeout=a.timeout, check=check)

    if a.huge is not None:
        return huge(a, launch, orig_exe, fixed_exe)

    ref = launch(orig_exe, a.args)
    got = launch(fixed_exe, a.fixed_args if a.fixed_args is not None else a.args, a.max_int)
    if not ref.stdout.strip():
        fail("the original program printed nothing")
    if ref.stdout != got.stdout:
        sys.stdout.writelines(difflib.unified_diff(ref.stdout.splitlines(True),
                                                   got.stdout.splitlines(True),
                                                   "original", "fixed"))
        fail("the fixed program's output differs from the original's")
    sys.stdout.write(got.stdout)
    print("PASS: %s, target %s, %s: %d output lines identical" %
          (name, a.target, a.flavour, len(got.stdout.splitlines())))


def huge(a, launch, orig_exe, fixed_exe):
    """Above INT_MAX the original must fail and the fixed program must be right."""
    size = str(a.huge)

    def correct(out):
        lines = out.splitlines()
        wrong = [int(m.group(1)) for m in (re.search(r"(\d+) wrong$", l) for l in lines) if m]
        return (any(re.match(r"p2p: received %s bytes," % size, l) for l in lines)
                and len(wrong) == 1 + 2 * a.nprocs and not any(wrong))

    ref = launch(orig_exe, size, check=False)
    print("original's stdout:\n" + ref.stdout)
    print("original's stderr (end):\n" + ref.stderr[-2000:], flush=True)
    if ref.returncode == 0 and correct(ref.stdout):
        fail("the original program was expected to fail above INT_MAX, and did not")
    print("original: fails above INT_MAX as expected (exit code %d)" % ref.returncode)
    got = launch(fixed_exe, size)
    sys.stdout.write(got.stdout)
    if not correct(got.stdout):
        fail("the fixed program is not correct at %s bytes" % size)
    print("PASS: %s, target %s, %s: correct at %s bytes" %
          (os.path.basename(a.program), a.target, a.flavour, size))


if __name__ == "__main__":
    main()
