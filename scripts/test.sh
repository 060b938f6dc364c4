#!/usr/bin/env bash
# Set up, build, and run every test (unit, golden, corpus) in the optimised build.
# Corpus tests read ../shared; they say loudly when it is absent and skip.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --preset release -j "$(nproc)"
