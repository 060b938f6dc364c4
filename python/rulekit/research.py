"""Rule Game's research loop: runs of episodes under one hidden rule, and the ML Challenge's measure.

A run (the captive server's series of episodes with one rule set) is episodes on the boards of the
game's board source, episode k from seed first_seed + k (random boards: Java-exact from that seed;
a board file: the same board; a trial list's predefined boards: in turn). An agent plays each
episode and learns from the responses:

    class Agent:
        def begin_episode(self, state): ...
        def act(self, state) -> int: ...            # an action of state.legal_actions()
        def feedback(self, state, action, accepted): ...  # after each attempt

The ML Challenge (../shared/docs/rulegame/mlc/mlc-guide.md) counts a rule set as learned once the
program clears 10 consecutive boards without a single error; its cost is the number of errors
(failed move attempts) made before that streak: `mlc_measure`.
"""

from dataclasses import dataclass

ACCEPT = 0  # the response code of an accepted move (docs/rulegame/CAPTIVE.md)


@dataclass
class Episode:
    seed: int
    attempts: int
    errors: int
    cleared: bool


@dataclass
class MlcMeasure:
    learned: bool  # a streak of `streak` error-free cleared episodes happened
    errors: int  # errors before the streak (all errors of the run when it never happened)
    episodes: int  # episodes played before the streak began (all of them when it never happened)


def mlc_measure(episodes, streak=10):
    """The ML Challenge's measure of a run: errors made before the first `streak` consecutive
    episodes that were cleared with no error. `episodes`: Episode records (or dicts with errors
    and cleared), in the order played."""
    run = 0
    errors_before = 0
    total = 0
    for i, e in enumerate(episodes):
        errors = e["errors"] if isinstance(e, dict) else e.errors
        cleared = e["cleared"] if isinstance(e, dict) else e.cleared
        if errors == 0 and cleared:
            run += 1
            if run == streak:
                start = i + 1 - streak
                return MlcMeasure(True, errors_before, start)
        else:
            run = 0
            errors_before = total + errors
        total += errors
    return MlcMeasure(False, total, len(episodes) if hasattr(episodes, "__len__") else 0)


def play_episode(state, agent):
    """Plays one episode to its end; returns its Episode record."""
    agent.begin_episode(state)
    while not state.is_terminal():
        action = agent.act(state)
        state.apply_action(action)
        agent.feedback(state, action, state.info()["last_code"] == ACCEPT)
    info = state.info()
    return Episode(state.seed(), info["attempts"], info["errors"], info["cleared"])


def run(game, agent, episodes=100, first_seed=1, stop_after_streak=None):
    """Plays a run of `episodes` episodes of `game` (a rulegame Game); with stop_after_streak=N,
    stops once N consecutive episodes were cleared without error (the MLC's evidence of learning).
    Returns the Episode records."""
    out = []
    run_len = 0
    for k in range(episodes):
        e = play_episode(game.new_initial_state(seed=first_seed + k), agent)
        out.append(e)
        run_len = run_len + 1 if (e.errors == 0 and e.cleared) else 0
        if stop_after_streak and run_len >= stop_after_streak:
            break
    return out


class RandomAgent:
    """The MLC's sample (non-)learner: a random legal attempt each time."""

    def __init__(self, seed=0):
        import random

        self.rng = random.Random(seed)

    def begin_episode(self, state):
        pass

    def act(self, state):
        return self.rng.choice(state.legal_actions())

    def feedback(self, state, action, accepted):
        pass
