"""Stun counters (SC-*): placing and removing them, and the one replacement effect on untapping."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import StunCounters

if TYPE_CHECKING:
    from game.core.table import Table


def place(game: Table, eid: int, n: int) -> None:
    """Put stun counters on a permanent, tapped or untapped (SC-1)."""
    counters = game.ensure(eid, StunCounters)
    counters.n += n
    game.emit("StunCountersAdded", card=game.ref(eid), n=n, counters=counters.n)


def remove(game: Table, eid: int, n: int) -> None:
    """Take stun counters off directly (never below 0)."""
    counters = game.get(eid, StunCounters)
    if counters is None or counters.n == 0:
        return
    taken = min(n, counters.n)
    counters.n -= taken
    game.emit("StunCounterRemoved", card=game.ref(eid), n=taken, counters=counters.n, cause="effect")
    if counters.n == 0:
        game.remove(eid, StunCounters)


def stun_counter_replacement(game: Table, eid: int) -> bool:
    """SC-2, SC-3, SC-4, SC-8: if a permanent with a stun counter would untap, one counter comes off instead.

    Registered once as an untap replacement, so every way of untapping (the untap phase, effects, costs)
    goes through it. Returns True when it replaced the untap (the permanent stays tapped; SC-5: no
    "becomes untapped" trigger follows).
    """
    counters = game.get(eid, StunCounters)
    if counters is None or counters.n == 0:
        return False
    counters.n -= 1
    game.emit("UntapReplaced", card=game.ref(eid), counters_left=counters.n)
    if counters.n == 0:
        game.remove(eid, StunCounters)
    return True
