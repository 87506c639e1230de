#!/usr/bin/env bash
# Installs what is missing, builds everything and runs the whole test suite
# through ctest. Usage: scripts/test.sh [BUILD_DIR] [extra ctest args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true

"$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)"
cd "$build"
# The >INT_MAX runs need ~5 GB each and run one at a time (RUN_SERIAL);
# everything else runs on all cores.
ctest --output-on-failure -j "$(nproc)" "$@"
