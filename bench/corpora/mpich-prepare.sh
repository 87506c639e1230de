#!/usr/bin/env bash
# mpich-prepare.sh MIRROR_GITDIR [COMMIT]
#
# Prepares MPICH's test suite for mpich.sh: extracts test/mpi (the 11
# directories of docs/corpus.md "How to reproduce": coll pt2pt datatype topo
# rma io comm group include util dtpools) of pmodels/mpich at COMMIT (default
# 6a79bf6575c3, 2026-08-20; if the mirror lacks it, HEAD with a warning) and
# writes the database the runs use.
#
#   MIRROR_GITDIR  a bare git directory of github.com/pmodels/mpich (e.g.
#                  `git clone --bare`; in the project's workplace the `fetch`
#                  tool puts it at /work/.mirror/pmodels+mpich/repo)
#
# Environment: CORPORA (default /tmp/mpix-corpora); MPICH_ROOT (default
# $CORPORA/mpich; the old name ROOT is still read). Writes, under MPICH_ROOT:
#   src/test/mpi/             the extracted corpus (read in place, never copied
#                             into this repository)
#   stub/                     our minimal configure stubs: mpitestconf.h (HAVE_*
#                             macros as MPICH 4.0.2's configure sets them on
#                             Debian 12) and an empty mtest_mpix.h
#   db/compile_commands.json  497 units: every .c/.cxx of those directories but
#                             include/multi_tests.c, with the per-target -D
#                             flags of four rma/ tests
#   db/units.txt              the units, one absolute path a line
# Needs git, tar, python3 and MPICH's mpicc.mpich (for its -I/-D flags).
# Takes a few seconds; nothing is built.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 MIRROR_GITDIR [COMMIT]" >&2; exit 2
fi
G=$1
COMMIT=${2:-6a79bf6575c3}
CORPORA=${CORPORA:-/tmp/mpix-corpora}
MPICH_ROOT=${MPICH_ROOT:-${ROOT:-$CORPORA/mpich}}
if [ "$(git --git-dir="$G" cat-file -t "$COMMIT" 2>/dev/null)" != commit ]; then
  echo "warning: $COMMIT not in $G; using HEAD $(git --git-dir="$G" rev-parse --short=12 HEAD)" >&2
  COMMIT=HEAD
fi
echo "mpich: $(git --git-dir="$G" rev-parse "$COMMIT")"
rm -rf "${MPICH_ROOT:?}/src" "$MPICH_ROOT/stub" "$MPICH_ROOT/db"
mkdir -p "$MPICH_ROOT/src" "$MPICH_ROOT/stub" "$MPICH_ROOT/db"
git --git-dir="$G" archive "$COMMIT" \
  test/mpi/{coll,pt2pt,datatype,topo,rma,io,comm,group,include,util,dtpools} \
  | tar -x -C "$MPICH_ROOT/src"
M=$MPICH_ROOT/src/test/mpi
S=$MPICH_ROOT/stub

# Stub of configure's include/mpitestconf.h: the macros MPICH 4.0.2's
# configure (Debian 12) would set, nothing else.
cat > "$S/mpitestconf.h" <<'H'
#ifndef MPITESTCONF_H_INCLUDED
#define MPITESTCONF_H_INCLUDED
#define HAVE_STDARG_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_RESOURCE_H 1
#define HAVE_PTHREAD_H 1
#define HAVE_GETRUSAGE 1
#define HAVE_STRDUP 1
#define HAVE_USLEEP 1
#define HAVE_LONG_LONG 1
#define HAVE_LONG_DOUBLE 1
#define HAVE__BOOL 1
#define HAVE_IOSTREAM 1
#define HAVE_NAMESPACE_STD 1
#define HAVE_MPI_IO 1
#define HAVE_MPI_WIN_CREATE 1
#define HAVE_MPI_SPAWN 1
#define THREAD_PACKAGE_NAME THREAD_PACKAGE_POSIX
#define POINTERINT_t long
#endif
H
# autogen.sh's fallback when MPICH's gen_binding_c.py did not write it
: > "$S/mtest_mpix.h"
# DTPools' configure header ("../dtpoolsconf.h" from dtpools/include);
# DTPools reads none of its macros
printf '/* stub of DTPools configure header */\n' > "$M/dtpools/dtpoolsconf.h"

MPIFLAGS=$(for t in $(mpicc.mpich -show); do case $t in -I*|-D*) printf '%s ' "$t";; esac; done)
python3 - "$M" "$S" "$MPICH_ROOT/db" "$MPIFLAGS" <<'PY'
import json, os, shlex, sys
M, S, DB, mpiflags = sys.argv[1:5]
dirs = "coll pt2pt datatype topo rma io comm group include util dtpools".split()
# per-target flags of rma/Makefile.am (the first target that builds the file)
extra = {
    "rma/fence.c": ["-DUSE_GET"],
    "rma/lock_x_dt.c": ["-DMULTI_ORIGIN", "-DSINGLE_TARGET",
                        "-DUSE_FLUSH_NONE", "-DUSE_FLUSH_LOCAL_NONE"],
    "rma/wrma_flush_get.c": ["-DTEST_PUT"],
    "rma/win_shared_rma_flush_load.c": ["-DTEST_PUT"],
}
skip = {"include/multi_tests.c"}   # a fragment util/run_mpitests.c includes
base = [f"-I{M}/include", f"-I{S}", f"-I{M}/dtpools/include"] + shlex.split(mpiflags)
units = []
for d in dirs:
    for root, _, files in os.walk(os.path.join(M, d)):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), M)
            if f.endswith((".c", ".cxx")) and rel not in skip:
                units.append(rel)
units.sort()
entries = []
for rel in units:
    cxx = rel.endswith(".cxx")
    args = ["c++" if cxx else "cc"] + base + extra.get(rel, []) + ["-c", rel]
    entries.append({"directory": M, "file": os.path.join(M, rel),
                    "arguments": args})
with open(os.path.join(DB, "compile_commands.json"), "w") as out:
    json.dump(entries, out, indent=1)
with open(os.path.join(DB, "units.txt"), "w") as out:
    out.write("".join(os.path.join(M, r) + "\n" for r in units))
print(f"database: {DB}/compile_commands.json, {len(entries)} units")
PY
