#!/usr/bin/env bash
# Runs `rulekit vck coverage` with a few random games per preset and checks its last line
# (`S effect strings: C compiled, X executed`): every effect string compiles (C == S), some ran,
# and no game ended in an engine error.
# Usage: coverage_check.sh RULEKIT SHARED_DIR GAMES_PER_PRESET
set -uo pipefail
rulekit=$1 tables=$2/corpora/vck/tables games=$3
if [ ! -f "$tables/citizens.json" ]; then
  echo "*** SKIPPED: $tables is absent (../shared not beside the repository) ***"
  exit 0
fi
out=$("$rulekit" vck coverage -n "$games" --greedy 5 2>/dev/null)
status=$?
echo "$out" | tail -3
last=$(tail -1 <<<"$out")
read -r s c x < <(sed -n 's/^\([0-9]*\) effect strings: \([0-9]*\) compiled, \([0-9]*\) executed$/\1 \2 \3/p' <<<"$last")
if [ -z "${s:-}" ]; then echo "the last line is not 'S effect strings: C compiled, X executed'"; exit 1; fi
if [ "$c" -ne "$s" ]; then echo "only $c of $s effect strings compile"; exit 1; fi
if [ "$s" -eq 0 ] || [ "$x" -eq 0 ] || [ "$x" -gt "$s" ]; then echo "implausible counts: $s strings, $x executed"; exit 1; fi
if ! grep -q ", 0 engine errors$" <<<"$out"; then echo "engine errors in the coverage games"; exit 1; fi
# The default plays the banned cards in games with the ban list lifted: every string runs.
if [ "$x" -ne "$s" ]; then echo "only $x of $s effect strings executed"; exit 1; fi
if [ "$status" -ne 0 ]; then echo "exit status $status"; exit 1; fi
echo "coverage line ok"
