#!/usr/bin/env bash
# The main job: set up, build, and play a Rule Game episode on the bundled example
# (a bot plays it to the end and every attempt is shown).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
exec build/release/src/rulekit rulegame play "$@"
