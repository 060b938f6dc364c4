"""An agent that learns a Rule Game rule by trial and error, through the rulekit module.

    PYTHONPATH=build/release/python python3 examples/python/rulegame_learner.py [OUT_DIR]

Plays a run of episodes on random boards under examples/rulegame/shape-buckets.txt (each piece
to the bucket of its shape), learning from each response which bucket a piece of a given shape
and color goes to. Writes OUT_DIR/results.csv (one line per episode: errors, cleared, as the ML
Challenge's results file has them), OUT_DIR/learning_curve.png (errors per episode) and prints
the ML Challenge's measure: errors made before 10 consecutive error-free episodes.
"""

import json
import pathlib
import random
import sys

import rulekit
from rulekit import research

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = ROOT / "examples/rulegame/shape-buckets.txt"


class TableLearner:
    """Remembers, per (shape, color), the buckets that took such a piece and those that refused
    it; tries a bucket known to work, else one not yet refused, picking at random among equals."""

    def __init__(self, seed=0):
        self.rng = random.Random(seed)
        self.accepted = {}  # (shape, color) -> set of buckets
        self.refused = {}

    def begin_episode(self, state):
        pass

    def _pieces(self, state):
        return {p["piece"]: (p.get("shape"), p.get("color")) for p in json.loads(state.observation_string(0))["pieces"]}

    def act(self, state):
        self._last = self._pieces(state)
        best, score = [], -1
        for action in state.legal_actions():
            key, bucket = self._last[action // 4], action % 4
            s = 2 if bucket in self.accepted.get(key, ()) else 0 if bucket in self.refused.get(key, ()) else 1
            if s > score:
                best, score = [action], s
            elif s == score:
                best.append(action)
        return self.rng.choice(best)

    def feedback(self, state, action, accepted):
        key = self._last[action // 4]
        (self.accepted if accepted else self.refused).setdefault(key, set()).add(action % 4)


def main(out_dir, episodes=60, seed=1):
    out = pathlib.Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    game = rulekit.load_game("rulegame", rules=str(RULES), pieces="5:9", shapes=4, colors=4)
    records = research.run(game, TableLearner(seed), episodes=episodes, first_seed=seed)
    with open(out / "results.csv", "w") as f:
        f.write("episode,seed,total_errors,if_cleared,attempts\n")
        for i, e in enumerate(records):
            f.write(f"{i + 1},{e.seed},{e.errors},{int(e.cleared)},{e.attempts}\n")
    measure = research.mlc_measure(records)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.plot(range(1, len(records) + 1), [e.errors for e in records], marker="o", markersize=3, label="table learner")
    baseline = research.run(game, research.RandomAgent(seed), episodes=min(20, episodes), first_seed=seed)
    ax.plot(range(1, len(baseline) + 1), [e.errors for e in baseline], color="grey", alpha=0.6, label="random attempts")
    if measure.learned:
        ax.axvline(measure.episodes + 0.5, color="green", linestyle="--", label="10 error-free episodes begin")
    ax.set_xlabel("episode")
    ax.set_ylabel("errors (refused attempts)")
    ax.set_title("Learning shape-buckets.txt by trial and error")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=100)
    plt.close(fig)
    print(f"{len(records)} episodes; learned: {measure.learned}; errors before the streak: {measure.errors}; "
          f"streak begins after episode {measure.episodes}")
    return records, measure


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "rulegame-learner-out")
