#!/usr/bin/env python3
"""Plays a whole `rulekit cfc play` game as a person at a terminal (a pty) against the bot.

The person picks among the options each menu shows (seeded random choices, sometimes paging or
asking for a card's text). Checks the issue's must-show: every turn's events are narrated, no
menu shows more than 30 options at once, and the game ends with a winner.

usage: play_pty_test.py RULEKIT SHARED_DIR [SEED [cfc play options...]]
"""
import os
import pty
import random
import re
import select
import sys
import time

MAX_OPTIONS = 30
OPTION = re.compile(r"^\s*(\d+)\) ")
MOVE = re.compile(r"^(You( \(your only choice\))?|Player [12] \(\w+ bot\)): ")


def read_until_prompt(fd, timeout=120.0):
    """Output until the program waits for input ("> " at the end) or exits; (text, alive)."""
    out = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            if out.endswith(b"> "):
                return out.decode("utf-8", "replace"), True
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal: it ended
            return out.decode("utf-8", "replace"), False
        if not chunk:
            return out.decode("utf-8", "replace"), False
        out += chunk
        if out.endswith(b"> "):
            # More may follow at once (a menu printed in pieces); wait a moment for it.
            ready, _, _ = select.select([fd], [], [], 0.2)
            if not ready:
                return out.decode("utf-8", "replace"), True
    sys.exit(f"FAIL: no prompt within {timeout} s; last output:\n{out.decode('utf-8', 'replace')[-2000:]}")


def last_menu(text):
    """The option numbers of the last menu shown in `text` (one page of it)."""
    lines = text.replace("\r", "").split("\n")
    start = max((i for i, l in enumerate(lines) if l.startswith(("What do you do?", "Then:"))), default=-1)
    if start < 0:
        return [], False
    nums, paged = [], False
    for l in lines[start + 1:]:
        m = OPTION.match(l)
        if m:
            nums.append(int(m.group(1)))
        elif "(n next, p previous)" in l:
            paged = True
        elif l.startswith("(number;"):
            break
    return nums, paged


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rulekit, shared = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    if not os.path.isdir(os.path.join(shared, "corpora", "cfc")):
        print(f"SKIP: the CFC corpus is not at {shared}/corpora/cfc (the shared folder beside the repository); "
              "this test needs it")
        return 77
    rng = random.Random(seed)
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(rulekit, [rulekit, "cfc", "play", "--seed", str(seed), "--cards", os.path.join(shared, "corpora", "cfc")] + sys.argv[4:])
    transcript, alive, menus, widest = "", True, 0, 0
    while alive:
        text, alive = read_until_prompt(fd)
        transcript += text
        if not alive:
            break
        nums, paged = last_menu(text)
        if not nums:  # a page shown after n, or text after ? N: answer from the menu before
            nums, paged = last_menu(transcript)
        # Count every block of options shown at once (a menu, or one page of it).
        menus += 1
        widest = max(widest, len(nums))
        roll = rng.random()
        if paged and roll < 0.2:
            answer = "n"
        elif roll < 0.25:
            answer = f"? {rng.choice(nums)}"
        elif roll < 0.27:
            answer = "legend"
        else:
            answer = str(rng.choice(nums))
        os.write(fd, (answer + "\n").encode())
    os.waitpid(pid, 0)
    if os.environ.get("CFC_PLAY_TRANSCRIPT"):  # for a person reading what the test played
        with open(os.environ["CFC_PLAY_TRANSCRIPT"], "w", encoding="utf-8") as f:
            f.write(transcript)
    check(transcript.replace("\r", ""), menus, widest)
    return 0


def check(transcript, menus, widest):
    lines = transcript.split("\n")
    # Every block of options printed at once: count them.
    block = 0
    for l in lines:
        if OPTION.match(l):
            block += 1
            if block > MAX_OPTIONS:
                sys.exit(f"FAIL: a menu shows more than {MAX_OPTIONS} options at once")
        elif not l.startswith("  page "):
            block = 0
    # Turns: split at the narration's turn markers; each turn has moves and narration lines.
    turns, current = [], {"moves": 0, "told": 0}
    for l in lines:
        if l.startswith("  - == turn "):
            turns.append(current)
            current = {"moves": 0, "told": 0}
        elif l.startswith("  - "):
            current["told"] += 1
        elif MOVE.match(l):
            current["moves"] += 1
    turns.append(current)
    silent = [i + 1 for i, t in enumerate(turns) if t["told"] == 0]
    if silent:
        sys.exit(f"FAIL: turns without narration: {silent}")
    # And every move, the person's and the bot's, is followed by what it did.
    for i, l in enumerate(lines):
        if MOVE.match(l) and not (i + 1 < len(lines) and lines[i + 1].startswith("  - ")):
            sys.exit(f"FAIL: the move `{l}` is not narrated")
    winner = re.search(r"^Player ([12]) wins\.$", transcript, re.M)
    if not winner or "the game is over: player" not in transcript:
        sys.exit("FAIL: the game did not end with a winner; last output:\n" + transcript[-2000:])
    moves = sum(t["moves"] for t in turns)
    print(f"played {len(turns)} turns, {moves} moves, {menus} prompts; widest menu {widest} options; "
          f"every turn and move narrated; player {winner.group(1)} wins")


if __name__ == "__main__":
    sys.exit(main())
