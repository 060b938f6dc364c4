#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds (default 60), seeded from ../shared/corpora and from
# the regression inputs kept in fuzz/regressions/<target>/. Any crash, leak or timeout that
# libFuzzer finds is written to fuzz/regressions/<target>/ (commit it after fixing the bug).
# With --regressions only, replays the kept inputs and exits (used by CI). A second argument
# limits the run to targets whose name contains it (fuzz/run.sh 600 vck).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
if [ "$seconds" != "--regressions" ] && ! [ "$seconds" -gt 0 ] 2>/dev/null; then
  echo "usage: fuzz/run.sh [SECONDS>0 | --regressions]" >&2
  exit 2
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz >/dev/null
bin=build/fuzz/fuzz
shared=../shared/corpora/rulegame
work=fuzz/corpus-work
targets=(rulegame_rules_fuzz rulegame_expr_fuzz rulegame_board_fuzz rulegame_captive_fuzz rulegame_captive_args_fuzz vck_effect_fuzz
         server_request_fuzz server_http_fuzz rulescript_rules_fuzz wagic_cards_fuzz wagic_compile_fuzz wagic_play_fuzz lua_cards_fuzz lsp_messages_fuzz)

seed() {  # target -> folder of seed inputs
  local t=$1 d=$work/$1
  mkdir -p "$d"
  if [ -d "$shared" ] && [ -z "$(ls -A "$d")" ]; then
    case $t in
      rulegame_rules_fuzz) find "$shared/Rule-Game-game-data/rules" -name '*.txt' | head -400 | xargs -r cp -n -t "$d" 2>/dev/null || true ;;
      rulegame_expr_fuzz) printf '%s' 'p+1' > "$d/a"; printf '%s' '[!p*[0,1,2,3], !!p*(p-1)]' > "$d/b"
                          printf '%s' 'q.bucket.value<=this.value' > "$d/c"; printf '%s' '(p==Nearby)*Nearby' > "$d/d" ;;
      rulegame_board_fuzz) find "$shared/Rule-Game-game-data/boards" -name '*.json' | head -200 | xargs -r cp -n -t "$d" 2>/dev/null || true ;;
      vck_effect_fuzz) if [ -d ../shared/corpora/vck/tables ]; then
                         python3 - "$d" <<'PY' || true
import json, sys, glob, os
n = 0
for t in glob.glob('../shared/corpora/vck/tables/*.json'):
    rows = json.load(open(t))
    if not isinstance(rows, list): continue
    for r in rows:
        for k, v in (r.items() if isinstance(r, dict) else []):
            if isinstance(v, str) and k.endswith(('effect', 'reward', 'cost', 'payout', 'payout_on_turn', 'payout_off_turn')) and v:
                open(os.path.join(sys.argv[1], 'e%d' % n), 'w').write(v); n += 1
PY
                       fi ;;
      server_request_fuzz) printf '%s\n%s\n%s\n' '{"rules":"demo","board":"demo"}' '{"pieceId":1,"bucket":0}' '{"x":1,"y":1,"bx":7,"by":7,"cnt":1}' > "$d/a"
                           printf '%s\n%s\n' '{"rules":"demo","pieces":6,"seed":3,"shapes":2}' '{"pos":4,"bucket":2}' > "$d/b"
                           printf '%s\n' '{"rulesText":"(*,*,*,*,[0])","board":{"value":[{"x":1,"y":2,"shape":"star","color":"red"}]}}' > "$d/c" ;;
      server_http_fuzz) printf 'GET /api/version HTTP/1.1\r\nHost: x\r\n\r\nGET /api/rules HTTP/1.1\r\n\r\n' > "$d/a"
                        printf 'POST /api/episodes HTTP/1.1\r\nContent-Length: 31\r\n\r\n{"rules":"demo","board":"demo"}' > "$d/b"
                        printf 'POST /api/episodes HTTP/1.1\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n10\r\n{"rules":"demo",\r\nf\r\n"pieces":3}    \r\n0\r\n\r\n' > "$d/c"
                        printf 'HEAD /shapes/a%%2Fb.svg?token=x HTTP/1.0\r\nAuthorization: Bearer 00\r\n\r\nGET /api/episodes/X/move HTTP/1.1\r\nX-Player-Token: t\r\n\r\n' > "$d/d" ;;
      rulescript_rules_fuzz) if [ -f ../shared/corpora/cfc/rules.json ]; then
                               python3 -c "import json,sys
