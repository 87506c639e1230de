#!/usr/bin/env python3
"""Run an MPI test program under valgrind on every process and fail if
valgrind reports a memory error in libmpix's code, or a leak of a block that
libmpix allocated. MPI itself leaks and has benign reports of its own, so only
reports attributed to libmpix count:
  - an error whose innermost frame ("at") is in a libmpix source file;
  - a definitely/indirectly lost block allocated directly by libmpix (the
    frame right after the allocator is in a libmpix source file).
Usage: valgrind_check.py LOGDIR -- LAUNCH... -n N [env ...] PROGRAM [ARGS]
The LAUNCH part is run with valgrind inserted before PROGRAM."""
import glob
import os
import re
import subprocess
import sys

OURS = re.compile(r"\((common|typeutil|datatype|query|pack|reduce|vcoll|misc|native|"
                  r"topology|mpix_gen)\.c:\d+\)")
ALLOC = re.compile(r"\b(malloc|calloc|realloc|memalign|posix_memalign)\b")


def records(text):
    """Blocks of lines between blank-line separated valgrind reports."""
    block = []
    for line in text.splitlines():
        body = re.sub(r"^==\d+== ?", "", line)
        if body.strip() == "":
            if block:
                yield block
            block = []
        else:
            block.append(body)
    if block:
        yield block


def frames(block):
    return [l for l in block if re.match(r"\s*(at|by) 0x", l)]


def ours_error(block):
    f = frames(block)
    return bool(f) and OURS.search(f[0]) is not None


def ours_leak(block):
    f = frames(block)
    for i, line in enumerate(f):
        if ALLOC.search(line):
            return i + 1 < len(f) and OURS.search(f[i + 1]) is not None
    return False


def main():
    argv = sys.argv[1:]
    logdir, cmd = argv[0], argv[argv.index("--") + 1:]
    os.makedirs(logdir, exist_ok=True)
    for old in glob.glob(os.path.join(logdir, "vg.*.log")):
        os.remove(old)
    program = max(i for i, a in enumerate(cmd) if os.path.isfile(a) and os.access(a, os.X_OK))
    vg = ["valgrind", "--leak-check=full", "--show-leak-kinds=definite,indirect",
          "--track-origins=no", "--num-callers=30",
          "--log-file=" + os.path.join(logdir, "vg.%p.log")]
    run = cmd[:program] + vg + cmd[program:]
    proc = subprocess.run(run)
    logs = glob.glob(os.path.join(logdir, "vg.*.log"))
    bad = 0
    for log in logs:
        text = open(log, errors="replace").read()
        if "ERROR SUMMARY" not in text:
            print("%s: valgrind did not finish" % log)
            bad += 1
        for block in records(text):
            head = block[0]
            is_leak = "are definitely lost" in head or "are indirectly lost" in head
            if (is_leak and ours_leak(block)) or (not is_leak and ours_error(block)):
                bad += 1
                print("libmpix report in %s:\n  %s" % (log, "\n  ".join(block)))
    if not logs:
        print("no valgrind logs: valgrind did not run")
        bad += 1
    print("valgrind: %d processes, %d reports attributed to libmpix, program exit %d"
          % (len(logs), bad, proc.returncode))
    ok = bad == 0 and proc.returncode == 0
    print("%d passed, %d failed" % (1 if ok else 0, 0 if ok else 1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
