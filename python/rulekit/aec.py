"""A PettingZoo-style AEC environment over any rulekit game, without PettingZoo.

    env = rulekit.aec_env("vck", players=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else pick(info["action_mask"])
        env.step(action)

It follows PettingZoo's AECEnv protocol by duck typing (agents, possible_agents, agent_selection,
rewards, _cumulative_rewards, terminations, truncations, infos, observation_space(agent),
action_space(agent), reset, observe, last, step, agent_iter, render, close), the way PettingZoo's
classic board games do: an observation is {"observation": the player's tensor, "action_mask":
int8 mask over num_distinct_actions}, and info["action_mask"] holds the same mask. Where
PettingZoo is installed, `pettingzoo.test.api_test(rulekit.aec_env("cfc"))` checks it; its spaces
are gymnasium's when gymnasium is importable, else small stand-ins with the same attributes.

Rewards come at the end: each agent's return (OpenSpiel's returns()). `max_steps` (optional)
truncates a game that runs longer.
"""

import numpy as np

from . import load_game

try:  # gymnasium comes with PettingZoo; without it, stand-ins with the attributes used
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover - depends on the machine
    _spaces = None


class Box:
    """Stand-in for gymnasium.spaces.Box (low, high, shape, dtype, contains, sample)."""

    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype == self.dtype and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def sample(self):
        return np.zeros(self.shape, dtype=self.dtype)


class Discrete:
    """Stand-in for gymnasium.spaces.Discrete (n, contains, sample(mask))."""

    def __init__(self, n, seed=None):
        self.n = n
        self._rng = np.random.default_rng(seed)

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        return int(self._rng.choice(np.flatnonzero(mask)))

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)


class DictSpace:
    """Stand-in for gymnasium.spaces.Dict."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, k):
        return self.spaces[k]

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(s.contains(x[k]) for k, s in self.spaces.items())


def _space_types():
    if _spaces is not None:
        return _spaces.Box, _spaces.Discrete, _spaces.Dict
    return Box, Discrete, DictSpace


class RulekitAEC:
    """An AEC environment over rulekit game `name`; `params` load the game (rulekit.load_game)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "rulekit", "is_parallelizable": False}

    def __init__(self, name, render_mode=None, max_steps=None, **params):
        self.game = load_game(name, **params)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = dict(self.metadata, name="rulekit_" + self.game.name())
        n = self.game.num_players()
        self.possible_agents = ["player_%d" % i for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        box, discrete, dict_space = _space_types()
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_spaces = {
            a: dict_space(
                {
                    "observation": box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": box(low=0, high=1, shape=(self.game.num_distinct_actions(),), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: discrete(self.game.num_distinct_actions()) for a in self.possible_agents}
        self.state = None
        self.agents = []

    # PettingZoo's accessors
    @property
    def unwrapped(self):
        return self

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.state = self.game.new_initial_state(seed=1 if seed is None else int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._settle()

    def observe(self, agent):
        p = self._index[agent]
        return {"observation": self.state.observation_tensor(p), "action_mask": self._mask(p)}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._steps += 1
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                if a in self.rewards:
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self._settle()

    def agent_iter(self, max_iter=2**63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def render(self):
        text = str(self.state) if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def state_text(self):
        return str(self.state)

    # internals
    def _mask(self, p):
        if self.state.is_terminal() or self.state.current_player() != p:
            return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return self.state.legal_actions_mask()

    def _settle(self):
        # Chance nodes are drawn by the state (no game stops at one today); then the agent to act
        # is the deciding player, or, once the game is over, each agent in turn to step None.
        while self.state.is_chance_node():
            self.state.apply_action(0)
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
        elif self.agents:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        for a in self.agents:
            p = self._index[a]
            self.infos[a] = {"action_mask": self._mask(p)}

    def _accumulate_rewards(self):
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _was_dead_step(self, action):
        if action is not None:
            raise ValueError("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        self.agents.remove(agent)
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
        for a in self.agents:
            self.rewards[a] = 0.0
