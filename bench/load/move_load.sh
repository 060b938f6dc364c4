#!/usr/bin/env bash
# Bounded load test of move requests on loopback: starts `rulekit serve` (durable commits) on a
# fresh data folder, opens EPISODES episodes, then wrk sends move attempts round-robin over them
# for SECONDS seconds from CONNECTIONS connections, and prints requests/s and latency
# percentiles. Only 127.0.0.1 is ever addressed.
#
# Usage: bench/load/move_load.sh [SECONDS=10] [CONNECTIONS=32] [EPISODES=64] [serve options...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-10}" conns="${2:-32}" episodes="${3:-64}"
shift $(( $# < 3 ? $# : 3 ))
bin=${RK_SERVE_BINARY:-build/release/src/rulekit}  # RK_SERVE_BINARY: another build to compare
[ -x "$bin" ] || { echo "build first: scripts/build.sh release" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is missing (scripts/setup.sh installs it)" >&2; exit 2; }

work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/data/rules"
echo '(*,*,*,*,[0])' > "$work/data/rules/bucket0.txt"   # only bucket 0 takes pieces
${RK_LOAD_WRAP:-} "$bin" serve --port 0 --data "$work/data" "$@" > "$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q http "$work/serve.log" && break; sleep 0.05; done
port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.log")
[ -n "$port" ] || { cat "$work/serve.log"; exit 1; }

# Episodes with 30 pieces each; the moves go to buckets 1-3, so every one is a denied attempt
# that is stored like any other and the episodes never end during the run.
python3 - "$port" "$episodes" > "$work/moves.lua" <<'PY'
import json, sys, urllib.request
port, n = int(sys.argv[1]), int(sys.argv[2])
eps = []
for k in range(n):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/episodes", method="POST",
        data=json.dumps({"rules": "bucket0", "pieces": 30, "seed": k}).encode(),
        headers={"Content-Type": "application/json"})
    d = json.load(urllib.request.urlopen(req))
    eps.append('{id="%s",token="%s",piece=%d}' % (d["episodeId"], d["playerToken"], d["board"]["value"][0]["id"]))
print("local eps = {" + ",".join(eps) + "}")
print('''
local i = 0
request = function()
  i = i + 1
  local e = eps[(i % #eps) + 1]
  local body = '{"pieceId":' .. e.piece .. ',"bucket":' .. (i % 3 + 1) .. '}'
  return wrk.format("POST", "/api/episodes/" .. e.id .. "/move",
                    {["Content-Type"] = "application/json", ["X-Player-Token"] = e.token}, body)
end
''')
PY
echo "== $seconds s, $conns connections, $episodes episodes, server: ${*:-durable commits}"
wrk -t2 -c"$conns" -d"${seconds}s" --latency -s "$work/moves.lua" "http://127.0.0.1:$port" | tee "$work/wrk.txt"
stored=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from move').fetchone()[0])" "$work/data/rulekit.db")
echo "moves stored in the database: $stored"
kill "$pid"; wait "$pid" 2>/dev/null || true
tail -1 "$work/serve.log"
