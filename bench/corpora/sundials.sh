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

run() { # mode dbdir extra-args...
  local mode=$1 db=$2; shift 2
  local d=$OUT/$mode; mkdir -p "$d"
  local sum=$d/S.json; rm -f "$sum"
  local files
  mapfile -t files < <(python3 -c 'import json, os, sys
seen = set()
for c in json.load(open(sys.argv[1])):
    f = os.path.join(c["directory"], c["file"])
    if f not in seen: seen.add(f); print(f)' "$db/compile_commands.json")
  /usr/bin/time -v -o "$d/time.txt" "$BIN" --checks='-*,mpix-*' -p "$db" -j 1 \
      --summaries="$sum" --no-progress "$@" "${files[@]}" > "$d/log.txt" 2>&1
  echo "exit $?" >> "$d/time.txt"
  grep -E '^[^ ]+:[0-9]+:[0-9]+: warning: .*\[[a-z0-9.-]+\]$' "$d/log.txt" \
    | sed "s#^$SRC/##" | LC_ALL=C sort -u > "$d/warnings.txt"
  printf '%-8s %3d warnings  (wall %s, %s MB, %s)\n' "$mode" "$(wc -l < "$d/warnings.txt")" \
    "$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$d/time.txt")" \
    "$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$d/time.txt") / 1024 ))" \
    "$(tail -1 "$d/time.txt")"
}
run whole   "$TOP/build"
run library "$TOP/dblib" \
    --config="{CheckOptions: {mpix-large-count.CallersInDatabase: false}}"
