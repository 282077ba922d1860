"""Every bot by name, as `--bots` and the window's seats name them: `random`, `greedy`, `ismcts[:BUDGET]`."""

from __future__ import annotations

from game.bots.search import make_ismcts
from game.bots.simple import BOTS, Bot

BOT_NAMES = (*BOTS, "ismcts")
SPECS = "random, greedy, ismcts, ismcts:PLAYOUTS, ismcts:MSms"


def make_bot(name: str, seed: int, window: bool = False) -> Bot:
    """A bot by name, with an optional budget after a colon (`ismcts:200` playouts, `ismcts:300ms`); `window`: a
    seat in the window (plain `ismcts` thinks for a time there, a number of playouts elsewhere).

    An unknown name raises KeyError, a bad budget ValueError.
    """
    kind, _, budget = name.partition(":")
    if kind == "ismcts":
        return make_ismcts(seed, budget or None, window)
    if kind not in BOTS or budget:
        raise KeyError(name)
    return BOTS[kind](seed)
