"""Stasis counters (ST-*): entering stasis, adding and removing counters, leaving stasis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import PlayedFromStasisMark, StasisCounters

if TYPE_CHECKING:
    from game.core.table import Table


def place(game: Table, eid: int, n: int) -> None:
    """Place stasis counters on a card; a card not yet in stasis enters it (ST-1, ST-3, ST-16).

    The card may be the effect's own source (ST-2). Ownerless cards (monsters, treasures, locations) are
    unaffected (ST-17). A card being played from stasis ignores instructions that would put it straight back
    (ST-13), but only while it is being played: a later effect that turn may (R-7). Placing 0 counters places
    none, so the card does not enter stasis (ST-1).
    """
    if n < 1:
        return
    ref = game.ref(eid)
    owner = game.owner(eid)
    if owner is None:
        game.emit("StasisIgnored", card=ref, reason="it has no owner (ST-17)")
        return
    if game.has(eid, PlayedFromStasisMark):
        game.emit("StasisIgnored", card=ref, reason="it just left stasis and can't re-enter it (ST-13)")
        return
    counters = game.get(eid, StasisCounters)
    if counters is not None:
        game.set_stasis_counters(eid, counters.n + n)
        game.emit("StasisCountersAdded", card=ref, n=n, counters=counters.n)
        return
    enter(game, eid, n, owner)


def enter(game: Table, eid: int, n: int, owner: str) -> None:
    """Put a card in stasis in front of its owner, who controls it; board state is lost (ST-3), Fuse defences
    too (R-8). Entering is an event of its own, which wakes "enters stasis" triggers (ST-4). A card from hand
    enters without being played, so its on-play effects don't resolve (ST-15)."""
    came_from = game.zone(eid)
    game.put(eid, "stasis")
    game.set_controller(eid, owner)
    game.set_stasis_counters(eid, n)
    game.emit("EnteredStasis", card=game.ref(eid), owner=owner, counters=n, came_from=came_from)
    game.emit("StasisCountersAdded", card=game.ref(eid), n=n, counters=n)


def remove(game: Table, eid: int, n: int) -> None:
    """Remove up to n stasis counters one at a time, never below 0 (ST-10); each removal is an event."""
    counters = game.get(eid, StasisCounters)
    for _ in range(n):
        if counters is None or counters.n == 0:
            return
        game.set_stasis_counters(eid, counters.n - 1)
        game.emit("StasisCounterRemoved", card=game.ref(eid), counters_left=counters.n)


def leave_for_play(game: Table, eid: int) -> None:
    """A card at 0 counters leaves stasis to be played (ST-11); it can't re-enter at once (ST-13)."""
    game.set_stasis_counters(eid, None)
    game.add(eid, PlayedFromStasisMark())
    game.emit("LeftStasis", card=game.ref(eid), reason="played")
    game.emit("PlayedFromStasis", card=game.ref(eid), player=game.controller(eid))


def discard_spent(game: Table, player: str) -> None:
    """ST-14: at the end of a player's turn, their cards in stasis with no counters are discarded."""
    for eid in game.zone_cards("stasis", player, by="controller"):
        if game.stasis_counters(eid) == 0:
            game.emit("LeftStasis", card=game.ref(eid), reason="no counters at end of turn (ST-14)")
            game.discard(eid, reason="stasis ended")


def madness_penalty(game: Table, player: str) -> int:
    """ST-18: −1 VP for every 2 Madness cards (the game's madness_per_vp) a player has in hand, deck, discard pile and
    stasis."""
    count = sum(
        1
        for zone in ("hand", "deck", "discard", "stasis")
        for e in game.zone_cards(zone, player, by="controller")
        if game.kind(e) == "madness"
    )
    return count // game.numbers.madness_per_vp
