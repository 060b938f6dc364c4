"""rulekit.play: games between the C++ bots, results as numpy arrays, the same whatever the
number of threads, with the GIL released while they run."""

import threading
import time

import numpy as np
import pytest

import rulekit
from conftest import load


@pytest.mark.parametrize("case", ["rulegame-random", "cfc", "vck-2", "vck-4-base1", "wagic"])
def test_play_arrays(case):
    game = load(case)
    n = 2 if game.name() == "wagic" else 12
    out = rulekit.play(game, n, agents=["random"], seed=3, threads=2)
    assert out["returns"].shape == (n, game.num_players()) and out["returns"].dtype == np.float64
    assert out["lengths"].shape == (n,) and (out["lengths"] > 0).all()
    assert out["finished"].dtype == np.bool_
    assert ((out["returns"] >= -1) & (out["returns"] <= 1)).all()
    if game.name() in ("cfc", "vck"):
        assert out["finished"].all()
        # Someone wins or it is a draw: returns are 1/-1/0, at most one winner in a two-player game.
        assert set(np.unique(out["returns"])) <= {-1.0, 0.0, 1.0}


def test_threads_do_not_change_results():
    game = load("vck-2")
    one = rulekit.play(game, 24, agents=["random"], seed=9, threads=1)
    two = rulekit.play(game, 24, agents=["random"], seed=9, threads=2)
    for k in ("returns", "lengths", "finished"):
        assert np.array_equal(one[k], two[k])
    other = rulekit.play(game, 24, agents=["random"], seed=10, threads=2)
    assert not np.array_equal(one["lengths"], other["lengths"])


def test_gil_is_released():
    """While play runs in one thread, Python code keeps running in another: a held GIL would stop
    this loop until play returned (it would count almost nothing)."""
    game = load("vck-2")
    started, done = threading.Event(), threading.Event()
    result = {}

    def work():
        started.set()
        result["out"] = rulekit.play(game, 400, agents=["random"], seed=1, threads=2)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    ticks = 0
    start = time.time()
    while not done.is_set():
        ticks += 1
    elapsed = time.time() - start
    t.join()
    assert result["out"]["lengths"].shape == (400,)
    assert elapsed > 0.05, "too few games to tell"
    assert ticks > 10_000, f"{ticks} loops in {elapsed:.2f}s while play ran: the GIL was held"


def test_agents_by_seat_and_refusals():
    game = load("vck-2")
    out = rulekit.play(game, 4, agents=["greedy", "random"], seed=2)
    assert out["returns"].shape == (4, 2)
    with pytest.raises(ValueError, match="no bot named"):
        rulekit.play(game, 1, agents=["nobody"])
    with pytest.raises(ValueError, match="one per seat"):
        rulekit.play(game, 1, agents=["random"] * 3)
    # By name with parameters.
    out = rulekit.play("rulegame", 3, agents="random", seed=1, pieces=4)
    assert out["returns"].shape == (3, 1)


def test_vck_records_and_report():
    load("vck-2")  # skips when the tables are absent
    game = rulekit.load_game("vck", players=2, duke="Cornelius the Dreamer", duke_seat=1)
    out = rulekit.play(game, 10, agents=["random"], seed=4, records=True)
    recs = out["records"]
    assert len(recs) == 10
    assert all(r["dukes"][1] == "Cornelius the Dreamer" for r in recs), "the duke dealt to seat 2 is the only one it can choose"
    assert [r["returns"] for r in recs] == out["returns"].tolist()
    html = rulekit.vck_balance_report(recs, game=game)
    assert html.startswith("<!DOCTYPE html>") or html.startswith("<html")
    assert "Cornelius the Dreamer" in html and "<svg" in html
