"""Every bot by name, as `--bots` and the window's seats name them: `random`, `greedy`, `ismcts[:BUDGET]`, and the
restricted-play bots `greedy-no:MECHANIC`, `ismcts-no:MECHANIC[:BUDGET]` and `myopic` (game/bots/restricted.py)."""

from __future__ import annotations

from game.bots.restricted import MECHANICS, make_restricted
from game.bots.search import make_ismcts
from game.bots.simple import BOTS, Bot

BOT_NAMES = (*BOTS, "ismcts")
SPECS = ("random, greedy, ismcts, ismcts:PLAYOUTS, ismcts:MSms, greedy-no:MECHANIC, ismcts-no:MECHANIC[:BUDGET], "
         f"myopic (mechanics: {', '.join(MECHANICS)})")


def make_bot(name: str, seed: int, window: bool = False) -> Bot:
    """A bot by name, with an optional budget after a colon (`ismcts:200` playouts, `ismcts:300ms`); `window`: a
    seat in the window (plain `ismcts` thinks for a time there, a number of playouts elsewhere).

    An unknown name raises KeyError, a bad budget ValueError.
    """
    if name == "myopic" or "-no:" in name:
        return make_restricted(name, seed)
    kind, colon, budget = name.partition(":")
    if kind == "ismcts":
        return make_ismcts(seed, budget if colon else None, window)
    if kind not in BOTS or budget:
        raise KeyError(name)
    return BOTS[kind](seed)


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
