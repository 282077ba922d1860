"""The game layer: `Game`, the one object a program uses to set up, play, view and save a game of Countertop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import esper

from game import legal, serialize, setup, view
from game.cards import CardDef
from game.commands import apply_action, check_action
from game.constants import COLS, HAND_LIMIT, PHASES, ROWS, STANDARD_LOCATIONS, STATUSES
from game.scenario import run_scenario_file
from game.table import OK, Outcome, Table, ensure
from systems import schedule

__all__ = ["COLS", "HAND_LIMIT", "OK", "PHASES", "ROWS", "STANDARD_LOCATIONS", "STATUSES", "Game", "Outcome",
           "ensure"]


class Game(Table):
    """One game of Countertop, living in its own esper world; every public entry switches to it.

    A `Table` with the rule systems installed in schedule order, plus the entry points of a program:
    set up (`new`, `from_scenario`, `load`, `from_state`), play (`act`, `check`, `legal_actions`), look
    (`view`) and keep (`to_state`, `save`).
    """

    def __init__(self, players: list[str], seed: int = 0, pool: dict[str, CardDef] | None = None) -> None:
        super().__init__(players, seed, pool)
        schedule.install(self)

    def advance(self) -> None:
        """Run the systems and the effect queue until a player must act (main phase or a choice)."""
        schedule.advance(self)

    def tick(self) -> None:
        """One frame: run every system once (nothing happens while a player is to act)."""
        self.enter()
        esper.process()

    def act(self, action: dict[str, Any]) -> Outcome:
        """Apply one player action (a scenario `[[do]]` table); a rejection changes nothing."""
        self.enter()
        return apply_action(self, action)

    def check(self, action: dict[str, Any]) -> Outcome:
        """Whether an action would be accepted, without applying it."""
        self.enter()
        return check_action(self, action)

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action the acting player may take now."""
        self.enter()
        return legal.legal_actions(self)

    def other_than_ending(self) -> bool | None:
        """Whether the acting player may do anything but end the turn (None: ending it is not legal now)."""
        self.enter()
        return legal.other_than_ending(self)

    def listing(self) -> legal.Listing:
        """The legal actions of this moment, listed only as far as asked (valid while the game does not change)."""
        self.enter()
        return legal.Listing(self)

    def view(self, player: str | None = None) -> dict[str, Any]:
        """The JSON state dump of DESIGN §4, plus extra keys for the window; with a player, only what they may know."""
        self.enter()
        return view.view(self) if player is None else view.player_view(self, player)

    def public_view(self) -> dict[str, Any]:
        """The neutral view (a pass screen's): what anyone at the table may know, every hand hidden."""
        self.enter()
        return view.player_view(self, None)

    def to_state(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (saves, undo, replays)."""
        self.enter()
        return serialize.dump_state(self)

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from `to_state` output."""
        return serialize.load_state(data, cls)

    def save(self, path: str, ui: dict[str, Any] | None = None) -> None:
        """Write a save file atomically (DESIGN §5), with the window's optional `ui` object."""
        serialize.save_game(self, path, ui)

    @classmethod
    def load(cls, path: str) -> Game:
        """Read a save file, refusing a bad one with a clear message."""
        return serialize.load_game(path, cls)

    @classmethod
    def from_scenario(cls, path: str) -> Game:
        """Set up and run a scenario file to its end."""
        return run_scenario_file(path, cls)

    @classmethod
    def new(cls, players: list[str], decks: Sequence[str | None] | None = None, seed: int = 0) -> Game:
        """A standard game (G-1): shuffled decks, opening hands, locations, the Madness pile, a monster."""
        return setup.new_game(players, decks, seed, cls)
