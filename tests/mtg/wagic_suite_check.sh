#!/bin/bash
# Runs Wagic's visible scenario list and fails when fewer than FLOOR tests pass (a regression).
# Usage: wagic_suite_check.sh RULEKIT SHARED_DIR FLOOR
rulekit=$1 shared=$2 floor=$3
list="$shared/corpora/wagic/2016/test/_tests.txt"
if [ ! -f "$list" ]; then
  echo "SKIPPED: $list is absent (the shared corpus is not next to the repository)"
  exit 77
fi
out=$("$rulekit" wagic test -q --classes "$list")
last=$(echo "$out" | tail -1)
echo "$out" | sed -n '/^class of mechanics/,$p'
# The figures per class add up to the whole.
classes=$(echo "$out" | sed -n '/^class of mechanics/,$p' | grep -E '^  ' | sed -E 's|.* ([0-9]+)/([0-9]+) .*|\1 \2|')
sum_passed=$(echo "$classes" | awk '{s += $1} END {print s}')
sum_total=$(echo "$classes" | awk '{s += $2} END {print s}')
total=$(echo "$last" | sed -E 's/^([0-9]+) tests.*/\1/')
passed=$(echo "$last" | sed -E 's/^[0-9]+ tests, ([0-9]+) passed.*/\1/')
if [ "$sum_total" != "$total" ] || [ "$sum_passed" != "$passed" ]; then
  echo "the classes add up to $sum_passed/$sum_total, the summary says $passed/$total"
  exit 1
fi
if [ -z "$passed" ] || [ "$passed" -lt "$floor" ]; then
  echo "REGRESSION: $passed tests pass, the floor is $floor"
  exit 1
fi
echo "floor $floor held"
