#!/usr/bin/env bash
# sundials.sh BINARY TAG
#
# Runs mpix-tidy (checks -*,mpix-*) over SUNDIALS, LLNL/sundials @ c8dabcea
# (v7.5.0), as prepared by sundials-prepare.sh, in two modes:
#   whole:   the 162 commands of $SUNDIALS_ROOT/build (library + 29 MPI C
#            examples), two phases, -j 1
#   library: the 133 library commands alone ($SUNDIALS_ROOT/dblib), two
#            phases, -j 1, mpix-large-count.CallersInDatabase: false
# Summaries are cold (the summaries files are removed first).
#
# Expected with the binary of 2026-12-07, before session 39's change (4142248) to
# structures handed as raw memory: whole 58 warnings, library 2 (after it,
# whole 12, then 2 and 2 at the end of session 39; session 40's guarded
# getters: 0 and 0; docs/corpus.md classifies every report).
# Takes ~2-3 min (each mode a little over a minute).
#
# Writes $OUT_ROOT/sundials.TAG/{whole,library}/:
#   log.txt        the tool's output
#   warnings.txt   sorted unique "path:line:col: warning: ... [check]" lines,
#                  paths relative to the source root
#   time.txt       /usr/bin/time -v's report and the exit status
#   S.json         the summaries file
# and prints both counts. Environment: CORPORA (default /tmp/mpix-corpora),
# SUNDIALS_ROOT (default $CORPORA/sundials), OUT_ROOT (default $CORPORA/out;
# old name OUTROOT). Needs GNU time (/usr/bin/time).
set -uo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 BINARY TAG" >&2; exit 2; fi
BIN=$1; TAG=$2
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${SUNDIALS_ROOT:-$CORPORA/sundials}; SRC=$TOP/src
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
OUT=$OUT_ROOT/sundials.$TAG
[ -x "$BIN" ] || { echo "no binary $BIN" >&2; exit 2; }
[ -f "$TOP/build/compile_commands.json" ] || { echo "run sundials-prepare.sh first ($TOP/build/compile_commands.json missing)" >&2; exit 2; }

. "$(dirname "$0")/common.sh"
run() { # mode dbdir extra-args...
  local mode=$1 db=$2 files; shift 2
  mapfile -t files < <(database_units "$db")
  timed_tidy "$OUT/$mode" "$SRC" "$mode" "$BIN" "$db" "$@" -- "${files[@]}"
}
run whole   "$TOP/build"
run library "$TOP/dblib" \
    --config="{CheckOptions: {mpix-large-count.CallersInDatabase: false}}"
