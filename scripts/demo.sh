#!/usr/bin/env bash
# The main job, a newcomer's first minutes: installs what building rulekit needs (not the test
# tools), builds the `rulekit` program only (not the tests and benchmarks), and plays a short
# game of Rule Game on the built-in demo, narrated: the goal first, every attempt and its answer
# explained, the hidden rule shown at the end. You play when standard input is a terminal; a bot
# plays otherwise. Then it says how to play yourself and how to open the browser.
# Arguments go to `rulekit rulegame play` instead (scripts/demo.sh --human, --rules R --board B).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --build-only
cmake --preset release >/dev/null
cmake --build --preset release --target rulekit
rk=build/release/src/rulekit
echo
if (($#)); then
  "$rk" rulegame play "$@"
elif [ -t 0 ]; then
  echo "You play: type a piece's row, column and a bucket (0-3), for example 1 1 0; q stops."
  "$rk" rulegame play --human --max-attempts 60
else
  echo "A bot plays (standard input is not a terminal; run scripts/demo.sh in a terminal to play yourself)."
  "$rk" rulegame play --max-attempts 60
fi
cat <<'TEXT'

What next
  Play yourself:      build/release/src/rulekit rulegame play --human
  Other games:        build/release/src/rulekit vck play      (Valeria: Card Kingdoms, against bots)
                      build/release/src/rulekit cfc play      (Card Fighters' Clash)
                      build/release/src/rulekit wagic play    (Magic, from Wagic's card code)
                      (these read the game files from ../shared/corpora; README.md says where they come from)
  In the browser:     scripts/serve.sh, then open http://127.0.0.1:8080/
  Every command:      build/release/src/rulekit --help
TEXT
