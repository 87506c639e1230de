#!/usr/bin/env bash
# Instructions of the mpix-* checks against the size of one function.
#   bench/scaling_instructions.sh [GEN_FLAG] BLOCKS...
# GEN_FLAG is one of gen_large_tu.py's shapes (--clean, --share-loops,
# --reused-local, --own-locals; none: the default shape). Per size, runs
# mpix-tidy under callgrind twice, with mpix-* and with one check that finds
# nothing in C (llvm-namespace-comment), and prints both totals and their
# difference: the checks' own instructions, parsing left out. Unlike
# scaling.sh's CPU seconds, the counts do not move with the machine's load
# or its caches. Needs valgrind.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
TIDY=${MPIX_TIDY:-$HERE/../build/bin/mpix-tidy}
FLAGS=$(mpicc.mpich -show | tr ' ' '\n' | grep -E '^-[ID]' | tr '\n' ' ')
SHAPE=
case "${1:-}" in --*) SHAPE=$1; shift ;; esac
TMP=$(mktemp -d /tmp/mpix-scaling.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
instructions() { # CHECKS FILE
  valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.out" \
    "$TIDY" --checks="$1" "$2" -- $FLAGS >/dev/null 2>&1 || true
  awk '/^summary:/ {print $2; exit}' "$TMP/cg.out"
}
printf '%8s %14s %14s %14s\n' blocks with-checks without checks
for n in "$@"; do
  python3 "$HERE/gen_large_tu.py" --funcs 0 --long "$n" $SHAPE -o "$TMP/l$n.c" 2>/dev/null
  with=$(instructions '-*,mpix-*' "$TMP/l$n.c")
  without=$(instructions '-*,llvm-namespace-comment' "$TMP/l$n.c")
  printf '%8d %14d %14d %14d\n' "$n" "$with" "$without" $((with - without))
done
