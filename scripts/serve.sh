#!/usr/bin/env bash
# Play in the browser: set up, build, and serve the built-in demo (and any rule sets in
# rulekit-data/rules) at http://127.0.0.1:8080/. Arguments go to `rulekit serve`, for example
# scripts/serve.sh --port 9000 --game-data ../shared/corpora/rulegame/Rule-Game-game-data
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --build-only
cmake --preset release >/dev/null
cmake --build --preset release --target rulekit  # the program only, not the tests
exec build/release/src/rulekit serve "$@"
