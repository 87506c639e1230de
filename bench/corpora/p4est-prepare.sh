#!/usr/bin/env bash
# p4est-prepare.sh P4EST_MIRROR LIBSC_MIRROR [P4EST_COMMIT [LIBSC_COMMIT]]
#
# Prepares p4est for p4est.sh (docs/corpus.md: "Issue 15: two held-out C
# codes (mpifileutils, p4est)", session 34): extracts cburstedde/p4est at
# P4EST_COMMIT (default 8e514f6e, 2026-03-10, "Update libsc to latest
# master") and cburstedde/libsc at LIBSC_COMMIT (default: the commit p4est
# pins as its `sc` submodule, 81b95966 at 8e514f6e) into p4est's `sc/`, where
# its CMake takes libsc as a subproject (add_subdirectory(sc)); if a mirror
# lacks its commit, HEAD is used with a warning. Then configures with CMake,
# Release, MPI on (MPI-IO, shared communicators and threads as libsc's
# configure checks find them: all on with MPICH 4.0.2), 2D, 3D and p6est,
# tests and examples of both at their defaults (on), CC=mpicc.mpich; zlib
# from Debian's zlib1g-dev, JSON off (no jansson; p4est's src/ does not use
# it). Nothing is built: configure writes the two generated headers
# (build/include/p4est_config.h, build/sc/include/sc_config.h).
#
#   P4EST_MIRROR  a bare git directory of github.com/cburstedde/p4est (e.g.
#                 `git clone --bare`; in the project's workplace the `fetch`
#                 tool puts it at /work/.mirror/cburstedde+p4est/repo)
#   LIBSC_MIRROR  the same for github.com/cburstedde/libsc
#                 (/work/.mirror/cburstedde+libsc/repo)
#
# Environment: CORPORA (default /tmp/mpix-corpora); P4EST_ROOT (default
# $CORPORA/p4est). Writes, under P4EST_ROOT (idempotent: src/ and build/ are
# removed and written again each time):
#   src/                         the extracted corpus, the source root (read
#                                in place, never copied into this repository),
#                                libsc in src/sc/
#   build/compile_commands.json  CMake's, whole: 214 commands (p4est src/ 53,
#                                test/ 54, example/ 51; libsc 56). The runs
#                                use it whole, as session 34 did: units
#                                outside the positional files are summarised
#                                too
#   units.txt                    the 53 measured units, src/p4est*, src/p8est*,
#                                src/p6est* (paths relative to src/)
#   COMMITS, cmake.log
# Needs git, tar, cmake, python3, MPICH (mpicc.mpich) and zlib1g-dev.
# Takes ~50 s on 2 shared cores (extraction and configure; nothing is
# compiled).
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 4 ]; then
  echo "usage: $0 P4EST_MIRROR LIBSC_MIRROR [P4EST_COMMIT [LIBSC_COMMIT]]" >&2; exit 2
fi
PGIT=$1; LGIT=$2
PCOMMIT=${3:-8e514f6e}
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${P4EST_ROOT:-$CORPORA/p4est}
SRC=$TOP/src
BLD=$TOP/build

if ! git --git-dir="$PGIT" cat-file -e "$PCOMMIT^{commit}" 2>/dev/null; then
  echo "warning: commit $PCOMMIT absent from $PGIT; using HEAD" >&2
  PCOMMIT=$(git --git-dir="$PGIT" rev-parse HEAD)
fi
PFULL=$(git --git-dir="$PGIT" rev-parse "$PCOMMIT^{commit}")
# The libsc commit p4est pins (the gitlink of its `sc` submodule).
PINNED=$(git --git-dir="$PGIT" ls-tree "$PFULL" sc | awk '$2 == "commit" {print $3}')
LCOMMIT=${4:-${PINNED:-81b95966}}
if ! git --git-dir="$LGIT" cat-file -e "$LCOMMIT^{commit}" 2>/dev/null; then
  echo "warning: commit $LCOMMIT absent from $LGIT; using HEAD" >&2
  LCOMMIT=$(git --git-dir="$LGIT" rev-parse HEAD)
fi
LFULL=$(git --git-dir="$LGIT" rev-parse "$LCOMMIT^{commit}")
[ -z "$PINNED" ] || [ "$PINNED" = "$LFULL" ] ||
  echo "warning: p4est ${PFULL:0:8} pins libsc ${PINNED:0:8}; using ${LFULL:0:8}" >&2
echo "p4est: $(git --git-dir="$PGIT" log -1 --format='%H %ci %s' "$PFULL")"
echo "libsc: $(git --git-dir="$LGIT" log -1 --format='%H %ci %s' "$LFULL")"

rm -rf "$SRC" "$BLD"; mkdir -p "$SRC" "$BLD"
git --git-dir="$PGIT" archive "$PFULL" | tar -x -C "$SRC"
rm -rf "$SRC/sc"; mkdir -p "$SRC/sc"      # the submodule's (empty) directory
git --git-dir="$LGIT" archive "$LFULL" | tar -x -C "$SRC/sc"
printf 'p4est %s\nlibsc %s\n' "$PFULL" "$LFULL" > "$TOP/COMMITS"

cd "$BLD"
CC=mpicc.mpich cmake "$SRC" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DCMAKE_C_COMPILER=mpicc.mpich \
  -DMPI_C_COMPILER=mpicc.mpich \
  -DSC_ENABLE_MPI=ON \
  > "$TOP/cmake.log" 2>&1 || { tail -30 "$TOP/cmake.log"; exit 1; }
for h in include/p4est_config.h sc/include/sc_config.h; do
  [ -f "$BLD/$h" ] || { echo "configure wrote no $h" >&2; exit 1; }
done
for m in P4EST_ENABLE_MPI P4EST_ENABLE_MPIIO; do
  grep -q "^#define $m 1" "$BLD/include/p4est_config.h" ||
    { echo "configure left $m off (see $TOP/cmake.log)" >&2; exit 1; }
done

python3 - "$SRC" "$BLD" "$TOP" <<'PY'
import collections, json, os, sys
src, bld, top = sys.argv[1:4]
db = json.load(open(os.path.join(bld, "compile_commands.json")))
units, parts = [], collections.Counter()
for c in db:
    rel = os.path.relpath(os.path.realpath(os.path.join(c["directory"], c["file"])), src)
    parts["libsc" if rel.startswith("sc/") else rel.split("/")[0]] += 1
    d, b = os.path.split(rel)
    if d == "src" and b.endswith(".c") and b[:5] in ("p4est", "p8est", "p6est"):
        units.append(rel)
if len(units) != len(set(units)):
    sys.exit("a unit has two commands: " + ", ".join(u for u in units if units.count(u) > 1))
open(os.path.join(top, "units.txt"), "w").write("".join(sorted(u + "\n" for u in units)))
print(f"database: {len(db)} commands ({', '.join(f'{k} {v}' for k, v in sorted(parts.items()))}); "
      f"{len(units)} units measured")
PY
