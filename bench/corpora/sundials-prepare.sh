#!/usr/bin/env bash
# sundials-prepare.sh MIRROR_GITDIR [COMMIT]
#
# Prepares SUNDIALS for sundials.sh: extracts LLNL/sundials at COMMIT
# (default c8dabcea, v7.5.0; if the mirror lacks it, HEAD with a warning),
# leaving out doc/, configures it with CMake + MPICH (64-bit sunindextype,
# MPI on, C examples on, everything optional off; nothing is built) and
# writes the databases the runs use.
#
#   MIRROR_GITDIR  a bare git directory of github.com/LLNL/sundials (e.g.
#                  `git clone --bare`; in the project's workplace the `fetch`
#                  tool puts it at /work/.mirror/LLNL+sundials/repo)
#
# Environment: CORPORA (default /tmp/mpix-corpora); SUNDIALS_ROOT (default
# $CORPORA/sundials). Writes, under SUNDIALS_ROOT:
#   src/                                the extracted corpus (read in place,
#                                       never copied into this repository)
#   build/compile_commands.json         CMake's, filtered: 162 commands, every
#                                       library unit (src/...) and the 29 C
#                                       examples (examples/...) that call MPI
#   build/compile_commands.all.json     CMake's, unfiltered
#   dblib/compile_commands.json         the 133 library commands alone
#   library.txt, examples.txt           the units, by class
#   cmake.log
# Needs git, tar, cmake, python3 and MPICH (mpicc.mpich, mpicxx.mpich).
# Takes well under a minute (configure only).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 MIRROR_GITDIR [COMMIT]" >&2; exit 2
fi
GITDIR=$1
COMMIT=${2:-c8dabcea}
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${SUNDIALS_ROOT:-$CORPORA/sundials}
SRC=$TOP/src
BLD=$TOP/build

if ! git --git-dir="$GITDIR" cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  echo "warning: commit $COMMIT absent from $GITDIR; using HEAD" >&2
  COMMIT=$(git --git-dir="$GITDIR" rev-parse HEAD)
fi
echo "sundials: $(git --git-dir="$GITDIR" log -1 --format='%H %s' "$COMMIT")"

rm -rf "$SRC" "$BLD"; mkdir -p "$SRC" "$BLD"
# A snapshot mirror may lack a few large blobs under doc/ (eps figures): leave
# doc/ out. (git archive may still print "invalid object ... doc/cvodes/...eps";
# it exits 0 and the tree outside doc/ is complete.)
mapfile -t paths < <(git --git-dir="$GITDIR" ls-tree --name-only "$COMMIT" | grep -vx doc)
git --git-dir="$GITDIR" archive "$COMMIT" -- "${paths[@]}" | tar -x -C "$SRC"

cd "$BLD"
CC=mpicc.mpich CXX=mpicxx.mpich cmake "$SRC" \
  -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DCMAKE_C_COMPILER=mpicc.mpich \
  -DSUNDIALS_INDEX_SIZE=64 \
  -DENABLE_MPI=ON \
  -DMPI_C_COMPILER=mpicc.mpich \
  -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON \
  -DEXAMPLES_ENABLE_C=ON -DEXAMPLES_ENABLE_CXX=OFF -DEXAMPLES_INSTALL=OFF \
  -DBUILD_FORTRAN_MODULE_INTERFACE=OFF -DBUILD_BENCHMARKS=OFF \
  -DSUNDIALS_TEST_ENABLE_UNIT_TESTS=OFF -DSUNDIALS_TEST_ENABLE_DEV_TESTS=OFF \
  -DSUNDIALS_TEST_ENABLE_GTEST=OFF \
  -DENABLE_OPENMP=OFF -DENABLE_PTHREAD=OFF -DENABLE_CUDA=OFF -DENABLE_HIP=OFF \
  -DENABLE_LAPACK=OFF -DENABLE_KLU=OFF -DENABLE_HYPRE=OFF -DENABLE_PETSC=OFF \
  -DENABLE_SUPERLUMT=OFF -DENABLE_SUPERLUDIST=OFF -DENABLE_TRILINOS=OFF \
  -DENABLE_RAJA=OFF -DENABLE_SYCL=OFF -DENABLE_MAGMA=OFF -DENABLE_GINKGO=OFF \
  -DENABLE_KOKKOS=OFF -DENABLE_KOKKOS_KERNELS=OFF -DENABLE_XBRAID=OFF \
  -DENABLE_ONEMKL=OFF -DENABLE_ADIAK=OFF -DENABLE_CALIPER=OFF \
  > "$TOP/cmake.log" 2>&1 || { tail -30 "$TOP/cmake.log"; exit 1; }
mv compile_commands.json compile_commands.all.json

# Generated headers (sundials_config.h, sundials_export.h) come from configure;
# nothing needs building.
python3 - "$SRC" "$BLD" "$TOP" <<'PY'
import json, os, re, sys
src, bld, top = sys.argv[1:4]
db = json.load(open(os.path.join(bld, "compile_commands.all.json")))
seen, lib, ex, out = set(), [], [], []
for c in db:
    f = os.path.realpath(os.path.join(c["directory"], c["file"]))
    # nvector_manyvector.c has two commands (serial and MPI ManyVector,
    # -DMANYVECTOR_BUILD_WITH_MPI): both are kept, as in the documented 162.
    key = (f, c.get("output", c.get("command", "")))
    if key in seen or not f.endswith(".c"):
        continue
    rel = os.path.relpath(f, src)
    if rel.startswith("src/"):
        lib.append(rel)
    elif rel.startswith("examples/"):
        if not re.search(r"\bMPI_[A-Z][a-z_]*\s*\(", open(f, errors="replace").read()):
            continue
        ex.append(rel)
    else:
        continue
    seen.add(key); out.append(c)
json.dump(out, open(os.path.join(bld, "compile_commands.json"), "w"), indent=1)
open(os.path.join(top, "library.txt"), "w").write("".join(sorted(r + "\n" for r in set(lib))))
open(os.path.join(top, "examples.txt"), "w").write("".join(sorted(r + "\n" for r in set(ex))))
# Library mode: a database of the library commands alone (units outside the
# positional files are summarised too, so the examples must not be in it).
os.makedirs(os.path.join(top, "dblib"), exist_ok=True)
json.dump([c for c in out if os.path.relpath(os.path.realpath(os.path.join(c["directory"], c["file"])), src).startswith("src/")],
          open(os.path.join(top, "dblib", "compile_commands.json"), "w"), indent=1)
print(f"database: {len(db)} commands from CMake; kept {len(out)} = "
      f"{len(lib)} library commands ({len(set(lib))} files) + {len(ex)} C examples that call MPI")
PY
