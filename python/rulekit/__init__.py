"""rulekit's games from Python, in OpenSpiel's shape.

    import rulekit
    game = rulekit.load_game("vck", players=3, preset="base")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

Games (``rulekit.GAMES``) and their parameters
-----------------------------------------------
``rulegame``  Rule Game (one player, the solver of an episode under a hidden rule).
    ``rules="R.txt"`` (default: the built-in demo rules); the board from ``board="B.json"``, or
    Java-exact random boards drawn from the state's seed with the captive server's counts
    ``pieces=9``, ``shapes=4``, ``colors=4`` (a number or ``"lo:hi"``), ``crowded=False``; or a
    trial-list row: ``trial_list="list.csv", row=0, input_dir=...`` (the game-data folder; by
    default the folder above ``trial-lists``). ``max_attempts=10000`` ends a hopeless episode.
``cfc``       Card Fighters' Clash, two players. ``decks=[A, B]`` (.o8d paths or names of the
    pool's prebuilt decks; default its first two), ``cards=`` the CFC folder.
``vck``       Valeria: Card Kingdoms. ``players=2`` (2-5), ``preset="base"`` (base, base1, base2,
    flamesandfrost, shadowvale), ``tables=`` the table folder, ``duke="Name"`` with
    ``duke_seat=0``: that duke is the only one dealt to that seat (balance sweeps).
``wagic`` (alias ``mtg``)  Magic from Wagic card code, two players. ``decks=[1, 2]`` (numbers of
    Wagic's prebuilt AI decks or deck files), ``turns=60`` (a draw after it), ``cards=`` the sets.

The card games read ``../shared/corpora`` beside the clone by default, like the command line
(the ``RULEKIT_SHARED_DIR`` environment variable says otherwise).

Actions
-------
Rule Game has a natural fixed action space, piece x bucket: ``action = 4 * k + b`` where ``k`` is
the piece's place in the episode's initial board (0..35) and ``b`` the bucket (0..3, clockwise
from the top-left); ``num_distinct_actions() == 144``. An attempt the hidden rule refuses is a
legal action that fails (that is the game); ``state.info()`` gives attempts, errors and the last
response code.

The card games have no fixed action space: an action is the index into the state's labelled
options (``action_to_string``), and ``num_distinct_actions()`` is the most options the game can
offer at once (CFC 2048, VCK 1024, Magic 512); ``legal_actions_mask()`` is padded to it.

Players, chance, simultaneous moves
-----------------------------------
``current_player()`` uses OpenSpiel's numbers: a seat, -1 at a chance node, -4 once the game is
over. No game of rulekit stops at a chance node today: their random draws happen inside effects,
from the state's own seeded generator (OpenSpiel's sampled-stochastic chance; the seed is part of
the state and of ``serialize()``); a chance node would offer the one outcome 0. VCK's
simultaneous gates (choosing a duke, harvest prompts) are asked one seat at a time, as
OpenSpiel's turn-based transform does; a seat's answer is not in another seat's observation.

Observations
------------
``observation_string(p)`` is JSON: what player ``p`` sees now, never what they cannot see (the
other hands, the decks, the other seats' dukes, the hidden rule). The card games give the view
each game defines for the web tables (``observer_view`` in ``src/games/<game>/view.h``, the
shape of ``src/kernel/view.h``: game, observer, turn, phase, active, players with their stats and
zones, shared zones); while a VCK gate is open a seat sees the other seats as they were when it
opened. Rule Game gives the pieces left (piece, cell, shape, color or image), attempts, errors and
the last attempt. ``observation_tensor(p)`` is a float32 numpy array of shape
``game.observation_tensor_shape()``:

* Rule Game: ``(18, 6, 6)`` planes over the cells (row y-1, column x-1): a piece is there; the
  last attempt's piece (+1 accepted, -1 refused); 8 shape planes and 8 color planes, in the
  order of the game's shape and color lists (legacy: SQUARE STAR CIRCLE TRIANGLE; RED BLACK BLUE
  YELLOW).
* CFC, VCK, Magic: ``(1024,)``, feature hashing of the observation's JSON: each leaf goes to the
  cell of a hash of its path (list positions left out, so a pile is a bag of cards); a string or
  a boolean adds 1 to the cell of path=value, a number adds value/100 (clipped to +-10).

``information_state_string(p)`` is perfect recall of what ``p`` saw: the observation before and
after every decision, with ``p``'s own choices.

Serialization
-------------
``state.serialize()`` is JSON: the game's parameters, the seed, the history of actions, the
kernel's log (decisions and every random draw) and the generator's words;
``game.deserialize_state(s)`` replays it and checks that the log and the generator come out as
saved, so the state and its future are the same.

Beyond OpenSpiel
----------------
``rulekit.play(game, n, agents=["random"], seed=1, threads=2)``: n games between the built-in
bots (random, greedy, mcts[:N][:dD]) in C++, the GIL released; numpy arrays of returns (n x
players), lengths (decisions) and finished flags. ``rulekit.aec_env(name, **params)``: a
PettingZoo-style AEC environment (``rulekit.aec``). ``rulekit.research``: Rule Game's research
loop (runs of episodes, the ML Challenge's measure). ``rulekit.vck_balance_report``: the balance
report of ``rulekit vck sim --report`` from ``play(..., records=True)``.
"""

