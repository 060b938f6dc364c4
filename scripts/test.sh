#!/usr/bin/env bash
# Set up, build, and run every test: the optimised build (unit, golden, corpus tests), then one
# sanitizer build (clang-14, ASan + UBSan, preset `fuzz`) that runs the whole suite again and the
# fuzz targets (kept regression inputs, then a short run of each). One sanitizer build instead of
# two (gcc ASan and clang fuzz) keeps CI on two cores well under 20 minutes; `scripts/build.sh
# asan` still gives the gcc one. Corpus tests read ../shared; they say loudly when it is absent
# and skip. Pass --quick to run only the optimised build's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --preset release -j "$(nproc)"
if [ "${1:-}" = "--quick" ]; then exit 0; fi
echo "== sanitizers (clang-14, ASan + UBSan): the whole suite again"
scripts/build.sh fuzz
ctest --preset fuzz -j "$(nproc)"
echo "== fuzz targets (libFuzzer)"
fuzz/run.sh --regressions
fuzz/run.sh "${RK_FUZZ_SECONDS:-10}"
