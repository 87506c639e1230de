#!/usr/bin/env bash
# sw4.sh BINARY TAG
#
# Runs mpix-tidy (checks -*,mpix-*) over SW4, geodynamics/sw4 @ 03cb7e8d
# (2023-12-06), as prepared by sw4-prepare.sh: the `sw4` program's 99 C++
# units, a whole program, from the Makefile's recipe (`make sw4 proj=no
# hdf5=no fftw=no`, OpenMP on, double precision), in two variants:
#   plain:  without HDF5 ($SW4_ROOT/plain)
#   hdf5:   with -DUSE_HDF5 and Debian's libhdf5-mpich-dev ($SW4_ROOT/hdf5)
# each as `BINARY --checks='-*,mpix-*' -p DB -j 1 --summaries=S.json
# --no-progress --header-filter='$SRC/.*' UNITS...`, two phases, with cold
# summaries (the summaries file is removed first).
#
# Expected with the binary of session 33 (s33g; s33h the same): plain 60
# mpix-large-count warnings, hdf5 71 (docs/corpus.md, "A
# third code, with the last binary only (SW4)", classifies every report).
# Session 40 (this script's first use): s40a 60 and 71; s40c (status-count
# queries tested only with ==/!= or printed) the same 60 and 71, identical
# warnings.txt -- SW4 calls neither MPI_Get_count nor MPI_Get_elements.
# Takes 2-2.7 min per variant on 2 shared cores at -j 1 (~160-165 MB; session
# 33 measured ~1 min on a quieter machine).
#
# Writes $OUT_ROOT/sw4.TAG/{plain,hdf5}/:
#   log.txt        the tool's output
#   warnings.txt   sorted unique "path:line:col: warning: ... [check]" lines,
#                  paths relative to the source root ($SW4_ROOT/src)
#   time.txt       /usr/bin/time -v's report and the exit status
#   S.json         the summaries file
# and prints both counts. Environment: CORPORA (default /tmp/mpix-corpora),
# SW4_ROOT (default $CORPORA/sw4), OUT_ROOT (default $CORPORA/out; old name
# OUTROOT). Needs GNU time (/usr/bin/time) and python3.
set -uo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 BINARY TAG" >&2; exit 2; fi
BIN=$1; TAG=$2
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${SW4_ROOT:-$CORPORA/sw4}; SRC=$TOP/src
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
OUT=$OUT_ROOT/sw4.$TAG
[ -x "$BIN" ] || { echo "no binary $BIN" >&2; exit 2; }
for v in plain hdf5; do
  [ -f "$TOP/$v/compile_commands.json" ] || { echo "run sw4-prepare.sh first ($TOP/$v/compile_commands.json missing)" >&2; exit 2; }
done

. "$(dirname "$0")/common.sh"
run() { # variant
  local mode=$1 files
  mapfile -t files < <(database_units "$TOP/$mode")
  timed_tidy "$OUT/$mode" "$SRC" "$mode" "$BIN" "$TOP/$mode" \
      --header-filter="$SRC/.*" -- "${files[@]}"
}
run plain
run hdf5
