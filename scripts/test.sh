#!/usr/bin/env bash
# Set up, build, and run every test: the optimised build (unit, golden, corpus tests), then one
# sanitizer build (clang-14, ASan + UBSan, preset `fuzz`) that runs the whole suite again and the
# fuzz targets (kept regression inputs, then a short run of each, one per core). One sanitizer
# build instead of two (gcc ASan and clang fuzz) saves CI a whole build; `scripts/build.sh asan`
# still gives the gcc one. Where CI's time goes (two cores, fresh clone, 2026-11-28): the two
# builds most of it, then the two test passes, then the fuzz runs; the cuts made and their
# measurements are in cmake/precompiled_headers.cmake and at the top of tests/CMakeLists.txt. Corpus tests read ../shared; they say loudly when it is absent
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
