#!/usr/bin/env bash
# small.sh BINARY TAG [corrbench imb imb-program mbi-gen mbi-codes lulesh]   (default: all six)
#
# Runs one mpix-tidy binary (checks -*,mpix-*) over the four small corpora
# that small-prepare.sh extracted, as docs/corpus.md runs them. Expected with
# the binary of 2026-12-07:
#
#   corrbench  tudasc/MPI-Corrbench @ a05644b, its micro-benches (616 files),
#              per file (bench/run_corpus.sh), CorrBench's CI flags       44
#   imb        intel/mpi-benchmarks @ 46e8757, IMB-MPI1's 33 sources, per
#              file, -DMPI1 -DIMB2018 -I src_c                              7
#   imb-program  the same 33 as one program: two phases over imb-db       5
#   mbi-gen    N00byKing/MpiBugsInitiative @ 4ec1c8c, its 1,691 generated
#              programs, per file                                           0
#   mbi-codes  the same, its 102 hand-written codes, per file               1
#              (+ 1 mpix-cart-topology)
#   lulesh     LLNL/LULESH @ 3e01c40, its 5 units, two phases over the
#              hand-written database (cold: a fresh summaries file)         0
#
# (counts: mpix-large-count warnings; docs/corpus.md classifies every report.)
# Takes ~17 min at JOBS=1 (mbi-gen ~9.5, corrbench ~6, the rest ~1.5).
#
# Writes $OUT_ROOT/NAME.TAG/:
#   warnings.txt   sorted unique "path:line:col: warning: ... [check]" (mpix-* only),
#                  paths relative to the corpus root
#   run/, run.txt  bench/run_corpus.sh's logs, results.tsv, diags.tsv (per-file corpora)
#   tidy.log, summaries.json (lulesh)
#   summary.txt    counts per check, files, crashes/timeouts/not compiled, wall time
# and prints one line of counts per corpus. Environment: JOBS (default 1),
# CORPORA (default /tmp/mpix-corpora), SMALL (default $CORPORA/small),
# OUT_ROOT (default $CORPORA/out; old name OUTROOT), REPO (default: the
# repository holding this script; only bench/run_corpus.sh is used, read only).
set -u -o pipefail

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
[ $# -lt 2 ] && usage
BIN=$(readlink -f "$1"); TAG=$2; shift 2
[ -x "$BIN" ] || { echo "no executable $BIN" >&2; exit 2; }
SELECTED=("$@"); [ ${#SELECTED[@]} -eq 0 ] && SELECTED=(corrbench imb imb-program mbi-gen mbi-codes lulesh)
for c in "${SELECTED[@]}"; do
  case "$c" in corrbench|imb|imb-program|mbi-gen|mbi-codes|lulesh) ;; *) echo "unknown corpus $c" >&2; usage ;; esac
done
CORPORA=${CORPORA:-/tmp/mpix-corpora}
SMALL=${SMALL:-$CORPORA/small}
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
OUT_ROOT=${OUT_ROOT:-${OUTROOT:-$CORPORA/out}}
JOBS=${JOBS:-1}
RUNNER=$REPO/bench/run_corpus.sh
[ -x "$RUNNER" ] || { echo "no $RUNNER" >&2; exit 2; }
[ -d "$SMALL/mbi/gencodes" ] || { echo "run small-prepare.sh first ($SMALL/mbi/gencodes missing)" >&2; exit 2; }

echo "tool: $BIN (sha256 $(sha256sum "$BIN" | cut -c1-16)), tag $TAG, jobs $JOBS"

# extract_warnings ROOT LOGFILES...: the mpix-* warning lines, paths relative to ROOT
extract_warnings() {
  local root=$1; shift
  cat "$@" | grep -E '^[^ ].*:[0-9]+:[0-9]+: warning: .*\[mpix-[a-z-]+(,[^]]*)?\]$' \
    | sed "s#^$root/##" | LC_ALL=C sort -u
}

# report NAME OUTDIR SECONDS [extra]: counts per check and the run's health
report() {
  local name=$1 out=$2 secs=$3 extra=${4:-}
  local w=$out/warnings.txt lc other
  lc=$(grep -c '\[mpix-large-count' "$w")
  other=$(grep -v '\[mpix-large-count' "$w" | sed -E 's/.*\[([^],]+)[^]]*\]$/\1/' | sort | uniq -c \
          | awk '{printf "%s%s %s", sep, $2, $1; sep=", "}')
  {
    printf '%-10s mpix-large-count %4d' "$name" "$lc"
    [ -n "$other" ] && printf '  (+ %s)' "$other"
    printf '  | %s | %.0f s\n' "$extra" "$secs"
  } | tee "$out/summary.txt"
}

# per_file NAME DIR EXTRA_FLAGS: bench/run_corpus.sh over every source under DIR
per_file() {
  local name=$1 dir=$2 flags=$3 out=$OUT_ROOT/$1.$TAG
  rm -rf "$out"; mkdir -p "$out"
  local t0=$SECONDS
  MPIX_TIDY=$BIN JOBS=$JOBS OUT=$out/run EXTRA_FLAGS="$flags" TIDY_ARGS="" \
    "$RUNNER" "$dir" mpich > "$out/run.txt" 2>&1
  local secs=$((SECONDS - t0))
  extract_warnings "$dir" "$out"/run/logs/*.log > "$out/warnings.txt"
  local r=$out/run/results.tsv
  local health
  health=$(awk -F'\t' '{n++; s[$4]++} END {printf "files %d, ok %d, no-compile %d, crash %d, timeout %d, error %d, norun %d",
           n, s["ok"], s["nocompile"], s["crash"], s["timeout"], s["error"], s["norun"]}' "$r")
  report "$name" "$out" "$secs" "$health"
}

# two_phases NAME ROOT DB UNITS...: one run over a whole program's units,
# with cold summaries (a fresh file), as a user runs the tool on a program
two_phases() {
  local name=$1 root=$2 db=$3; shift 3
  local out=$OUT_ROOT/$name.$TAG
  rm -rf "$out"; mkdir -p "$out"
  local t0=$SECONDS rc
  ( cd "$root" && "$BIN" --checks='-*,mpix-*' -p "$db" -j "$JOBS" \
      --summaries="$out/summaries.json" --no-progress "$@" ) > "$out/tidy.log" 2>&1
  rc=$?
  local secs=$((SECONDS - t0))
  extract_warnings "$root" "$out/tidy.log" > "$out/warnings.txt"
  local errs
  errs=$(grep -c -e 'error:' -e 'Stack dump' "$out/tidy.log")
  report "$name" "$out" "$secs" "units $#, two phases, rc $rc, error lines $errs"
}

lulesh() {
  local root=$SMALL/lulesh units=()
  for u in lulesh.cc lulesh-comm.cc lulesh-init.cc lulesh-util.cc lulesh-viz.cc; do units+=("$root/$u"); done
  two_phases lulesh "$root" "$SMALL/lulesh-db" "${units[@]}"
}

imb_program() {
  local root=$SMALL/imb-mpi1
  [ -f "$SMALL/imb-db/compile_commands.json" ] || { echo "no $SMALL/imb-db: run small-prepare.sh again" >&2; return 1; }
  two_phases imb-program "$root" "$SMALL/imb-db" "$root"/*.c
}

mkdir -p "$OUT_ROOT"
for c in "${SELECTED[@]}"; do
  case "$c" in
    corrbench)
      C=$SMALL/corrbench/micro-benches
      per_file corrbench "$C" "-I$C/0-level/correct/include -I$C/0-level/openmp -isystem $SMALL/omp -fopenmp -DUSE_DISTURBED_THREAD_ORDER -DNUM_THREADS=2 -DBUFFER_LENGTH_INT=10" ;;
    imb)       per_file imb "$SMALL/imb-mpi1" "-DMPI1 -DIMB2018 -I$SMALL/imb/src_c" ;;
    mbi-gen)   per_file mbi-gen "$SMALL/mbi/gencodes" "" ;;
    mbi-codes) per_file mbi-codes "$SMALL/mbi/codes" "" ;;
    imb-program) imb_program ;;
    lulesh)    lulesh ;;
    *) echo "unknown corpus $c" >&2; exit 2 ;;
  esac
done
