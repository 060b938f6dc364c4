#!/bin/bash
# `rulekit wagic sim`: random games between prebuilt decks; the last line's shape, no engine
# errors, and the same hash on a second run with the same seed (and a different one otherwise).
# Usage: wagic_sim_check.sh RULEKIT SHARED_DIR
rulekit=$1 shared=$2
decks="$shared/corpora/wagic/2016/decks/ai"
if [ ! -d "$decks" ]; then
  echo "SKIPPED: $decks is absent (the shared corpus is not next to the repository)"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
one=$("$rulekit" wagic sim --deck 1 --deck 2 -n 6 --seed 7 2>/dev/null)
echo "$one"
last=$(echo "$one" | tail -1)
echo "$last" | grep -Eq '^6 games, [0-9]+ engine errors, hash [0-9a-f]{16}$' || fail "last line: $last"
two=$("$rulekit" wagic sim --deck 1 --deck 2 -n 6 --seed 7 2>/dev/null | tail -1)
[ "$last" = "$two" ] || fail "two runs differ: $last / $two"
other=$("$rulekit" wagic sim --deck 1 --deck 2 -n 6 --seed 8 2>/dev/null | tail -1)
[ "$last" != "$other" ] || fail "another seed gives the same line: $other"
echo "$one" | grep -Eq '^first player won [0-9]+, second player won [0-9]+, draws' || fail "no result line"
echo "sim line ok"
