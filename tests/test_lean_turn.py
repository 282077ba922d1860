"""The lean turn: watchers hear only their event types, and phases with nothing to do do nothing (G-3, ST-6)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import components as c
from game.core.table import Table
from game.engine import Game
from game.rules.triggers import WAKING_EVENTS, has_triggers


def board_card(table: Table, ref: str, name: str, owner: str, square: tuple[int, int]) -> int:
    """A card of `owner` standing on `square`."""
    eid = table.create_card(ref, name, owner, "hand")
    table.put(eid, "board")
    table.place_at(eid, square)
    return eid


def test_watchers_hear_only_their_types_after_the_listeners() -> None:
    """A watcher hears the event types it names and no other, after the listeners that hear every event."""
    table = Table(["Ada", "Bo"])
    heard: list[tuple[str, str]] = []

    def listener(_table: Table, entry: dict[str, Any]) -> None:
        heard.append(("listener", entry["type"]))

    def watcher(_table: Table, entry: dict[str, Any]) -> None:
        heard.append(("watcher", entry["type"]))

    table.listeners.append(listener)
    table.watch(["Tapped", "Untapped"], watcher)
    table.emit("Tapped", card="x")
    table.emit("CardDrawn", player="Ada", card="x")
    table.emit("Untapped", card="x", cause="effect")
    assert heard == [("listener", "Tapped"), ("watcher", "Tapped"), ("listener", "CardDrawn"),
                     ("listener", "Untapped"), ("watcher", "Untapped")]
    assert [e["type"] for e in table.log] == ["Tapped", "CardDrawn", "Untapped"]


def test_the_dispatcher_watches_the_waking_events_only() -> None:
    """ST-6: a game's table has no listener on every event; the trigger dispatcher watches the four event types
    that can wake a trigger, and a watched one still wakes its card (Vigil Sentry becomes untapped)."""
    game = Game.empty(["Ada", "Bo"])
    table = game.table
    assert table.listeners == []
    assert {"StasisCounterRemoved", "EnteredStasis", "Untapped", "CubesRemoved"} == WAKING_EVENTS
    sentry = board_card(table, "s", "Vigil Sentry", "Ada", (1, 0))
    table.tap(sentry)
    assert table.untap(sentry, "effect") == "untapped"
    assert [e["type"] for e in table.log] == ["Tapped", "Untapped", "Triggered"]
    assert table.log[-1] == {"type": "Triggered", "card": "s", "on": "becomes_untapped"}


def test_any_with_follows_the_components() -> None:
    """`any_with` is whether some entity has a component of the type, through adding and removing it."""
    table = Table(["Ada", "Bo"])
    knight = table.create_card("k", "Footman", "Ada", "board")
    assert not table.any_with(c.Tapped)
    table.tap(knight)
    assert table.any_with(c.Tapped)
    table.untap(knight, "effect")
    assert not table.any_with(c.Tapped)


def test_has_triggers_printed_or_copied() -> None:
    """Only cards with a triggered ability, printed or copied by Copycat, are asked at the start of a turn."""
    table = Table(["Ada", "Bo"])
    footman = table.create_card("f", "Footman", "Ada", "board")
    prof = table.create_card("z", "Zany Prof", "Ada", "board")
    assert not has_triggers(table, footman)
    assert has_triggers(table, prof)
    table.add(footman, c.CopiedPower(1, "Zany Prof"))
    assert has_triggers(table, footman)


def test_a_quiet_end_of_turn_logs_exactly_the_draw_and_the_next_start() -> None:
    """G-3 with nothing tapped, no statuses, no cubes and nothing in stasis: the end and start phases log the draw,
    the turn start and the one start-of-turn trigger (Zany Prof's), nothing else."""
    game = Game.empty(["Ada", "Bo"])
    table = game.table
    board_card(table, "f", "Footman", "Ada", (1, 0))
    board_card(table, "z", "Zany Prof", "Bo", (1, 4))
    table.create_card("d1", "Footman", "Ada", "deck")
    table.create_card("d2", "Footman", "Ada", "deck")
    table.turn.turn = 1
    table.set_phase("main")
    start = len(table.log)
    assert game.act({"act": "end_turn"}).ok
    assert table.log[start:] == [
        {"type": "PhaseChanged", "phase": "end", "turn": 1, "player": "Ada"},
        {"type": "CardDrawn", "player": "Ada", "card": "d1"},
        {"type": "CardDrawn", "player": "Ada", "card": "d2"},
        {"type": "PhaseChanged", "phase": "start", "turn": 2, "player": "Bo"},
        {"type": "TurnStarted", "turn": 2, "player": "Bo", "stones": 3},
        {"type": "Triggered", "card": "z", "on": "start_of_turn"},
        {"type": "PhaseChanged", "phase": "untap", "turn": 2, "player": "Bo"},
        {"type": "PhaseChanged", "phase": "main", "turn": 2, "player": "Bo"},
    ]
    assert table.zone_cards("hand", "Ada") == [table.eid("d1"), table.eid("d2")]


def test_an_unknown_event_type_is_refused_before_the_log() -> None:
    """An event type the log does not know is a programming error: refused, and nothing is logged or heard."""
    table = Table(["Ada", "Bo"])
    heard: list[str] = []
    table.listeners.append(lambda _table, entry: heard.append(entry["type"]))
    with pytest.raises(ValueError, match="unknown event type 'Teleported'"):
        table.emit("Teleported", card="x")
    assert table.log == [] and heard == []
