#!/usr/bin/env bash
# Installs the Debian packages rulekit needs. Safe to run again: installs only what is missing.
# --build-only: only what building and running `rulekit` needs (scripts/demo.sh, scripts/serve.sh);
# without it, also the test tools: clang-14 for the sanitizer and fuzz builds, Chromium, Node.js
# and playwright-core for the browser test, wrk for the load test (scripts/test.sh).
set -euo pipefail

build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; fi

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config python3
  libgtest-dev libgmock-dev libbenchmark-dev
  libfmt-dev nlohmann-json3-dev libcli11-dev
  libpugixml-dev libcpp-httplib-dev libsqlite3-dev liblua5.4-dev libboost1.74-dev
  pybind11-dev python3-dev python3-numpy
  libpq-dev  # serve --db postgresql://
)
TEST_PACKAGES=(
  postgresql nginx  # the Postgres and Scale tests start their own cluster and load balancer
  clang-14 libclang-rt-14-dev
  chromium wrk
  neovim
  python3-pytest python3-distributed python3-matplotlib
)
if ((build_only == 0)); then PACKAGES+=("${TEST_PACKAGES[@]}"); fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
# Node.js and npm (for the browser test): Debian's, unless the machine has them already.
if ((build_only == 0)); then command -v npm >/dev/null 2>&1 || missing+=(nodejs npm); fi
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
if ((build_only == 0)) && [ ! -d "$e2e/node_modules/playwright-core" ]; then
  echo "setup: installing playwright-core (npm) for the browser test"
  (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi

# The editor grammars' test loads them with vscode-textmate and vscode-oniguruma from the npm
# registry, pinned in editors/vscode/test/package-lock.json; installed once beside it.
vsc="$(dirname "$0")/../editors/vscode/test"
if ((build_only == 0)) && [ ! -d "$vsc/node_modules/vscode-textmate" ]; then
  echo "setup: installing vscode-textmate (npm) for the editor grammars' test"
  (cd "$vsc" && npm ci --no-audit --no-fund --loglevel=error)
fi
