#!/usr/bin/env bash
# sw4-prepare.sh MIRROR_GITDIR [COMMIT]
#
# Prepares SW4 for sw4.sh (docs/corpus.md: "A third code, with the last binary
# only (SW4)", session 33): extracts geodynamics/sw4 at COMMIT (default
# 03cb7e8d, the merge of PR #206, 2023-12-06; if the mirror lacks it, HEAD
# with a warning) and writes two compile databases for the `sw4` program's 99
# C++ units, from its Makefile's own recipe (nothing is built):
#   plain: make sw4 proj=no hdf5=no fftw=no   (OpenMP on, prec=double, -O3)
#   hdf5:  the same with hdf5=yes, i.e. -DUSE_HDF5 and Debian's
#          libhdf5-mpich-dev (HDF5ROOT=/usr/lib/x86_64-linux-gnu/hdf5/mpich,
#          whose include/ links to /usr/include/hdf5/mpich)
# The commands are those of `make -n -B sw4 ... CXX=mpicxx.mpich` run in the
# extracted tree (UNAME=none on the command line so that no hostname-chosen
# configs/make.* file is included; the Makefile's own flags are kept as they
# are, `cd optimize_mp; mpicxx.mpich -O3 -I../src -std=c++11 -fopenmp
# -I../src/double [-I$HDF5ROOT/include -DUSE_HDF5] -c ../src/X.C`). The
# Fortran units (rayleighfort, lamb_exact_numquad, quadpack) are not in the
# databases. version.C's build-stamp macros (user, host, date) are replaced by
# fixed strings so that the databases do not change from one run to the next.
#
#   MIRROR_GITDIR  a bare git directory of github.com/geodynamics/sw4 (e.g.
#                  `git clone --bare`; in the project's workplace the `fetch`
#                  tool puts it at /work/.mirror/geodynamics+sw4/repo)
#
# The snapshot mirror lacks 13 blobs at 03cb7e8d, none a source (two user's
# guide PDFs, rfile/sfile/h5 example models, an .eps, a dev/ data file): they
# are left out (exclude pathspecs; any other file git archive skips is taken
# file by file) and listed in $SW4_ROOT/MISSING.
#
# Environment: CORPORA (default /tmp/mpix-corpora); SW4_ROOT (default
# $CORPORA/sw4). Writes, under SW4_ROOT (idempotent: src/ and the databases
# are rewritten each time):
#   src/                          the extracted corpus, the source root (read
#                                 in place, never copied into this repository)
#   src/optimize_mp/              the Makefile's (empty) build directory, the
#                                 commands' working directory
#   plain/compile_commands.json   99 commands, without HDF5
#   hdf5/compile_commands.json    99 commands, -DUSE_HDF5
#   units.txt                     the 99 units (paths relative to src/)
#   COMMIT, MISSING, make-n.{plain,hdf5}.txt
# Needs git, tar, make, python3, MPICH (mpicxx.mpich) and, for the hdf5
# variant, libhdf5-mpich-dev (apt-get install -y libhdf5-mpich-dev). Takes
# 10-20 s (extraction; nothing is compiled).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 MIRROR_GITDIR [COMMIT]" >&2; exit 2
fi
GITDIR=$1
COMMIT=${2:-03cb7e8d}
CORPORA=${CORPORA:-/tmp/mpix-corpora}
TOP=${SW4_ROOT:-$CORPORA/sw4}
SRC=$TOP/src
HDF5ROOT=${HDF5ROOT:-/usr/lib/x86_64-linux-gnu/hdf5/mpich}

if ! git --git-dir="$GITDIR" cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  echo "warning: commit $COMMIT absent from $GITDIR; using HEAD" >&2
  COMMIT=$(git --git-dir="$GITDIR" rev-parse HEAD)
fi
FULL=$(git --git-dir="$GITDIR" rev-parse "$COMMIT^{commit}")
echo "sw4: $(git --git-dir="$GITDIR" log -1 --format='%H %cs %s' "$FULL")"

rm -rf "$SRC" "$TOP/plain" "$TOP/hdf5"; mkdir -p "$SRC" "$TOP/plain" "$TOP/hdf5"
echo "$FULL" > "$TOP/COMMIT"

