# common.sh: what the corpus scripts share; sourced, not run.
#
#   database_units DB
#     prints each file of DB/compile_commands.json once, as an absolute,
#     normalised path, in the database's order.
#
#   timed_tidy OUTDIR SRC LABEL BINARY DB [tool arguments...] -- FILES...
#     runs BINARY --checks='-*,mpix-*' -p DB -j 1 --summaries=OUTDIR/S.json
#     --no-progress ARGUMENTS FILES under GNU time, with cold summaries (the
#     file is removed first); writes OUTDIR/log.txt (the tool's output),
#     OUTDIR/time.txt (time -v's report and the exit status) and
#     OUTDIR/warnings.txt (sorted unique "path:line:col: warning: ... [check]"
#     lines, paths relative to SRC); prints one line of counts headed LABEL
#     (error lines: "path:line:col: error:" lines, compiler errors and
#     configuration complaints alike, such as a .clang-tidy key clang-tidy 19
#     no longer knows).

database_units() {
  python3 -c 'import json, os, sys
seen = set()
for c in json.load(open(sys.argv[1])):
    f = os.path.normpath(os.path.join(c["directory"], c["file"]))
    if f not in seen: seen.add(f); print(f)' "$1/compile_commands.json"
}

timed_tidy() {
  local out=$1 src=$2 label=$3 bin=$4 db=$5; shift 5
  local args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  mkdir -p "$out"; rm -f "$out/S.json"
  /usr/bin/time -v -o "$out/time.txt" "$bin" --checks='-*,mpix-*' -p "$db" -j 1 \
      --summaries="$out/S.json" --no-progress "${args[@]}" "$@" > "$out/log.txt" 2>&1
  echo "exit $?" >> "$out/time.txt"
  grep -E '^[^ ]+:[0-9]+:[0-9]+: warning: .*\[[a-z0-9.-]+\]$' "$out/log.txt" \
    | sed "s#^$src/##" | LC_ALL=C sort -u > "$out/warnings.txt"
  printf '%-12s %3d warnings  (%d units, %d error lines; wall %s, %s MB, %s)\n' \
    "$label" "$(wc -l < "$out/warnings.txt")" "$#" \
    "$(grep -c -E '^[^ ]+:[0-9]+:[0-9]+: error: ' "$out/log.txt")" \
    "$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$out/time.txt")" \
    "$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/time.txt") / 1024 ))" \
    "$(tail -1 "$out/time.txt")"
}
