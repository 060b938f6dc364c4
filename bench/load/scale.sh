#!/usr/bin/env bash
# The figures of the scale test (tests/server/scale_test.cc), longer than CI runs it: a private
# PostgreSQL cluster, three `rulekit serve` processes and Debian's nginx in front, all on
# 127.0.0.1. Prints moves per second and the p50/p99 of a move through nginx with one, two and
# three servers, then plays under load while one server is killed and restarted (nothing may be
# lost). Needs the packages postgresql and nginx (scripts/setup.sh installs them).
#
# Usage: bench/load/scale.sh [SECONDS_PER_PHASE=10] [CLIENTS=16]
set -euo pipefail
cd "$(dirname "$0")/../.."
test_bin=build/release/tests/scale_test
[ -x "$test_bin" ] || { echo "build first: cmake --build build/release --target scale_test" >&2; exit 2; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
RK_SCALE_SECONDS="${1:-10}" RK_SCALE_CLIENTS="${2:-16}" "$test_bin" 2>&1 | grep -E '^scale:|SKIPPED|Failure|FAILED|PASSED'
