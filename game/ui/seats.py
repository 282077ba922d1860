"""Seats in the window: each player is a person or a bot; a bot's turn plays one action at a time at a readable pace.

A bot decides from its `Observation` (its player's view and the legal actions), never from the game. While a
bot acts the window shows the board as the only person at the table sees it (or nobody's hand when several
people share the device), so a bot seat never gets a pass screen and never shows its cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.bots.determinize import Observation
from game.bots.registry import SEATS, make_bot
from game.bots.simple import Bot
from game.io.setup import SetupError
from game.ui import labels, words
from game.ui.draw import Zone, button, fit_line, px
from game.ui.input import GameLike, who_must_act

PACE_MS = 1200
FAST_PACE_MS = 60
PERSON = "person"
SEAT_KINDS = (PERSON, *SEATS.values())


@dataclass
class Seats:
    """Who plays each seat: a bot spec (`greedy`, `ismcts:200`, ...) by player name; everyone else is a person."""

    specs: dict[str, str] = field(default_factory=dict)
    seed: int = 0
    fast: bool = False
    next_at: int | None = None
    bots: dict[str, Bot] = field(default_factory=dict)
    last: str = ""
    moved: list[str] = field(default_factory=list)  # cards the bots played, moved, used or targeted since a
    # person last acted (the window frames them)

    def __post_init__(self) -> None:
        self.specs = {name: spec for name, spec in self.specs.items() if spec != PERSON}
        self.bots = {name: make_bot(spec, self.seed + i, window=True)
                     for i, (name, spec) in enumerate(sorted(self.specs.items()))}

    def is_bot(self, name: str | None) -> bool:
        """Whether a bot plays this player."""
        return name in self.bots

    def viewer_for_bots(self, players: list[str]) -> str | None:
        """Whose hand the window shows while bots act: the only person at the table, else nobody's."""
        people = [p for p in players if not self.is_bot(p)]
        return people[0] if len(people) == 1 else None

    def to_act(self, game: GameLike) -> str | None:
        """The bot that must act now, or None (a person's turn, or the game is over)."""
        view = game.view()
        if view.get("winner") is not None or view["phase"] == "over":
            return None
        name = who_must_act(view)
        return name if self.is_bot(name) else None

    def toggle_fast(self, now_ms: int) -> None:
        """Switch between a readable pace and a fast one (a wait under way is cut to the new pace)."""
        self.fast = not self.fast
        if self.next_at is not None:
            self.next_at = min(self.next_at, now_ms + self.pace())

    def pace(self) -> int:
        """Milliseconds between two bot actions."""
        return FAST_PACE_MS if self.fast else PACE_MS

    def play_one(self, game: Any, now_ms: int) -> dict[str, Any] | None:
        """If a bot must act and its pause is over, let it take one action; the action taken, or None."""
        name = self.to_act(game)
        if name is None or self.next_at is None:
            self.next_at = now_ms + self.pace()
            return None
        if now_ms < self.next_at:
            return None
        seen = Observation.of(game, name)
        action = self.bots[name].choose(seen)
        game.act(action)
        self.last = f"{name} ({words.seat_label(self.specs[name])}): {labels.action_label(seen.view, action)}"
        touched = (action.get("card"), action.get("target"))
        self.moved += [ref for ref in touched if isinstance(ref, str) and ref not in self.moved]
        self.next_at = now_ms + self.pace()
        return action


def parse_seats(players: list[str], kinds: list[str] | None) -> dict[str, str]:
    """`--seats person greedy ...`: one kind per player (a bot spec or `person`; a rung, `hard`, as the bot it is, so
    the chip, its words and a save name it as the window's own choice would); SetupError names a bad one."""
    if not kinds:
        return {}
    if len(kinds) != len(players):
        raise SetupError(f"name one seat per player ({len(players)} players, {len(kinds)} seats)")
    for kind in kinds:
        if kind != PERSON:
            try:
                make_bot(kind, 0)
            except (KeyError, ValueError):
                raise SetupError(f"unknown seat {kind!r}; seats: {', '.join(SEAT_KINDS)}, ismcts:PLAYOUTS") from None
    return {player: SEATS.get(kind, kind) for player, kind in zip(players, kinds, strict=True)}


def draw_seat_chips(surface: pygame.Surface, zones: list[Zone], kinds: list[str]) -> list[Zone]:
    """On the new-game screen: a chip right of each player's deck button saying who plays it (click: the next kind)."""
    chips: list[Zone] = []
    for (x, y, w, h), key in zones:
        if key[0] == "deck" and key[1] < len(kinds):
            rect = (x + w + px(10), y, px(300), h)
            kind = kinds[key[1]]
            button(surface, rect, fit_line(words.seat_label(kind), 20, rect[2] - px(8)), hot=kind != PERSON, size=20)
            chips.append((rect, ("seat", key[1])))
    return chips


def next_kind(kind: str) -> str:
    """The seat kind after this one (person, then the bots easy, normal and hard: greedy-v1, greedy, ismcts)."""
    base = kind.partition(":")[0]
    return SEAT_KINDS[(SEAT_KINDS.index(base) + 1) % len(SEAT_KINDS)] if base in SEAT_KINDS else PERSON
