#!/usr/bin/env bash
# mpich.sh BINARY TAG
#
# Two-phase mpix-tidy run (checks -*,mpix-*, one summaries file, cold) over
# MPICH's test/mpi: pmodels/mpich @ 6a79bf6575c3, the 497-unit database of
# mpich-prepare.sh. If the database is missing, mpich-prepare.sh runs first
# on $MIRROR (default /work/.mirror/pmodels+mpich/repo, where the workplace's
# `fetch` tool puts the mirror).
#
# Expected with the binaries of session 40 (2026-12-07): 52 warnings, all
# mpix-large-count; 58 before its status-count rule (docs/corpus.md,
# "Current counts", classifies every one).
# Takes ~7 min at -j 2.
#
# Writes $OUT_ROOT/mpich.TAG/:
#   log.txt        the binary (date, sha256), the tool's output, exit status, wall time
#   warnings.txt   sorted unique warning lines, paths relative to test/mpi
#   S.json         the summaries file
# and prints the counts. Environment: CORPORA (default /tmp/mpix-corpora),
# MPICH_ROOT (default $CORPORA/mpich; old name ROOT), OUT_ROOT (default
# $CORPORA/out; old name OUTROOT), MIRROR, JOBS (default 2, at most 2).
set -uo pipefail
if [ $# -ne 2 ]; then echo "usage: $0 BINARY TAG" >&2; exit 2; fi
BIN=$1; TAG=$2
HERE=$(cd "$(dirname "$0")" && pwd)
CORPORA=${CORPORA:-/tmp/mpix-corpora}
MPICH_ROOT=${MPICH_ROOT:-${ROOT:-$CORPORA/mpich}}
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
MIRROR=${MIRROR:-/work/.mirror/pmodels+mpich/repo}
JOBS=${JOBS:-2}; [ "$JOBS" -gt 2 ] && JOBS=2
DB=$MPICH_ROOT/db M=$MPICH_ROOT/src/test/mpi
BIN=$(readlink -f "$BIN"); [ -x "$BIN" ] || { echo "no binary $BIN" >&2; exit 2; }
if [ ! -s "$DB/compile_commands.json" ] || [ ! -s "$DB/units.txt" ]; then
  CORPORA=$CORPORA MPICH_ROOT=$MPICH_ROOT "$HERE/mpich-prepare.sh" "$MIRROR" || exit 2
fi
OUT=$OUT_ROOT/mpich.$TAG
mkdir -p "$OUT"; rm -f "$OUT/S.json" "$OUT/log.txt" "$OUT/warnings.txt"
mapfile -t UNITS < "$DB/units.txt"
{
  echo "binary: $BIN ($(stat -c %y "$BIN"), sha256 $(sha256sum "$BIN" | cut -c1-16))"
  echo "database: $DB/compile_commands.json (${#UNITS[@]} units), jobs $JOBS, load: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$OUT/log.txt"
T0=$(date +%s.%N)
( cd "$M" && "$BIN" --checks='-*,mpix-*' -p "$DB" -j "$JOBS" --summaries="$OUT/S.json" \
    --no-progress "${UNITS[@]}" ) >> "$OUT/log.txt" 2>&1
RC=$?
T1=$(date +%s.%N)
SECS=$(echo "$T1 - $T0" | bc)
printf 'exit %d, wall %.1f s\n' "$RC" "$SECS" >> "$OUT/log.txt"
grep -E '^[^ ].*:[0-9]+:[0-9]+: warning: .*\[[^]]+\]$' "$OUT/log.txt" \
  | sed -e "s|^$M/||" | LC_ALL=C sort -u > "$OUT/warnings.txt"
N=$(wc -l < "$OUT/warnings.txt")
NLC=$(grep -c '\[mpix-large-count' "$OUT/warnings.txt")
grep -E '^mpix-tidy: summaries:' "$OUT/log.txt"
NERR=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: error:' "$OUT/log.txt")
echo "mpich.$TAG: $N warnings ($NLC mpix-large-count), $NERR error lines, exit $RC, $(printf '%.1f' "$SECS") s -> $OUT"
grep -qE 'Stack dump|Segmentation|crash' "$OUT/log.txt" && echo "CRASH: see $OUT/log.txt"
exit 0
