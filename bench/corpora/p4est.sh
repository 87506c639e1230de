#!/usr/bin/env bash
# p4est.sh BINARY TAG
#
# Runs mpix-tidy (checks -*,mpix-*) over p4est, cburstedde/p4est @ 8e514f6e
# with libsc 81b95966 (the commit p4est pins), as prepared by
# p4est-prepare.sh (CMake, Release, MPI and MPI-IO on, MPICH 4.0.2): the 53
# units of the 2D and 3D library ($P4EST_ROOT/units.txt: src/p4est*,
# src/p8est*, src/p6est*), in library mode, as
#   BINARY --checks='-*,mpix-*' -p $P4EST_ROOT/build -j 1 --summaries=S.json
#     --no-progress --header-filter='$SRC/.*'
#     --config="{CheckOptions: {mpix-large-count.CallersInDatabase: false}}"
#     UNITS...
# two phases, with cold summaries (the summaries file is removed first). The
# database is CMake's whole one (214 commands: libsc, p4est's tests and
# examples too), whose other units are summarised but not reported.
#
# Expected with the binaries of sessions 34 to 39: 50 mpix-large-count
# warnings (docs/corpus.md, "Issue 15: two held-out C codes (mpifileutils,
# p4est)", classifies them: 18 TRUE, 22 TI, 10 FALSE). Session 40 (this
# script's first use): s40a 50; s40d 44, -6 FALSE (F1: the `int` outputs of
# sc_MPI_Get_count in p4est.c's balance and weighted partition, completed
# through sc_MPI_Waitsome / sc_MPI_Waitall, are only compared with == and
# printed by SC_CHECK_ABORTF); the other 44 lines identical. F2's three
# (MPI_Get_count after MPI_Probe, the count then sizes a buffer and a
# receive) and F3 are left.
# Takes 1:45-2:50 min on 2 shared cores at -j 1 (all 214 units summarised,
# the 53 analysed again), ~305 MB peak; session 34 measured 32 s, 280 MB on
# a quieter machine.
#
# Writes $OUT_ROOT/p4est.TAG/:
#   log.txt        the tool's output
#   warnings.txt   sorted unique "path:line:col: warning: ... [check]" lines,
#                  paths relative to the source root ($P4EST_ROOT/src)
#   time.txt       /usr/bin/time -v's report and the exit status
#   S.json         the summaries file
# and prints the count. Environment: CORPORA (default /tmp/mpix-corpora),
# P4EST_ROOT (default $CORPORA/p4est), OUT_ROOT (default $CORPORA/out; old
# name OUTROOT). Needs GNU time (/usr/bin/time).
set -uo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 BINARY TAG" >&2; exit 2; fi
BIN=$1; TAG=$2
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${P4EST_ROOT:-$CORPORA/p4est}; SRC=$TOP/src
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
OUT=$OUT_ROOT/p4est.$TAG
[ -x "$BIN" ] || { echo "no binary $BIN" >&2; exit 2; }
for f in build/compile_commands.json units.txt; do
  [ -f "$TOP/$f" ] || { echo "run p4est-prepare.sh first ($TOP/$f missing)" >&2; exit 2; }
done

. "$(dirname "$0")/common.sh"
mapfile -t files < <(sed "s#^#$SRC/#" "$TOP/units.txt")
timed_tidy "$OUT" "$SRC" p4est "$BIN" "$TOP/build" --header-filter="$SRC/.*" \
    --config="{CheckOptions: {mpix-large-count.CallersInDatabase: false}}" \
    -- "${files[@]}"
