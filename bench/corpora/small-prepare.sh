#!/usr/bin/env bash
# small-prepare.sh
#
# Prepares the four small corpora of small.sh (docs/corpus.md: "MPI Bugs
# Initiative and MPI-CorrBench", "The model of a run (issue 15)", "LULESH",
# "Issue 15: members in the database"): extracts the documented commits from
# bare git mirrors with `git archive` (if a mirror lacks a commit, its HEAD,
# noted in COMMITS), generates MBI's programs, and writes IMB-MPI1's source
# list and LULESH's database. Nothing is written into the mirrors or into
# this repository.
#
# Mirrors (bare git directories, e.g. `git clone --bare`; the defaults are
# where the workplace's `fetch` tool puts them, MIRROR=/work/.mirror):
#   MBI_GIT        N00byKing/MpiBugsInitiative  default $MIRROR/N00byKing+MpiBugsInitiative/repo
#   CORRBENCH_GIT  tudasc/MPI-Corrbench         default $MIRROR/tudasc+MPI-Corrbench/repo
#   IMB_GIT        intel/mpi-benchmarks         default $MIRROR/intel+mpi-benchmarks/repo
#   LULESH_GIT     LLNL/LULESH                  default $MIRROR/LLNL+LULESH/repo
#
# Layout afterwards ($SMALL, default $CORPORA/small, CORPORA default
# /tmp/mpix-corpora):
#   mbi/             N00byKing/MpiBugsInitiative @ 4ec1c8c, with gencodes/ generated
#   corrbench/       tudasc/MPI-Corrbench @ a05644b (corpus root: corrbench/micro-benches)
#   imb/             intel/mpi-benchmarks @ 46e8757 (full tree, headers in imb/src_c)
#   imb-mpi1/        the 33 sources of src_c/Makefile's SRC for TARGET=MPI1 (copies)
#   imb-db/          compile_commands.json of those 33 (mpicc.mpich -DMPI1 -DIMB2018)
#   lulesh/          LLNL/LULESH @ 3e01c40
#   lulesh-db/       compile_commands.json of LULESH's 5 units (-DUSE_MPI=1)
#   omp/omp.h        link to clang's omp.h (for CorrBench's openmp/ programs)
#   COMMITS          the commit extracted for each corpus
# Needs git, tar, make, python3 and an omp.h (libomp-19-dev). Takes under a
# minute, most of it MBI's generators.
set -euo pipefail
if [ $# -ne 0 ]; then echo "usage: $0   (no arguments; see the header for the environment)" >&2; exit 2; fi

CORPORA=${CORPORA:-/tmp/mpix-corpora}
SMALL=${SMALL:-$CORPORA/small}
MIRROR=${MIRROR:-/work/.mirror}
MBI_GIT=${MBI_GIT:-$MIRROR/N00byKing+MpiBugsInitiative/repo}
CORRBENCH_GIT=${CORRBENCH_GIT:-$MIRROR/tudasc+MPI-Corrbench/repo}
IMB_GIT=${IMB_GIT:-$MIRROR/intel+mpi-benchmarks/repo}
LULESH_GIT=${LULESH_GIT:-$MIRROR/LLNL+LULESH/repo}
mkdir -p "$SMALL"
: > "$SMALL/COMMITS"

# extract NAME GITDIR OWNER/REPO COMMIT: git archive COMMIT (or HEAD if absent)
# into $SMALL/NAME
extract() {
  local name=$1 mirror=$2 upstream=$3 want=$4 commit note
  if [ ! -d "$mirror" ]; then
    echo "missing mirror $mirror: a bare clone of github.com/$upstream" \
         "(in the workplace: fetch github:$upstream)" >&2
    exit 1
  fi
  if commit=$(git --git-dir="$mirror" rev-parse -q --verify "$want^{commit}"); then
    note="documented"
  else
    commit=$(git --git-dir="$mirror" rev-parse HEAD); note="NEWEST (documented $want absent)"
  fi
  rm -rf "${SMALL:?}/$name"; mkdir -p "$SMALL/$name"
  # A snapshot mirror may lack its largest blobs (MBI: tools/*.jar and three
  # valgrind test outputs); git archive stops at the first one, even with an
  # exclude pathspec. Then archive only the top-level entries that hold no
  # missing blob.
  local tree=$SMALL/.tree.$name missing
  git --git-dir="$mirror" ls-tree -r --format='%(objecttype) %(objectname)%x09%(path)' "$commit" \
    | sed -n 's/^blob //p' > "$tree"
  missing=$(cut -f1 "$tree" | git --git-dir="$mirror" cat-file --batch-check='%(objectname) ok' \
              | paste -d'\t' - <(cut -f2- "$tree") | awk -F'\t' '$1 ~ / missing$/ {print $2}')
  local paths=(.) want_files
  want_files=$(wc -l < "$tree")
  if [ -n "$missing" ]; then
    local bad
    bad=$(printf '%s\n' "$missing" | cut -d/ -f1 | sort -u)
    mapfile -t paths < <(git --git-dir="$mirror" ls-tree --name-only "$commit" | grep -vxF -f <(echo "$bad"))
    want_files=$(cut -f2- "$tree" | cut -d/ -f1 | grep -cvxF -f <(echo "$bad"))
    echo "$name: $(echo "$missing" | wc -l) file(s) absent from the snapshot; left out: $(echo "$bad" | paste -sd" " -)" >&2
    note="$note; left out (absent blobs): $(echo "$bad" | paste -sd" " -)"
  fi
  git --git-dir="$mirror" archive --format=tar "$commit" -- "${paths[@]}" 2> "$SMALL/.archive.$name.err" \
    | tar -x -C "$SMALL/$name"
  local got
  got=$(cd "$SMALL/$name" && find . \( -type f -o -type l \) | wc -l)
  if [ "$got" -ne "$want_files" ]; then
    echo "$name: extracted $got files, expected $want_files" >&2; cat "$SMALL/.archive.$name.err" >&2; exit 1
  fi
  rm -f "$tree" "$SMALL/.archive.$name.err"
  printf '%s\t%s\t%s\t%s\n' "$name" "$upstream" "$commit" "$note" | tee -a "$SMALL/COMMITS"
}

extract mbi       "$MBI_GIT"       N00byKing/MpiBugsInitiative 4ec1c8c
extract corrbench "$CORRBENCH_GIT" tudasc/MPI-Corrbench        a05644b
extract imb       "$IMB_GIT"       intel/mpi-benchmarks        46e8757
extract lulesh    "$LULESH_GIT"    LLNL/LULESH                 3e01c40

# --- MBI: generate the programs one generator at a time from an empty gencodes/,
# as `MBI.py -c generate` does.
rm -rf "$SMALL/mbi/gencodes"; mkdir "$SMALL/mbi/gencodes"
( cd "$SMALL/mbi/gencodes"
  for g in ../scripts/*Generator.py; do python3 "$g" > /dev/null; done )
echo "MBI: $(find "$SMALL/mbi/gencodes" -name '*.c' | wc -l) generated programs," \
     "$(find "$SMALL/mbi/codes" -name '*.c' | wc -l) hand-written codes"

# --- IMB-MPI1: the SRC list of src_c/Makefile for TARGET=MPI1, in a directory of its own.
rm -rf "$SMALL/imb-mpi1"; mkdir "$SMALL/imb-mpi1"
SRC=$(make -s -C "$SMALL/imb/src_c" -f - TARGET=MPI1 print-src <<'MK'
include Makefile
print-src:
	@echo $(SRC)
MK
)
for f in $SRC; do cp "$SMALL/imb/src_c/$f" "$SMALL/imb-mpi1/"; done
echo "IMB-MPI1: $(find "$SMALL/imb-mpi1" -type f | wc -l) sources"
# ... and a compile database of them, to run them as one program (two phases).
mkdir -p "$SMALL/imb-db"
python3 - "$SMALL" <<'PY'
import json, os, sys
small = sys.argv[1]
root = os.path.join(small, "imb-mpi1")
json.dump([{"directory": root, "file": os.path.join(root, f),
            "arguments": ["mpicc.mpich", "-DMPI1", "-DIMB2018",
                          "-I" + os.path.join(small, "imb", "src_c"), "-c", f]}
           for f in sorted(os.listdir(root)) if f.endswith(".c")],
          open(os.path.join(small, "imb-db", "compile_commands.json"), "w"), indent=1)
PY

# --- CorrBench: an omp.h for -isystem (clang 19's resource dir may lack one;
# libomp-19-dev installs it).
mkdir -p "$SMALL/omp"
OMPH=""
for c in /usr/lib/llvm-19/lib/clang/19/include/omp.h /usr/lib/llvm-19/include/omp.h \
         /usr/lib/llvm-*/lib/clang/*/include/omp.h; do
  [ -f "$c" ] && { OMPH=$c; break; }
done
[ -n "$OMPH" ] || { echo "no omp.h found: apt-get install libomp-19-dev" >&2; exit 1; }
ln -sf "$OMPH" "$SMALL/omp/omp.h"
echo "CorrBench: $(find "$SMALL/corrbench/micro-benches" -name '*.c' | wc -l) C files; omp.h -> $OMPH"

# --- LULESH: a compile database of its 5 units, written by hand (session 19:
# mpicxx.mpich -DUSE_MPI=1 -O2 -fopenmp; the tool expands MPI wrappers).
L=$SMALL/lulesh
mkdir -p "$SMALL/lulesh-db"
{
  echo "["
  sep=""
  for u in lulesh.cc lulesh-comm.cc lulesh-init.cc lulesh-util.cc lulesh-viz.cc; do
    printf '%s  {"directory": "%s", "file": "%s/%s",\n   "arguments": ["mpicxx.mpich", "-DUSE_MPI=1", "-O2", "-fopenmp", "-I%s", "-c", "%s", "-o", "%s.o"]}' \
      "$sep" "$L" "$L" "$u" "$L" "$u" "${u%.cc}"
    sep=$',\n'
  done
  echo; echo "]"
} > "$SMALL/lulesh-db/compile_commands.json"
python3 -c 'import json,sys; print("LULESH database:", len(json.load(open(sys.argv[1]))), "units")' \
  "$SMALL/lulesh-db/compile_commands.json"
