#!/bin/bash
# `rulekit check` on every file of both Wagic databases (2016: sets, primitives, rules, decks,
# tests; latest: primitives), one file at a time: each ends with exit 0 (clean) or 1 (errors
# reported), never a crash, an abort or a hang. Card text, however broken, may not stop a command.
# Usage: wagic_check_all.sh RULEKIT SHARED_DIR
rulekit=$1 shared=$2
root="$shared/corpora/wagic"
if [ ! -d "$root/2016/sets" ] || [ ! -d "$root/latest/primitives" ]; then
  echo "*** SKIPPED: $root (2016/sets and latest/primitives) is absent ***"
  exit 77
fi
n=0 bad=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  timeout 60 "$rulekit" check "$f" >/dev/null 2>&1
  rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "FAIL: rulekit check $f exited with $rc"
    bad=$((bad + 1))
  fi
done < <(find "$root/2016" "$root/latest" -type f -print0 | sort -z)
[ "$n" -gt 800 ] || { echo "FAIL: only $n files found"; exit 1; }
[ "$bad" -eq 0 ] || exit 1
echo "rulekit check on $n files of both databases: none crashed"
