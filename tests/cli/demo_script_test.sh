#!/usr/bin/env bash
# scripts/demo.sh and scripts/setup.sh as a newcomer runs them (issue 30 item 9), with the package
# tools and cmake replaced by stubs that record what they are asked: demo.sh installs no test tool
# (no Chromium, wrk, clang, Node.js or npm packages), builds the rulekit target only, plays a
# narrated game to its end with a bot when standard input is not a terminal, and closes with how
# to play yourself and how to open the browser; setup.sh without --build-only still asks for all.
# usage: demo_script_test.sh SOURCE_DIR RULEKIT
set -euo pipefail
src="$1" rulekit="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A scratch root: the repository's entries as links, its build/release/src/rulekit the binary under test.
root="$tmp/repo"
mkdir -p "$root/build/release/src" "$tmp/bin"
for e in "$src"/*; do [ "$(basename "$e")" = build ] || ln -s "$e" "$root/$(basename "$e")"; done
ln -s "$rulekit" "$root/build/release/src/rulekit"

log="$tmp/calls"
for tool in apt-get npm cmake sudo; do
  printf '#!/usr/bin/env bash\necho "%s $*" >> "%s"\n[ "%s" != sudo ] || exec "$@"\n' "$tool" "$log" "$tool" > "$tmp/bin/$tool"
done
printf '#!/usr/bin/env bash\nexit 1\n' > "$tmp/bin/dpkg"  # every package missing: the whole list is asked for
chmod +x "$tmp/bin"/*

out="$(PATH="$tmp/bin:$PATH" bash "$root/scripts/demo.sh" < /dev/null)"
grep -q "apt-get install .*libfmt-dev" "$log" || fail "demo.sh did not install the build packages: $(cat "$log")"
for tool in chromium wrk clang-14 nodejs npm; do
  if grep "apt-get install" "$log" | grep -qw "$tool"; then fail "demo.sh installs $tool"; fi
done
if grep -q "^npm " "$log"; then fail "demo.sh runs npm"; fi
grep -q "^cmake --build --preset release --target rulekit$" "$log" || fail "demo.sh does not build the rulekit target alone: $(grep cmake "$log")"
if grep "^cmake --build" "$log" | grep -qv -- "--target rulekit"; then fail "demo.sh builds more than rulekit"; fi
for want in "A bot plays" "Goal: clear the board." "attempt   1: " "The hidden rule was:" \
            "Play yourself:" "rulegame play --human" "scripts/serve.sh, then open http://127.0.0.1:8080/"; do
  grep -qF -- "$want" <<<"$out" || fail "demo.sh's output lacks \"$want\":
$out"
done
grep -qE "^(Board cleared|Stalemate|Stopped) after [0-9]+ attempts" <<<"$out" || fail "the demo game did not end"

: > "$log"
PATH="$tmp/bin:$PATH" bash "$root/scripts/setup.sh" > /dev/null
for tool in chromium wrk clang-14; do
  grep "apt-get install" "$log" | grep -qw "$tool" || fail "setup.sh without --build-only does not install $tool"
done
echo "demo.sh: build packages only, the rulekit target only, a narrated game that ends, what next"