import json as _json
import os as _os

from ._rulekit import GAMES, Game, State, __version__  # noqa: F401
from . import _rulekit

__all__ = ["GAMES", "Game", "State", "__version__", "load_game", "play", "aec_env", "vck_balance_report"]


def _param(v):
    if isinstance(v, _os.PathLike):
        return _os.fspath(v)
    if isinstance(v, (list, tuple)):
        return [_param(x) for x in v]
    return v


def load_game(name, **params):
    """The game `name` (rulegame, cfc, vck, wagic or mtg) with its parameters (see help(rulekit))."""
    return _rulekit._load_game(name, _json.dumps({k: _param(v) for k, v in params.items()}))


def game_params(game):
    """The parameters `game` was loaded with, as a dict."""
    return _json.loads(game.params_json())


def play(game, n, agents=("random",), seed=1, threads=1, records=False, histories=False, **params):
    """Plays n games between built-in bots in C++ on `threads` threads (the GIL released).

    `game` is a Game or a name (then `params` load it). `agents`: one bot name for every seat or
    one per seat: random, greedy, mcts, mcts:ITERATIONS, mcts:ITERATIONS:dDEPTH. Game i is dealt
    from a seed derived from (seed, i), so the results do not depend on `threads`.

    Returns a dict of numpy arrays: returns (n x players; 1 win, -1 loss, 0 draw or shared;
    Rule Game: 1 minus twice the share of failed attempts), lengths (decisions per game),
    finished (ended, not stopped by the decision cap); with records=True also records (VCK: each
    seat's duke and cards owned, turns, why it ended), for vck_balance_report; with
    histories=True also histories (per game the index of each decision among the options, the
    actions to replay it with: for Rule Game the k-th of state.legal_actions()).
    """
    if isinstance(game, str):
        game = load_game(game, **params)
    elif params:
        raise TypeError("parameters are given to load_game, not to play, when game is a Game")
    if isinstance(agents, str):
        agents = [agents]
    return _rulekit._play(game, int(n), list(agents), int(seed), int(threads), bool(records), bool(histories))


def vck_balance_report(records, game=None, preset="base", players=2, agents=("random",), seed=1):
    """The balance report page (HTML) of `rulekit vck sim --report`, from play(..., records=True)
    records (any number of calls' records, concatenated)."""
    if game is not None:
        p = game_params(game)
        preset, players = p.get("preset", "base"), p.get("players", 2)
    agents = list(agents)
    if len(agents) == 1:
        agents = agents * players
    return _rulekit._vck_report(_json.dumps(list(records)), preset, players, agents, int(seed))


def aec_env(name, **params):
    """A PettingZoo-style AEC environment over game `name` (see rulekit.aec.RulekitAEC)."""
    from .aec import RulekitAEC

    return RulekitAEC(name, **params)
