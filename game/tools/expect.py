"""A scenario's `[expect]` table (docs/formats.md): what the game must hold once its steps have run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine import Game
from game.tools.sim import check_invariants

MISSING = object()
"""What `lookup` gives for a path that leads nowhere in the dump."""


def lookup(dump: Any, path: str) -> Any:
    """Follow a dotted path (list indexes as numbers) into the dump; MISSING where it leads nowhere."""
    value: Any = dump
    for part in path.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return MISSING
    return value


def first_missing(log: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first wanted event not found (in order) in the log, or None when all are there."""
    i = 0
    for want in wanted:
        while i < len(log) and not all(log[i].get(k) == v for k, v in want.items()):
            i += 1
        if i == len(log):
            return want
        i += 1
    return None


def unmet(game: Game, expect: Mapping[str, Any], cards: int) -> list[str]:
    """Every expectation of the table that the game does not meet, one line each (none: all met). `cards` is how
    many cards the scenario set out, for `invariants`."""
    dump = game.view()
    found: list[str] = []
    for key, want in expect.items():
        if key == "invariants":
            broken = check_invariants(game, cards)
            if (broken is None) is not want:
                found.append(f"invariants: expected {'none' if want else 'one'} broken, found {broken or 'none'}")
        elif key == "log_has":
            if (missing := first_missing(dump["log"], want)) is not None:
                found.append(f"log_has: no event {missing} (in this order)")
        elif key == "log_lacks":
            found += [f"log_lacks: event {event}" for event in dump["log"] if event["type"] in want]
        elif (got := lookup(dump, key)) is MISSING:
            found.append(f"{key}: not in the dump")
        elif got != want:
            found.append(f"{key}: {got!r}, expected {want!r}")
    return found