# The blobs of the commit, and those the snapshot lacks.
TREE=$TOP/.tree
git --git-dir="$GITDIR" ls-tree -r --format='%(objecttype) %(objectname)%x09%(path)' "$FULL" \
  | sed -n 's/^blob //p' > "$TREE"
cut -f1 "$TREE" | git --git-dir="$GITDIR" cat-file --batch-check='%(objectname) %(objecttype)' \
  | paste -d'\t' - <(cut -f2- "$TREE") | awk -F'\t' '$1 ~ / missing$/ {print $2}' > "$TOP/MISSING"
excl=()
while IFS= read -r p; do excl+=(":(exclude,literal)$p"); done < "$TOP/MISSING"
[ -s "$TOP/MISSING" ] && echo "left out, absent from the snapshot: $(wc -l < "$TOP/MISSING") files (see $TOP/MISSING)" >&2
# git archive may still print "invalid object ..." for an excluded blob; the
# check below is what counts.
git --git-dir="$GITDIR" archive --format=tar "$FULL" -- . "${excl[@]}" 2> "$TOP/archive.err" \
  | tar -x -C "$SRC" || true
# Anything else the archive did not write: file by file.
n_fallback=0
while IFS=$'\t' read -r obj path; do
  grep -qxF -- "$path" "$TOP/MISSING" && continue
  [ -e "$SRC/$path" ] || [ -L "$SRC/$path" ] && continue
  mkdir -p "$(dirname "$SRC/$path")"
  git --git-dir="$GITDIR" cat-file blob "${obj%% *}" > "$SRC/$path"; n_fallback=$((n_fallback + 1))
done < "$TREE"
[ "$n_fallback" -eq 0 ] || echo "extracted $n_fallback file(s) one by one" >&2
rm -f "$TREE"
mkdir -p "$SRC/optimize_mp"

cd "$SRC"
MAKEVARS=(UNAME=none proj=no fftw=no prec=double openmp=yes debug=no profile=no
          CXX=mpicxx.mpich FC=gfortran)
make -n -B sw4 "${MAKEVARS[@]}" hdf5=no > "$TOP/make-n.plain.txt"
if [ -f "$HDF5ROOT/include/hdf5.h" ]; then
  make -n -B sw4 "${MAKEVARS[@]}" hdf5=yes HDF5ROOT="$HDF5ROOT" > "$TOP/make-n.hdf5.txt"
else
  echo "warning: no $HDF5ROOT/include/hdf5.h (apt-get install -y libhdf5-mpich-dev);" \
       "the hdf5 database is written anyway" >&2
  make -n -B sw4 "${MAKEVARS[@]}" hdf5=yes HDF5ROOT="$HDF5ROOT" > "$TOP/make-n.hdf5.txt"
fi

python3 - "$SRC" "$TOP" <<'PY'
import json, os, re, shlex, sys
src, top = sys.argv[1:3]
fixed = {"EW_MADEBY": "sw4-prepare", "EW_HOSTNAME": "localhost",
         "EW_WHEN": "fixed", "EW_COMPILER": "mpicxx.mpich"}
units = {}
for variant in ("plain", "hdf5"):
    out, seen = [], set()
    for line in open(os.path.join(top, f"make-n.{variant}.txt")):
        m = re.match(r"^\s*cd (\S+); (mpicxx\.mpich .* -c \.\./(src/\S+\.C))\s*$", line)
        if not m:
            continue
        bdir, cmd, rel = m.groups()
        if rel in seen:          # version.C's rule is printed twice
            continue
        seen.add(rel)
        args = []
        for a in shlex.split(cmd):
            k = a[2:].split("=", 1)[0] if a.startswith("-D") else None
            args.append(f'-D{k}="{fixed[k]}"' if k in fixed else a)
        d = os.path.join(src, bdir)
        out.append({"directory": d, "file": os.path.normpath(os.path.join(d, "..", rel)),
                    "arguments": args})
    if len(out) != 99:
        print(f"warning: {variant}: {len(out)} commands, not the documented 99", file=sys.stderr)
    json.dump(out, open(os.path.join(top, variant, "compile_commands.json"), "w"), indent=1)
    units[variant] = sorted(seen)
    print(f"{variant}: {len(out)} commands")
assert units["plain"] == units["hdf5"], "the variants' units differ"
open(os.path.join(top, "units.txt"), "w").write("".join(u + "\n" for u in units["plain"]))
PY
