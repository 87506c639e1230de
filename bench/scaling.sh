#!/usr/bin/env bash
# Cost of the mpix-* checks against the size of one function.
#   bench/scaling.sh [BLOCKS...]     (default: 250 500 1000 2000 4000)
# CLEAN=1: only calls the checks accept; SHARES=1: only loops of k * (n / size)
# counts on one counter; REUSED=1: one local stored a narrowed value and
# passed on, over and over (a diagnostic and a fix each).
# Generates a TU holding only long_function with BLOCKS blocks of 10 MPI
# statements (bench/gen_large_tu.py --funcs 0 --long BLOCKS), runs
# mpix-tidy --enable-check-profile 3 times and prints, per size, the median
# user+sys seconds of all checks and of the whole process (CPU, from wait4).
# The checks share one pass over the unit's calls (FunctionAnalyses::
# joinCallPass), which the profile charges to whichever check joins last, so
# only their total means anything.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
TIDY=${MPIX_TIDY:-$HERE/../build/bin/mpix-tidy}
FLAGS=$(mpicc.mpich -show | tr ' ' '\n' | grep -E '^-[ID]' | tr '\n' ' ')
TMP=$(mktemp -d /tmp/mpix-scaling.XXXXXX)
SIZES=${*:-250 500 1000 2000 4000}
printf '%8s %8s %12s %12s\n' blocks stmts checks process
for n in $SIZES; do
  python3 "$HERE/gen_large_tu.py" --funcs 0 --long "$n" ${CLEAN:+--clean} ${SHARES:+--share-loops} ${REUSED:+--reused-local} ${OWN:+--own-locals} -o "$TMP/l$n.c" 2>/dev/null
  python3 - "$TIDY" "$TMP/l$n.c" "$n" $FLAGS <<'PY'
import os, re, statistics, subprocess, sys
tidy, f, n, flags = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
names = ["Total"]
rows = {k: [] for k in names + ["proc"]}
for _ in range(3):
    p = subprocess.Popen([tidy, "--checks=-*,mpix-*", "--enable-check-profile", f, "--"] + flags,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, _, ru = os.wait4(p.pid, 0)
    rows["proc"].append(ru.ru_utime + ru.ru_stime)
    for k in names:
        # The System column is left out when it is all zero; User+System is
        # always the one before Wall, the last.
        m = re.search(r"^((?:\s*[\d.]+ \([^)]*\))+)\s+" + re.escape(k) + r"\s*$", err, re.M)
        cols = re.findall(r"([\d.]+) \(", m.group(1)) if m else []
        rows[k].append(float(cols[-2]) if len(cols) >= 3 else float("nan"))
med = {k: statistics.median(v) for k, v in rows.items()}
print("%8d %8d %12.4f %12.4f" % (n, n * 10, med["Total"], med["proc"]))
PY
done
rm -rf "$TMP"