for i,e in enumerate(json.load(open('../shared/corpora/cfc/rules.json'))): open('$d/r%d' % i,'w').write(e['rules'])" || true
                             fi ;;
      wagic_cards_fuzz) if [ -f ../shared/corpora/wagic/2016/sets/primitives/mtg.txt ]; then
                          # Pieces of 40 lines of the primitives and a few set files.
                          split -l 40 -a 4 ../shared/corpora/wagic/2016/sets/primitives/mtg.txt "$d/m" || true
                          find "$d" -name 'm*' | sort | awk 'NR % 5 != 0' | xargs -r rm -f
                          for s in 10E KTK DTK; do cp -n ../shared/corpora/wagic/2016/sets/$s/_cards.dat "$d/set_$s" 2>/dev/null || true; done
                          cp -n ../shared/corpora/wagic/latest/primitives/_macros.txt "$d/macros" 2>/dev/null || true
                        fi ;;
      wagic_compile_fuzz|wagic_play_fuzz)
                        # Pieces of 40 lines of the primitives; the play target's first 8 bytes are its seed.
                        if [ -f ../shared/corpora/wagic/2016/sets/primitives/mtg.txt ]; then
                          split -l 40 -a 4 ../shared/corpora/wagic/2016/sets/primitives/mtg.txt "$d/m" || true
                          find "$d" -name 'm*' | sort | awk 'NR % 10 != 0' | xargs -r rm -f
                          if [ "$t" = wagic_play_fuzz ]; then
                            for f in "$d"/m*; do { printf '00000000'; cat "$f"; } > "$f.s" && mv "$f.s" "$f"; done
                          fi
                        fi ;;
      lua_cards_fuzz) cp -n cards/wagic-lua/*.lua "$d/" 2>/dev/null || true
                      printf 'while true do end' > "$d/loop"; printf 'return io.open("x")' > "$d/io" ;;
      lsp_messages_fuzz) frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
                         { frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'
                           frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a/w.txt","version":1,"text":"[card]\nname=X\nauto=destory target(creature|mybattelfield)\n[/card]\n"}}}'
                           frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a/w.txt"},"position":{"line":2,"character":6}}}'
                           frame '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a/w.txt","version":2},"contentChanges":[{"range":{"start":{"line":2,"character":5},"end":{"line":2,"character":12}},"text":"draw:1"}]}}'
                           frame '{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///a/w.txt"},"position":{"line":2,"character":7}}}'
                           frame '{"jsonrpc":"2.0","id":4,"method":"shutdown"}'; } > "$d/a"
                         { frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a/r.txt","version":1,"text":"Order Z=[1,2]\n(*,*,bleu,Z,[0])\n"}}}'
                           frame '{"jsonrpc":"2.0","id":5,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///a/r.txt"},"position":{"line":1,"character":10}}}'; } > "$d/b" ;;
      rulegame_captive_fuzz) printf 'MOVE 1 1 7 0\nMOVE 0 3\nDISPLAY\nMODE BRIEF\nCOND\nNEW\nMOVE 6 6 0 7\nHELP\nEXIT\n' > "$d/a" ;;
      rulegame_captive_args_fuzz) printf 'a.txt\nboard.json\n\nMOVE 1 1 7 0\nDISPLAY\nEXIT\n' > "$d/a"
                                  printf 'b.txt\n6:9\n2\n3\nseed=4\ncrowded=true\n\nMOVE 0 3\nNEW\nEXIT\n' > "$d/b"
                                  printf 'trials.csv\n1\noutput=FULL\nlog=l.csv\n\nMOVE 1 1 0\nEXIT\n' > "$d/c"
                                  printf 'R:a.txt:mod.csv\ncondTrain=cond.txt\n\nCOND\nEXIT\n' > "$d/d"
                                  printf 'a.txt\n37\n\n' > "$d/e"; printf 'a.txt\n3\n5\n1\n\n' > "$d/f" ;;
    esac
  fi
  echo "$d"
}

# One timed run of target $1; prints its lines and returns non-zero when it found a problem or
# could not start.
fuzz_timed() {
  local t=$1 reg=fuzz/regressions/$1 corpus dict
  corpus=$(seed "$t")
  # Each target's dictionary is named by its first word (lua_cards_fuzz -> fuzz/dict/lua.dict).
  dict="fuzz/dict/${t%%_*}.dict"
  if [ ! -f "$dict" ]; then
    echo "fuzz: $t has no dictionary $dict: add one (keywords of its input)"
    return 1
  fi
  echo "fuzz: $t for ${seconds}s"
  if ! "$bin/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -dict="$dict" -artifact_prefix="$reg/" -print_final_stats=1 \
        "$corpus" "$reg" 2>"$work/$t.log"; then
    echo "fuzz: $t FOUND A PROBLEM, input kept in $reg/ (log: $work/$t.log)"
    return 1
  fi
  grep -E 'stat::number_of_executed_units|Done' "$work/$t.log" | tail -2 || true
}

# Timed runs go side by side, one per core (RK_FUZZ_JOBS overrides): libFuzzer uses one core, and
# each target still gets its SECONDS of wall time, so CI spends SECONDS x targets / cores, not
# SECONDS x targets. Each run's lines are printed together when it ends.
jobs_max="${RK_FUZZ_JOBS:-$(nproc)}"
running=()
status=0
only="${2:-}"  # optional: run only targets whose name contains this
finish_oldest() {
  local t=${running[0]}
  running=("${running[@]:1}")
  wait "${pids[$t]}" || status=1
  cat "$work/$t.out"
}
declare -A pids
mkdir -p "$work"
for t in "${targets[@]}"; do
  case $t in *"$only"*) ;; *) continue ;; esac
  reg=fuzz/regressions/$t
  mkdir -p "$reg"
  if [ "${1:-}" = "--regressions" ]; then
    if [ -n "$(ls -A "$reg")" ]; then
      "$bin/$t" -runs=0 "$reg"/* >/dev/null 2>&1 || { echo "fuzz: $t fails on a kept regression input"; status=1; }
    fi
    echo "fuzz: $t regressions ok"
    continue
  fi
  # A target with an open, unfixed find (fuzz/open-finds/) is skipped in timed runs unless asked for
  # by name, so CI stays green while the find waits for its fix.
  if [ -d "fuzz/open-finds/$t" ] && [ -n "$(ls -A "fuzz/open-finds/$t")" ] && [ "$only" != "$t" ]; then
    echo "fuzz: $t skipped: open find in fuzz/open-finds/$t (run: fuzz/run.sh SECONDS $t)"
    continue
  fi
  if ((${#running[@]} >= jobs_max)); then finish_oldest; fi
  fuzz_timed "$t" >"$work/$t.out" 2>&1 &
  pids[$t]=$!
  running+=("$t")
done
while ((${#running[@]})); do finish_oldest; done
exit $status
