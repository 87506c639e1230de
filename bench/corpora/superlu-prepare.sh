#!/usr/bin/env bash
# superlu-prepare.sh MIRROR_GITDIR [COMMIT]
#
# Prepares SuperLU_DIST for superlu.sh: extracts xiaoyeli/superlu_dist at
# COMMIT (default 1fd66da, 9.2.1 of 2026-06-25; if the mirror lacks it, HEAD
# with a warning), configures it with CMake + MPICH (32-bit int_t, no
# ParMETIS, system BLAS, no Fortran/Python/tests/examples; nothing is built)
# and writes the database the run uses: the recipe of docs/corpus.md
# (session 24), without its `make`, since configure already writes the only
# generated header the units need (superlu_dist_config.h, which SuperLU's
# CMakeLists puts into the extracted src/SRC/include/).
#
#   MIRROR_GITDIR  a bare git directory of github.com/xiaoyeli/superlu_dist
#                  (e.g. `git clone --bare`; in the project's workplace the
#                  `fetch` tool puts it at /work/.mirror/xiaoyeli+superlu_dist/repo)
#
# Environment: CORPORA (default /tmp/mpix-corpora); SUPERLU_ROOT (default
# $CORPORA/superlu); FORCE=1 to redo a preparation already done. Writes,
# under SUPERLU_ROOT:
#   src/                              the extracted corpus (read in place,
#                                     never copied into this repository)
#   build/compile_commands.json       CMake's, filtered: the 209 commands of
#                                     SRC/ (double 60, single 60, complex16 57,
#                                     prec-independent 32), one per file
#   build/compile_commands.all.json   CMake's, unfiltered (the same 209 there)
#   units.txt                         the units, relative to src/
#   cmake.log, prepared               the configure's output; commit stamp
# Idempotent: when `prepared` names the same commit and the database is
# there, it does nothing; otherwise it starts again from an empty directory.
# Needs git, tar, cmake, python3, MPICH (mpicc.mpich, mpicxx.mpich) and a
# BLAS (/usr/lib/x86_64-linux-gnu/libblas.so: apt-get install libblas-dev;
# BLAS=... for another path). Takes about 10 s (configure only).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 MIRROR_GITDIR [COMMIT]" >&2; exit 2
fi
GITDIR=$1
COMMIT=${2:-1fd66da}
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${SUPERLU_ROOT:-$CORPORA/superlu}
SRC=$TOP/src
BLD=$TOP/build
BLAS=${BLAS:-/usr/lib/x86_64-linux-gnu/libblas.so}

if ! git --git-dir="$GITDIR" cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  echo "warning: commit $COMMIT absent from $GITDIR; using HEAD" >&2
  COMMIT=HEAD
fi
FULL=$(git --git-dir="$GITDIR" rev-parse "$COMMIT^{commit}")
echo "superlu_dist: $(git --git-dir="$GITDIR" log -1 --format='%H %s' "$FULL")"

if [ "${FORCE:-0}" != 1 ] && [ -f "$TOP/prepared" ] && [ "$(cat "$TOP/prepared")" = "$FULL" ] \
   && [ -f "$BLD/compile_commands.json" ] && [ -f "$TOP/units.txt" ]; then
  echo "already prepared in $TOP ($(wc -l < "$TOP/units.txt") units); FORCE=1 to redo"
  exit 0
fi
[ -f "$BLAS" ] || { echo "no BLAS at $BLAS (apt-get install libblas-dev, or set BLAS)" >&2; exit 2; }

rm -rf "$SRC" "$BLD" "$TOP/prepared"; mkdir -p "$SRC" "$BLD"
git --git-dir="$GITDIR" archive "$FULL" | tar -x -C "$SRC"

cd "$BLD"
cmake "$SRC" \
  -DCMAKE_C_COMPILER=mpicc.mpich -DCMAKE_CXX_COMPILER=mpicxx.mpich \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DTPL_ENABLE_PARMETISLIB=OFF \
  -DTPL_ENABLE_INTERNAL_BLASLIB=OFF -DTPL_BLAS_LIBRARIES="$BLAS" \
  -DXSDK_ENABLE_Fortran=OFF -Denable_python=OFF \
  -Denable_tests=OFF -Denable_examples=OFF \
  -DXSDK_INDEX_SIZE=32 \
  > "$TOP/cmake.log" 2>&1 || { tail -30 "$TOP/cmake.log"; exit 1; }
mv compile_commands.json compile_commands.all.json
grep -q '^#define XSDK_INDEX_SIZE 32' "$SRC/SRC/include/superlu_dist_config.h" \
  || { echo "configure did not write SRC/include/superlu_dist_config.h with 32-bit int_t" >&2; exit 1; }

python3 - "$SRC" "$BLD" "$TOP" <<'PY'
import collections, json, os, sys
src, bld, top = sys.argv[1:4]
db = json.load(open(os.path.join(bld, "compile_commands.all.json")))
seen, out, units = set(), [], []
for c in db:
    f = os.path.realpath(os.path.join(c["directory"], c["file"]))
    rel = os.path.relpath(f, src)
    if f in seen or not rel.startswith("SRC/"):
        continue
    seen.add(f); out.append(c); units.append(rel)
json.dump(out, open(os.path.join(bld, "compile_commands.json"), "w"), indent=1)
open(os.path.join(top, "units.txt"), "w").write("".join(sorted(u + "\n" for u in units)))
per = collections.Counter(u.split("/")[1] for u in units)
print(f"database: {len(db)} commands from CMake; kept {len(out)} units of SRC/ "
      f"({', '.join(f'{k} {v}' for k, v in sorted(per.items()))})")
if len(out) != 209:
    print(f"warning: {len(out)} units, not the documented 209", file=sys.stderr)
PY
echo "$FULL" > "$TOP/prepared"
