#!/usr/bin/env python3
"""Bad cards never crash anything (issue 35 item 3).

Takes the real corpora of the four languages, damages them a little (bytes flipped, tokens deleted,
doubled or swapped, lines swapped, huge numbers) and runs what a card author or a server would run
on what still loads: `check`, the coverage commands, the scenario runners and short simulations.
Every run must end with diagnostics or a result: an exit status below 128, no "terminate called"
(an uncaught C++ exception), no sanitizer report, and no hang (a per-run time limit).

The mutants are built in a scratch folder: every corpus file is a symbolic link except the few a
mutant damages, so a mutant of the 10 MB Wagic database costs one file. Nothing is written into
the corpus or the project.

    bad_cards.py RULEKIT SHARED_DIR [--seconds S] [--seed N] [--lang rulegame,cfc,vck,wagic]

CI runs it with a fixed seed and a bounded time (the optimised build's pass); run it by hand with
--seconds 1800 for a longer search. The last line is "N passed, F failed" (a run that ended with
a signal, an uncaught exception or a hang counts as failed; every failure is printed with the
command and a reproducer folder that is kept).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HUGE = ["99999999999999999999", "-2147483649", "4294967296", "1e309", "0x7fffffffffffffff"]
# Words of each language a mutation may insert (stray but plausible tokens).
WORDS = {
    "wagic": ["auto=", "target(", ")", "{", "}", "&&", "!", "@movedto(", "foreach(", "thisforeach(", "pay[[", "]]", "~",
              "if ", " then ", "(blink)", "counter(", "/", ":", "||", "$!", "!$", "may ", "choice ", "{X}", "*"],
    "cfc": ["[[", "]]", "if ", " and ", " or ", "(", ")", ".", "me.", "opp.", "hand.size", "~", ":", ";", "=", "draw(",
            "discard(", "-1", "999999"],
    "vck": ["gain", "choose", "count", " g ", " s ", " m ", " 2 ", ";", ",", "|", "(", ")", "owned_", "if", "else", "x"],
    "rulegame": ["(", ")", "[", "]", ",", "*", "p", "pc", "ps", "Nearby", "Farthest", "L1", "=", "Order", ":", "40"],
}


def mutate_text(text, lang, rng):
    """One damage to a text: the kinds the issue lists, at a random place."""
    if not text:
        return text + rng.choice(WORDS[lang])
    lines = text.split("\n")
    kind = rng.randrange(7)
    if kind == 0:  # a byte flipped
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(32, 127)) + text[i + 1:]
    if kind in (1, 2, 3):  # a token deleted, doubled, or two swapped
        toks = re.split(r"(\s+|[(){}\[\],;:|&!~$=])", text)
        idx = [k for k, t in enumerate(toks) if t and not t.isspace()]
        if not idx:
            return text
        a = rng.choice(idx)
        if kind == 1:
            toks[a] = ""
        elif kind == 2:
            toks[a] = toks[a] + toks[a]
        else:
            b = rng.choice(idx)
            toks[a], toks[b] = toks[b], toks[a]
        return "".join(toks)
    if kind == 4 and len(lines) > 1:  # two lines swapped
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)
    if kind == 5:  # a number made huge
        nums = list(re.finditer(r"\d+", text))
        if nums:
            m = rng.choice(nums)
            return text[:m.start()] + rng.choice(HUGE) + text[m.end():]
    i = rng.randrange(len(text) + 1)  # a stray word of the language
    return text[:i] + rng.choice(WORDS[lang]) + text[i:]


def mutate_json_strings(text, lang, rng, count):
    """JSON tables keep their structure (a file that no longer parses reaches no compiler): the
    damage goes into string values, which are the card texts."""
    try:
        doc = json.loads(text)
    except ValueError:
        return mutate_text(text, lang, rng)
    slots = []

    def walk(node, parent, key):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, node, k)
        elif isinstance(node, list):
            for k, v in enumerate(node):
                walk(v, node, k)
        elif isinstance(node, str) and parent is not None and node:
            slots.append((parent, key))
        elif isinstance(node, (int, float)) and not isinstance(node, bool) and parent is not None:
            slots.append((parent, key))

    walk(doc, None, None)
    for _ in range(count):
        if not slots:
            break
        parent, key = rng.choice(slots)
        v = parent[key]
        if isinstance(v, str):
            parent[key] = mutate_text(v, lang, rng)
        else:
            parent[key] = rng.choice([-1, 0, 2**31, 2**63 - 1, -(2**31) - 1])
    return json.dumps(doc, indent=1)


def mutate_ability_lines(text, rng, count):
    """Wagic: most of the damage goes into ability lines (auto=, other keys with ability text),
    which the card compiler reads; now and then anywhere in the file."""
    lines = text.split("\n")
    ability = [k for k, l in enumerate(lines) if re.match(r"(auto|autohand|autograveyard|alias|target|restriction|"
                                                           r"other|kicker|flashback|buyback|mana|text)[a-z]*=", l)]
    if rng.random() < 0.4:  # a sprinkle: about one ability line in 150 of the file damaged
        count = max(count, len(ability) // 150)
    for _ in range(count):
        if ability and rng.random() < 0.8:
            k = rng.choice(ability)
            key, _, val = lines[k].partition("=")
            lines[k] = key + "=" + mutate_text(val, "wagic", rng)
        else:
            k = rng.randrange(len(lines))
            lines[k] = mutate_text(lines[k], "wagic", rng)
    return "\n".join(lines)


def mutate_xml_values(text, lang, rng, count):
    """XML card data keeps its structure: the damage goes into attribute values (a card's rules
    text, BP, SP, type...), with the characters XML reserves left out."""
    values = list(re.finditer(r'value="([^"]*)"', text))
    for _ in range(count):
        if not values:
            break
        m = rng.choice(values)
        new = mutate_text(m.group(1), lang, rng)
        new = new.replace("&", "").replace("<", "").replace(">", "").replace('"', "")
        text = text[:m.start(1)] + new + text[m.end(1):]
        values = list(re.finditer(r'value="([^"]*)"', text))
    return text


class Lang:
    """A language's corpus, which files mutants damage, and what runs on a mutant."""

    def __init__(self, name, root, pick, commands, json_strings=False):
        self.name, self.root, self.pick, self.commands, self.json_strings = name, root, pick, commands, json_strings


