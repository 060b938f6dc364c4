"""Speed of the Python module, beside the captive server's pipe (not a test: figures to read).

    PYTHONPATH=build/release/python python3 bench/python/python_bench.py [build/release/src/rulekit]

- Python-driven random steps per second (legal_actions() + apply_action() from Python, one
  thread) for Rule Game (random 9-piece boards, the demo rules) and VCK (2 players, base);
- rulekit.play games per second on 2 threads (random bots, in C++);
- the captive server's moves per second through a pipe, one MOVE line and its answer at a time,
  as a client program plays it (needs the rulekit executable).
"""

import os
import pathlib
import random
import subprocess
import sys
import time

import rulekit

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_steps(game, seconds=3.0):
    rng = random.Random(1)
    picks = [rng.random() for _ in range(4096)]
    steps, seed = 0, 1
    c0 = time.process_time()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state(seed=seed)
        seed += 1
        k = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(picks[k & 4095] * len(legal))])
            k += 1
        steps += k
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return steps / elapsed, elapsed / steps * 1e6, cpu / steps * 1e6


def play_rate(game, n, threads):
    t0 = time.perf_counter()
    c0 = time.process_time()
    out = rulekit.play(game, n, agents=["random"], seed=1, threads=threads)
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return n / elapsed, int(out["lengths"].sum()) / elapsed, n / cpu


def captive_rate(exe, moves=20000):
    rules = ROOT / "examples/rulegame/demo-rules.txt"
    p = subprocess.Popen([exe, "rulegame", "captive", str(rules), "9", "output=BRIEF", "seed=1"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    rng = random.Random(1)
    corners = [(0, 0), (0, 7), (7, 0), (7, 7)]
    # Skip what the server says at the start (up to the first status line's '#' line or prompt).
    p.stdin.write("VERSION\n")
    p.stdin.flush()
    p.stdout.readline()
    done = 0
    c0 = os.times()
    t0 = time.perf_counter()
    while done < moves:
        br, bc = rng.choice(corners)
        p.stdin.write(f"MOVE {rng.randint(1, 6)} {rng.randint(1, 6)} {br} {bc}\n")
        p.stdin.flush()
        status = p.stdout.readline().split()
        p.stdout.readline()  # the '#' line
        done += 1
        if len(status) >= 2 and status[1] != "0":
            p.stdin.write("NEW\n")
            p.stdin.flush()
            while not p.stdout.readline().startswith("#"):
                pass
    elapsed = time.perf_counter() - t0
    p.stdin.write("EXIT\n")
    p.stdin.close()
    p.wait()
    c1 = os.times()
    # CPU of this client and of the server (a child: counted once it has exited).
    cpu = (c1.user - c0.user) + (c1.system - c0.system) + (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    return done / elapsed, elapsed / done * 1e6, cpu / done * 1e6


def main():
    rg = rulekit.load_game("rulegame", pieces=9)
    rate, us, cpu = python_steps(rg)
    print(f"Rule Game, Python-driven random steps: {rate:,.0f} steps/s ({us:.2f} us per legal_actions + apply_action; "
          f"{cpu:.2f} us of CPU)")
    try:
        vck = rulekit.load_game("vck", players=2)
    except ValueError as e:
        print(f"VCK: skipped ({e})")
        vck = None
    if vck is not None:
        rate, us, cpu = python_steps(vck)
        print(f"VCK (2 players, base), Python-driven random steps: {rate:,.0f} steps/s ({us:.2f} us per step; {cpu:.2f} us of CPU)")
    for name, game, n in (("Rule Game", rg, 20000), ("VCK", vck, 2000)):
        if game is None:
            continue
        for threads in (1, 2):
            g, d, per_cpu = play_rate(game, n, threads)
            print(f"rulekit.play {name}, {threads} thread(s): {g:,.0f} games/s ({d:,.0f} decisions/s; {per_cpu:,.0f} games per CPU-second)")
    exe = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/release/src/rulekit")
    if os.path.exists(exe):
        rate, us, cpu = captive_rate(exe)
        print(f"captive pipe (rulekit rulegame captive, one MOVE line and answer at a time): {rate:,.0f} moves/s "
              f"({us:.1f} us per move; {cpu:.1f} us of CPU, client and server)")
    else:
        print(f"captive pipe: skipped ({exe} absent)")


if __name__ == "__main__":
    main()
