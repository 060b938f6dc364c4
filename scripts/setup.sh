#!/usr/bin/env bash
# Installs the Debian packages rulekit needs. Safe to run again: installs only what is missing.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config python3
  libgtest-dev libgmock-dev libbenchmark-dev
  libfmt-dev nlohmann-json3-dev libcli11-dev
  libpugixml-dev libcpp-httplib-dev libsqlite3-dev liblua5.4-dev libboost1.74-dev
  clang-14 libclang-rt-14-dev
  chromium wrk
  pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed python3-matplotlib
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
# Node.js and npm (for the browser test): Debian's, unless the machine has them already.
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi

# The browser test drives Debian's Chromium with playwright-core from the npm registry, pinned
# in tests/e2e/package.json; installed once into tests/e2e/node_modules.
e2e="$(dirname "$0")/../tests/e2e"
if [ ! -d "$e2e/node_modules/playwright-core" ]; then
  echo "setup: installing playwright-core (npm) for the browser test"
  (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