def languages(shared, project):
    c = os.path.join(shared, "corpora")
    wagic_pick = lambda files: [f for f in files if f.startswith("sets/primitives/") or f.endswith("_cards.dat")
                                or f.startswith("rules/")]
    return {
        "rulegame": Lang("rulegame", os.path.join(c, "rulegame", "Rule-Game-game-data"),
                         lambda files: [f for f in files if f.startswith("rules/") and f.endswith(".txt")],
                         lambda d, files: [["check", d + "/rules"]] +
                         [["rulegame", "play", "--rules", d + "/" + f, "--pieces", "6", "--seed", "3",
                           "--max-attempts", "60"] for f in files[:2]] +
                         [["rulegame", "stalemate", "--rules", d + "/" + files[0], "--exhaustive-pieces", "1",
                           "--samples", "3"]]),
        "cfc": Lang("cfc", os.path.join(c, "cfc"),
                    lambda files: [f for f in files if f == "rules.json" or f.endswith("set.xml")],
                    lambda d, files: [["check", d], ["cfc", "coverage", "--cards", d, "-n", "3"],
                                      ["cfc", "sim", "--cards", d, "-n", "4", "--seed", "2"],
                                      ["cfc", "test", "--cards", d] + sorted(
                                          os.path.join(project, "tests/cfc/scenarios", s)
                                          for s in os.listdir(os.path.join(project, "tests/cfc/scenarios")))[:40]],
                    json_strings=True),
        "vck": Lang("vck", os.path.join(c, "vck"),
                    lambda files: [f for f in files if f.startswith("tables/") and f.endswith(".json")],
                    lambda d, files: [["check", d + "/tables"], ["vck", "coverage", "--tables", d + "/tables", "-n", "4", "--greedy", "2"],
                                      ["vck", "sim", "--tables", d + "/tables", "-n", "4", "--players", "3",
                                       "--seed", "5"]],
                    json_strings=True),
        "wagic": Lang("wagic", os.path.join(c, "wagic", "2016"), wagic_pick,
                      lambda d, files: [["check", d],
                                        ["wagic", "coverage", "--cards", d + "/sets"],
                                        ["wagic", "test", "-q", "--cards", d + "/sets", d + "/test/_tests.txt"],
                                        ["wagic", "sim", "--cards", d + "/sets", "-n", "3", "--turns", "12", "--seed", "4"]]),
    }


def corpus_files(root):
    out = []
    for dp, _, fs in os.walk(root):
        for f in fs:
            out.append(os.path.relpath(os.path.join(dp, f), root))
    return sorted(out)


