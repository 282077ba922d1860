"""Triggered abilities: which events wake which card abilities, and where those abilities work (ST-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.cards import Trigger
from game.core.components import CopiedPower
from game.rules.effects import queue_effects

if TYPE_CHECKING:
    from game.core.table import Table

EVENT_TRIGGERS = {
    "StasisCounterRemoved": "stasis_counter_removed",
    "EnteredStasis": "enters_stasis",
    "Untapped": "becomes_untapped",
}


def has_triggers(game: Table, eid: int) -> bool:
    """Whether a card has any triggered ability at all, printed or copied (most cards have none, so the start of a
    turn asks only the ones that do)."""
    return bool(game.defn(eid).triggers) or game.has(eid, CopiedPower)


def active_triggers(game: Table, eid: int, on: str) -> list[Trigger]:
    """A card's triggers for an event that work where the card is now.

    In stasis only abilities that say they work in stasis do (ST-6); on the board or at a location only
    the others do, with Copycat's copied ones while it stays on the board (its triggered abilities are
    ongoing ones, R-13); none without abilities.
    """
    if not game.abilities_work(eid):
        return []
    zone = game.zone(eid)
    if zone == "stasis":
        return [t for t in game.defn(eid).triggers if t.on == on and t.in_stasis]
    if zone not in ("board", "location"):
        return []
    found = [t for t in game.defn(eid).triggers if t.on == on and not t.in_stasis]
    copied = game.get(eid, CopiedPower)
    if copied is not None and zone == "board":
        found += [t for t in game.pool[copied.source_name].triggers if t.on == on and not t.in_stasis]
    return found


def fire(game: Table, eid: int, on: str) -> None:
    """Queue the effects of a card's triggers for `on`, controlled by the card's controller."""
    player = game.controller(eid) or game.players_order[0]
    for trig in active_triggers(game, eid, on):
        queue_effects(game, trig.effects, eid, player)
        game.emit("Triggered", card=game.ref(eid), on=on)


WAKING_EVENTS: frozenset[str] = frozenset((*EVENT_TRIGGERS, "CubesRemoved"))
"""The event types that may wake a trigger (`trigger_of`): the only ones the dispatcher watches."""


def trigger_of(entry: dict[str, Any]) -> str | None:
    """The trigger an event wakes: the table above, or the last white cube coming off by any means (R-1)."""
    if entry["type"] == "CubesRemoved":
        return "last_white_cube_removed" if entry["color"] == "white" and entry["total"] == 0 else None
    return EVENT_TRIGGERS.get(entry["type"])


def dispatch(game: Table, entry: dict[str, Any]) -> None:
    """Wake the card an event names, once per event (so once per counter removed, G-3)."""
    on = trigger_of(entry)
    if on is None or entry.get("card") not in game.refs:
        return
    fire(game, game.eid(entry["card"]), on)
