"""The AEC environment: whole games of every game through agent_iter/last/step, and the checks
of PettingZoo's API test (pettingzoo.test.api_test) repeated here, since PettingZoo is not in
Debian."""

import numpy as np
import pytest

import rulekit
from conftest import CASES, load

MAX_ITER = {"wagic": 3000}


def play_whole_game(env, seed, rng):
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter(max_iter=MAX_ITER.get(env.game.name(), 50_000)):
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = info["action_mask"]
        assert np.array_equal(mask, obs["action_mask"])
        legal = np.flatnonzero(mask)
        assert len(legal) > 0, "the agent to act has no legal action"
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps


@pytest.mark.parametrize("case", [c[0] for c in CASES])
def test_aec_whole_games(case):
    game = load(case)
    params = next(c[2] for c in CASES if c[0] == case)
    env = rulekit.aec_env(game.name(), **params)
    rng = np.random.default_rng(1)
    for seed in (1, 2):
        steps = play_whole_game(env, seed, rng)
        if env.game.name() == "wagic" and env.agents:
            continue  # a long Magic game past the iteration cap: still a valid game so far
        assert env.agents == [], "every agent leaves once the game is over"
        assert env.state.is_terminal()
        assert steps == len(env.state.history())


@pytest.mark.parametrize("case", ["rulegame-random", "cfc", "vck-2"])
def test_pettingzoo_api_checks(case):
    """What pettingzoo.test.api_test checks of an AEC environment, repeated."""
    game = load(case)
    params = next(c[2] for c in CASES if c[0] == case)
    env = rulekit.aec_env(game.name(), **params)
    env.reset(seed=42)
    # Agents, spaces.
    assert env.possible_agents and set(env.agents) == set(env.possible_agents)
    assert env.num_agents == len(env.agents) and env.max_num_agents == len(env.possible_agents)
    assert env.unwrapped is env
    assert env.agent_selection in env.agents
    assert "name" in env.metadata and "render_modes" in env.metadata
    for a in env.agents:
        assert env.observation_space(a) is env.observation_space(a)
        assert env.action_space(a) is env.action_space(a)
        obs = env.observe(a)
        assert env.observation_space(a).contains(obs)
        assert obs["action_mask"].dtype == np.int8
    # Dicts keyed by the live agents.
    for d in (env.rewards, env._cumulative_rewards, env.terminations, env.truncations, env.infos):
        assert set(d) == set(env.agents)
    # Reset with the same seed gives the same observations (determinism).
    first = {a: env.observe(a)["observation"].copy() for a in env.agents}
    env.reset(seed=42)
    for a in env.agents:
        assert np.array_equal(first[a], env.observe(a)["observation"])
    # Play: a terminated agent may only step None; rewards are floats; the loop ends.
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, termination, truncation, info = env.last()
        assert isinstance(reward, float)
        total[agent] += reward
        assert env.observation_space(agent).contains(obs)
        if termination or truncation:
            with pytest.raises(ValueError):
                env.step(0)
            env.step(None)
        else:
            action = env.action_space(agent).sample(info["action_mask"])
            assert info["action_mask"][action] == 1
            env.step(action)
    assert not env.agents
    assert [total[a] for a in env.possible_agents] == env.state.returns()
    assert isinstance(env.render(), str)
    env.close()


def test_truncation():
    env = rulekit.aec_env("rulegame", max_steps=3)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
        else:
            env.step(int(np.flatnonzero(info["action_mask"])[0]))
            steps += 1
    assert steps == 3
