#!/usr/bin/env bash
# Installs the Debian packages mpix-tidy needs, only when some are missing, so that a
# machine that already has them pays one dpkg query.
set -euo pipefail

packages=(
  llvm-19-dev libclang-19-dev clang-19 clang-tidy-19 clang-tools-19 llvm-19-tools
  libmpich-dev mpich libopenmpi-dev openmpi-bin
  libomp-19-dev libgtest-dev
  cmake ninja-build python3 python3-jsonschema valgrind bear pkgconf git
)

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages present"
else
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "setup: done"
fi

# The official SARIF 2.1.0 schema, for the tests that validate mpix-tidy's
# SARIF output. No Debian package ships it; Microsoft's jest-sarif npm package
# does. It is kept out of the repository, in .deps/ (git-ignored); without
# npm or the registry the tests fall back to test/tool's subset schema.
root=$(cd "$(dirname "$0")/.." && pwd)
schema=$root/.deps/sarif-2.1.0-rtm.5.json
if [[ ! -f $schema ]] && command -v npm >/dev/null; then
  tmp=$(mktemp -d)
  if (cd "$tmp" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1 &&
      tar -xzf ./*.tgz package/lib/schemas/sarif-2.1.0-rtm.5.json); then
    mkdir -p "$root/.deps"
    mv "$tmp/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$schema"
    echo "setup: fetched the SARIF 2.1.0 schema"
  else
    echo "setup: could not fetch the SARIF 2.1.0 schema; SARIF tests use the subset schema" >&2
  fi
  rm -rf "$tmp"
fi
