#!/usr/bin/env bash
# Neovim (Debian's, 0.7, headless) opens a broken Wagic card file with `rulekit lsp` configured
# (neovim_diagnostics.lua) and this reads back the diagnostics Neovim received.
# usage: neovim_check.sh RULEKIT NEOVIM_DIAGNOSTICS_LUA
set -euo pipefail
rulekit=$(realpath "$1")
script=$(realpath "$2")
if ! command -v nvim >/dev/null 2>&1; then
  echo "*** SKIPPED: nvim is absent (scripts/setup.sh installs Debian's neovim) ***"
  exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '[card]\nname=Broken\nauto=destory target(creature|mybattelfield)\ntype=Instant\n[/card]\n' > "$dir/broken.txt"
cd "$dir"
HOME="$dir" RULEKIT="$rulekit" OUT="$dir/out.txt" timeout 90 nvim --headless --clean -u NONE -n \
  -c "luafile $script" "$dir/broken.txt" </dev/null >/dev/null 2>&1 || true
[ -f "$dir/out.txt" ] || { echo "neovim: wrote no diagnostics"; exit 1; }
cat "$dir/out.txt"
# The zone typo (an error) and the effect typo (a warning), at their places in line 3.
grep -qx '2:29-2:42 WG0040 .*mybattelfield.*' "$dir/out.txt" || { echo "neovim: no WG0040 at 2:29-2:42"; exit 1; }
grep -qx '2:5-2:12 WG0101 .*destory.*' "$dir/out.txt" || { echo "neovim: no WG0101 at 2:5-2:12"; exit 1; }
echo "neovim: diagnostics received"
