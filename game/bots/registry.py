"""Every bot by name, as `--bots` and the window's seats name them: `random`, `greedy`, `ismcts[:BUDGET]`, the frozen
references `greedy-v1` and `ismcts-v1[:BUDGET]`, the restricted-play bots `greedy-no:MECHANIC`,
`ismcts-no:MECHANIC[:BUDGET]` and `myopic` (game/bots/restricted.py), and the window's seats by their rung: `easy`,
`normal` and `hard`."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from game.bots.evaluation import Weights, read_weights
from game.bots.lookahead import LookaheadBot
from game.bots.mcts import SearchBot
from game.bots.restricted import MECHANICS, make_restricted
from game.bots.search import make_ismcts, parse_budget
from game.bots.simple import BOTS, Bot, GreedyBot

WINDOW_WORKERS = min(2, os.cpu_count() or 1)
"""Processes a window seat's `ismcts` searches in: the second core, where there is one (a bot seat thinks while
the person waits; `sim` and the other tools keep one bot a core)."""
BOT_NAMES = ("random", "greedy", "ismcts", "greedy-v1", "ismcts-v1")
SEATS = {"easy": "greedy-v1", "normal": "greedy", "hard": "ismcts"}
"""The window's seats, "Bot: easy" to "Bot: hard", and the bot each one is. By these names `sim` and `ladder` play
a seat exactly as the window does (`hard`: 350 ms a decision on up to two cores), so the ladder measures the
rungs a player meets."""
SPECS = ("random, greedy, ismcts, ismcts:PLAYOUTS, ismcts:MSms, greedy-v1, ismcts-v1[:BUDGET], greedy-no:MECHANIC, "
         f"ismcts-no:MECHANIC[:BUDGET], myopic, easy, normal, hard (mechanics: {', '.join(MECHANICS)})")


def make_bot(name: str, seed: int, window: bool = False) -> Bot:
    """A bot by name, with an optional budget after a colon (`ismcts:200` playouts, `ismcts:300ms`); `window`: a
    seat in the window (plain `ismcts` thinks for a time there, a number of playouts elsewhere).

    `greedy-v1` and `ismcts-v1` are the bots of the last release, kept exactly as they played (game/bots/simple.py,
    game/bots/search.py): the references new bots are measured against. An unknown name raises KeyError, a bad
    budget ValueError. `greedy@FILE` and `ismcts[:BUDGET]@FILE` play with the evaluation weights in FILE (what
    `tune-bot` measures candidate weights by).
    """
    if name in SEATS:
        return make_bot(SEATS[name], seed, window=True)
    if name == "myopic" or "-no:" in name:
        return make_restricted(name, seed)
    name, at, path = name.partition("@")
    weights = weights_at(path) if at else None
    kind, colon, budget = name.partition(":")
    if at and kind not in ("greedy", "ismcts"):
        raise KeyError(name)
    if kind == "ismcts-v1":
        return make_ismcts(seed, budget if colon else None, window)
    if kind == "ismcts":
        workers = WINDOW_WORKERS if window and not colon else 1
        return SearchBot(seed, *parse_budget(budget if colon else None, window), weights=weights, workers=workers)
    if colon:
        raise KeyError(name)
    if kind == "greedy":
        return LookaheadBot(seed, weights)
    if kind == "greedy-v1":
        return GreedyBot(seed)
    if kind in BOTS:
        return BOTS[kind](seed)
    raise KeyError(name)


@cache
def weights_at(path: str) -> Weights:
    """The weights in a file, read once per process (a bad file raises ValueError)."""
    try:
        return read_weights(Path(path))
    except OSError as err:
        raise ValueError(f"{path}: {err.strerror or err}") from None


def bot_problem(name: str) -> str | None:
    """Why a name is no bot `make_bot` takes (an unknown name, or a budget out of form or bounds), or None: the one
    check of bot names wherever they are given (`--bots`, `--seats`) or kept (replay files)."""
    try:
        make_bot(name, 0)
    except KeyError:
        return f"unknown bot {name!r}; bots: {SPECS}"
    except ValueError as err:
        return f"bad bot {name!r}: {err}; bots: {SPECS}"
    return None
