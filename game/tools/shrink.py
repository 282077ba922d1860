"""Shrink a broken invariant to a small scenario: the fewest commands, then the fewest cards (delta debugging).

The table just before the breaking command is exported exactly (game.io.export), so one command usually
reproduces the break; then cards are dropped in ever smaller groups while the same invariant still
breaks. The scenario ends with an `[expect]` table, `invariants = true`, which fails while the bug is
there and passes once it is fixed.
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from collections.abc import Callable
from typing import Any

from game.core.atomic import write_whole
from game.engine import Game
from game.io.export import to_toml
from game.io.scenario import ScenarioError
from game.tools.replay import Timeline

Check = Callable[[Game, int], "str | None"]
MAX_TRIES = 400


def kind(problem: str) -> str:
    """A problem without its numbers ("cards were lost: # before, # now"), to match it when cards are dropped."""
    return re.sub(r"\d+", "#", problem)


class Shrinker:
    """Runs candidate scenarios and tells which still break the same invariant."""

    def __init__(self, check: Check, problem: str) -> None:
        self.check = check
        self.want = kind(problem)
        self.tries = 0
        fd, self.path = tempfile.mkstemp(prefix="countertop-shrink-", suffix=".toml")
        os.close(fd)

    def close(self) -> None:
        """Remove the scratch file."""
        if os.path.exists(self.path):
            os.unlink(self.path)

    def outcome(self, data: dict[str, Any]) -> tuple[str | None, Game | None]:
        """The problem a scenario ends with (None when it holds or can't be set up), and its game."""
        self.tries += 1
        with open(self.path, "w", encoding="utf-8") as out:
            out.write(to_toml(data))
        try:
            game = Game.from_scenario(self.path)
        except (ScenarioError, KeyError, ValueError, TypeError, IndexError):
            return None, None
        try:
            return self.check(game, len(data["card"])), game
        except (KeyError, ValueError, TypeError, IndexError):
            game.close()
            return None, None

    def breaks(self, data: dict[str, Any]) -> bool:
        """Whether a scenario still breaks the same invariant (and none of its commands is rejected)."""
        problem, game = self.outcome(data)
        if game is None:
            return False
        try:
            return problem is not None and kind(problem) == self.want and not game.table.rejected
        finally:
            game.close()


def shrink(timeline: Timeline, problem: str, check: Check, description: str = "") -> dict[str, Any] | None:
    """The smallest scenario found that breaks `problem` after the game's last command, or None."""
    shrinker = Shrinker(check, problem)
    try:
        data = shortest_history(timeline, shrinker, description)
        if data is None:
            return None
        data["card"] = fewest(data["card"], lambda cards: shrinker.breaks({**data, "card": cards}), shrinker)
        trim_dice(data, shrinker)
        data["expect"] = {"invariants": True}
        return data
    finally:
        shrinker.close()


def shortest_history(timeline: Timeline, shrinker: Shrinker, description: str) -> dict[str, Any] | None:
    """The scenario of the latest step from which the game's last commands still break the invariant."""
    end = timeline.steps
    back = 1
    while back <= end:
        data = timeline.scenario_at(end - back, back, description, dice_to_end=False)
        if shrinker.breaks(data):
            return data
        back *= 2
    data = timeline.scenario_at(0, end, description, dice_to_end=False)
    return data if shrinker.breaks(data) else None


def fewest(items: list[Any], breaks: Callable[[list[Any]], bool], shrinker: Shrinker) -> list[Any]:
    """Delta debugging (ddmin, complements only): drop ever smaller groups of items while it still breaks."""
    parts = 2
    while len(items) >= 2 and shrinker.tries < MAX_TRIES:
        size = -(-len(items) // parts)
        for start in range(0, len(items), size):
            rest = items[:start] + items[start + size:]
            if rest and breaks(rest):
                items, parts = rest, max(parts - 1, 2)
                break
        else:
            if parts >= len(items):
                return items
            parts = min(len(items), parts * 2)
    return items


def trim_dice(data: dict[str, Any], shrinker: Shrinker) -> None:
    """Keep only the forced results the commands use."""
    _, game = shrinker.outcome(data)
    if game is None:
        return
    try:
        for key, left in (("dice", game.table.dice.forced_d100), ("coins", game.table.dice.forced_coins),
                          ("shuffles", game.table.dice.forced_shuffles)):
            data[key] = data[key][:len(data[key]) - len(left)]
    finally:
        game.close()


def write_shrunk(data: dict[str, Any], path: str) -> None:
    """Write a shrunk scenario whole (checked to parse back as TOML)."""
    text = to_toml(data)
    tomllib.loads(text)
    write_whole(path, text)
