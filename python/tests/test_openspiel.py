"""OpenSpiel's shape, for every game: random playouts through the Python API where every legal
action applies and the mask matches the legal actions; clones evolve identically; serialize and
deserialize give the same state and the same future; returns agree with the C++ bots' games;
observations of a player do not change when only what they cannot see differs."""

import json
import random

import numpy as np
import pytest

import rulekit
from conftest import load

# Decisions per game the slower games are held to (Magic's games run thousands of decisions).
CAP = {"wagic": 400, "cfc": 1500, "vck": 3000, "rulegame": 2000}


def seeds_for(game):
    return range(1, 4) if game.name() == "wagic" else range(1, 9)


def check_step(state, game, rng):
    legal = state.legal_actions()
    assert legal, "a decision without options"
    assert legal == sorted(legal)
    mask = state.legal_actions_mask()
    assert mask.shape == (game.num_distinct_actions(),) and mask.dtype == np.int8
    assert np.flatnonzero(mask).tolist() == legal
    # Every legal action applies (on clones; all of them where there are few, a sample otherwise).
    for a in legal if len(legal) <= 24 else rng.sample(legal, 24):
        c = state.clone()
        c.apply_action(a)
        assert c.history() == state.history() + [a]
        assert state.action_to_string(a) != ""
    # An action that is not legal is refused and changes nothing.
    illegal = next(a for a in range(game.num_distinct_actions() + 1) if a not in set(legal))
    before = str(state)
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    assert str(state) == before


def test_random_playouts(game):
    p = game.num_players()
    for seed in seeds_for(game):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        clone_at = rng.randrange(1, 60)
        clone, saved = None, None
        n = 0
        while not state.is_terminal() and n < CAP[game.name()]:
            cp = state.current_player()
            assert 0 <= cp < p and not state.is_chance_node()
            assert state.error() == ""
            if n % 7 == 0:
                check_step(state, game, rng)
            if n == clone_at:
                clone = state.clone()
                saved = state.serialize()
            a = rng.choice(state.legal_actions())
            state.apply_action(a)
            if clone is not None:
                clone.apply_action(a)
                assert str(clone) == str(state), f"seed {seed}: a clone diverged at decision {n}"
            n += 1
        assert len(state.history()) == n
        if state.is_terminal():
            assert state.current_player() == -4
            assert state.legal_actions() == []
            r = state.returns()
            assert len(r) == p and all(-1.0 <= v <= 1.0 for v in r)
        if saved is not None:
            # The same state and the same future: replay the rest of the history on the copy.
            again = game.deserialize_state(saved)
            rest = state.history()[len(json.loads(saved)["history"]):]
            for a in rest:
                again.apply_action(a)
            assert str(again) == str(state) and again.returns() == state.returns()
            assert again.serialize() == state.serialize()


def test_serialize_round_trip_and_refusals(game):
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    saved = json.loads(text)
    assert saved["seed"] == 5 and len(saved["history"]) == len(state.history())
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    # A history that does not fit the game is refused with its reason.
    if saved["history"]:
        saved["history"][-1] = 10**6
        with pytest.raises(ValueError, match="not a legal action"):
            game.deserialize_state(json.dumps(saved))
    with pytest.raises(ValueError):
        game.deserialize_state("{not json")


def test_returns_agree_with_cpp(game):
    """Games the C++ bots played (rulekit.play), replayed action by action through the Python
    API, end where C++ ended them, with the same returns."""
    out = rulekit.play(game, 3, agents=["random"], seed=11, histories=True)
    for i in range(3):
        if not out["finished"][i]:
            continue
        history = out["histories"][i]
        assert len(history) == out["lengths"][i]
        state = game.new_initial_state(seed=rulekit._rulekit._game_seed(11, i))
        for index in history:
            state.apply_action(state.legal_actions()[index])
        assert state.is_terminal()
        assert state.returns() == out["returns"][i].tolist()


def test_observations_hide_what_a_player_cannot_see(game):
    """A state re-dealt by the game's determinize(observer) differs only in what `observer`
    cannot see: the observer's observation (string and tensor) stays the same, and somewhere in
    the game another player's does change (the test would notice a leak)."""
    if game.name() == "rulegame":
        state = game.new_initial_state(seed=1)
        with pytest.raises(ValueError, match="no determinize"):
            state.determinize(0, 1)
        pytest.skip("Rule Game has one player, who sees all there is to see")
    changed_other = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        n = 0
        while not state.is_terminal() and n < 300:
            if n % 10 == 0:
                for observer in range(game.num_players()):
                    other = state.clone()
                    other.determinize(observer, seed * 1000 + n)
                    assert other.observation_string(observer) == state.observation_string(observer)
                    assert np.array_equal(other.observation_tensor(observer), state.observation_tensor(observer))
                    for q in range(game.num_players()):
                        if q != observer and other.observation_string(q) != state.observation_string(q):
                            changed_other += 1
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
    assert changed_other > 0, "determinize never changed what another player sees"


def test_players_and_game_facts(game):
    state = game.new_initial_state(seed=3)
    assert game.num_players() == state.num_players()
    assert state.chance_outcomes() == []
    assert not state.is_simultaneous_node()
    shape = tuple(game.observation_tensor_shape())
    for p in range(game.num_players()):
        t = state.observation_tensor(p)
        assert t.shape == shape and t.dtype == np.float32
        json.loads(state.observation_string(p))
        assert state.information_state_string(p).startswith(state.observation_string(p))
    with pytest.raises(ValueError):
        state.observation_string(game.num_players())
    # Equal states print equally.
    assert str(game.new_initial_state(seed=3)) == str(state)


def test_vck_gate_answers_stay_hidden():
    """A simultaneous gate is asked a seat at a time; until every seat has answered, what one
    seat answered does not show in another's observation."""
    game = load("vck-2")
    checked = 0
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        n = 0
        while not state.is_terminal() and n < 2000:
            waiting = state.info()["gate_waiting"]
            actor = state.current_player()
            others = [q for q in range(game.num_players()) if q != actor and waiting >> q & 1]
            before = {q: json.loads(state.observation_string(q))["players"][actor] for q in others}
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
            for q in others:
                if state.info()["gate_waiting"] >> q & 1:  # the gate is still open for q
                    assert json.loads(state.observation_string(q))["players"][actor] == before[q], f"seed {seed}: seat {actor}'s answer showed"
                    checked += 1
    assert checked > 10
