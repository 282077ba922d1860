"""What the generators of legal instances share while one moment of a game is listed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from game.core.table import Square
from game.rules.effects import candidates
from game.turn.commands.checks import minion_squares

if TYPE_CHECKING:
    from game.core.table import Table

Action = dict[str, Any]
"""An action as a `[[do]]` table gives it: `act` and the command's fields (`by` left out: the acting player)."""


class Part(Protocol):
    """One card's legal instances of one kind, counted (`len`) before any is built (`part[i]`): a uniform pick
    builds only the action it takes. A list of actions is one; `Moves` and `Plays` build theirs when asked."""

    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> Action: ...


def built(part: Part) -> list[Action]:
    """Every action of a part, in order."""
    return [part[i] for i in range(len(part))]


class Moves:
    """A character's moves (G-5), one per square it may reach, in board order."""

    __slots__ = ("ref", "squares")

    def __init__(self, ref: str, squares: list[Square]) -> None:
        self.ref, self.squares = ref, squares

    def __len__(self) -> int:
        return len(self.squares)

    def __getitem__(self, i: int) -> Action:
        x, y = self.squares[i]
        return {"act": "move", "card": self.ref, "to": [x, y]}


class Plays:
    """One card's plays (G-4, ST-11): each square it may enter (a minion's; `None`: it goes to none) times each
    target (`None`: it names none), square by square."""

    __slots__ = ("act", "ref", "spots", "targets")

    def __init__(self, act: str, ref: str, spots: list[list[int]] | None, targets: list[str | None]) -> None:
        self.act, self.ref, self.spots, self.targets = act, ref, spots, targets

    def __len__(self) -> int:
        return len(self.targets) * (1 if self.spots is None else len(self.spots))

    def __getitem__(self, i: int) -> Action:
        if not 0 <= i < len(self):
            raise IndexError(i)
        action: Action = {"act": self.act, "card": self.ref}
        if self.spots is not None:
            action["to"] = self.spots[i // len(self.targets)]
        target = self.targets[i % len(self.targets)]
        if target is not None:
            action["target"] = target
        return action


class Moment:
    """The table and its acting player while the legal actions are listed (the table doesn't change meanwhile),
    and what several generators ask, worked out once: each target filter's candidates (filters that depend on the
    source card are asked each time), the squares a minion may enter, and the enemy characters."""

    BY_SOURCE: ClassVar[frozenset[str]] = frozenset({"stasis_yours_other", "adjacent_enemies"})

    def __init__(self, game: Table, me: str) -> None:
        self.game, self.me = game, me
        self.found: dict[str, list[int]] = {}
        self.squares: list[list[int]] | None = None
        self.enemies: list[tuple[int, Square | None]] | None = None

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

    def foes(self) -> list[tuple[int, Square | None]]:
        """The enemy characters, oldest first, each with its square, listed on first use (shared)."""
        if self.enemies is None:
            self.enemies = [(e, self.game.pos(e)) for e in self.game.characters() if self.game.is_enemy(self.me, e)]
        return self.enemies
