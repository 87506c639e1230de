#!/usr/bin/env bash
# Installs the Debian packages mpix-tidy needs, only when some are missing, so that a
# machine that already has them pays one dpkg query.
set -euo pipefail

packages=(
  llvm-19-dev libclang-19-dev clang-19 clang-tidy-19 clang-tools-19 llvm-19-tools
  libmpich-dev mpich libopenmpi-dev openmpi-bin
  cmake ninja-build python3 python3-jsonschema valgrind bear pkgconf git
)

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
