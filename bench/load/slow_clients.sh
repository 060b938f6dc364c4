#!/usr/bin/env bash
# A legitimate client among slow ones, on loopback: starts `rulekit serve` (durable commits) on a
# fresh data folder, opens SLOW connections that each send one header line every INTERVAL
# seconds and never finish their request, and meanwhile one client makes move requests one after
# the other for SECONDS seconds; prints that client's latency percentiles. Only 127.0.0.1 is
# ever addressed, and everything stops after SECONDS.
#
# Usage: bench/load/slow_clients.sh [SECONDS=20] [SLOW=200] [INTERVAL=5] [serve options...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-20}" slow="${2:-200}" interval="${3:-5}"
shift $(( $# < 3 ? $# : 3 ))
bin=${RK_SERVE_BINARY:-build/release/src/rulekit}  # RK_SERVE_BINARY: another build to compare
[ -x "$bin" ] || { echo "build first: scripts/build.sh release" >&2; exit 2; }
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/data/rules"
echo '(*,*,*,*,[0])' > "$work/data/rules/bucket0.txt"   # only bucket 0 takes pieces; the moves go to 1-3
"$bin" serve --port 0 --data "$work/data" "$@" > "$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q http "$work/serve.log" && break; sleep 0.05; done
port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.log")
[ -n "$port" ] || { cat "$work/serve.log"; exit 1; }
echo "== $seconds s: $slow slow connections (a header line every $interval s) and one client making moves"
python3 - "$port" "$seconds" "$slow" "$interval" <<'PY'
import http.client, json, socket, sys, threading, time
port, seconds, slow, interval = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
stop = threading.Event()
opened = []
def dribble(i):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        opened.append(1)
        s.sendall(b"GET /api/version HTTP/1.1\r\n")
        n = 0
        while not stop.wait(interval):
            s.sendall(b"X-Slow-%d: 1\r\n" % n)
            n += 1
    except OSError:
        pass  # the server closed it (its request timeout): that is the defence working
threads = [threading.Thread(target=dribble, args=(i,), daemon=True) for i in range(slow)]
for t in threads: t.start()
time.sleep(1)
c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
c.request("POST", "/api/episodes", json.dumps({"rules": "bucket0", "pieces": 30, "seed": 1}), {"Content-Type": "application/json"})
ep = json.loads(c.getresponse().read())
path, token, piece = "/api/episodes/%s/move" % ep["episodeId"], ep["playerToken"], ep["board"]["value"][0]["id"]
lat, failed, end, i = [], 0, time.time() + seconds, 0
while time.time() < end:
    i += 1
    body = json.dumps({"pieceId": piece, "bucket": 1 + i % 3})
    t0 = time.perf_counter()
    try:
        c.request("POST", path, body, {"Content-Type": "application/json", "X-Player-Token": token})
        r = c.getresponse(); r.read()
        if r.status != 200: failed += 1
    except OSError:
        failed += 1
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    lat.append((time.perf_counter() - t0) * 1000)
stop.set()
lat.sort()
pct = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))]
print("slow connections opened: %d of %d" % (len(opened), slow))
print("legitimate requests: %d, failed %d; latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f"
      % (len(lat), failed, pct(0.5), pct(0.9), pct(0.99), lat[-1]))
PY
kill "$pid"; wait "$pid" 2>/dev/null || true
tail -1 "$work/serve.log"
