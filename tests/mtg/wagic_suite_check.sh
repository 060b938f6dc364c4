#!/bin/bash
# Runs Wagic's visible scenario list and fails when fewer than FLOOR tests pass (a regression).
# Usage: wagic_suite_check.sh RULEKIT SHARED_DIR FLOOR
rulekit=$1 shared=$2 floor=$3
list="$shared/corpora/wagic/2016/test/_tests.txt"
if [ ! -f "$list" ]; then
  echo "SKIPPED: $list is absent (the shared corpus is not next to the repository)"
  exit 77
fi
last=$("$rulekit" wagic test -q "$list" | tail -1)
echo "$last"
passed=$(echo "$last" | sed -E 's/^[0-9]+ tests, ([0-9]+) passed.*/\1/')
if [ -z "$passed" ] || [ "$passed" -lt "$floor" ]; then
  echo "REGRESSION: $passed tests pass, the floor is $floor"
  exit 1
fi
echo "floor $floor held"
