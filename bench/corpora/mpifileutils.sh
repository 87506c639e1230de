#!/usr/bin/env bash
# mpifileutils.sh BINARY TAG
#
# Runs mpix-tidy (checks -*,mpix-*) over mpifileutils, hpc/mpifileutils @
# 2dbcf1c1 (with libcircle 406a0464, lwgrp 7d8520d7, dtcmp bbd720f6), as
# prepared by mpifileutils-prepare.sh: the 47 C units of its database (libmfu,
# src/common, 23 units, and every tool, experimental ones included, 24 units),
# in library mode, as session 34 ran it (docs/corpus.md, "Issue 15: two
# held-out C codes (mpifileutils, p4est)"):
#   BINARY --checks='-*,mpix-*' -p $MFU_ROOT/build -j 1 --summaries=S.json
#     --no-progress --header-filter='$MFU_ROOT/src/.*'
#     --config="{CheckOptions: {mpix-large-count.CallersInDatabase: false}}"
#     UNITS...
# two phases, with cold summaries (the summaries file is removed first).
#
# Expected: 72 mpix-large-count warnings (13 TRUE, 19 TI, 40 FALSE;
# docs/corpus.md classifies every report) since session 42 (73, 41 FALSE,
# with the binaries of sessions 35-41: session 42 judges mfu_flist_io.c:489's
# `bufsize - bufoffset` where it does not wrap).
# Session 40 (this script's first use): s40a 73; s40d (an `int` output of
# MPI_Get_count/MPI_Get_elements only tested with ==/!= or printed; a guard
# on a read-only function's result bounding a later call with the same
# arguments) the same 73, identical warnings.txt and log (notes included) --
# mpifileutils calls neither query, and no guard of that shape precedes a
# count.
# Takes ~30-40 s on 2 shared cores at -j 1 (~113 MB peak RSS; session 34
# measured 9.5 s, 115 MB on a quieter machine).
#
# Writes $OUT_ROOT/mpifileutils.TAG/:
#   log.txt        the tool's output
#   warnings.txt   sorted unique "path:line:col: warning: ... [check]" lines,
#                  paths relative to the source root ($MFU_ROOT/src)
#   time.txt       /usr/bin/time -v's report and the exit status
#   S.json         the summaries file
# and prints the count. Environment: CORPORA (default /tmp/mpix-corpora),
# MFU_ROOT (default $CORPORA/mpifileutils), OUT_ROOT (default $CORPORA/out;
# old name OUTROOT). Needs GNU time (/usr/bin/time) and python3.
set -uo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 BINARY TAG" >&2; exit 2; fi
BIN=$1; TAG=$2
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${MFU_ROOT:-$CORPORA/mpifileutils}; SRC=$TOP/src; DB=$TOP/build
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
OUT=$OUT_ROOT/mpifileutils.$TAG
[ -x "$BIN" ] || { echo "no binary $BIN" >&2; exit 2; }
[ -f "$DB/compile_commands.json" ] || { echo "run mpifileutils-prepare.sh first ($DB/compile_commands.json missing)" >&2; exit 2; }

. "$(dirname "$0")/common.sh"
mapfile -t files < <(database_units "$DB")
[ "${#files[@]}" -eq 47 ] || echo "warning: ${#files[@]} units, not the documented 47" >&2
timed_tidy "$OUT" "$SRC" mpifileutils "$BIN" "$DB" --header-filter="$SRC/.*" \
    --config="{CheckOptions: {mpix-large-count.CallersInDatabase: false}}" \
    -- "${files[@]}"
