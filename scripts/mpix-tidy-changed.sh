#!/usr/bin/env bash
# Runs mpix-tidy on the C and C++ files a change touches, for CI jobs and
# pre-commit hooks (docs/ci.md).
#
#   mpix-tidy-changed.sh -p BUILD [-b BASE] [-s SARIF] [-j N] [-t TOOL] [FILE...] [-- OPTION...]
#
#   -p BUILD  directory with compile_commands.json (required)
#   -b BASE   compare HEAD with the merge base of BASE (default: origin/main);
#             ignored when FILEs are given (pre-commit passes them)
#   -s SARIF  also write a SARIF log there; an empty change writes an empty log,
#             so that an upload step always has a file
#   -j N      parallel jobs (default: nproc)
#   -t TOOL   the mpix-tidy binary (default: mpix-tidy on PATH)
#   OPTION    passed to mpix-tidy, e.g. --warnings-as-errors='mpix-*'
#
# Only files that the compile database compiles are analysed: a changed header
# is analysed through the translation units that include it when those change,
# and a file outside the build is skipped (with a note). Exit status: the
# tool's, or 0 when no analysed file changed; 2 on usage errors.
set -euo pipefail

usage() { sed -n '5,14p' "$0" >&2; exit 2; }
build="" base="origin/main" sarif="" jobs="" tool="mpix-tidy"
files=() opts=()
while (($#)); do
  case $1 in
    -p) build=${2:?}; shift 2 ;;
    -b) base=${2:?}; shift 2 ;;
    -s) sarif=${2:?}; shift 2 ;;
    -j) jobs=${2:?}; shift 2 ;;
    -t) tool=${2:?}; shift 2 ;;
    --) shift; opts=("$@"); break ;;
    -h|--help) usage ;;
    -*) echo "mpix-tidy-changed: unknown option '$1'" >&2; usage ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ -n $build ]] || { echo "mpix-tidy-changed: -p BUILD is required" >&2; usage; }
[[ -f $build/compile_commands.json ]] || {
  echo "mpix-tidy-changed: no compile_commands.json in '$build'" >&2; exit 2; }
jobs=${jobs:-$(nproc)}

if ((${#files[@]} == 0)); then
  top=$(git rev-parse --show-toplevel)
  mb=$(git merge-base "$base" HEAD) || {
    echo "mpix-tidy-changed: no merge base with '$base' (fetch it: actions/checkout fetch-depth: 0)" >&2; exit 2; }
  while IFS= read -r f; do files+=("$top/$f"); done < <(
    git diff --name-only --diff-filter=ACMR "$mb" -- \
      '*.c' '*.cc' '*.cpp' '*.cxx' '*.C' '*.c++')
fi

# Keep the files the database compiles (compared as absolute, normalized paths).
selected=()
if ((${#files[@]})); then
  while IFS= read -r f; do selected+=("$f"); done < <(
    python3 - "$build/compile_commands.json" "${files[@]}" <<'PY'
import json, os, sys
db = json.load(open(sys.argv[1]))
known = {os.path.normpath(os.path.join(e["directory"], e["file"])) for e in db}
for f in sys.argv[2:]:
    p = os.path.normpath(os.path.abspath(f))
    if p in known:
        print(p)
    else:
        print("mpix-tidy-changed: note: %s is not in the compile database, skipped" % f,
              file=sys.stderr)
PY
  )
fi

if ((${#selected[@]} == 0)); then
  echo "mpix-tidy-changed: no changed file of the compile database to analyse"
  if [[ -n $sarif ]]; then
    cat > "$sarif" <<'JSON'
{
  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
  "version": "2.1.0",
  "runs": [{"tool": {"driver": {"name": "mpix-tidy", "rules": []}},
            "columnKind": "unicodeCodePoints", "results": []}]
}
JSON
  fi
  exit 0
fi
exec "$tool" -p "$build" -j "$jobs" ${sarif:+"--sarif=$sarif"} "${opts[@]}" "${selected[@]}"
