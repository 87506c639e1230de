#!/bin/sh
# libmpix against BigMPI, side by side, in one run.
#
#   bench/runtime/compare_bigmpi.sh BIGMPI_CHECKOUT [BUILD_DIR] [REPS] [OPS...]
#
# BIGMPI_CHECKOUT is a BigMPI source tree (it is only read: its src/*.c are
# compiled in a temporary directory, once per MPI flavour, with the default
# configuration, i.e. an empty bigmpiconf.h). BUILD_DIR is a libmpix build
# tree with the test variants (default build-rt: see docs/runtime-performance.md);
# bench_compare.c is compiled against its libmpixt_<variant>.a and against
# BigMPI. Runs 2 processes per flavour (MPICH: the native and the emulated
# libmpix; Open MPI: the emulated one), alternating libmpix and BigMPI runs
# REPS times (default 2), and prints the best figure of each with the ratio
# libmpix/BigMPI (below 1: libmpix faster); "-" where BigMPI has no such
# function or its run failed. OPS restricts the operations (names as
# bench_compare.c prints them).
set -eu
bigmpi=${1:?usage: compare_bigmpi.sh BIGMPI_CHECKOUT [BUILD_DIR] [REPS] [OPS...]}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${2:-$here/../../build-rt}" && pwd)
reps=${3:-2}
shift $(( $# < 3 ? $# : 3 ))
ops="$*"
tmp=$(mktemp -d /tmp/mpix-bigmpi.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
[ -f "$bigmpi/src/bigmpi.h" ] || { echo "no src/bigmpi.h in $bigmpi" >&2; exit 1; }

ompi_run="mpiexec.openmpi --allow-run-as-root --oversubscribe --mca btl self,vader --mca op ^avx"
mpich_run="mpiexec.mpich"

: > "$tmp/bigmpiconf.h"
for flavour in mpich openmpi; do
  mkdir -p "$tmp/$flavour"
  for src in "$bigmpi"/src/*.c; do
    mpicc.$flavour -O2 -std=gnu99 -w -I"$tmp" -I"$bigmpi/src" -c "$src" \
      -o "$tmp/$flavour/$(basename "$src" .c).o"
  done
  ar rcs "$tmp/libbigmpi_$flavour.a" "$tmp/$flavour"/*.o
  mpicc.$flavour -O2 -std=gnu99 -DBENCH_BIGMPI -I"$bigmpi/src" "$here/bench_compare.c" \
    "$tmp/libbigmpi_$flavour.a" -o "$tmp/bigmpi_$flavour"
done
variants="mpich_native mpich_emulated openmpi_emulated"
for v in $variants; do
  flavour=${v%%_*}
  lib="$build/lib/libmpixt_$v.a"
  [ -f "$lib" ] || { echo "no $lib: build the runtime tests first" >&2; exit 1; }
  mpicc.$flavour -O2 -std=gnu99 -I"$here/../../runtime/include" \
    -I"$build/test/runtime/mpixt_$v/include" "$here/bench_compare.c" "$lib" -lpthread \
    -o "$tmp/mpix_$v"
done

# One process pair per operation (a failure loses only that figure, and each
# starts with fresh memory), alternating the two libraries run by run.
[ -n "$ops" ] || ops="type_contiguous_1000 type_contiguous_2^31+1 type_contiguous_2^40
  sendrecv bcast ibcast allreduce_int8 iallreduce_int8 gatherv igatherv alltoallv ialltoallv"
keep() { grep -E '^[^[:space:]]+	[0-9.]+	(s|us)$' | sed "s/^/$1	$2	/" || true; }
for r in $(seq 1 "$reps"); do
  for op in $ops; do
    for v in $variants; do
      flavour=${v%%_*}
      if [ "$flavour" = openmpi ]; then run=$ompi_run; else run=$mpich_run; fi
      $run -n 2 "$tmp/mpix_$v" 1 "$op" 2>/dev/null | keep "$v" libmpix >> "$tmp/results"
      $run -n 2 "$tmp/bigmpi_$flavour" 1 "$op" 2>/dev/null | keep "$v" BigMPI >> "$tmp/results"
    done
  done
done

awk -F'\t' '
  { key = $1 "\t" $3; if (!(key in order)) { order[key] = ++n; keys[n] = key; unit[key] = $5 }
    v = $4 + 0; k = key "\t" $2
    if (!(k in best) || v < best[k]) best[k] = v }
  END {
    printf "%-17s %-24s %12s %12s %6s\n", "variant", "operation", "libmpix", "BigMPI", "ratio"
    for (i = 1; i <= n; i++) {
      key = keys[i]; split(key, p, "\t")
      m = best[key "\tlibmpix"]
      if (!((key "\tBigMPI") in best)) {   # BigMPI lacks the function
        printf "%-17s %-24s %10.3f %s %12s %6s\n", p[1], p[2], m, unit[key], "-", "-"
        continue
      }
      b = best[key "\tBigMPI"]
      printf "%-17s %-24s %10.3f %s %10.3f %s %6.2f\n", p[1], p[2], m, unit[key], b, unit[key], (b > 0 ? m / b : 0)
    }
  }' "$tmp/results"
