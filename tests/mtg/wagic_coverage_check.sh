#!/bin/bash
# `rulekit wagic coverage`: the report's shape (totals, keywords by frequency, the last line with
# the figures), and `rulekit check` on one card file warning with file:line:col at a part the
# engine does not run.
# Usage: wagic_coverage_check.sh RULEKIT SHARED_DIR
rulekit=$1 shared=$2
sets="$shared/corpora/wagic/2016/sets"
if [ ! -d "$sets" ]; then
  echo "SKIPPED: $sets is absent (the shared corpus is not next to the repository)"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
out=$("$rulekit" wagic coverage --top 5) || fail "wagic coverage exited with $?"
echo "$out"
last=$(echo "$out" | tail -1)
echo "$last" | grep -Eq '^[0-9]+ primitives, [0-9]+ run completely \([0-9]+\.[0-9]%\), [0-9]+ with parts not run$' ||
  fail "last line: $last"
total=$(echo "$last" | sed -E 's/^([0-9]+) primitives.*/\1/')
complete=$(echo "$last" | sed -E 's/^[0-9]+ primitives, ([0-9]+) run.*/\1/')
partial=$(echo "$last" | sed -E 's/.*\), ([0-9]+) with parts not run$/\1/')
[ $((complete + partial)) -eq "$total" ] || fail "$complete + $partial is not $total"
[ "$total" -gt 10000 ] || fail "only $total primitives"
echo "$out" | grep -q '^parts not run, by keyword (cards that have it; top 5):$' || fail "no keyword table header"
rows=$(echo "$out" | grep -cE '^ +[0-9]+  [^ ].* e\.g\. ')
[ "$rows" -eq 5 ] || fail "$rows keyword rows, expected 5"
# Keyword rows are sorted by frequency, most frequent first.
counts=$(echo "$out" | grep -E '^ +[0-9]+  [^ ].* e\.g\. ' | awk '{print $1}')
[ "$counts" = "$(echo "$counts" | sort -rn)" ] || fail "keyword rows are not by frequency"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/cards.txt" <<'CARDS'
[card]
name=Test Runner
auto={U}{U}:forcefield
mana={1}{U}
type=Creature
power=1
toughness=1
[/card]
CARDS
check=$("$rulekit" check "$dir/cards.txt" 2>&1)
echo "$check"
echo "$check" | grep -Eq "cards\.txt:3:6: warning\[WG0300\]: not run by the engine yet: forcefield" ||
  fail "no WG0300 warning at cards.txt:3:6"
# What Wagic hard-codes (alias=) runs for a card rulekit plays in Lua (cards/wagic-lua, linked by
# name), and only for it.
cat > "$dir/aliases.txt" <<'CARDS'
[card]
name=Jihad
alias=1000
type=Enchantment
mana={W}{W}{W}
[/card]
[card]
name=Not A Scripted Card
alias=1000
type=Enchantment
mana={W}
[/card]
CARDS
check=$("$rulekit" check "$dir/aliases.txt" 2>&1)
echo "$check"
echo "$check" | grep -Eq "aliases\.txt:3:7: warning\[WG0300\]" && fail "Jihad's alias= warned although its Lua file plays it"
echo "$check" | grep -Eq "aliases\.txt:9:7: warning\[WG0300\]: not run by the engine yet: alias=" ||
  fail "no WG0300 at the alias= of a card without a Lua file"
echo "coverage report and check warning as expected"
