#!/usr/bin/env bash
# Set up, build, and run every test: the optimised build (unit, golden, corpus tests), the same
# suite under AddressSanitizer + UndefinedBehaviorSanitizer, and the fuzz targets (kept
# regression inputs, then a short run of each). Corpus tests read ../shared; they say loudly
# when it is absent and skip. Pass --quick to run only the optimised build's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --preset release -j "$(nproc)"
if [ "${1:-}" = "--quick" ]; then exit 0; fi
echo "== fuzz targets (libFuzzer, clang-14)"
fuzz/run.sh --regressions
fuzz/run.sh "${RK_FUZZ_SECONDS:-10}"
echo "== sanitizers (ASan + UBSan): the whole suite again"
scripts/build.sh asan
ctest --preset asan -j "$(nproc)"
