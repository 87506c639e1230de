#!/usr/bin/env bash
# superlu.sh BINARY TAG
#
# Runs mpix-tidy (checks -*,mpix-*) over SuperLU_DIST, xiaoyeli/superlu_dist
# @ 1fd66da (9.2.1), as prepared by superlu-prepare.sh: the 209 units of
# SRC/ (double 60, single 60, complex16 57, prec-independent 32; 32-bit
# int_t), two phases, -j 1, cold summaries (the summaries file is removed
# first).
#
# Expected: 493 mpix-large-count warnings since session 41 (53 TRUE, 382 TI,
# 58 FALSE: docs/corpus.md; session 42's binaries give the same 493), and
# 505 with session 40's binaries, before
# and after its change to MPI_Get_count/MPI_Get_elements outputs only tested
# with ==/!= or printed (s40a and s40c give the same 505, warning for warning
# and note for note; s39a gives them too). docs/corpus.md's 481 is session
# 31's (s31f) and earlier, on the same recipe; sessions 32-38 did not run
# this corpus, and its drift is not attributed report by report (36 of the
# 505 are counts held in `msgcnt[]` elements, e.g. pdgstrf.c:1028
# `msgcnt[1] = lsub[1] * SuperSize (k)`, which session 24 listed as missed).
# Takes ~2.5-3 min at -j 1 on two shared cores (209 units summarised, 162
# analysed with them), peak RSS ~150 MB.
#
# Writes $OUT_ROOT/superlu.TAG/:
#   log.txt        the tool's output
#   warnings.txt   sorted unique "path:line:col: warning: ... [check]" lines,
#                  paths relative to the source root
#   time.txt       /usr/bin/time -v's report and the exit status
#   S.json         the summaries file
# and prints the count. Environment: CORPORA (default /tmp/mpix-corpora),
# SUPERLU_ROOT (default $CORPORA/superlu), OUT_ROOT (default $CORPORA/out;
# old name OUTROOT). Needs GNU time (/usr/bin/time).
set -uo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 BINARY TAG" >&2; exit 2; fi
BIN=$1; TAG=$2
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${SUPERLU_ROOT:-$CORPORA/superlu}; SRC=$TOP/src
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
OUT=$OUT_ROOT/superlu.$TAG
[ -x "$BIN" ] || { echo "no binary $BIN" >&2; exit 2; }
[ -f "$TOP/build/compile_commands.json" ] && [ -f "$TOP/units.txt" ] \
  || { echo "run superlu-prepare.sh first ($TOP/build/compile_commands.json or units.txt missing)" >&2; exit 2; }

. "$(dirname "$0")/common.sh"
mapfile -t files < <(sed "s#^#$SRC/#" "$TOP/units.txt")
timed_tidy "$OUT" "$SRC" superlu "$BIN" "$TOP/build" -- "${files[@]}"
