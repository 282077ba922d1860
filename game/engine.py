"""The game layer: `Game`, the one object a program uses to set up, play, view and save a game of Countertop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.table import OK, Outcome, Table
from game.io import serialize, setup, view
from game.io.scenario import run_scenario_file
from game.turn import legal
from game.turn.commands import apply_action, check_action, run_planned
from systems.schedule import advance, new_table


class Game:
    """One game of Countertop: a small facade over the table it holds.

    A program sets a game up (`new`, `empty`, `from_scenario`, `load`, `from_state`), plays it (`act`,
    `check`, `legal_actions`, `listing`, `other_than_ending`, `advance`, `tick`), looks at it (`view`,
    `public_view`) and keeps it (`to_state`, `save`, `close`). Tools that need more than a player does (sim
    checks, benchmarks, determinization, export) reach the state itself by name: `game.table`, the
    `game.core.table.Table` with its rule systems installed.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        """The whole state of this game: its esper world, indexes, log, dice and turn."""
        self.listed: legal.Listing | None = None
        """The last listing of this game's legal actions (`listing`, `legal_actions`): an action it built is run
        on its plan, not parsed and checked again, while the game has not moved (`Listing.planned`)."""

    @classmethod
    def new(cls, players: list[str], decks: Sequence[str | None] | None = None, seed: int = 0) -> Game:
        """A standard game (G-1): shuffled decks, opening hands, locations, the Madness pile, a monster."""
        return cls(setup.new_game(players, decks, seed))

    @classmethod
    def empty(cls, players: list[str], seed: int = 0) -> Game:
        """A game with these players and nothing on the table yet (tests and benchmarks put cards there)."""
        return cls(new_table(players, seed))

    @classmethod
    def from_scenario(cls, path: str) -> Game:
        """Set up and run a scenario file to its end."""
        return cls(run_scenario_file(path))

    @classmethod
    def load(cls, path: str) -> Game:
        """Read a save file, refusing a bad one with a clear message."""
        return cls(serialize.load_game(path))

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from `to_state` output."""
        return cls(serialize.load_state(data))

    def act(self, action: dict[str, Any]) -> Outcome:
        """Apply one player action (a scenario `[[do]]` table); a rejection changes nothing. An action the last
        listing built, unchanged, while the game has not moved, runs on the plan the listing worked out."""
        listed, self.listed = self.listed, None
        found = listed.planned(action) if listed is not None else None
        if found is None:
            return apply_action(self.table, action)
        run_planned(self.table, action, *found)
        return OK

    def check(self, action: dict[str, Any]) -> Outcome:
        """Whether an action would be accepted, without applying it."""
        return check_action(self.table, action)

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action the acting player may take now."""
        return self.listing().actions()

    def listing(self) -> legal.Listing:
        """The legal actions of this moment, listed only as far as asked (valid while the game does not change)."""
        self.listed = legal.Listing(self.table)
        return self.listed

    def other_than_ending(self) -> bool | None:
        """Whether the acting player may do anything but end the turn (None: ending it is not legal now)."""
        return legal.other_than_ending(self.table)

    def advance(self) -> None:
        """Run the systems and the effect queue until a player must act (main phase or a choice)."""
        advance(self.table)

    def tick(self) -> None:
        """One frame: run every system once (nothing happens while a player is to act)."""
        self.table.process()

    def view(self, player: str | None = None) -> dict[str, Any]:
        """The JSON state dump (docs/formats.md) with extra keys for the window; with a player, only what they
        may know."""
        return view.view(self.table) if player is None else view.player_view(self.table, player)

    def public_view(self) -> dict[str, Any]:
        """The neutral view (a pass screen's): what anyone at the table may know, every hand hidden."""
        return view.player_view(self.table, None)

    def to_state(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (saves, undo, replays)."""
        return serialize.dump_state(self.table)

    def save(self, path: str, ui: dict[str, Any] | None = None) -> None:
        """Write a save file atomically, with the window's optional `ui` object."""
        serialize.save_game(self.table, path, ui)

    def close(self) -> None:
        """Drop this game's esper world now (simulations make many games)."""
        self.table.close()

