#!/usr/bin/env bash
# Run mpix-tidy over every C/C++ source under a directory and summarize
# crashes, timeouts, files that did not compile, diagnostics per check, time.
#
#   bench/run_corpus.sh DIR [mpich|openmpi]
#
# Environment:
#   MPIX_TIDY    tool binary            (default: <repo>/build/bin/mpix-tidy)
#   CHECKS       --checks value         (default: -*,mpix-*)
#   JOBS         parallel jobs, max 2   (default: 2)
#   TIMEOUT      per-file timeout, s    (default: 60)
#   EXTRA_FLAGS  extra compiler flags, e.g. "-I$DIR/include -I/tmp/stub"
#   TIDY_ARGS    extra mpix-tidy arguments before "--", e.g.
#                "--header-filter=$DIR/.*" for code whose MPI calls sit in
#                headers (C++ templates); by default headers are not reported
#   OUT          directory for per-file logs (default: a new mktemp -d)
#
# Outputs in $OUT: logs/<n>.log (tool output per file), results.tsv
# (file rc seconds status ndiag), diags.tsv (file:line:col check message).
# Corpus code is read in place; nothing is written next to it.
set -u -o pipefail

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 DIR [mpich|openmpi]" >&2
  exit 2
fi
DIR=$(cd "$1" && pwd)
FLAVOUR=${2:-mpich}
HERE=$(cd "$(dirname "$0")" && pwd)
MPIX_TIDY=${MPIX_TIDY:-$HERE/../build/bin/mpix-tidy}
CHECKS=${CHECKS:--*,mpix-*}
JOBS=${JOBS:-2}
[ "$JOBS" -gt 2 ] && JOBS=2
TIMEOUT=${TIMEOUT:-60}
EXTRA_FLAGS=${EXTRA_FLAGS:-}
TIDY_ARGS=${TIDY_ARGS:-}
OUT=${OUT:-$(mktemp -d /tmp/mpix-corpus.XXXXXX)}
mkdir -p "$OUT/logs"

case "$FLAVOUR" in
  mpich)   RAW=$(mpicc.mpich -show) ;;
  openmpi) RAW=$(mpicc.openmpi --showme:compile) ;;
  *) echo "unknown flavour '$FLAVOUR' (mpich|openmpi)" >&2; exit 2 ;;
esac
MPIFLAGS=""
for tok in $RAW; do
  case "$tok" in -I*|-D*) MPIFLAGS="$MPIFLAGS $tok" ;; esac
done

find "$DIR" -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.cxx' -o -name '*.cc' \) \
  | LC_ALL=C sort > "$OUT/files.txt"
NFILES=$(wc -l < "$OUT/files.txt")
echo "corpus: $DIR  flavour: $FLAVOUR  files: $NFILES  jobs: $JOBS  timeout: ${TIMEOUT}s"
echo "flags: $MPIFLAGS $EXTRA_FLAGS"
[ -n "$TIDY_ARGS" ] && echo "tool args: $TIDY_ARGS"
echo "logs:  $OUT"
echo "tool:  $MPIX_TIDY ($(stat -c '%y' "$MPIX_TIDY" 2>/dev/null), sha256 $(sha256sum "$MPIX_TIDY" 2>/dev/null | cut -c1-16))"

export MPIX_TIDY CHECKS TIMEOUT MPIFLAGS EXTRA_FLAGS TIDY_ARGS OUT

run_one() {
  n=$1 f=$2
  log="$OUT/logs/$n.log"
  lang=()
  case "$f" in *.cpp|*.cxx|*.cc) lang=(-xc++ -std=c++17) ;; esac
  # TIDY_ARGS is split as the shell splits words, quotes kept together:
  # TIDY_ARGS="--config='{CheckOptions: {mpix-large-count.Target: mpix}}'".
  eval "tidy_args=($TIDY_ARGS)"
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  timeout "$TIMEOUT" "$MPIX_TIDY" --checks="$CHECKS" "${tidy_args[@]}" "$f" -- "${lang[@]}" $MPIFLAGS $EXTRA_FLAGS \
    > "$log" 2>&1 < /dev/null
  rc=$?
  t1=$(date +%s.%N)
  secs=$(echo "$t1 - $t0" | bc)
  if [ $rc -eq 124 ]; then st=timeout
  elif [ $rc -ge 128 ] || grep -q 'Stack dump' "$log"; then st=crash
  elif [ $rc -eq 126 ] || [ $rc -eq 127 ]; then st=norun      # tool missing / not executable
  elif grep -q -e '\[clang-diagnostic-error\]' -e 'Found compiler error' "$log"; then st=nocompile
  elif [ $rc -ne 0 ]; then st=error
  else st=ok
  fi
  nd=$(grep -cE 'warning: .*\[mpix-[a-z-]+(,[^]]*)?\]$' "$log")
  printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$rc" "$secs" "$st" "$nd"
}
export -f run_one

T0=$(date +%s.%N)
nl -ba -w1 -s' ' "$OUT/files.txt" \
  | xargs -P "$JOBS" -L1 bash -c 'run_one "$0" "$1"' > "$OUT/results.tsv"
T1=$(date +%s.%N)

# diagnostics: file:line:col<TAB>check<TAB>message
: > "$OUT/diags.tsv"
for log in "$OUT"/logs/*.log; do
  grep -E '^[^ ].*:[0-9]+:[0-9]+: warning: .*\[mpix-[a-z-]+(,[^]]*)?\]$' "$log" \
    | sed -E 's/^(.*:[0-9]+:[0-9]+): warning: (.*) \[([^],]+)[^]]*\]$/\1\t\3\t\2/' \
    >> "$OUT/diags.tsv"
done

count() { awk -F'\t' -v s="$1" '$4==s' "$OUT/results.tsv" | wc -l; }
echo
echo "== summary =="
printf 'files:          %d\n' "$NFILES"
printf 'ok:             %d\n' "$(count ok)"
printf 'did not compile:%d\n' "$(count nocompile)"
printf 'crashes:        %d\n' "$(count crash)"
printf 'timeouts:       %d\n' "$(count timeout)"
printf 'other errors:   %d\n' "$(count error)"
printf 'tool did not run: %d\n' "$(count norun)"
printf 'diagnostics:    %d\n' "$(wc -l < "$OUT/diags.tsv")"
echo "diagnostics per check:"
cut -f2 "$OUT/diags.tsv" | sort | uniq -c | sort -rn | sed 's/^/  /'
printf 'files with diagnostics: %d\n' "$(cut -f1 "$OUT/diags.tsv" | sed -E 's/:[0-9]+:[0-9]+$//' | sort -u | wc -l)"
printf 'total wall time: %.1f s (sum of per-file %.1f s)\n' \
  "$(echo "$T1 - $T0" | bc)" "$(awk -F'\t' '{s+=$3} END {print s+0}' "$OUT/results.tsv")"
for s in crash timeout error norun nocompile; do
  if [ "$(count $s)" -gt 0 ]; then
    echo "$s:"
    awk -F'\t' -v s="$s" '$4==s {print "  " $1 " (rc " $2 ")"}' "$OUT/results.tsv"
  fi
done
bad=$(( $(count crash) + $(count timeout) + $(count error) + $(count norun) ))
[ $bad -eq 0 ]
