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


SAMPLE = """==1== 64 bytes in 1 blocks are definitely lost in loss record 1 of 3
==1==    at 0x4848899: malloc (vg_replace_malloc.c:381)
==1==    by 0x10C2F1: mpix_malloc (common.c:201)
==1==    by 0x10D0A2: record_new (datatype.c:42)
==1==
==1== 136 bytes in 1 blocks are definitely lost in loss record 2 of 3
==1==    at 0x48465EF: calloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==1==    by 0x4B363DC: ??? (in /usr/lib/x86_64-linux-gnu/libmpich.so.12.2.2)
==1==    by 0x10BA48: rt_init (rt_test.c:10)
==1==
==1== Invalid read of size 4
==1==    at 0x10E111: mpix_type_rep (typeutil.c:70)
==1==    by 0x10E222: main (t.c:1)
==1==
==1== Conditional jump or move depends on uninitialised value(s)
==1==    at 0x4B363DC: ??? (in /usr/lib/x86_64-linux-gnu/libmpich.so.12.2.2)
==1==    by 0x10E111: mpix_buf_make (common.c:150)
==1==
"""


def classify(text):
    found = []
    for block in records(text):
        head = block[0]
        is_leak = "are definitely lost" in head or "are indirectly lost" in head
        if (is_leak and ours_leak(block)) or (not is_leak and ours_error(block)):
            found.append(head)
    return found


def selftest():
    """The classifier flags libmpix's leak and error, not MPI's."""
    found = classify(SAMPLE)
    ok = len(found) == 2 and "64 bytes" in found[0] and "Invalid read" in found[1]
    print("selftest: flagged %r" % found)
    print("%d passed, %d failed" % (1 if ok else 0, 0 if ok else 1))
    return 0 if ok else 1


def main():
    argv = sys.argv[1:]
    if argv == ["--selftest"]:
        return selftest()
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
        for head in classify(text):
            bad += 1
            print("libmpix report in %s: %s" % (log, head))
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
