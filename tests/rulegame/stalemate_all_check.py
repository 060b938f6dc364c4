#!/usr/bin/env python3
"""`rulekit rulegame stalemate --all` over the corpus: every file the reference StalemateTester
recorded (reference/stalemate_tester.jsonl) gets the same answer, and the run ends with its summary.
Usage: stalemate_all_check.py RULEKIT SHARED_DIR"""
import json, os, subprocess, sys

rulekit, shared = sys.argv[1], sys.argv[2]
root = os.path.join(shared, "corpora", "rulegame")
ref_path = os.path.join(root, "reference", "stalemate_tester.jsonl")
if not os.path.exists(ref_path):
    print(f"*** SKIPPED: corpus folder {root} is absent ***")
    sys.exit(0)
out = subprocess.run([rulekit, "rulegame", "stalemate", "--all", root], capture_output=True, text=True, timeout=300).stdout
answers = {}
for line in out.splitlines():
    path, sep, rest = line.partition(": ")
    if sep and rest.split(";")[0] in ("can stalemate", "cannot stalemate"):
        answers[os.path.relpath(path, root)] = rest.startswith("can stalemate")
checked = wrong = 0
for line in open(ref_path):
    rec = json.loads(line)
    got = answers.get(rec["rules_file"])
    if got is None:
        print(f"no answer for {rec['rules_file']}")
        wrong += 1
        continue
    checked += 1
    if got != rec["result"]["can_stalemate"]:
        print(f"{rec['rules_file']}: rulekit says {'can' if got else 'cannot'}, the reference {rec['result']['can_stalemate']}")
        wrong += 1
last = out.splitlines()[-1] if out else ""
print(last)
print(f"{checked} reference files checked, {wrong} disagree")
sys.exit(1 if wrong or " files: " not in last else 0)