def build_mutant(lang, files, candidates, rng, scratch):
    """A scratch tree of links to the corpus with 1 to 3 damaged files (each damaged 1 to 6 times)."""
    d = tempfile.mkdtemp(prefix=lang.name + "-", dir=scratch)
    chosen = set(rng.sample(candidates, min(len(candidates), rng.randint(1, 3))))
    for f in files:
        dst = os.path.join(d, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        src = os.path.join(lang.root, f)
        if f not in chosen:
            os.symlink(src, dst)
            continue
        with open(src, encoding="utf-8", errors="surrogateescape") as fh:
            text = fh.read()
        n = rng.randint(1, 6)
        if lang.json_strings and f.endswith(".json"):
            text = mutate_json_strings(text, lang.name, rng, n)
        elif f.endswith(".xml"):
            text = mutate_xml_values(text, lang.name, rng, n)
        elif lang.name == "wagic":
            text = mutate_ability_lines(text, rng, n)
        else:
            for _ in range(n):
                text = mutate_text(text, lang.name, rng)
        with open(dst, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write(text)
    return d, sorted(chosen)


def bad_outcome(proc_rc, out):
    if proc_rc is None:
        return "hang (time limit)"
    if proc_rc < 0 or proc_rc >= 128:
        return f"signal or abort (exit {proc_rc})"
    for needle in ("terminate called", "AddressSanitizer", "runtime error:", "Segmentation fault"):
        if needle in out:
            return f"'{needle}' in the output"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rulekit")
    ap.add_argument("shared")
    ap.add_argument("--seconds", type=float, default=120, help="total time budget (default 120)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="rulegame,cfc,vck,wagic")
    ap.add_argument("--run-limit", type=float, default=60, help="time limit of one command (default 60 s)")
    ap.add_argument("--verbose", action="store_true", help="print every command's exit status and last line")
    ap.add_argument("--keep", default=None, help="folder where failing mutants are kept (default: a temporary folder)")
    args = ap.parse_args()
    project = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if not os.path.isdir(os.path.join(args.shared, "corpora")):
        print(f"*** SKIPPED: corpus folder {args.shared}/corpora is absent ***")
        print("0 passed, 0 failed")
        return 0
    langs = languages(args.shared, project)
    wanted = [l for l in args.lang.split(",") if l]
    rng = random.Random(args.seed)
    scratch = tempfile.mkdtemp(prefix="rulekit-bad-cards-")
    keep = args.keep or tempfile.mkdtemp(prefix="rulekit-bad-cards-failures-")
    files = {n: corpus_files(langs[n].root) for n in wanted}
    cands = {n: langs[n].pick(files[n]) for n in wanted}
    passed = failed = 0
    per_lang = {n: [0, 0] for n in wanted}
    deadline = time.monotonic() + args.seconds
    k = 0
    # Languages take turns, so a short budget still tries every one.
    while time.monotonic() < deadline or k < len(wanted):
        name = wanted[k % len(wanted)]
        k += 1
        lang = langs[name]
        d, chosen = build_mutant(lang, files[name], cands[name], rng, scratch)
        ok = True
        run_files = chosen if name == "rulegame" else files[name]
        for cmd in lang.commands(d, run_files):
            try:
                p = subprocess.run([args.rulekit] + cmd, capture_output=True, text=True, errors="replace",
                                   timeout=args.run_limit, stdin=subprocess.DEVNULL)
                rc, out = p.returncode, p.stdout + p.stderr
            except subprocess.TimeoutExpired:
                rc, out = None, ""
            why = bad_outcome(rc, out)
            if args.verbose:
                last = out.strip().split("\n")[-1] if out.strip() else ""
                print(f"  {name} exit {rc}: rulekit {' '.join(cmd[:2])} ... -> {last[:150]}")
            if why:
                ok = False
                kept = os.path.join(keep, os.path.basename(d))
                shutil.copytree(d, kept, symlinks=True)
                tail = "\n".join(out.strip().split("\n")[-5:])
                print(f"FAILED {name}: {why}: rulekit {' '.join(cmd)}\n  damaged: {', '.join(chosen)}\n"
                      f"  mutant kept in {kept}\n  {tail}")
                break
        shutil.rmtree(d, ignore_errors=True)
        per_lang[name][0 if ok else 1] += 1
        passed += ok
        failed += not ok
        if time.monotonic() >= deadline and k >= len(wanted):
            break
    shutil.rmtree(scratch, ignore_errors=True)
    for n in wanted:
        print(f"{n}: {per_lang[n][0] + per_lang[n][1]} mutants, {per_lang[n][1]} crashed or hung")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
