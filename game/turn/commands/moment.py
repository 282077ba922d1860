"""What the generators of legal instances share while one moment of a game is listed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from game.rules.effects import candidates
from game.turn.commands.checks import minion_squares

if TYPE_CHECKING:
    from game.core.table import Table

Action = dict[str, Any]
"""An action as a `[[do]]` table gives it: `act` and the command's fields (`by` left out: the acting player)."""


class Part(Protocol):
    """One card's legal instances of one kind, counted (`len`) before any is built: a uniform pick builds only the
    one it takes (`part[i]`), the whole list builds them all in order (`iter`). A list of actions is one; `Moves`
    (move.py) and `Plays` (play.py) build theirs when asked."""

    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> Action: ...
    def __iter__(self) -> Iterator[Action]: ...


class Planned:
    """A part whose actions the listing may hand to `act` ready to run: `planned(i, by)` is the command the i-th
    action gives and the plan its check would return, worked out from what the listing already found (no check
    runs again). `Moves` and `Plays` are; a plain list of actions is not (its actions go through the check).

    A plain base class (not an `abc.ABC`): the listing asks `isinstance` of every part, and an ABC's check runs in
    Python."""

    __slots__ = ()

    def __len__(self) -> int:
        raise NotImplementedError

    def __getitem__(self, i: int) -> Action:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Action]:
        raise NotImplementedError

    def planned(self, i: int, by: str) -> tuple[Any, Any]:
        """The command the i-th action gives the player `by`, and the plan its check would return now."""
        raise NotImplementedError


class Moment:
    """The table and its acting player (`me`, and the `player` itself) while the legal actions are listed (the table
    doesn't change meanwhile), and what several generators ask, worked out once: each target filter's candidates
    (filters that depend on the source card are asked each time), the squares a minion may enter, and the enemy
    characters."""

    BY_SOURCE: ClassVar[frozenset[str]] = frozenset({"stasis_yours_other", "adjacent_enemies"})

    def __init__(self, game: Table, me: str) -> None:
        self.game, self.me = game, me
        self.player = game.player(me)
        self.found: dict[str, list[int]] = {}
        self.squares: list[list[int]] | None = None
        self.enemies: list[tuple[int, int, int]] | None = None

    def candidates(self, name: str, source: int) -> list[int]:
        """The filter's candidates (not to be changed: the list is shared)."""
        if name in self.BY_SOURCE:
            return candidates(self.game, name, self.me, source)
        found = self.found.get(name)
        if found is None:
            found = self.found[name] = candidates(self.game, name, self.me, source)
        return found

    def spots(self) -> list[list[int]]:
        """The empty squares a minion may be played to now (`minion_squares`), listed on first use (shared)."""
        if self.squares is None:
            self.squares = [list(s) for s in minion_squares(self.game, self.me)]
        return self.squares

    def foes(self) -> list[tuple[int, int, int]]:
        """The enemy characters, oldest first, each with its square's x and y, listed on first use (shared)."""
        if self.enemies is None:
            game, me = self.game, self.me
            self.enemies = [(e, *square) for e in game.characters()
                            if game.is_enemy(me, e) and (square := game.pos(e)) is not None]
        return self.enemies
