"""Shared set-up of the Python tests: the games every test runs over, skipped loudly when the
corpus a card game needs is absent (as the C++ corpus tests do)."""

import os
import pathlib

import pytest

import rulekit

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("RULEKIT_SHARED_DIR", ROOT.parent / "shared"))

# (id, game name, parameters, corpus folder it needs)
CASES = [
    ("rulegame-random", "rulegame", {"pieces": "5:9"}, None),
    ("rulegame-board", "rulegame", {"rules": str(ROOT / "examples/rulegame/demo-rules.txt"),
                                    "board": str(ROOT / "examples/rulegame/demo-board.json")}, None),
    ("cfc", "cfc", {}, "corpora/cfc"),
    ("vck-2", "vck", {"players": 2}, "corpora/vck/tables"),
    ("vck-4-base1", "vck", {"players": 4, "preset": "base1"}, "corpora/vck/tables"),
    ("wagic", "mtg", {"decks": [3, 7]}, "corpora/wagic/2016/sets"),
]

_loaded = {}


def load(case_id):
    """The game of a case, loaded once per test session; skips when its corpus is absent."""
    for cid, name, params, corpus in CASES:
        if cid != case_id:
            continue
        if corpus and not (SHARED / corpus).exists():
            print(f"*** SKIPPED: corpus folder {SHARED / corpus} is absent ***")
            pytest.skip(f"corpus folder {SHARED / corpus} is absent")
        if cid not in _loaded:
            _loaded[cid] = rulekit.load_game(name, **params)
        return _loaded[cid]
    raise KeyError(case_id)


@pytest.fixture(params=[c[0] for c in CASES])
def game(request):
    return load(request.param)
