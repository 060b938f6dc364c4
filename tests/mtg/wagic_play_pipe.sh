#!/bin/bash
# `rulekit wagic play` with piped input: the board and numbered moves, help, a bad move refused,
# a few moves played, then the end of input leaving the game cleanly (exit 0, no crash).
# Usage: wagic_play_pipe.sh RULEKIT SHARED_DIR
rulekit=$1 shared=$2
if [ ! -d "$shared/corpora/wagic/2016/decks/ai" ]; then
  echo "SKIPPED: $shared/corpora/wagic/2016/decks/ai is absent"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
out=$(printf 'help\n999\n1\n1\n1\n' | timeout 60 "$rulekit" wagic play --deck 1 --deck 2 --seed 3 --bot random) || fail "exit $?"
echo "$out"
echo "$out" | grep -q '^you: .* against the random bot: ' || fail "no header"
echo "$out" | grep -q 'life 20, library' || fail "no board"
echo "$out" | grep -Eq '^  1\. ' || fail "no numbered moves"
echo "$out" | grep -q "type a move's number" || fail "no help"
echo "$out" | grep -q 'no such move: 999' || fail "bad move not refused"
echo "$out" | tail -1 | grep -q '^game left at turn ' || fail "end of input not clean"
quit=$(printf 'quit\n' | timeout 60 "$rulekit" wagic play --seed 3 | tail -1)
[ "$quit" = "game left at turn 1" ] || fail "quit: $quit"
echo "play pipe ok"
