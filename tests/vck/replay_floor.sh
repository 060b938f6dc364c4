#!/usr/bin/env bash
# Replays the original engine's reference traces with `rulekit vck replay` and holds the number of
# agreeing games at or above a floor. `vck replay` itself exits 1 while any game disagrees; until
# none does, the floor (the count reached so far) makes a rule change that breaks a game fail CI.
# Usage: replay_floor.sh RULEKIT SHARED_DIR FLOOR [FOLDER]  (FOLDER: reference (default) or
# reference-expansions, the traces of the other lobby presets)
set -uo pipefail
rulekit=$1 traces=$2/corpora/vck/${4:-reference}/games.jsonl floor=$3
if [ ! -f "$traces" ]; then
  echo "*** SKIPPED: $traces is absent (../shared not beside the repository) ***"
  exit 0
fi
last=$("$rulekit" vck replay "$traces" | tail -1)
echo "$last"
agree=$(sed -n 's/^[0-9]* games, \([0-9]*\) agree, [0-9]* disagree$/\1/p' <<<"$last")
if [ -z "$agree" ]; then echo "no summary line"; exit 1; fi
if [ "$agree" -lt "$floor" ]; then echo "only $agree games agree; the floor is $floor"; exit 1; fi
