#!/usr/bin/env bash
# mpifileutils-prepare.sh MFU_GIT LIBCIRCLE_GIT LWGRP_GIT DTCMP_GIT \
#                         [MFU_COMMIT [LIBCIRCLE_COMMIT [LWGRP_COMMIT [DTCMP_COMMIT]]]]
#
# Prepares mpifileutils for mpifileutils.sh (docs/corpus.md: "Issue 15: two
# held-out C codes (mpifileutils, p4est)", session 34): extracts
# hpc/mpifileutils at MFU_COMMIT (default 2dbcf1c1, 2026-06-13) and its three
# dependencies, hpc/libcircle (default 406a0464, v0.3.0), LLNL/lwgrp (default
# 7d8520d7, v1.0.6) and LLNL/dtcmp (default bbd720f6, v1.1.5); builds and
# installs the dependencies into a prefix (autoreconf -fi, then configure with
# CC=mpicc.mpich MPICC=mpicc.mpich, make -j 1, make install; dtcmp
# --with-lwgrp=PREFIX), and configures mpifileutils with CMake and MPICH
# (nothing of it is built; no CMAKE_BUILD_TYPE, as in session 34's recipe):
#   -DCMAKE_C_COMPILER=mpicc.mpich -DMPI_C_COMPILER=mpicc.mpich
#   (and mpicxx.mpich for CXX, which no unit uses)
#   -DENABLE_XATTRS=ON -DENABLE_LIBARCHIVE=ON -DENABLE_EXPERIMENTAL=ON
#   -DENABLE_LUSTRE=OFF -DENABLE_GPFS=OFF -DENABLE_HPSS=OFF
#   -DENABLE_DAOS=OFF -DENABLE_HDF5=OFF
#   -DWITH_LibCircle_PREFIX=PREFIX -DWITH_DTCMP_PREFIX=PREFIX
# If a mirror lacks a commit, its HEAD is used, with a warning.
#
#   MFU_GIT, LIBCIRCLE_GIT, LWGRP_GIT, DTCMP_GIT
#       bare git directories of github.com/hpc/mpifileutils, hpc/libcircle,
#       LLNL/lwgrp and LLNL/dtcmp (e.g. `git clone --bare`; in the project's
#       workplace the `fetch` tool puts them at /work/.mirror/OWNER+NAME/repo)
#
# Environment: CORPORA (default /tmp/mpix-corpora); MFU_ROOT (default
# $CORPORA/mpifileutils). Writes, under MFU_ROOT (idempotent: src/, build/ and
# the lists are rewritten each time; the dependencies are rebuilt only when
# their commits change or their prefix is incomplete):
#   src/                          the extracted corpus, the source root (read
#                                 in place, never copied into this repository)
#   deps/{libcircle,lwgrp,dtcmp}/ the dependencies' sources and builds
#   deps/prefix/                  their installation (include/, lib/)
#   deps/STAMP                    the three commits the prefix was built from
#   build/compile_commands.json   CMake's, filtered: the 47 C commands (libmfu
#                                 and every tool, experimental ones included)
#   build/compile_commands.all.json  CMake's, unfiltered
#   units.txt                     the 47 units (paths relative to src/)
#   COMMITS, cmake.log, deps/*.log
# Needs git, tar, make, autoconf, automake, libtool, pkg-config, cmake,
# python3, MPICH (mpicc.mpich) and Debian's libarchive-dev, libattr1-dev,
# libcap-dev, libbz2-dev (apt-get install -y libarchive-dev libattr1-dev
# libcap-dev libbz2-dev libtool). OpenSSL (libssl-dev) is optional in its
# CMake; ddup is configured either way. Takes ~4 min the first time on 2
# shared cores (building the dependencies), ~10 s after.
set -euo pipefail
if [ $# -lt 4 ] || [ $# -gt 8 ]; then
  echo "usage: $0 MFU_GIT LIBCIRCLE_GIT LWGRP_GIT DTCMP_GIT [MFU_COMMIT [LIBCIRCLE_COMMIT [LWGRP_COMMIT [DTCMP_COMMIT]]]]" >&2
  exit 2
fi
MFU_GIT=$1; CIRCLE_GIT=$2; LWGRP_GIT=$3; DTCMP_GIT=$4
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${MFU_ROOT:-$CORPORA/mpifileutils}
SRC=$TOP/src
BLD=$TOP/build
DEPS=$TOP/deps
PREFIX=$DEPS/prefix
mkdir -p "$TOP" "$DEPS"
TOP=$(cd "$TOP" && pwd); SRC=$TOP/src; BLD=$TOP/build; DEPS=$TOP/deps; PREFIX=$DEPS/prefix

resolve() { # gitdir commit name -> full sha on stdout
  local g=$1 c=$2 n=$3
  if ! git --git-dir="$g" cat-file -e "$c^{commit}" 2>/dev/null; then
    echo "warning: $n: commit $c absent from $g; using HEAD" >&2
    c=HEAD
  fi
  git --git-dir="$g" rev-parse "$c^{commit}"
}
MFU_C=$(resolve "$MFU_GIT" "${5:-2dbcf1c1}" mpifileutils)
CIRCLE_C=$(resolve "$CIRCLE_GIT" "${6:-406a0464}" libcircle)
LWGRP_C=$(resolve "$LWGRP_GIT" "${7:-7d8520d7}" lwgrp)
DTCMP_C=$(resolve "$DTCMP_GIT" "${8:-bbd720f6}" dtcmp)
for x in "mpifileutils $MFU_GIT $MFU_C" "libcircle $CIRCLE_GIT $CIRCLE_C" \
         "lwgrp $LWGRP_GIT $LWGRP_C" "dtcmp $DTCMP_GIT $DTCMP_C"; do
  set -- $x
  echo "$1: $(git --git-dir="$2" log -1 --format='%H %cs %s' "$3")"
done
printf 'mpifileutils %s\nlibcircle %s\nlwgrp %s\ndtcmp %s\n' \
  "$MFU_C" "$CIRCLE_C" "$LWGRP_C" "$DTCMP_C" > "$TOP/COMMITS"

extract() { # gitdir commit dest
  rm -rf "$3"; mkdir -p "$3"
  git --git-dir="$1" archive "$2" | tar -x -C "$3"
  local want have
  want=$(git --git-dir="$1" ls-tree -r "$2" | awk '$2 == "blob"' | wc -l)
  have=$(find "$3" -type f -o -type l | wc -l)
  [ "$have" -ge "$want" ] || { echo "error: $3: $have of $want files extracted" >&2; exit 1; }
}

# --- The dependencies (lwgrp before dtcmp, which links it) -----------------
STAMP="libcircle $CIRCLE_C lwgrp $LWGRP_C dtcmp $DTCMP_C"
if [ "$(cat "$DEPS/STAMP" 2>/dev/null)" = "$STAMP" ] \
   && [ -f "$PREFIX/include/libcircle.h" ] && [ -f "$PREFIX/include/dtcmp.h" ] \
   && [ -f "$PREFIX/include/lwgrp.h" ] \
   && ls "$PREFIX"/lib/libcircle.so "$PREFIX"/lib/libdtcmp.so "$PREFIX"/lib/liblwgrp.so >/dev/null 2>&1; then
  echo "dependencies: up to date in $PREFIX"
else
  rm -rf "$PREFIX" "$DEPS/STAMP"
  build_dep() { # name gitdir commit configure-args...
    local n=$1 g=$2 c=$3; shift 3
    local d=$DEPS/$n log=$DEPS/$n.log
    extract "$g" "$c" "$d"
    echo "building $n (log: $log)"
    ( cd "$d"
      autoreconf -fi
      CC=mpicc.mpich MPICC=mpicc.mpich ./configure --prefix="$PREFIX" "$@"
      make -j 1
      make install ) > "$log" 2>&1 || { tail -30 "$log"; echo "error: $n failed" >&2; exit 1; }
  }
  # libcircle: its tests need `check` and its docs doxygen; both are optional
  # in its configure.
  build_dep libcircle "$CIRCLE_GIT" "$CIRCLE_C"
  build_dep lwgrp "$LWGRP_GIT" "$LWGRP_C"
  build_dep dtcmp "$DTCMP_GIT" "$DTCMP_C" --with-lwgrp="$PREFIX"
  echo "$STAMP" > "$DEPS/STAMP"
fi

# --- mpifileutils ----------------------------------------------------------
extract "$MFU_GIT" "$MFU_C" "$SRC"
rm -rf "$BLD"; mkdir -p "$BLD"
cd "$BLD"
CC=mpicc.mpich CXX=mpicxx.mpich cmake "$SRC" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DCMAKE_C_COMPILER=mpicc.mpich \
  -DMPI_C_COMPILER=mpicc.mpich \
  -DCMAKE_CXX_COMPILER=mpicxx.mpich -DMPI_CXX_COMPILER=mpicxx.mpich \
  -DCMAKE_INSTALL_PREFIX="$TOP/install" \
  -DWITH_LibCircle_PREFIX="$PREFIX" \
  -DWITH_DTCMP_PREFIX="$PREFIX" \
  -DCMAKE_PREFIX_PATH="$PREFIX" \
  -DENABLE_XATTRS=ON -DENABLE_LIBARCHIVE=ON -DENABLE_EXPERIMENTAL=ON \
  -DENABLE_LUSTRE=OFF -DENABLE_GPFS=OFF -DENABLE_HPSS=OFF \
  -DENABLE_DAOS=OFF -DENABLE_HDF5=OFF \
  > "$TOP/cmake.log" 2>&1 || { tail -30 "$TOP/cmake.log"; exit 1; }
mv compile_commands.json compile_commands.all.json

# Nothing needs building: mpifileutils generates no header.
python3 - "$SRC" "$BLD" "$TOP" "$PREFIX" <<'PY'
import json, os, sys
src, bld, top, prefix = sys.argv[1:5]
db = json.load(open(os.path.join(bld, "compile_commands.all.json")))
out, seen = [], set()
for c in db:
    f = os.path.realpath(os.path.join(c["directory"], c["file"]))
    if not f.endswith(".c") or f in seen:
        continue
    rel = os.path.relpath(f, src)
    if not rel.startswith("src/"):
        continue
    seen.add(f); out.append(c)
for c in out[:1]:
    text = c.get("command", " ".join(c.get("arguments", [])))
    if prefix + "/include" not in text:
        print("warning: the commands do not name " + prefix + "/include", file=sys.stderr)
json.dump(out, open(os.path.join(bld, "compile_commands.json"), "w"), indent=1)
units = sorted(os.path.relpath(os.path.realpath(os.path.join(c["directory"], c["file"])), src) for c in out)
open(os.path.join(top, "units.txt"), "w").write("".join(u + "\n" for u in units))
lib = sum(u.startswith("src/common/") for u in units)
print(f"database: {len(db)} commands from CMake; kept {len(out)} C units "
      f"({lib} of libmfu, {len(out) - lib} of the tools)")
if len(out) != 47:
    print(f"warning: {len(out)} units, not the documented 47", file=sys.stderr)
PY
